// Compile a project: check the renderer, prepare scenes that are not ready, build the
// configuration, start the render (one compile_jobs row; a local render runs as its own
// workflow, inngest/functions/render.ts), then poll its status every 3 s (step.waitForEvent,
// woken early when a local render ends, + step.run; WORKFLOW_TIME_SCALE speeds this up in
// tests) until it completes, fails, or makes no progress for 20 polls. This is the only poll
// loop of a render. ADR 101, ADR 140.
// The run acts as the user its event names (the one who asked); each step resolves that actor
// again and the core checks the job, the project and its story against it (ADR 130).
import { NonRetriableError, type GetStepTools } from "inngest";
import { actorForWorkflow, isNotFound, type Actor } from "~/models/access";
import {
  COMPILE_MAX_POLLS,
  COMPILE_MAX_TOTAL_POLLS,
  COMPILE_MESSAGES,
  COMPILE_POLL_INTERVAL,
  compilePreparation,
  creatingMessage,
  failCompileJob,
  formatOf,
  getCompileJob,
  refundCompile,
  scenePlanOf,
  setCompileMessage,
  setCompletedMessage,
  settleCompile,
  buildRenderRequest,
  pollCompileJob,
  startRender,
} from "~/models/compile";
import { reasonOf } from "~/models/generation";
import { markProjectCompiled, markProjectFailed, setProjectStatus, storyIdOfProject } from "~/models/projects";
import { markStoryProcessing } from "~/models/stories";
import { renderProvider } from "~/providers/registry.server";
import { inngest } from "../client.ts";
import { projectCompileFinished, projectCompileRequested, projectRenderFinished } from "~/models/workflows/events";
import { errorMessageOf, nullIfNotFound, sceneAssetsFunction, stopIfNotFound } from "./scene-assets.ts";

/** Story progress while rendering: "Rendering 45%". */
export function renderProgressLabel(percent: number): string {
  return `Rendering ${Math.max(0, Math.min(100, Math.round(percent)))}%`;
}

export const compileFunction = inngest.createFunction(
  {
    id: "compile-project",
    name: "Compile project",
    retries: 3,
    triggers: [projectCompileRequested],
    // A step that kept failing (database down, storage full): the job and the project say so.
    onFailure: async ({ event, error, step }) => {
      const { compileJobId, projectId, userId } = event.data.event.data;
      await step.run("mark-failed", async () => {
        const reason = errorMessageOf(error);
        try {
          const actor = await actorForWorkflow(userId);
          await failCompileJob(actor, compileJobId, COMPILE_MESSAGES.compilationError(reason), reason);
          await refundCompile(actor, compileJobId, reason);
          await markProjectFailed(actor, projectId);
        } catch (e) {
          // Nothing this actor may see: nothing to mark.
          if (!isNotFound(e)) throw e;
        }
      });
    },
  },
  async ({ event, step }) => {
    const { projectId, compileJobId, userId, storyId: requestedStoryId } = event.data;
    const act = () => actorForWorkflow(userId).catch(stopIfNotFound);

    const fail = async (id: string, message: string, reason: string): Promise<never> => {
      await step.run(id, async () => {
        const actor = await act();
        await failCompileJob(actor, compileJobId, message, reason).catch(nullIfNotFound);
        // A charged compile is refunded, once.
        await refundCompile(actor, compileJobId, reason).catch(nullIfNotFound);
        await markProjectFailed(actor, projectId).catch(nullIfNotFound);
      });
      await step.sendEvent(`${id}-finished`, projectCompileFinished.create({ projectId, compileJobId, status: "failed", error: reason }));
      throw new NonRetriableError(message.includes(reason) ? message : `${message}: ${reason}`);
    };
    const run: CompileRun = { step, projectId, compileJobId, userId, act, fail };

    // 1-2. Start; the renderer must be able to take work (ffmpeg present, API key valid).
    const ready = await checkRenderer(run, requestedStoryId);
    const storyId = ready.storyId ?? undefined;
    if (!ready.ok) await fail("renderer-not-ready", COMPILE_MESSAGES.compilationError(ready.message), ready.message);

    // 3. The scenes that are not ready yet are prepared first.
    await prepareScenes(run, storyId);

    // 4. The configuration: every scene's files must be readable.
    const config = await step.run("generate-config", async () => {
      const actor = await act();
      await setCompileMessage(actor, compileJobId, COMPILE_MESSAGES.config).catch(stopIfNotFound);
      try {
        const job = await getCompileJob(actor, compileJobId);
        const plan = scenePlanOf(job);
        const request = await buildRenderRequest(actor, projectId, ready.format, plan?.sceneIds, plan?.motions);
        return { ok: true as const, scenes: request.scenes.length, music: Boolean(request.music) };
      } catch (error) {
        if (isNotFound(error)) throw new NonRetriableError("The project does not exist");
        return { ok: false as const, reason: reasonOf(error) };
      }
    });
    if (!config.ok) await fail("config-failed", COMPILE_MESSAGES.compilationError(config.reason), config.reason);

    // 5-6. Create the render (once: a job that has a render token was started already).
    await step.run("start-render", async () => {
      const actor = await act();
      await setCompileMessage(actor, compileJobId, creatingMessage(ready.provider)).catch(stopIfNotFound);
      const job = await getCompileJob(actor, compileJobId).catch(stopIfNotFound);
      const started = job.status === "queued" && !job.providerRequestId ? await startRender(actor, compileJobId, null) : false;
      return { started };
    });

    // 7-10. Poll until the render completes, fails or stops making progress.
    return pollRender(run, storyId);
  },
);

type Step = GetStepTools<typeof inngest>;

/** One compile run: its step tools, what its event names, its actor and how it fails. */
type CompileRun = {
  step: Step;
  projectId: string;
  compileJobId: string;
  userId: string;
  /** The actor the event names, resolved again in each step. */
  act: () => Promise<Actor>;
  /** Marks the job and the project failed, refunds the compile once, and ends the run. */
  fail: (id: string, message: string, reason: string) => Promise<never>;
};

/** Steps 1-2: the job exists, its story is the project's, and whether the renderer can take work. */
function checkRenderer(run: CompileRun, requestedStoryId: number | undefined) {
  const { step, act, projectId, compileJobId } = run;
  return step.run("check-renderer", async () => {
    const actor = await act();
    const job = await getCompileJob(actor, compileJobId).catch(nullIfNotFound);
    if (!job || job.projectId !== projectId) throw new NonRetriableError("The compile job does not exist");
    // Progress goes to the story the project was made for, when the event says it is one.
    const storyId = requestedStoryId === undefined ? null : await storyIdOfProject(actor, projectId);
    if (requestedStoryId !== undefined && storyId !== requestedStoryId) throw new NonRetriableError("The video request does not exist");
    await setCompileMessage(actor, compileJobId, COMPILE_MESSAGES.start);
    await setProjectStatus(actor, projectId, "in_progress");
    const provider = renderProvider();
    const check = await provider.checkReady();
    return {
      ok: check.ok,
      message: check.message,
      provider: { name: provider.name, label: provider.label },
      format: formatOf(job),
      storyId,
    };
  });
}

/**
 * Step 3. The scenes the compile prepares first: the plan fixed (and paid for) when it was
 * requested, each scene with its paid steps, settled step by step against its own batch
 * (ADR 250); scenes added since are not part of this compile. A compile without a plan
 * (Create Video's) prepares every scene that is not ready now.
 */
async function prepareScenes(run: CompileRun, storyId: number | undefined): Promise<void> {
  const { step, act, fail, projectId, compileJobId, userId } = run;
  const unready = await step.run("check-scenes", async () => {
    const actor = await act();
    const scenes = await compilePreparation(actor, compileJobId).catch(nullIfNotFound);
    if (!scenes) throw new NonRetriableError("The project does not exist");
    if (scenes.count > 0 && scenes.prepare.length) await setCompileMessage(actor, compileJobId, COMPILE_MESSAGES.preparing);
    return scenes;
  });
  if (unready.count === 0) await fail("no-scenes", COMPILE_MESSAGES.compilationError(COMPILE_MESSAGES.noScenes), COMPILE_MESSAGES.noScenes);
  if (!unready.prepare.length) return;
  // Every scene runs to its end before the compile decides: a scene that failed refunds its
  // own failed and unrun steps, the others keep (and pay for) what they made.
  const outcomes = await Promise.allSettled(
    unready.prepare.map(({ sceneId, steps, batchId }) =>
      step.invoke(`prepare-scene-${sceneId}`, {
        function: sceneAssetsFunction,
        data: { projectId, sceneId, userId, storyId, ...(steps ? { steps } : {}), ...(batchId ? { batchId } : {}) },
      }),
    ),
  );
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
  if (failed) {
    const reason = errorMessageOf(failed.reason);
    await fail("preparation-failed", COMPILE_MESSAGES.compilationError(reason), reason);
  }
}

/**
 * Steps 7-10. Poll every 3 s (polls during which the render advanced do not count towards the
 * 20) until the render completes with a url, fails, or makes no progress: then it has timed out.
 */
async function pollRender(run: CompileRun, storyId: number | undefined): Promise<{ compileJobId: string; videoUrl: string }> {
  const { step, act, fail, projectId, compileJobId } = run;
  let sinceProgress = 0;
  let last = "rendering:0";
  for (let poll = 1; poll <= COMPILE_MAX_TOTAL_POLLS; poll++) {
    // Up to 3 s; a local render that ends meanwhile wakes the wait (render.ts), so the video
    // is not left waiting for the rest of the interval.
    await step.waitForEvent(`poll-wait-${poll}`, {
      event: projectRenderFinished,
      timeout: COMPILE_POLL_INTERVAL,
      if: "async.data.compileJobId == event.data.compileJobId",
    });
    const status = await step.run(`poll-${poll}`, async () => {
      const actor = await act();
      const r = await pollCompileJob(actor, compileJobId, poll).catch(nullIfNotFound);
      if (r && storyId !== undefined && (r.status === "rendering" || r.status === "queued"))
        await markStoryProcessing(actor, storyId, renderProgressLabel(r.progress));
      return r;
    });
    if (!status) throw new NonRetriableError("The compile job does not exist");

    // 8. Completed with a url.
    if (status.status === "completed" && status.videoUrl) {
      const videoUrl = status.videoUrl;
      await step.run("complete", async () => {
        const actor = await act();
        await markProjectCompiled(actor, projectId, videoUrl).catch(stopIfNotFound);
        await setCompletedMessage(actor, compileJobId).catch(stopIfNotFound);
        await settleCompile(actor, compileJobId).catch(stopIfNotFound);
      });
      await step.sendEvent("finished", projectCompileFinished.create({ projectId, compileJobId, status: "completed", videoUrl }));
      return { compileJobId, videoUrl };
    }
    // 9. Failed.
    if (status.status === "failed" || status.status === "completed") {
      await fail("render-failed", COMPILE_MESSAGES.failed, status.errorMessage ?? COMPILE_MESSAGES.failed);
    }

    const key = `${status.status}:${status.progress}`;
    sinceProgress = key === last && !status.restarted ? sinceProgress + 1 : 1;
    last = key;
    if (sinceProgress >= COMPILE_MAX_POLLS) break;
  }
  // 10. Timed out.
  return fail("timed-out", COMPILE_MESSAGES.timeout, COMPILE_MESSAGES.timeout);
}
