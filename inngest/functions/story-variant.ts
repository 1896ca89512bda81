// Another size or a variant of a finished story (issue 14 §5-6, docs/decisions/215-story-variants.md):
// "story/variant.requested" → the variant's project, copied from its original's with the files the
// change leaves valid → every scene's missing assets (the same scene-assets run as Create Video:
// a kept voice-over, shot or clip is skipped, never made again) → the original's music bed →
// compile → the story is "Ready" with its video and its original's title and hashtags.
// On a final failure the charge is refunded exactly once (refundVideoRequest: the variant was
// charged like a story, ledger reference "story:<id>") and the user is told, as for Create Video.
import { NonRetriableError } from "inngest";
import { type Actor, actorForWorkflow } from "~/models/access";
import { ensureBackgroundMusic } from "~/models/generation";
import { getCompileJob } from "~/models/compile";
import {
  getPipelineStory,
  markStoryProcessing,
  markStoryReady,
  prepareVariantProject,
  variantMetadata,
  notifyStoryOnce,
  VIDEO_NOTIFICATIONS,
  settleVideoRequest,
} from "~/models/stories";
import { inngest } from "../client.ts";
import { compileStory, onStoryRunFailure } from "./story-steps.ts";
import { storyVariantRequested } from "~/models/workflows/events";
import { errorMessageOf, nullIfNotFound, sceneAssetsFunction, stopIfNotFound } from "./scene-assets.ts";
import { VIDEO_PROGRESS } from "./video-request.ts";

export const VARIANT_PROGRESS = { preparing: "Preparing the variant" } as const;

export const storyVariantFunction = inngest.createFunction(
  {
    id: "story-variant",
    name: "Make a story variant",
    retries: 3,
    triggers: [storyVariantRequested],
    onFailure: onStoryRunFailure,
  },
  async ({ event, step }) => {
    const { storyId, userId } = event.data;
    const act = (): Promise<Actor> => actorForWorkflow(userId).catch(stopIfNotFound);

    const story = await step.run("load-story", async () => {
      const s = await getPipelineStory(await act(), storyId).catch(nullIfNotFound);
      if (!s || !s.variantOfId) throw new NonRetriableError("The variant request no longer exists");
      if (s.status === "ready" || s.status === "failed") return { done: true as const, status: s.status };
      await markStoryProcessing(await act(), storyId, VARIANT_PROGRESS.preparing);
      return { done: false as const };
    });
    if (story.done) return { storyId, skipped: story.status };

    const project = await step.run("prepare-project", async () => {
      const p = await prepareVariantProject(await act(), storyId).catch(stopIfNotFound);
      return { projectId: p.projectId, sceneIds: p.sceneIds };
    });
    const { projectId } = project;

    try {
      await Promise.all(
        project.sceneIds.map((sceneId, i) =>
          step.invoke(`scene-${i + 1}-assets`, { function: sceneAssetsFunction, data: { projectId, sceneId, userId, storyId } }),
        ),
      );
    } catch (error) {
      throw new NonRetriableError(errorMessageOf(error));
    }

    await step.run("music", async () => {
      await markStoryProcessing(await act(), storyId, VIDEO_PROGRESS.music);
      const music = await ensureBackgroundMusic(await act(), projectId).catch(stopIfNotFound);
      return { generated: music.generated };
    });

    const compiled = await compileStory(step, { storyId, projectId, userId });

    const meta = await step.run("mark-ready", async () => {
      const actor = await act();
      const posterUrl = (await getCompileJob(actor, compiled.compileJobId).catch(() => null))?.posterUrl ?? null;
      const { seoTitle, hashtags } = await variantMetadata(actor, storyId).catch(stopIfNotFound);
      const ready = await markStoryReady(actor, storyId, { finalVideoWithMusic: compiled.videoUrl, posterUrl, seoTitle, instagramHashtags: hashtags });
      if (!ready) throw new NonRetriableError("The variant request was cancelled or has failed meanwhile");
      await settleVideoRequest(actor, storyId).catch(stopIfNotFound);
      return { seoTitle };
    });

    await step.run("notify", async () => {
      const r = await notifyStoryOnce(await act(), {
        storyId,
        type: "video_ready",
        title: VIDEO_NOTIFICATIONS.readyTitle,
        body: VIDEO_NOTIFICATIONS.readyBody(meta.seoTitle),
      });
      return { created: r.created };
    });

    return { storyId, projectId, videoUrl: compiled.videoUrl };
  },
);
