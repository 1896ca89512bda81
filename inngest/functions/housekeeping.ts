// Start-up housekeeping of the video pipeline (called once by server/bootstrap.ts, in the
// background so it never delays `npm start`):
//   - Create Video stories left "queued" with no run (the event was lost between the charge and
//     the send) are sent again, at start and every two minutes (ADR 103);
//   - with the demo data, an empty showcase is filled by the showcase workflow (ADR 104);
//   - uploads nothing uses (Create Video files never submitted, or kept from a failed plain
//     post) are removed a day after their upload, checked every hour (ADR 110);
//   - paid work with no progress for STALLED_WORK_MINUTES (default 10) is given up and refunded,
//     checked every minute (ADR 242);
//   - in the same hourly sweep, OAuth requests, codes and tokens expired for a day and the /mcp
//     rate-limit windows that ended long ago are deleted (ADR 213).
import { seedShowcaseSetting } from "~/utils/tuning.server";
import { inngest, workflowEngine } from "../client.ts";
import { shared } from "../executor/shared.ts";
import { showcaseSeedRequested } from "./housekeeping-events.ts";

export const SHOWCASE_FUNCTION_ID = "reelforge-showcase-seed";
const RECOVERY_INTERVAL_MS = 120_000;
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60_000;
const FIRST_UPLOAD_SWEEP_MS = 60_000;
const STALLED_WORK_CHECK_MS = 60_000;

/** Gives up paid work that stopped moving (ADR 242); logs what it refunded. */
export async function runStalledWorkSweep(log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  try {
    const { stalledWorkMinutes, sweepStalledWork } = await import("~/models/compile");
    const { systemActor } = await import("~/models/access");
    const swept = await sweepStalledWork(systemActor("housekeeping"), { minutes: stalledWorkMinutes() });
    if (swept.compiles + swept.generations > 0) {
      log(
        `[workflows] gave up ${swept.compiles} compile(s) and ${swept.generations} generation request(s) with no progress; refunded ${swept.refunded} credits`,
      );
    }
  } catch (error) {
    console.error("[workflows] could not check for stalled paid work", error);
  }
}

/** SEED_SHOWCASE=true|false decides (app/utils/tuning.server.ts; the tests set false); unset: with the demo data. */
export function shouldSeedShowcase(env: Record<string, string | undefined>, demoData: boolean): boolean {
  return seedShowcaseSetting(env) ?? demoData;
}

/** Resolves when workflows can be started: the embedded executor has registered (or another engine is used). */
async function engineReady(timeoutMs: number): Promise<boolean> {
  if (workflowEngine.kind !== "embedded") return workflowEngine.ok;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ([...shared().hosts.values()].some((h) => h.snapshot().registered)) return true;
    await new Promise((r) => setTimeout(r, 250).unref());
  }
  return false;
}

/** Sends the showcase seeding event when the showcase is empty and no seeding runs. */
export async function requestShowcaseSeed(): Promise<boolean> {
  const { showcaseCount } = await import("~/models/stories");
  if ((await showcaseCount()) > 0) return false;
  if (workflowEngine.kind === "embedded") {
    const { hasActiveRuns } = await import("../executor/run-store.ts");
    if (await hasActiveRuns(SHOWCASE_FUNCTION_ID)) return false;
  }
  await inngest.send(showcaseSeedRequested.create({ reason: "The showcase is empty" }, { id: `showcase-seed-${Date.now()}` }));
  return true;
}

export type Housekeeping = { stop(): void; done: Promise<void> };

/** The hourly sweep: rows and files nothing can use any more. Each part fails on its own. */
export async function runHourlySweep(log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  try {
    const { sweepUnusedUploads } = await import("~/models/files");
    const { removed } = await sweepUnusedUploads();
    if (removed.length > 0) log(`[uploads] removed ${removed.length} upload(s) nothing uses`);
  } catch (error) {
    console.error("[uploads] could not remove unused uploads", error);
  }
  try {
    const { sweepExpiredOAuthRows } = await import("~/models/access");
    const removed = await sweepExpiredOAuthRows();
    if (removed > 0) log(`[oauth] removed ${removed} expired authorization request(s), code(s) and token(s)`);
  } catch (error) {
    console.error("[oauth] could not remove expired OAuth rows", error);
  }
  try {
    const { forgetOldApiWindows } = await import("~/models/access");
    await forgetOldApiWindows();
  } catch (error) {
    console.error("[mcp] could not remove old rate-limit windows", error);
  }
}

export function startPipelineHousekeeping(opts: {
  seedShowcase: boolean;
  log?: (line: string) => void;
  /** Tests: when the first sweep runs and how often after (ms). */
  sweep?: { firstMs?: number; everyMs?: number };
}): Housekeeping {
  const log = opts.log ?? ((line: string) => console.log(line));
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  // The sweep needs the database only, not the workflow engine.
  const sweep = () => runHourlySweep(log);
  const sweepTimers = [
    setTimeout(() => void sweep(), opts.sweep?.firstMs ?? FIRST_UPLOAD_SWEEP_MS),
    setInterval(() => void sweep(), opts.sweep?.everyMs ?? UPLOAD_SWEEP_INTERVAL_MS),
    setInterval(() => void runStalledWorkSweep(log), STALLED_WORK_CHECK_MS),
  ];
  for (const t of sweepTimers) t.unref();
  const recover = async (olderThanMs: number) => {
    try {
      const { recoverQueuedStories } = await import("~/models/stories");
      const { systemActor } = await import("~/models/access");
      const { found, sent } = await recoverQueuedStories(systemActor("housekeeping"), olderThanMs);
      if (found > 0) log(`[workflows] re-sent ${sent} of ${found} queued Create Video request(s)`);
    } catch (error) {
      console.error("[workflows] could not re-send queued Create Video requests", error);
    }
  };
  const done = (async () => {
    if (!(await engineReady(120_000)) || stopped) return;
    await recover(0);
    if (opts.seedShowcase) {
      try {
        if (await requestShowcaseSeed()) log("[workflows] rendering the showcase videos in the background");
      } catch (error) {
        console.error("[workflows] could not start the showcase seeding", error);
      }
    }
    if (stopped) return;
    timer = setInterval(() => void recover(60_000), RECOVERY_INTERVAL_MS);
    timer.unref();
  })().catch((error) => console.error("[workflows] housekeeping failed", error));
  return {
    done,
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const t of sweepTimers) clearTimeout(t);
    },
  };
}
