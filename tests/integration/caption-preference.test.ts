// Caption styles travel and are remembered (issue 24 item 5, docs/decisions/350-caption-styles.md):
// the choice posted by the Create Video form is stored with the story and remembered for the
// user; the Create Video page prefills it; the tool catalogue (MCP and the assistant) uses it
// when a call says nothing and remembers what a call does say; a compile carries it to the render
// request; bad values are refused and change nothing.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromUser } from "~/models/access";
import { captionInputFromFields, getCaptionPreference } from "~/models/captions";
import { buildRenderRequest } from "~/models/compile/compile-render.server";
import { createCompileJob } from "~/models/compile/compile-jobs.server";
import { storyCaptionPick } from "~/models/stories/stories.server";
import { createVideoRequest } from "~/models/stories/video-requests.server";
import * as createVideoRoute from "~/routes/_shell.create-video";
import { compileVideo } from "~/tools/compile-video";
import { createVideoProject } from "~/tools/create-video-project";
import { runTool } from "~/tools/run.server";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { sessionCookieFor } from "./payments-helpers";
import { actorOf, newCustomer, projectWithScenes, storeProductPhoto } from "./pipeline-helpers";
import { useTempStorage } from "./storage-helpers";

const ORIGIN = "http://localhost:3107";
const ctx = { origin: ORIGIN, signal: new AbortController().signal, progress: async () => undefined };

let storage: Awaited<ReturnType<typeof useTempStorage>>;
beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
});
afterAll(async () => {
  await storage.cleanup();
});

async function createVideoPagePrefill(userId: string) {
  const loaded = (await (createVideoRoute.loader as (a: LoaderFunctionArgs) => Promise<unknown>)({
    request: new Request(`${ORIGIN}/create-video`, { headers: { Cookie: await sessionCookieFor(userId) } }),
    params: {},
    context: {},
  })) as { captions: unknown };
  return loaded.captions;
}

describe("a caption choice", () => {
  it("posted with Create Video is kept with the story, remembered, prefilled, and used by the tools and the render", { timeout: 120_000 }, async () => {
    const user = await newCustomer(100);
    const web = actorOf(user.id);
    const mcp = actorFromUser({ id: user.id, isAdmin: false }, "mcp");
    expect(await getCaptionPreference(web)).toEqual({ style: null, size: null, position: null });
    expect(await createVideoPagePrefill(user.id)).toEqual({ style: null, size: null, position: null });

    // The form's fields, as the route's schema reads them, through the Create Video core.
    const sent: unknown[] = [];
    const created = await createVideoRequest(
      web,
      {
        script: "Meet Aurora. Bright skin in seven days.",
        captions: captionInputFromFields({ captionStyle: "karaoke", captionSize: "large", captionPosition: "upper" }),
      },
      { send: async (e) => void sent.push(e) },
    );
    expect(created.ok).toBe(true);
    const storyId = created.ok ? created.storyId : 0;
    expect(await storyCaptionPick(web, storyId)).toEqual({ style: "karaoke", size: "large", position: "upper" });
    expect(await getCaptionPreference(mcp)).toEqual({ style: "karaoke", size: "large", position: "upper" });
    expect(await createVideoPagePrefill(user.id)).toEqual({ style: "karaoke", size: "large", position: "upper" });

    // MCP: a call that says only the size keeps the rest of the remembered choice, and remembers it.
    const made = await runTool(createVideoProject, mcp, { name: "Aurora", captionSize: "small" }, ctx);
    expect(made.ok).toBe(true);
    expect(await getCaptionPreference(web)).toEqual({ style: "karaoke", size: "small", position: "upper" });

    // The render request a compile would use now: the remembered look.
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const image = await storeProductPhoto(user.id);
    await prisma.scene.updateMany({ where: { projectId: project.id }, data: { imageUrl: image } });
    expect((await buildRenderRequest(web, project.id, "mp4")).captions).toEqual({ style: "karaoke", size: "small", position: "upper" });

    // A story's compile job carries the story's own pick (what was asked when it was paid for).
    const job = await createCompileJob(web, { projectId: project.id, captions: await storyCaptionPick(web, storyId) });
    expect(job.captions).toEqual({ style: "karaoke", size: "large", position: "upper" });

    // "Style's own" (an empty field) is a choice too: remembered as null parts, no look sent to the renderer.
    await createVideoRequest(
      web,
      { script: "Another idea for Aurora.", captions: captionInputFromFields({ captionStyle: "", captionSize: "", captionPosition: "" }) },
      { send: async () => undefined },
    );
    expect(await getCaptionPreference(web)).toEqual({ style: null, size: null, position: null });
    expect((await buildRenderRequest(web, project.id, "mp4")).captions).toBeUndefined();
  });

  it("with a value outside the names is refused by the tool and changes nothing", async () => {
    const user = await newCustomer(100);
    const mcp = actorFromUser({ id: user.id, isAdmin: false }, "mcp");
    const before = await prisma.project.count({ where: { userId: user.id } });
    const refused = await runTool(createVideoProject, mcp, { name: "Aurora", captionStyle: "comic-sans" }, ctx);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/captionStyle/);
    const compile = await runTool(compileVideo, mcp, { projectId: "nope", captionPosition: "top" }, ctx);
    expect(compile).toMatchObject({ ok: false, message: expect.stringMatching(/captionPosition must be one of: upper, middle, lower/) });
    expect(await prisma.project.count({ where: { userId: user.id } })).toBe(before);
    expect(await getCaptionPreference(mcp)).toEqual({ style: null, size: null, position: null });
  });
});
