// Fault: the app process killed with SIGKILL mid-workflow, then started again on the same
// database (issue 15 §3). The real server (server/index.ts with its embedded executor) runs as a
// child process; it is killed, with the ffmpeg it runs, while a Create Video request renders.
// The restarted process takes the runs over once their leases lapse (WORKFLOW_LEASE_MS, small
// here) and every run ends: the story is Ready, or Failed and refunded; never charged twice,
// never refunded twice, no card left Processing. Runs on a database of its own.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const scratch = await vi.hoisted(async () => (await import("../support/scratch-database")).useScratchDatabase("kill"));

import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { createVideoRequest } from "~/models/stories/video-requests.server";
import { prisma } from "~/utils/db.server";
import { storyCompileJobId } from "../../inngest/functions/story-steps.ts";
import { seedReferenceData } from "../../prisma/seed";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { waitFor } from "./workflows-helpers";
import { webActor } from "../support/web-actor";

let dataDir: string;
let app: AppProcess | null = null;

function appEnv(): Record<string, string> {
  return {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    RENDER_LONG_SIDE: "256",
    WORKFLOW_TIME_SCALE: "0.1",
    WORKFLOW_POLL_MS: "50",
    // A run held by the killed process is free again after 3 s (default 60 s).
    WORKFLOW_LEASE_MS: "3000",
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "reelforge-kill-"));
  await seedReferenceData();
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await prisma.$disconnect();
  await scratch.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the app process killed mid-workflow", () => {
  it("is restarted on the same database and every run completes or is refunded, once", async () => {
    const user = await prisma.user.create({ data: { email: `kill-${randomUUID()}@test.local` } });
    await applyCreditChange({ userId: user.id, delta: 100, reason: "admin_grant", reference: `kill-test-${user.id}` });
    const submitted = await createVideoRequest(webActor(user.id), {
      script: "Scene 1: Meet Aurora, the serum for a morning glow.\n\nScene 2: Bright skin in seven days.\n\nScene 3: Try Aurora today!",
      voiceId: 2,
      storyTypeId: 1,
      requestId: randomUUID(),
    });
    if (!submitted.ok) throw new Error(submitted.message);
    const storyId = submitted.storyId;

    const t0 = Date.now();
    const mark = (what: string) => process.env.DEBUG_FAULTS && console.log(`${what} at ${Date.now() - t0} ms`);
    app = await startAppProcess(appEnv());
    mark("started");
    // Killed while the final video renders (its ffmpeg running), with no chance to clean up.
    const rendering = await waitFor(
      async () => {
        const job = await prisma.compileJob.findUnique({ where: { id: storyCompileJobId(storyId) } });
        return job?.status === "rendering" && job.progress > 0 ? job : null;
      },
      "the render to start",
      90_000,
    );
    await app.kill();
    mark(`killed at ${rendering.progress}%`);
    expect(rendering.status).toBe("rendering");
    expect(await prisma.story.findUnique({ where: { id: storyId }, select: { status: true } })).toEqual({ status: "processing" });
    expect(await prisma.workflowRun.count({ where: { status: "running" } })).toBeGreaterThan(0);

    app = await startAppProcess(appEnv());
    mark("restarted");
    const story = await waitFor(
      async () => {
        const s = await prisma.story.findUnique({ where: { id: storyId } });
        return s?.status === "ready" || s?.status === "failed" ? s : null;
      },
      "the story to end after the restart",
      90_000,
    );
    mark(`story ${story.status}`);
    // Every run ended (none left running or waiting on the dead process).
    await waitFor(
      async () => (await prisma.workflowRun.count({ where: { status: { notIn: ["completed", "failed", "cancelled"] } } })) === 0,
      "every run to end",
      30_000,
    );

    mark("runs ended");
    const ledger = await prisma.creditLedgerEntry.findMany({ where: { userId: user.id, reason: { in: ["video_charge", "refund"] } } });
    const charges = ledger.filter((e) => e.reason === "video_charge");
    const refunds = ledger.filter((e) => e.reason === "refund");
    expect(charges).toHaveLength(1);
    if (story.status === "ready") {
      expect(story.finalVideoWithMusic).toBeTruthy();
      expect(refunds).toHaveLength(0);
      expect(await getBalance(user.id)).toBe(80);
      expect(await prisma.compileJob.findUnique({ where: { id: storyCompileJobId(storyId) }, select: { status: true } })).toEqual({ status: "completed" });
      // The killed render stored nothing: one video (and its poster) in the renders bucket.
      const renders = await prisma.storedObject.findMany({ where: { bucket: "renders" }, select: { contentType: true } });
      expect(renders.filter((r) => r.contentType.startsWith("video/"))).toHaveLength(1);
    } else {
      expect(refunds).toHaveLength(1);
      expect(await getBalance(user.id)).toBe(100);
    }
    expect(await prisma.notification.count({ where: { userId: user.id } })).toBe(1);
    expect(await prisma.story.count({ where: { status: "processing" } })).toBe(0);
    // The restarted process is healthy.
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    await app.stop();
    app = null;
  }, 180_000);
});
