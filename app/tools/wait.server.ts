// Waiting for long work while the client waits (docs/decisions/164-long-work-over-mcp.md): a
// compile's percent and message come from its compile job (what /video-projects shows), a
// generation's from its per-step charges that the workflow settles. Each change is sent as
// progress; the wait ends when the work does, when the client cancels (the work goes on and can
// be followed with get_compile_status / get_video_project), or after `maxWaitMs`.
import type { Actor } from "~/models/access";
import { getCompileJob, isActive, type CompileJobRow } from "~/models/compile";
import { generationProgress, type GenerationProgress } from "~/models/generation";
import { findSceneOfProject } from "~/models/projects";
import type { ToolContext } from "~/tools/types";

/** Longest a call waits before answering with the job as it is (clients time out around here). */
export const MAX_WAIT_MS = 9 * 60_000;
const DEFAULT_POLL_MS = 1000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

export async function waitForCompile(actor: Actor, jobId: string, ctx: ToolContext, maxWaitMs = MAX_WAIT_MS): Promise<CompileJobRow> {
  const until = Date.now() + maxWaitMs;
  let last = "";
  for (;;) {
    const job = await getCompileJob(actor, jobId);
    const seen = `${job.status}|${job.progress}|${job.message}`;
    if (seen !== last) {
      last = seen;
      await ctx.progress({ progress: job.progress, total: 100, message: job.message ?? job.status });
    }
    if (!isActive(job) || ctx.signal.aborted || Date.now() >= until) return job;
    await pause(ctx.pollMs ?? DEFAULT_POLL_MS, ctx.signal);
  }
}

export async function waitForGeneration(
  actor: Actor,
  target: { projectId: string; sceneId: string },
  batchId: string,
  ctx: ToolContext,
  maxWaitMs = MAX_WAIT_MS,
): Promise<GenerationProgress> {
  const until = Date.now() + maxWaitMs;
  let last = "";
  for (;;) {
    const state = await generationProgress(actor, target, batchId);
    const scene = await findSceneOfProject(actor, target.projectId, target.sceneId);
    const current = state.steps.find((s) => s.state === "charged")?.step;
    const message = state.finished ? "Done" : `Generating ${current ?? scene.progressStep ?? "assets"}`;
    const percent = state.total ? Math.round((state.done / state.total) * 100) : 100;
    const seen = `${percent}|${message}`;
    if (seen !== last) {
      last = seen;
      await ctx.progress({ progress: percent, total: 100, message });
    }
    if (state.finished || ctx.signal.aborted || Date.now() >= until) return state;
    await pause(ctx.pollMs ?? DEFAULT_POLL_MS, ctx.signal);
  }
}
