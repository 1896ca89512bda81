// Another size and variants of a finished story (issue 14 §5-6, docs/decisions/215-story-variants.md):
// one short 2-scene ad is made once (1:1), then a 16:9 size of it is rendered from its cached
// voice-overs (no new speech, no new script division), charged exactly the quoted price, and a
// forced render failure of a variant is refunded exactly once. Another user's story is "not found"
// and charges nothing; bad ratios, Styles, hooks and counts are refused before any charge.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getBalance } from "~/models/billing/credits.server";
import { getProjectWithScenes } from "~/models/projects/project.server";
import { quoteStoryVariants, requestStoryVariants, withHook } from "~/models/stories/story-variants.server";
import { createVideoRequest } from "~/models/stories/video-requests.server";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { prisma } from "~/utils/db.server";
import { action, loader } from "~/routes/_shell.stories.$storyId.variants";
import {
  actorOf,
  countProviderCalls,
  fileOf,
  newAdmin,
  newCustomer,
  startPipeline,
  uploadProductPhoto,
  videoRunEnded,
  type PipelineEnv,
} from "./pipeline-helpers";
import { waitFor } from "./workflows-helpers";
import { call, formRequest, getRequest } from "./auth-helpers";
import { newUser } from "./storage-helpers";
import { sessionStorage, USER_SESSION_KEY } from "~/utils/session.server";
import { webActor } from "../support/web-actor";

let env: PipelineEnv;
let owner: { id: string };
let originalId: number;

const SCRIPT = "Scene 1: Meet Aurora, the serum for a morning glow.\n\nScene 2: Bright skin in seven days. Try it today!";

async function finished(storyId: number) {
  return waitFor(
    async () => {
      const s = await prisma.story.findUnique({ where: { id: storyId } });
      return s && (s.status === "ready" || s.status === "failed") ? s : null;
    },
    `story ${storyId} to finish`,
    150_000,
  );
}

const videoSize = async (url: string | null) => {
  const info = await probeMedia(fileOf(url));
  const v = info.streams.find((s) => s.type === "video")!;
  return [v.width, v.height];
};

beforeAll(async () => {
  env = await startPipeline({ timeScale: 0.1 });
  owner = await newCustomer(200);
  const photo = await uploadProductPhoto(owner.id);
  const made = await createVideoRequest(webActor(owner.id), {
    script: SCRIPT,
    readyToGo: true,
    storyTypeId: 1,
    aspectRatio: "1:1",
    productImageRef: photo.ref,
    requestId: randomUUID(),
  });
  if (!made.ok) throw new Error(made.message);
  originalId = made.storyId;
  const story = await finished(originalId);
  if (story.status !== "ready") throw new Error(`the original failed: ${story.errorMessage}`);
  // Its scene clips come after Ready (ADR 380): the tests below count only their own work.
  await videoRunEnded(originalId);
}, 200_000);
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("story variants", () => {
  it("made at 1:1, the original renders square (RENDER_LONG_SIDE=256 in tests)", async () => {
    const story = await prisma.story.findUniqueOrThrow({ where: { id: originalId } });
    expect(story.aspectRatio).toBe("1:1");
    expect(await videoSize(story.finalVideoWithMusic)).toEqual([256, 256]);
  });

  it("another size: priced from the price list, charged exactly that once, rendered at 16:9 from the cached voice-overs", async () => {
    const actor = actorOf(owner.id);
    const quote = await quoteStoryVariants(actor, originalId, [{ aspectRatio: "16:9" }]);
    if (!quote.ok) throw new Error(quote.code);
    // 2 scenes x (image 1 + video 2) + compile 2: the voice-overs and the script are reused.
    expect(quote.total).toBe(8);
    expect(quote.variants[0].items.map((i) => i.item)).toEqual(["scene 1 image", "scene 1 video", "scene 2 image", "scene 2 video", "compile"]);

    const counts = countProviderCalls();
    const before = await getBalance(owner.id);
    const requestId = randomUUID();
    const made = await requestStoryVariants(actor, { storyId: originalId, variants: [{ aspectRatio: "16:9" }], requestId, expectedTotal: 8 });
    if (!made.ok) throw new Error(made.code);
    expect(await getBalance(owner.id)).toBe(before - quote.total);
    // The same request again (a re-posted form) charges nothing and returns the same story.
    const again = await requestStoryVariants(actor, { storyId: originalId, variants: [{ aspectRatio: "16:9" }], requestId });
    expect(again).toMatchObject({ ok: true, duplicate: true, storyIds: made.storyIds, credits: 0 });
    expect(await getBalance(owner.id)).toBe(before - quote.total);

    const variant = await finished(made.storyIds[0]);
    expect(variant.errorMessage).toBeNull();
    expect(variant).toMatchObject({ status: "ready", variantOfId: originalId, aspectRatio: "16:9" });
    expect(await videoSize(variant.finalVideoWithMusic)).toEqual([256, 144]);
    expect(variant.posterUrl).toMatch(/\.jpg$/);
    // No new speech and no new music: the variant's scenes play the original's voice-over files.
    expect(counts()).toMatchObject({ voice: 0, music: 0, image: 2, motion: 2, render: 1 });
    const original = await prisma.story.findUniqueOrThrow({ where: { id: originalId } });
    const [a, b] = await Promise.all([getProjectWithScenes(actor, original.projectId!), getProjectWithScenes(actor, variant.projectId!)]);
    expect(b.scenes.map((s) => s.voiceOverUrl)).toEqual(a.scenes.map((s) => s.voiceOverUrl));
    expect(b.scenes.map((s) => s.voiceOverText)).toEqual(a.scenes.map((s) => s.voiceOverText));
    expect(b.scenes.map((s) => s.imageUrl)).not.toEqual(a.scenes.map((s) => s.imageUrl));
    expect(b.backgroundMusicUrl).toBe(a.backgroundMusicUrl);
    expect(variant.seoTitle).toBe(original.seoTitle);
  }, 200_000);

  it("a new hook remakes only the first scene; a failed variant is refunded exactly once", async () => {
    const actor = actorOf(owner.id);
    const before = await getBalance(owner.id);
    // The render fails for captions with the word "Bright" (ADR 141): only this variant renders now.
    process.env.PROVIDER_FAULTS = "render=Bright";
    try {
      const counts = countProviderCalls();
      const made = await requestStoryVariants(actor, { storyId: originalId, variants: [{ hook: "Glowing skin before breakfast" }], requestId: randomUUID() });
      if (!made.ok) throw new Error(made.code);
      // Scene 1: script 0.1 + voice-over 0.4 + image 1 + video 2; compile 2.
      expect(made.credits).toBe(5.5);
      const variant = await finished(made.storyIds[0]);
      expect(variant.status).toBe("failed");
      const entries = await waitFor(async () => {
        const e = await prisma.creditLedgerEntry.findMany({ where: { userId: owner.id, reference: `story:${variant.id}` }, orderBy: { createdAt: "asc" } });
        return e.length === 2 ? e : null;
      }, "the refund");
      expect(entries.map((e) => [e.reason, Number(e.delta)])).toEqual([
        ["video_charge", -5.5],
        ["refund", 5.5],
      ]);
      expect(await getBalance(owner.id)).toBe(before);
      // A new hook speaks and draws the first scene again; the second scene's voice-over and shot are reused.
      expect(counts()).toMatchObject({ voice: 1, image: 1, motion: 1 });
      const original = await prisma.story.findUniqueOrThrow({ where: { id: originalId } });
      const [a, b] = await Promise.all([getProjectWithScenes(actor, original.projectId!), getProjectWithScenes(actor, variant.projectId!)]);
      expect(b.scenes[0].voiceOverText).toBe("Glowing skin before breakfast.");
      expect(b.scenes[0].voiceOverUrl).not.toBe(a.scenes[0].voiceOverUrl);
      expect([b.scenes[1].voiceOverUrl, b.scenes[1].imageUrl]).toEqual([a.scenes[1].voiceOverUrl, a.scenes[1].imageUrl]);
    } finally {
      delete process.env.PROVIDER_FAULTS;
    }
  }, 200_000);

  it("another user's story is not found and charges nothing; bad input is refused and changes nothing", async () => {
    const stranger = await newCustomer(100);
    const count = await prisma.story.count();
    expect(await requestStoryVariants(actorOf(stranger.id), { storyId: originalId, variants: [{ aspectRatio: "16:9" }] })).toEqual({
      ok: false,
      code: "not_found",
    });
    // An admin sees the prices but cannot spend the owner's credits (ADR 215).
    const admin = await newAdmin();
    expect(await quoteStoryVariants(admin.actor, originalId, [{ aspectRatio: "16:9" }])).toMatchObject({ ok: true, total: 8 });
    expect(await requestStoryVariants(admin.actor, { storyId: originalId, variants: [{ aspectRatio: "16:9" }] })).toEqual({ ok: false, code: "not_found" });
    const actor = actorOf(owner.id);
    const balance = await getBalance(owner.id);
    const bad = [
      [],
      [{ aspectRatio: "9:16" }, { aspectRatio: "16:9" }, { storyTypeId: 2 }, { storyTypeId: 3 }, { storyTypeId: 4 }],
      [{ aspectRatio: "4:3" }],
      [{ storyTypeId: 999_999 }],
      [{ hook: "Hi" }],
      [{ aspectRatio: "1:1" }],
    ];
    for (const variants of bad) expect(await requestStoryVariants(actor, { storyId: originalId, variants })).toMatchObject({ ok: false, code: "invalid" });
    expect(await getBalance(stranger.id)).toBe(100);
    expect(await getBalance(owner.id)).toBe(balance);
    expect(await prisma.story.count()).toBe(count);
    // A new hook replaces the first sentence of the first scene; the rest is kept.
    expect(withHook("Meet Aurora, the serum. Bright skin.", "Your mornings, upgraded")).toBe("Your mornings, upgraded. Bright skin.");
  });

  it("the page: 404 for another user's story (nothing charged), 400 for a bad ratio or no variant, the total shown is the total charged", async () => {
    const { user, cookie } = await newUser();
    const path = `/stories/${originalId}/variants`;
    const params = { storyId: String(originalId) };
    const other = await call(action, formRequest(path, { intent: "size", aspectRatio: "16:9", requestId: randomUUID() }, cookie), {}, params);
    expect(other.status).toBe(404);
    expect((await call(loader, getRequest(path, cookie), {}, params)).status).toBe(404);
    expect(await getBalance(user.id)).toBe(0);

    const session = await sessionStorage().getSession();
    session.set(USER_SESSION_KEY, owner.id);
    const mine = (await sessionStorage().commitSession(session)).split(";")[0];
    const before = await getBalance(owner.id);
    const count = await prisma.story.count({ where: { variantOfId: originalId } });
    const refused: Record<string, string>[] = [
      { intent: "size", aspectRatio: "4:3", requestId: randomUUID() },
      { intent: "quote" },
      { intent: "quote", ratio1: "1:1" },
      { intent: "create", requestId: randomUUID(), expectedTotal: "8" },
    ];
    for (const fields of refused) {
      expect((await call(action, formRequest(path, fields, mine), {}, params)).status).toBe(400);
    }
    const page = await call(loader, getRequest(path, mine), {}, params);
    expect(page.body).toMatchObject({
      result: {
        ok: true,
        options: {
          sizes: [
            { aspectRatio: "9:16", credits: 8 },
            { aspectRatio: "16:9", credits: 8 },
          ],
        },
      },
    });
    // Two variants: the total shown is what confirming charges (a changed total would be refused).
    const rows = { ratio1: "9:16", style2: "3" };
    const quote = await call(action, formRequest(path, { intent: "quote", ...rows }, mine), {}, params);
    expect(quote.body).toMatchObject({ ok: true, total: 16 });
    const wrong = await call(action, formRequest(path, { intent: "create", requestId: randomUUID(), expectedTotal: "15", ...rows }, mine), {}, params);
    expect(wrong.status).toBe(400);
    expect(await getBalance(owner.id)).toBe(before);
    expect(await prisma.story.count({ where: { variantOfId: originalId } })).toBe(count);
  });
});
