// Create Video (issue 5 §2c, docs/product.md#video-pipeline): "video/requested" → the story's
// project with scenes divided from the script → the ad's words from a language model when one is
// configured (ADR 377) → every scene's assets but its clip (fan-out with step.invoke,
// ADR 072) → the music bed (the uploaded track, else a composed one) → every scene's motion planned
// → compile, drawing the scenes from their plans, with the SEO title and hashtags written meanwhile
// → the story is "Ready" with its final video, SEO title and hashtags → "Your video is ready" → the
// scene clips the editors show (ADR 380).
// On any final failure (after retries) the onFailure handler refunds the 20 credits exactly
// once, marks the story failed with the reason and sends "Your video could not be created".
// Every step is idempotent: the executor delivers at least once (ADR 102).
// The run acts as the user its event names (the story's owner, who asked); each step resolves
// that actor again and the core checks the story and its project against it (ADR 130).
import { NonRetriableError, type GetStepTools } from "inngest";
import { titleFromText } from "~/providers/llm/index.server";
import { type Actor, actorForWorkflow } from "~/models/access";
import { ensureBackgroundMusic, planProjectAdCopy, planSceneMotions, planTask } from "~/models/generation";
import { SCENE_ASSET_STEPS } from "~/models/generation/scene-asset-steps";
import { getCompileJob } from "~/models/compile";
import { createProjectForStory, getProject } from "~/models/projects";
import {
  getPipelineStory,
  markStoryProcessing,
  markStoryReady,
  notifyStoryOnce,
  ownMediaKind,
  divisionForMedia,
  endCardOnItsOwn,
  sceneMedia,
  sceneVoiceOver,
  VIDEO_NOTIFICATIONS,
  settleVideoRequest,
  buildStoryboard,
  saveStoryboard,
  recordStoryStep,
} from "~/models/stories";
import { DEFAULT_VOICE_ID } from "~/utils/constants";
import { inngest } from "../client.ts";
import { compileStory, onStoryRunFailure } from "./story-steps.ts";
import { videoRequested } from "~/models/workflows/events";
import { errorMessageOf, nullIfNotFound, sceneAssetsFunction, stopIfNotFound } from "./scene-assets.ts";

export const VIDEO_PROGRESS = {
  writingScenes: "Writing scenes",
  music: "Preparing background music",
  composingMusic: "Composing background music",
} as const;

export const videoRequestFunction = inngest.createFunction(
  {
    id: "video-request",
    name: "Create Video",
    retries: 3,
    triggers: [videoRequested],
    onFailure: onStoryRunFailure,
  },
  async ({ event, step }) => {
    const { storyId, userId } = event.data;
    const act = (): Promise<Actor> => actorForWorkflow(userId).catch(stopIfNotFound);

    const story = await step.run("load-story", async () => {
      const s = await getPipelineStory(await act(), storyId).catch(nullIfNotFound);
      if (!s) throw new NonRetriableError("The video request no longer exists");
      // A re-delivered event for a story that already ended: nothing to do.
      if (s.status === "ready" || s.status === "failed") return { done: true as const, status: s.status };
      // Another size or a variant is made by its own workflow (story-variant.ts, ADR 215).
      if (s.variantOfId) return { done: true as const, status: s.status };
      await markStoryProcessing(await act(), storyId, VIDEO_PROGRESS.writingScenes);
      return { done: false as const, ...s };
    });
    if (story.done) return { storyId, skipped: story.status };

    // The project with its scenes: the script divided by the planner (a hosted model when set).
    const project = await step.run("create-project", async () => {
      const script = story.source.trim();
      if (!script) throw new NonRetriableError("The script is empty");
      // With the brand's own photos and clips, short enough scenes for each to have one (ADR 315).
      const divided = await planTask("divide_script", { script, ...divisionForMedia(script, story.mediaUrls.length) });
      // The last scene is the end card: it says the call to action, and the rest is a scene of its own.
      const scenes = endCardOnItsOwn(divided.scenes);
      if (!scenes.length) throw new NonRetriableError("The script could not be divided into scenes");
      // What is said (no scene markers or directions): the title and the SEO text come from it.
      const voiceOvers = scenes.map((s) => sceneVoiceOver(s, story.readyToGo));
      const spoken = voiceOvers.join(" ");
      // The brand's own photos and clips, one per scene in the order chosen (ADR 315); without a
      // product photo of its own, the first photo is the product the compositor's scenes show.
      const media = sceneMedia(scenes.length, story.mediaUrls);
      const firstPhoto = story.mediaUrls.find((url) => ownMediaKind(url) === "photo") ?? null;
      // The storyboard as soon as the script is divided, before the project's rows are written (no model
      // call, no picture made): the card and the story page show it within seconds of the submission (ADR 355).
      const storyboard = buildStoryboard({
        aspectRatio: story.aspectRatio,
        style: story.storyTypeName,
        productRef: story.productImageUrl ?? firstPhoto,
        scenes: scenes.map((s, i) => ({ title: s.title, voiceOver: voiceOvers[i], durationSec: s.estimatedSeconds, mediaRef: media[i] })),
      });
      await saveStoryboard(await act(), storyId, storyboard);
      const { project: p } = await createProjectForStory(await act(), storyId, {
        title: titleFromText(spoken) || scenes[0].title || `Story #${storyId}`,
        description: `Create Video request #${storyId}`,
        fullScript: script,
        mainProductImageUrl: story.productImageUrl ?? firstPhoto,
        style: story.storyTypeName,
        voiceId: story.voiceId ?? DEFAULT_VOICE_ID,
        backgroundMusicUrl: story.backgroundMusicUrl,
        aspectRatio: story.aspectRatio,
        status: "in_progress",
        scenes: scenes.map((s, i) => ({
          title: s.title,
          script: s.script,
          voiceOverText: voiceOvers[i],
          description: s.description,
          duration: s.estimatedSeconds,
          sourceMediaUrl: media[i],
        })),
      });
      return { projectId: p.id, title: p.title, sceneIds: p.scenes.map((s) => s.id), spoken };
    });
    const { projectId } = project;

    // The ad's words (hook, call-outs, end card) from a language model when one is configured, once
    // per video and before any scene is drawn, so every scene and a retried step draw the same (ADR 377).
    await step.run("ad-copy", async () => {
      const planned = await planProjectAdCopy(await act(), projectId).catch(stopIfNotFound);
      return { source: planned.source, replaced: planned.replaced.length };
    });

    // Every scene's assets, in parallel runs (each in the fixed step order), and the music bed
    // beside them: it needs only the planned length, and composing it (a synth process) overlaps
    // the scenes' renders (ffmpeg) instead of waiting for them.
    // The scene's clip is not among them: it is made after Ready (below, ADR 380).
    const sceneNumber = (sceneId: string) => project.sceneIds.indexOf(sceneId) + 1;
    const scenes = Promise.all(
      project.sceneIds.map((sceneId, i) =>
        step.invoke(`scene-${i + 1}-assets`, { function: sceneAssetsFunction, data: { projectId, sceneId, userId, storyId, steps: [...BEFORE_CLIP_STEPS] } }),
      ),
    ).catch((error: unknown) => {
      throw new NonRetriableError(errorMessageOf(error));
    });
    const music = step.run("music", async () => {
      const actor = await act();
      const current = await getProject(actor, projectId).catch(stopIfNotFound);
      await markStoryProcessing(await act(), storyId, current.backgroundMusicUrl ? VIDEO_PROGRESS.music : VIDEO_PROGRESS.composingMusic);
      const bed = await ensureBackgroundMusic(actor, projectId).catch(stopIfNotFound);
      return { generated: bed.generated };
    });
    await Promise.all([scenes, music]);

    // Every scene's motion, planned as its clip will draw it (beats, the Style's transition, a parallax shot's
    // layers) without drawing it: the compile draws the scenes from it, so the video does not wait for the clips
    // (ADR 380). A scene whose clip cannot be planned (the user's own clip, a hosted motion model) gets its clip
    // now, before the compile, as before.
    const motions = await step.run("plan-motion", async () => planSceneMotions(await act(), projectId, { adShots: true }).catch(stopIfNotFound));
    await Promise.all(motions.unplanned.map((sceneId) => sceneClip(step, { projectId, sceneId, userId, storyId }, sceneNumber(sceneId)))).catch(
      (error: unknown) => {
        throw new NonRetriableError(errorMessageOf(error));
      },
    );
    // The end of the scenes phase: the ETA's measure of this machine (ADR 355).
    await step.run("scenes-done", async () => ({ recorded: await recordStoryStep(await act(), storyId, "scenesDoneAt") }));

    // The SEO title and hashtags need only what is said: written while the video renders (a hosted model's call included).
    const [compiled, seo] = await Promise.all([
      compileStory(step, { storyId, projectId, userId, drawn: { sceneIds: project.sceneIds, motions: motions.planned } }),
      step.run("seo", async () => {
        const meta = await planTask("seo_metadata", { script: project.spoken });
        return { title: meta.title || project.title, hashtags: meta.hashtags };
      }),
    ]);

    await step.run("mark-ready", async () => {
      // The render's poster frame goes on the card (docs/decisions/198-poster-frame.md).
      const actor = await act();
      const posterUrl = (await getCompileJob(actor, compiled.compileJobId).catch(() => null))?.posterUrl ?? null;
      const ready = await markStoryReady(actor, storyId, {
        finalVideoWithMusic: compiled.videoUrl,
        posterUrl,
        seoTitle: seo.title,
        instagramHashtags: seo.hashtags,
      });
      if (!ready) throw new NonRetriableError("The video request was cancelled or has failed meanwhile");
      await recordStoryStep(actor, storyId, "readyAt");
      // The clips made after Ready are paid by the story: until one is made, its scene's video step is free (ADR 383).
      await settleVideoRequest(await act(), storyId, { clipsOwed: Object.keys(motions.planned) }).catch(stopIfNotFound);
      return { status: ready.status };
    });

    await step.run("notify", async () => {
      const r = await notifyStoryOnce(await act(), {
        storyId,
        type: "video_ready",
        title: VIDEO_NOTIFICATIONS.readyTitle,
        body: VIDEO_NOTIFICATIONS.readyBody(seo.title),
      });
      return { created: r.created };
    });

    // The scene clips the editors show, made after Ready with the beats the video was drawn with (ADR 380). A clip
    // that fails leaves its scene at "Failed while video" (the editor's Regenerate makes it, free the first time: ADR 383);
    // the video stays Ready, and nothing is charged or refunded (the story's 20 credits paid for it).
    const clips = await Promise.all(
      Object.keys(motions.planned).map((sceneId) =>
        sceneClip(step, { projectId, sceneId, userId, storyId }, sceneNumber(sceneId)).then(
          () => true,
          () => false,
        ),
      ),
    );

    return { storyId, projectId, videoUrl: compiled.videoUrl, clips: { made: clips.filter(Boolean).length, failed: clips.filter((ok) => !ok).length } };
  },
);

/** The scene's clip (the scene-assets workflow's video step only), which also completes the scene. */
function sceneClip(step: GetStepTools<typeof inngest>, data: SceneClipData, sceneNumber: number) {
  return step.invoke(`scene-${sceneNumber}-clip`, { function: sceneAssetsFunction, data: { ...data, steps: ["video"] } });
}
type SceneClipData = { projectId: string; sceneId: string; userId: string; storyId: number };

/** The scene steps made before the compile: all but the clip. */
const BEFORE_CLIP_STEPS = SCENE_ASSET_STEPS.filter((s) => s !== "video");
