// The storyboard before the render (issue 24 item 6, issue 25 item 6, ADR 355), end to end with the
// local providers: a Create Video request's storyboard is stored at the planning step and served by
// the story page and the Dashboard while the run is still going (one still per beat, its caption,
// the voice-over lines, the product photo as the material, progress by step with a time left), then
// the finished video replaces it and the run's step times feed this install's measured speed.
// Its own file (its own executor on the shared test database): see pipeline-workflows.test.ts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardFeed } from "~/models/content";
import { parseDashboardQuery } from "~/models/content/content-feed";
import type { StepTimes } from "~/models/stories/eta";
import type { StoryPageData } from "~/models/stories";
import { measuredSpeed } from "~/models/stories/storyboard.server";
import { planBeats } from "~/providers/motion/beats";
import { createVideoRequest } from "~/models/stories/video-requests.server";
import { prisma } from "~/utils/db.server";
import { loader as storyPage } from "~/routes/_shell.stories.$storyId._index";
import { loader as projectStoryboardPage } from "~/routes/_shell.projects.$projectId.storyboard";
import { webActor } from "../support/web-actor";
import { cookieFor, get, run } from "./dashboard-helpers";
import { newCustomer, startPipeline, uploadProductPhoto, videoRunEnded, type PipelineEnv } from "./pipeline-helpers";
import { waitFor } from "./workflows-helpers";

let env: PipelineEnv;
beforeAll(async () => {
  env = await startPipeline({ timeScale: 0.1 });
});
afterAll(async () => {
  await env?.close();
});

const SCRIPT = [
  "Scene 1: Meet Aurora, the serum for a morning glow.",
  "Scene 2: It sinks in fast and never feels sticky on your skin.",
  "Scene 3: Try Aurora today and glow all day!",
].join("\n\n");

describe("a Create Video run's storyboard", () => {
  it("is stored at planning, shown before the render finishes, then replaced by the video", { timeout: 240_000 }, async () => {
    const user = await newCustomer(100);
    const cookie = await cookieFor(user.id);
    const photo = await uploadProductPhoto(user.id);
    const submitted = Date.now();
    const result = await createVideoRequest(webActor(user.id), {
      script: SCRIPT,
      voiceId: 1,
      storyTypeId: 1,
      requestId: randomUUID(),
      productImageRef: photo.ref,
    });
    if (!result.ok) throw new Error(result.message);
    const storyId = result.storyId;

    // The storyboard is there while the run is still being made.
    const planned = await waitFor(
      async () => {
        const s = await prisma.story.findUnique({ where: { id: storyId } });
        return s?.storyboard ? s : null;
      },
      "the storyboard",
      60_000,
    );
    const shownAfter = Date.now() - submitted;
    console.info(`[storyboard] submission → storyboard stored in ${shownAfter} ms`);
    // Where that time went (diagnostic output): the run's creation and its first steps' results.
    const runRow = await prisma.workflowRun.findFirst({
      where: { functionId: { contains: "video-request" }, createdAt: { gte: new Date(submitted - 1000) } },
      orderBy: { createdAt: "asc" },
      include: { steps: { orderBy: { createdAt: "asc" }, select: { name: true, createdAt: true } } },
    });
    if (runRow)
      console.info(
        `[storyboard] run queued +${runRow.createdAt.getTime() - submitted} ms; ` +
          runRow.steps
            .slice(0, 3)
            .map((st) => `${st.name} +${st.createdAt.getTime() - submitted} ms`)
            .join("; "),
      );
    expect(planned.finalVideoWithMusic).toBeNull();
    expect(planned.status).toBe("processing");
    expect((planned.stepTimes as StepTimes).plannedAt).toBeTruthy();

    const page = await run<{ story: StoryPageData }>(storyPage, get(`/stories/${storyId}`, cookie), { storyId: String(storyId) });
    const board = page.story.storyboard!;
    expect(board.scenes.length).toBeGreaterThanOrEqual(2);
    // The storyboard is stored before the project's rows: the project follows in the same step.
    const projectId = await waitFor(async () => (await prisma.story.findUnique({ where: { id: storyId } }))?.projectId, "the project", 60_000);
    const project = await prisma.project.findUniqueOrThrow({ where: { id: projectId }, include: { scenes: { orderBy: { sceneOrder: "asc" } } } });
    expect(board.scenes).toHaveLength(project.scenes.length);
    for (const [i, scene] of board.scenes.entries()) {
      // The beats are the motion provider's plan of the scene; the words are the scene's voice-over.
      expect(scene.beats.length).toBe(planBeats(scene.durationSec, { sceneIndex: i, endCard: i === board.scenes.length - 1, tailSlackSec: 1 }).length);
      expect(scene.voiceOver).toBe(project.scenes[i].voiceOverText);
      expect(
        scene.beats
          .map((b) => b.caption)
          .filter(Boolean)
          .join(" "),
      ).toBe(scene.voiceOver.split(/\s+/).filter(Boolean).join(" "));
      // The still is the material the scene will use: the product photo until the scene's own shot exists.
      expect(scene.pictureUrl).toBeTruthy();
      if (scene.pictureSource !== "generated") expect(scene.material).toEqual({ kind: "product", ref: photo.url });
    }
    expect(page.story.videoUrl).toBeNull();
    expect(page.story.progress?.steps.map((s) => s.key)).toEqual(["storyboard", "voice", "pictures", "render"]);
    expect(page.story.progress?.steps[0].state).toBe("done");
    expect(page.story.progress!.secondsLeft).toBeGreaterThan(0);

    // The Dashboard card carries the same storyboard and progress.
    const feed = await dashboardFeed(webActor(user.id), parseDashboardQuery(new URLSearchParams("tab=stories")));
    const card = feed.items.find((i) => i.kind === "story" && i.id === storyId);
    expect(card && card.kind === "story" && card.storyboard?.scenes.length).toBe(board.scenes.length);

    // Another user sees neither the page nor the project's storyboard.
    const stranger = await newCustomer(0);
    const refused = await run<Response>(storyPage, get(`/stories/${storyId}`, await cookieFor(stranger.id)), { storyId: String(storyId) });
    expect(refused.status).toBe(404);
    const refusedBoard = await run<Response>(projectStoryboardPage, get(`/projects/${project.id}/storyboard`, await cookieFor(stranger.id)), {
      projectId: project.id,
    });
    expect(refusedBoard.status).toBe(404);

    // Ready: the video replaces the storyboard's progress; the run's times are the machine's measure.
    const ready = await waitFor(
      async () => {
        const s = await prisma.story.findUnique({ where: { id: storyId } });
        return s && (s.status === "ready" || s.status === "failed") ? s : null;
      },
      "the story",
      220_000,
    );
    expect(ready.errorMessage).toBeNull();
    // The scene clips come after Ready (ADR 380): the run ends with them.
    expect((await videoRunEnded(storyId)).status).toBe("completed");
    // The run records its end just after marking the story Ready.
    const times = await waitFor(
      async () => {
        const t = (await prisma.story.findUnique({ where: { id: storyId }, select: { stepTimes: true } }))?.stepTimes as StepTimes | null;
        return t?.readyAt ? t : null;
      },
      "the run's end time",
      30_000,
    );
    const done = await run<{ story: StoryPageData }>(storyPage, get(`/stories/${storyId}`, cookie), { storyId: String(storyId) });
    expect(done.story.videoUrl).toBeTruthy();
    expect(done.story.progress).toBeNull();
    expect(done.story.storyboard?.scenes.every((s) => s.pictureSource === "generated")).toBe(true);
    expect(Date.parse(times.plannedAt!)).toBeLessThanOrEqual(Date.parse(times.scenesDoneAt!));
    expect(Date.parse(times.scenesDoneAt!)).toBeLessThanOrEqual(Date.parse(times.readyAt!));
    expect((await measuredSpeed()).samples).toBeGreaterThanOrEqual(1);

    // The editors' storyboard of the same project: free (no charge written), the same scenes.
    const ledgerBefore = await prisma.creditLedgerEntry.count({ where: { userId: user.id } });
    const editor = await run<{ storyboard: StoryPageData["storyboard"] }>(projectStoryboardPage, get(`/projects/${project.id}/storyboard`, cookie), {
      projectId: project.id,
    });
    expect(editor.storyboard?.scenes.map((s) => s.voiceOver)).toEqual(board.scenes.map((s) => s.voiceOver));
    expect(await prisma.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(ledgerBefore);
  });
});
