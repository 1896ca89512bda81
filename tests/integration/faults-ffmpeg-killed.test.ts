// Fault: ffmpeg killed mid-render (issue 15 §3, docs/decisions/230-ffmpeg-killed-mid-render.md).
// PROVIDER_FAULTS=ffmpeg sends SIGKILL to every ffmpeg of the local render once it has started
// writing, as the OOM killer would. The render workflow tries again with back-off; when it keeps
// dying the compile fails with a message a person can read and its charge is refunded once.
// Runs on a database of its own: its executor must not take other files' runs. And on a data
// folder of its own: with the render cache other files filled, only the sub-second mix and mux
// would run, and a kill sent on their first progress line races their normal exit; here every
// try draws its scenes, so ffmpeg is killed mid-drawing.
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const scratch = await vi.hoisted(async () => {
  const { mkdtemp } = await import("node:fs/promises");
  const os = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = await mkdtemp(path.join(os.tmpdir(), "reelforge-ffmpeg-killed-"));
  return (await import("../support/scratch-database")).useScratchDatabase("ffmpeg");
});

import { COMPILE_MESSAGES, getCompileJob, requestCompile } from "~/models/compile/compile-jobs.server";
import { COMPILE_PRICE, sumCredits } from "~/models/billing";
import { getBalance } from "~/models/billing/credits.server";
import * as store from "../../inngest/executor/run-store.ts";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { prisma } from "~/utils/db.server";
import { actorOf, newCustomer, projectWithScenes, startPipeline, storeProductPhoto, type PipelineEnv } from "./pipeline-helpers";
import { waitFor } from "./workflows-helpers";

const KILLED = "The renderer stopped before the video was finished (its ffmpeg process was killed)";
let env: PipelineEnv;

beforeAll(async () => {
  process.env.PROVIDER_FAULTS = "ffmpeg";
  // Back-off 100 ms, 200 ms. Only the back-off is shortened: the compile's poll keeps its real
  // 3 s interval, so a slow machine's render (20 polls without progress) is not taken for a hang.
  env = await startPipeline({ timeScale: 1, executor: { retryBaseMs: 100 } });
}, 120_000);
afterAll(async () => {
  delete process.env.PROVIDER_FAULTS;
  await env?.close();
  await prisma.$disconnect();
  await scratch.drop();
  await rm(process.env.DATA_DIR!, { recursive: true, force: true });
});

describe("ffmpeg killed mid-render", () => {
  it("is retried with back-off, then the compile fails with a readable message and is refunded once", async () => {
    const renders: number[] = [];
    // What the render logged when it failed for another reason than the kill (shown on failure).
    const logged: string[] = [];
    const log = console.error.bind(console);
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].startsWith("[compile]"))
        logged.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
      log(...args);
    });
    const real = LocalRenderProvider.prototype.render;
    vi.spyOn(LocalRenderProvider.prototype, "render").mockImplementation(function (this: LocalRenderProvider, ...args) {
      renders.push(Date.now());
      return real.apply(this, args);
    });
    const user = await newCustomer(100);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const request = await requestCompile(actorOf(user.id), { projectId: project.id });
    if (!request.ok) throw new Error(request.message);
    expect(await getBalance(user.id)).toBe(100 - request.credits);

    const job = await waitFor(
      async () => {
        const j = await getCompileJob(actorOf(user.id), request.job.id);
        return j?.status === "failed" ? j : null;
      },
      "the compile job to fail",
      100_000,
    );
    // Tried three times (the render workflow's retries), each after a pause. A failure says why
    // the job ended and how each render run went.
    const runsOfJob = (await store.runsOf("reelforge-render-compile-job", 50))
      .filter((r) => (r.event as { data: { compileJobId: string } }).data.compileJobId === request.job.id)
      .map((r) => ({ status: r.status, attempt: r.attempt, error: r.error, output: r.output }));
    expect(renders, JSON.stringify({ job: { message: job.message, errorMessage: job.errorMessage }, renderRuns: runsOfJob, logged })).toHaveLength(3);
    expect(renders[1] - renders[0]).toBeGreaterThanOrEqual(80);
    expect(renders[2] - renders[1]).toBeGreaterThanOrEqual(160);
    expect(job).toMatchObject({ message: COMPILE_MESSAGES.failed, errorMessage: KILLED });

    const compile = await waitFor(
      async () => {
        const runs = await store.runsOf("reelforge-compile-project", 50);
        const run = runs.find((r) => (r.event as { data: { compileJobId: string } }).data.compileJobId === request.job.id);
        return run && (run.status === "failed" || run.status === "completed") ? run : null;
      },
      "the compile run to end",
      30_000,
    );
    expect(compile.status).toBe("failed");
    expect(compile.error).toMatchObject({ message: `${COMPILE_MESSAGES.failed}: ${KILLED}` });

    // Refunded once: the compile's own charge refunded, one refund entry each; the scenes it
    // prepared keep their files and stay paid (ADR 250), so the balance is back but for them.
    await waitFor(async () => (await getBalance(user.id)) === sumCredits([100, -request.credits, COMPILE_PRICE]), "the refund");
    const charges = await prisma.workCharge.findMany({ where: { batchId: request.job.id } });
    expect(charges.length).toBeGreaterThan(0);
    expect(charges.every((c) => c.status === "refunded")).toBe(true);
    const refunds = await prisma.creditLedgerEntry.findMany({ where: { userId: user.id, reason: "refund" } });
    expect(new Set(refunds.map((r) => r.reference)).size).toBe(refunds.length);
    expect(await prisma.project.findUnique({ where: { id: project.id }, select: { status: true } })).toEqual({ status: "failed" });
    // Nothing left running.
    const renderRuns = (await store.runsOf("reelforge-render-compile-job", 50)).filter(
      (r) => (r.event as { data: { compileJobId: string } }).data.compileJobId === request.job.id,
    );
    expect(renderRuns.map((r) => r.status)).toEqual(["failed"]);
  });
});
