// The Create Video submission core against a real PostgreSQL: one transaction for the story and
// its charge, insufficient credits under concurrency, the idempotent request id, validation,
// file ownership, the event after commit (and its re-send), and the refund exactly once.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SCRIPT_TOO_LONG, VIDEO_MESSAGES, VOICE_INVALID } from "~/models/stories/video-request-rules";
import { actorFromUser } from "~/models/access";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import {
  createVideoRequest,
  FILE_NOT_FOUND,
  refundVideoRequest,
  resendQueuedVideoRequests,
  videoRequestedEventId,
} from "~/models/stories/video-requests.server";
import { prisma } from "~/utils/db.server";
import { storeFile } from "~/models/files/stored-files.server";
import { seedReferenceData } from "../../prisma/seed";
import { png, wav } from "../fixtures/storage-media";
import { newUser, useTempStorage } from "./storage-helpers";
import { webActor } from "../support/web-actor";

// A switch that makes the charge fail after the story row was written (atomicity test).
const failCharge = vi.hoisted(() => ({ on: false }));
vi.mock("~/models/billing/credits.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/models/billing/credits.server")>();
  return {
    ...real,
    applyCreditChangeInTx: async (...args: Parameters<typeof real.applyCreditChangeInTx>) => {
      if (failCharge.on) throw new Error("simulated database failure during the charge");
      return real.applyCreditChangeInTx(...args);
    },
  };
});

let storage: Awaited<ReturnType<typeof useTempStorage>>;

beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
});
afterAll(async () => {
  await storage.cleanup();
});

async function userWith(credits: number) {
  const { user } = await newUser();
  if (credits > 0) await applyCreditChange({ userId: user.id, delta: credits, reason: "admin_grant", reference: "grant" });
  return user;
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const storiesOf = (userId: string) => prisma.story.findMany({ where: { userId }, orderBy: { id: "asc" } });
const chargesOf = (userId: string) => prisma.creditLedgerEntry.findMany({ where: { userId, reason: "video_charge" } });

describe("createVideoRequest", () => {
  it("writes the story and charges 20 credits together, then sends video/requested", async () => {
    const user = await userWith(100);
    const image = await storeFile({ bucket: "product-photos", ownerId: user.id, body: png(), originalName: "bottle.png" });
    const music = await storeFile({ bucket: "background-music", ownerId: user.id, body: wav(), originalName: "bed.wav" });
    const requestId = randomUUID();

    const result = await createVideoRequest(webActor(user.id), {
      script: "  A fresh lemonade for hot days.  ",
      storyTypeId: 2,
      readyToGo: true,
      requestId,
      productImageRef: image.ref,
      backgroundMusicRef: music.ref,
    });
    expect(result).toMatchObject({ ok: true, duplicate: false, balance: 80, eventSent: true });
    if (!result.ok) throw new Error("expected ok");

    const story = await prisma.story.findUniqueOrThrow({ where: { id: result.storyId } });
    expect(story).toMatchObject({
      userId: user.id,
      source: "A fresh lemonade for hot days.",
      readyToGo: true,
      voiceId: 1,
      storyTypeId: 2,
      productImageUrl: image.url,
      backgroundMusicUrl: music.url,
      status: "queued",
    });
    expect(Number(story.creditsCharged)).toBe(20);

    const [charge] = await chargesOf(user.id);
    expect(charge).toMatchObject({ reference: `story:${story.id}`, note: `request:${requestId}` });
    expect(Number(charge.delta)).toBe(-20);
    expect(await getBalance(user.id)).toBe(80);

    const event = await prisma.workflowEvent.findUnique({ where: { id: videoRequestedEventId(story.id) } });
    expect(event).toMatchObject({ name: "video/requested", data: { storyId: story.id, userId: user.id } });
  });

  it("rolls the story back when the charge fails, and charges nothing", async () => {
    const user = await userWith(40);
    failCharge.on = true;
    try {
      const result = await createVideoRequest(webActor(user.id), { script: "An idea", requestId: randomUUID() });
      expect(result).toEqual({
        ok: false,
        code: "failed",
        message: "Failed to create video: An unexpected error occurred. Please try again.",
      });
    } finally {
      failCharge.on = false;
    }
    expect(await storiesOf(user.id)).toHaveLength(0);
    expect(await getBalance(user.id)).toBe(40);
  });

  it("refuses a short balance without writing anything", async () => {
    const user = await userWith(19.99);
    const result = await createVideoRequest(webActor(user.id), { script: "An idea" });
    expect(result).toMatchObject({
      ok: false,
      code: "insufficient_credits",
      title: "Insufficient Credits",
      message: "You need at least 20 credits to create a video.",
    });
    expect(await storiesOf(user.id)).toHaveLength(0);
    expect(await getBalance(user.id)).toBe(19.99);
  });

  it("lets exactly one of two simultaneous submissions through on 20 credits", async () => {
    const user = await userWith(20);
    const results = await Promise.all(
      [randomUUID(), randomUUID()].map((requestId) => createVideoRequest(webActor(user.id), { script: "Same time", requestId })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === "insufficient_credits")).toHaveLength(1);
    expect(await storiesOf(user.id)).toHaveLength(1);
    expect(await chargesOf(user.id)).toHaveLength(1);
    expect(await getBalance(user.id)).toBe(0);
  });

  it("makes as many videos as the balance pays for under a burst", async () => {
    const user = await userWith(50);
    const results = await Promise.all(Array.from({ length: 6 }, () => createVideoRequest(webActor(user.id), { script: "Burst", requestId: randomUUID() })));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await storiesOf(user.id)).toHaveLength(2);
    expect(await getBalance(user.id)).toBe(10);
  });

  it("answers a retry with the same request id with the first story, charging once", async () => {
    const user = await userWith(100);
    const requestId = randomUUID();
    const first = await createVideoRequest(webActor(user.id), { script: "Retry me", requestId });
    const again = await createVideoRequest(webActor(user.id), { script: "Retry me", requestId: requestId.toUpperCase() });
    expect(first).toMatchObject({ ok: true, duplicate: false });
    expect(again).toMatchObject({ ok: true, duplicate: true, storyId: first.ok ? first.storyId : -1 });

    // Also when retries overlap the first request (the timeout case).
    const overlapping = randomUUID();
    const all = await Promise.all(Array.from({ length: 4 }, () => createVideoRequest(webActor(user.id), { script: "Overlap", requestId: overlapping })));
    expect(all.every((r) => r.ok)).toBe(true);
    expect(new Set(all.map((r) => (r.ok ? r.storyId : 0))).size).toBe(1);
    expect(all.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);

    expect(await storiesOf(user.id)).toHaveLength(2);
    expect(await chargesOf(user.id)).toHaveLength(2);
    expect(await getBalance(user.id)).toBe(60);
  });

  it("validates the script, the voice and the style with nothing charged", async () => {
    const user = await userWith(100);
    expect(await createVideoRequest(webActor(user.id), { script: "  \n\t " })).toEqual({
      ok: false,
      code: "invalid",
      fieldErrors: { script: VIDEO_MESSAGES.scriptRequired },
      message: "Please enter a script or idea",
    });
    expect(await createVideoRequest(webActor(user.id), { script: words(351) })).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: { script: SCRIPT_TOO_LONG },
    });
    expect(await createVideoRequest(webActor(user.id), { script: "Hi", voiceId: 999_999 })).toMatchObject({
      ok: false,
      fieldErrors: { voiceId: VOICE_INVALID },
    });
    expect(await createVideoRequest(webActor(user.id), { script: "Hi", storyTypeId: -4 })).toMatchObject({
      ok: false,
      fieldErrors: { storyTypeId: "Please choose a style" },
    });
    expect(await storiesOf(user.id)).toHaveLength(0);
    expect(await getBalance(user.id)).toBe(100);

    // Exactly 350 words is allowed.
    expect(await createVideoRequest(webActor(user.id), { script: words(350) })).toMatchObject({ ok: true });
  });

  it("refuses a script of invisible characters only before charging anything (issue 8 §7)", async () => {
    const user = await userWith(100);
    for (const script of ["\u200B".repeat(40), "\u200B\u200C\u200D\u2060\uFEFF\u00AD", " \u3164 \u2800 \u200B "]) {
      expect(await createVideoRequest(webActor(user.id), { script })).toEqual({
        ok: false,
        code: "invalid",
        fieldErrors: { script: VIDEO_MESSAGES.scriptRequired },
        message: "Please enter a script or idea",
      });
    }
    expect(await storiesOf(user.id)).toHaveLength(0);
    expect(await chargesOf(user.id)).toHaveLength(0);
    expect(await getBalance(user.id)).toBe(100);
  });

  it("stores the script normalised, keeping the joiners Indic scripts need", async () => {
    const user = await userWith(20);
    const hindi = "\u0915\u094D\u200D\u0937"; // a half-form conjunct: the ZWJ shapes it
    const result = await createVideoRequest(webActor(user.id), { script: `\u200B\uFEFF  Ｂｕｙ now ${hindi}\u200B ` });
    expect(result).toMatchObject({ ok: true });
    expect((await storiesOf(user.id))[0].source).toBe(`Buy now ${hindi}`);
  });

  it("accepts only the user's own files, each in its own bucket", async () => {
    const owner = await userWith(0);
    const user = await userWith(100);
    const foreign = await storeFile({ bucket: "product-photos", ownerId: owner.id, body: png(), originalName: "theirs.png" });
    const mine = await storeFile({ bucket: "product-photos", ownerId: user.id, body: png(), originalName: "mine.png" });

    expect(await createVideoRequest(webActor(user.id), { script: "Steal", productImageRef: foreign.ref })).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: { productImage: FILE_NOT_FOUND },
    });
    // An image passed as the music is not music.
    expect(await createVideoRequest(webActor(user.id), { script: "Swap", backgroundMusicRef: mine.ref })).toMatchObject({
      ok: false,
      fieldErrors: { backgroundMusic: FILE_NOT_FOUND },
    });
    expect(await createVideoRequest(webActor(user.id), { script: "Made up", productImageRef: "product-photos/nope.png" })).toMatchObject({
      ok: false,
      fieldErrors: { productImage: FILE_NOT_FOUND },
    });
    expect(await storiesOf(user.id)).toHaveLength(0);
    expect(await getBalance(user.id)).toBe(100);
  });

  it("says who is missing when the user is gone", async () => {
    expect(await createVideoRequest(webActor("no-such-user"), { script: "Hello" })).toEqual({
      ok: false,
      code: "no_user",
      message: "No authenticated user found",
    });
  });

  it("keeps the story queued when the event cannot be sent, and sends it again later once", async () => {
    const user = await userWith(100);
    const failing = vi.fn(async () => {
      throw new Error("event API unreachable");
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const result = await createVideoRequest(webActor(user.id), { script: "Lost event", requestId: randomUUID() }, { send: failing });
    errors.mockRestore();
    expect(failing).toHaveBeenCalledOnce();
    expect(result).toMatchObject({ ok: true, eventSent: false });
    if (!result.ok) throw new Error("expected ok");
    expect(await prisma.story.findUniqueOrThrow({ where: { id: result.storyId } })).toMatchObject({ status: "queued" });
    expect(await prisma.workflowEvent.count({ where: { id: videoRequestedEventId(result.storyId) } })).toBe(0);

    // Young stories are left alone; a sweep with no minimum age sends it.
    expect(await resendQueuedVideoRequests({ userId: user.id })).toEqual({ found: 0, sent: 0 });
    expect(await resendQueuedVideoRequests({ userId: user.id, olderThanMs: 0 })).toEqual({ found: 1, sent: 1 });
    // A second sweep sends again, but the engine keeps one event per story.
    expect(await resendQueuedVideoRequests({ userId: user.id, olderThanMs: 0 })).toEqual({ found: 1, sent: 1 });
    expect(await prisma.workflowEvent.count({ where: { id: videoRequestedEventId(result.storyId) } })).toBe(1);
  });

  it("does not wait for a hanging send", async () => {
    const user = await userWith(100);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const started = Date.now();
    const result = await createVideoRequest(webActor(user.id), { script: "Slow engine" }, { send: () => new Promise(() => undefined), sendTimeoutMs: 200 });
    warn.mockRestore();
    expect(result).toMatchObject({ ok: true, eventSent: false });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("refundVideoRequest", () => {
  async function chargedStory(credits = 20) {
    const user = await userWith(credits);
    const result = await createVideoRequest(webActor(user.id), { script: "Will fail", requestId: randomUUID() });
    if (!result.ok) throw new Error("expected ok");
    return { user, storyId: result.storyId };
  }

  it("refunds the charge once and marks the story failed", async () => {
    const { user, storyId } = await chargedStory(30);
    expect(await getBalance(user.id)).toBe(10);
    expect(await refundVideoRequest(actorFromUser({ id: user.id, isAdmin: false }, "workflow"), storyId, "Failed while voice-over: no voice")).toEqual({
      ok: true,
      refunded: 20,
      alreadyRefunded: false,
      balance: 30,
    });
    expect(await refundVideoRequest(actorFromUser({ id: user.id, isAdmin: false }, "workflow"), storyId, "called again")).toMatchObject({
      ok: true,
      refunded: 0,
      alreadyRefunded: true,
    });
    expect(await getBalance(user.id)).toBe(30);
    const story = await prisma.story.findUniqueOrThrow({ where: { id: storyId } });
    expect(story).toMatchObject({ status: "failed", errorMessage: "Failed while voice-over: no voice" });
    const refunds = await prisma.creditLedgerEntry.findMany({ where: { userId: user.id, reason: "refund" } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ reference: `story:${storyId}` });
  });

  it("refunds exactly once when called twice at the same moment", async () => {
    const { user, storyId } = await chargedStory(20);
    const results = await Promise.all([
      refundVideoRequest(actorFromUser({ id: user.id, isAdmin: false }, "workflow"), storyId, "first"),
      refundVideoRequest(actorFromUser({ id: user.id, isAdmin: false }, "workflow"), storyId, "second"),
    ]);
    expect(results.map((r) => (r.ok ? r.refunded : -1)).sort()).toEqual([0, 20]);
    expect(await getBalance(user.id)).toBe(20);
    expect(await prisma.creditLedgerEntry.count({ where: { userId: user.id, reason: "refund" } })).toBe(1);
  });

  it("leaves a ready story and unknown stories alone", async () => {
    const { user, storyId } = await chargedStory(20);
    await prisma.story.update({ where: { id: storyId }, data: { status: "ready", finalVideoWithMusic: "/resources/files/renders/x.mp4" } });
    expect(await refundVideoRequest(actorFromUser({ id: user.id, isAdmin: false }, "workflow"), storyId, "late failure")).toEqual({
      ok: false,
      code: "not_refundable",
    });
    expect(await getBalance(user.id)).toBe(0);
    expect(await refundVideoRequest(actorFromUser({ id: user.id, isAdmin: false }, "workflow"), 987_654_321, "nothing")).toEqual({
      ok: false,
      code: "not_found",
    });
  });
});
