// Paid work that stopped moving (ADR 242): a compile or a scene generation request that is
// still charged but has made no progress for a bounded time — its event never started a run,
// or the workers that would run it are gone — is given up: its runs are cancelled, the compile
// job is failed with a message (which unlocks the project), the credits for the work not done
// are refunded once through the usual paths, and the owner is told. Work whose runs are moving
// is never touched. Housekeeping calls this every minute, from any number of processes: every
// write is a compare-and-set, so two sweeps give back nothing twice.
import { assertActor, isSystemActor, type Actor } from "~/models/access/actor.server";
import { COMPILE_MESSAGES, compileJobIdsAmong, compileJobsUnchangedSince, failCompileJob, refundCompile } from "./compile-jobs.server";
import { createNotification } from "~/models/content/notification.server";
import { announceProjectUpdated } from "~/models/projects/project-events.server";
import { batchesOpenSince, refundBatchCharges, sumCredits } from "~/models/billing";
import { workflowRuns } from "~/models/workflows/engine.server";

// How long paid work may go without progress before it is given up (STALLED_WORK_MINUTES).
export { DEFAULT_STALLED_WORK_MINUTES, stalledWorkMinutes } from "~/utils/tuning.server";

export const STALLED_GENERATION_MESSAGE = (minutes: number) =>
  `Generation stopped: it made no progress for ${minutes} minutes. Its credits were refunded; please try again.`;

export type StalledWorkSweep = { compiles: number; generations: number; refunded: number };

export async function sweepStalledWork(actor: Actor, opts: { minutes: number; now?: Date }): Promise<StalledWorkSweep> {
  assertActor(actor);
  if (!isSystemActor(actor)) throw new Error("Only housekeeping gives up stalled work");
  const before = new Date((opts.now ?? new Date()).getTime() - opts.minutes * 60_000);
  const result: StalledWorkSweep = { compiles: 0, generations: 0, refunded: 0 };

  for (const job of await compileJobsUnchangedSince(before)) {
    if (await workflowRuns.projectHasLiveRuns(job.projectId, before)) continue;
    const message = COMPILE_MESSAGES.stalled(opts.minutes);
    await workflowRuns.cancelRunsWithEventData("compileJobId", job.id, message);
    await workflowRuns.cancelRunsWithEventData("batchId", job.id, message, true);
    if (!(await failCompileJob(actor, job.id, COMPILE_MESSAGES.failed, message))) continue;
    const { refunded } = await refundCompile(actor, job.id, message);
    result.compiles += 1;
    result.refunded = sumCredits([result.refunded, refunded]);
    await createNotification({
      userId: job.userId,
      type: "compile_stalled",
      title: "Video compilation stopped",
      body: message,
      link: `/video-projects/${job.projectId}`,
    });
  }

  const batches = await batchesOpenSince("scene_step", before);
  // A compile's scene requests are "<job id>:<scene id>": given up with their compile above.
  const jobOf = (batchId: string) => batchId.split(":")[0];
  const compiles = await compileJobIdsAmong(batches.map((b) => jobOf(b.batchId)));
  for (const batch of batches) {
    if (compiles.has(jobOf(batch.batchId)) || !batch.projectId) continue;
    if (await workflowRuns.projectHasLiveRuns(batch.projectId, before)) continue;
    const message = STALLED_GENERATION_MESSAGE(opts.minutes);
    await workflowRuns.cancelRunsWithEventData("batchId", batch.batchId, message);
    const { refunded, charges } = await refundBatchCharges(batch.batchId, message);
    if (charges === 0) continue;
    result.generations += 1;
    result.refunded = sumCredits([result.refunded, refunded]);
    await announceProjectUpdated({ id: batch.projectId, userId: batch.userId });
    await createNotification({
      userId: batch.userId,
      type: "generation_stalled",
      title: "Scene generation stopped",
      body: message,
      link: `/video-projects/${batch.projectId}`,
    });
  }
  return result;
}
