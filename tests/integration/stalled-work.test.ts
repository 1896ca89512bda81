// Paid work that stopped moving is given up and refunded once (docs/decisions/242-stalled-paid-work.md):
// a compile and a scene generation request whose runs never start (no executor serves this
// database, as when the event of a web process found no function or every worker is down) are
// failed and refunded by the housekeeping sweep, with a message and a notification; work whose
// run is moving is left alone.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A database of its own: other files' executors would otherwise pick up the runs queued here.
const scratch = await vi.hoisted(async () => (await import("../support/scratch-database")).useScratchDatabase("stalled_work"));

import { systemActor } from "~/models/access";
import { getCompileJob, requestCompile } from "~/models/compile/compile-jobs.server";
import { getBalance } from "~/models/billing/credits.server";
import { generationProgress, requestSceneGeneration } from "~/models/generation/scene-generation.server";
import { sweepStalledWork } from "~/models/compile/stalled-work.server";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { useTempStorage } from "./storage-helpers";
import { actorOf, newCustomer, projectWithScenes, storeProductPhoto } from "./pipeline-helpers";

const housekeeping = systemActor("housekeeping");
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
let storage: Awaited<ReturnType<typeof useTempStorage>>;

beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
});
afterAll(async () => {
  await storage?.cleanup();
  await prisma.$disconnect();
  await scratch.drop();
});

async function runsOfProject(projectId: string) {
  return prisma.workflowRun.findMany({ where: { event: { path: ["data", "projectId"], equals: projectId } } });
}

describe("the stalled-work sweep", () => {
  it("fails a compile whose run never moved, refunds it once, tells the owner and unlocks the project", async () => {
    const user = await newCustomer(100);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const requested = await requestCompile(actorOf(user.id), { projectId: project.id });
    if (!requested.ok) throw new Error(requested.message);
    expect(requested.credits).toBeGreaterThan(0);
    expect(await getBalance(user.id)).toBeCloseTo(100 - requested.credits, 2);
    // The event started its run (queued: no executor serves this database).
    expect((await runsOfProject(project.id)).map((r) => r.status)).toContain("queued");

    // Not yet: the work is younger than the bound.
    expect(await sweepStalledWork(housekeeping, { minutes: 10 })).toEqual({ compiles: 0, generations: 0, refunded: 0 });

    const swept = await sweepStalledWork(housekeeping, { minutes: 10, now: later(11) });
    expect(swept).toMatchObject({ compiles: 1, refunded: requested.credits });
    expect(await getBalance(user.id)).toBeCloseTo(100, 2);
    const job = await getCompileJob(actorOf(user.id), requested.job.id);
    expect(job.status).toBe("failed");
    expect(job.errorMessage).toContain("made no progress for 10 minutes");
    expect((await runsOfProject(project.id)).every((r) => r.status !== "queued")).toBe(true);
    const note = await prisma.notification.findFirst({ where: { userId: user.id, type: "compile_stalled" } });
    expect(note?.link).toBe(`/video-projects/${project.id}`);

    // Once: a second sweep gives back nothing more.
    expect(await sweepStalledWork(housekeeping, { minutes: 10, now: later(12) })).toEqual({ compiles: 0, generations: 0, refunded: 0 });
    expect(await getBalance(user.id)).toBeCloseTo(100, 2);
    // The project takes a new compile (it is no longer busy).
    const again = await requestCompile(actorOf(user.id), { projectId: project.id });
    expect(again.ok).toBe(true);
  });

  it("refunds a scene generation request whose run never moved, and leaves moving work alone", async () => {
    const user = await newCustomer(100);
    const project = await projectWithScenes(user.id, { productImage: await storeProductPhoto(user.id) });
    const scene = project.scenes[0];
    const requested = await requestSceneGeneration(actorOf(user.id), { projectId: project.id, sceneId: scene.id, step: "image prompt" });
    if (!requested.ok) throw new Error(requested.message);
    const charged = requested.credits;
    expect(await getBalance(user.id)).toBeCloseTo(100 - charged, 2);
    expect(charged).toBeGreaterThan(0);

    // A run held by a live executor is moving work, however old its charge.
    const [run] = await runsOfProject(project.id);
    await prisma.workflowRun.update({ where: { id: run.id }, data: { status: "running", lockedBy: "executor-x", lockedUntil: later(60) } });
    expect(await sweepStalledWork(housekeeping, { minutes: 10, now: later(11) })).toMatchObject({ generations: 0 });
    expect(await getBalance(user.id)).toBeCloseTo(100 - charged, 2);

    // Its executor died (lease over): the request is given up and refunded.
    await prisma.workflowRun.update({ where: { id: run.id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect(await sweepStalledWork(housekeeping, { minutes: 10, now: later(11) })).toMatchObject({ generations: 1, refunded: charged });
    expect(await getBalance(user.id)).toBeCloseTo(100, 2);
    const progress = await generationProgress(actorOf(user.id), { projectId: project.id, sceneId: scene.id }, requested.batchId);
    expect(progress.finished).toBe(true);
    expect(progress.steps.every((s) => s.state === "refunded" && s.note?.includes("no progress"))).toBe(true);
    expect((await prisma.workflowRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("cancelled");
    expect(await sweepStalledWork(housekeeping, { minutes: 10, now: later(12) })).toMatchObject({ generations: 0, refunded: 0 });
  });

  it("is housekeeping's alone", async () => {
    const user = await newCustomer(0);
    await expect(sweepStalledWork(actorOf(user.id), { minutes: 10 })).rejects.toThrow();
  });
});
