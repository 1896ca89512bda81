// The status changes the video workflow makes (markStoryProcessing/Ready/Failed) and the job
// status updates: allowed transitions only, and a live event to the owner on each change.
import { afterAll, describe, expect, it } from "vitest";
import { updateImageJobStatus } from "~/models/generation/image-jobs.server";
import { markStoryFailed, markStoryProcessing, markStoryReady } from "~/models/stories/stories.server";
import { updateVideoJobStatus } from "~/models/stories/video-jobs.server";
import { prisma } from "~/utils/db.server";
import { stopLive, subscribe, type LiveEvent } from "~/utils/live.server";
import { imageJob, newUser, story, TEST_SYSTEM, videoJob } from "./dashboard-helpers";

afterAll(stopLive);

async function listen(userId: string) {
  const events: LiveEvent[] = [];
  await subscribe(userId, (e) => events.push(e));
  return {
    events,
    async count(n: number) {
      const end = Date.now() + 3000;
      while (events.length < n) {
        if (Date.now() > end) throw new Error(`expected ${n} events, got ${events.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

describe("story status changes", () => {
  it("goes queued -> processing -> ready with events, and is idempotent when ready", async () => {
    const me = await newUser();
    const live = await listen(me.id);
    const s = await story(me.id);
    expect(await markStoryProcessing(TEST_SYSTEM, s.id, "Dividing the script into scenes")).toMatchObject({
      status: "processing",
      progressStep: "Dividing the script into scenes",
    });
    expect(await markStoryProcessing(TEST_SYSTEM, s.id, "Scene 1 of 3: image")).toMatchObject({ progressStep: "Scene 1 of 3: image" });
    const ready = await markStoryReady(TEST_SYSTEM, s.id, {
      finalVideoWithMusic: "renders/stories/1/final.mp4",
      seoTitle: "Best shoes",
      instagramHashtags: ["shoes"],
    });
    expect(ready).toMatchObject({ status: "ready", progressStep: null, finalVideoWithMusic: "renders/stories/1/final.mp4", userId: me.id });
    expect(await markStoryReady(TEST_SYSTEM, s.id, { finalVideoWithMusic: "renders/stories/1/final.mp4" })).toMatchObject({ status: "ready" });
    const row = await prisma.story.findUniqueOrThrow({ where: { id: s.id } });
    expect(row).toMatchObject({ seoTitle: "Best shoes", instagramHashtags: ["shoes"] });

    await live.count(4);
    expect(live.events[0]).toEqual({ type: "story.updated", storyId: s.id, status: "processing", progressStep: "Dividing the script into scenes" });
    expect(live.events[2]).toEqual({ type: "story.updated", storyId: s.id, status: "ready", progressStep: null });

    // A ready story is neither reopened nor failed.
    expect(await markStoryProcessing(TEST_SYSTEM, s.id, "again")).toBeNull();
    expect(await markStoryFailed(TEST_SYSTEM, s.id, "late failure")).toBeNull();
    expect((await prisma.story.findUniqueOrThrow({ where: { id: s.id } })).status).toBe("ready");
  });

  it("fails with the message and keeps the step; a failed story is not made ready or processing", async () => {
    const me = await newUser();
    const s = await story(me.id);
    await markStoryProcessing(TEST_SYSTEM, s.id, "Scene 2 of 3: voice-over");
    const failed = await markStoryFailed(TEST_SYSTEM, s.id, "Failed while voice-over: TTS crashed");
    expect(failed).toMatchObject({ status: "failed", errorMessage: "Failed while voice-over: TTS crashed", progressStep: "Scene 2 of 3: voice-over" });
    expect(await markStoryReady(TEST_SYSTEM, s.id, { finalVideoWithMusic: "renders/x.mp4" })).toBeNull();
    expect(await markStoryProcessing(TEST_SYSTEM, s.id)).toBeNull();
    expect(await markStoryFailed(TEST_SYSTEM, 999_999_999, "x")).toBeNull();
  });
});

describe("job status updates", () => {
  it("record results and tell the owner", async () => {
    const me = await newUser();
    const live = await listen(me.id);
    const i = await imageJob(me.id);
    const v = await videoJob(me.id);
    expect(await updateImageJobStatus(i.id, { status: "in_progress" })).toMatchObject({ status: "in_progress", resultUrl: null });
    expect(await updateImageJobStatus(i.id, { status: "completed", resultUrl: "renders/i.png" })).toMatchObject({
      status: "completed",
      resultUrl: "/resources/files/renders/i.png",
    });
    expect(await updateVideoJobStatus(TEST_SYSTEM, v.id, { status: "failed", errorMessage: "model timeout" })).toMatchObject({
      status: "failed",
      errorMessage: "model timeout",
    });
    expect(await updateVideoJobStatus(TEST_SYSTEM, "nope", { status: "failed" })).toBeNull();
    await live.count(3);
    expect(live.events).toEqual([
      { type: "job.updated", kind: "image", jobId: i.id, status: "in_progress" },
      { type: "job.updated", kind: "image", jobId: i.id, status: "completed" },
      { type: "job.updated", kind: "video", jobId: v.id, status: "failed" },
    ]);
  });
});
