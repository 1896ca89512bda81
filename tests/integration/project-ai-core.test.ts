// The video-project analysis functions and the compile's one-at-a-time rule (issue 10 §3,
// ADR 174-178), against a real PostgreSQL and real stored files, without the workflow engine:
//   - two compile requests at the same moment: one is charged and runs, the other is refused
//     (busy) before it pays anything;
//   - the compile job's changes are announced on the live stream (the panel does not poll);
//   - analyzeProjectRequirements, optimizeSceneSequence / applySceneSequence,
//     applyEnhancedDescription, enhanceSceneDescription, suggestSceneImprovements, analyzeProductImage,
//     generateOptimizedPrompt and createSceneAutomatically: real results, and with another
//     user's ids "not found" with nothing changed or charged.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorFromUser, isNotFound } from "~/models/access";
import { automatedSceneCost, automatedSceneProgress, createSceneAutomatically } from "~/models/projects/automated-scenes.server";
import { recordRenderProgress, requestCompile } from "~/models/compile/compile-jobs.server";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { isMediaRefError } from "~/models/files/media-refs.server";
import { analyzeProductImage, generateOptimizedPrompt, ProductImageError } from "~/models/generation/product-image-analysis.server";
import { analyzeProjectRequirements } from "~/models/projects/project-analysis.server";
import { createProject } from "~/models/projects/project.server";
import { applyEnhancedDescription, enhanceSceneDescription, suggestSceneImprovements } from "~/models/projects/scene-enhancement.server";
import { applySceneSequence, optimizeSceneSequence } from "~/models/projects/scene-sequence.server";
import { SceneOrderConflictError } from "~/models/projects/scenes.server";
import { storeFile } from "~/models/files/stored-files.server";
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

async function expectNotFound(promise: Promise<unknown>): Promise<void> {
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
    // One compile charged (its scene steps are rows of their own, ADR 250), all of the winner's job.
    expect(await prisma.workCharge.count({ where: { projectId: project.id, work: "compile" } })).toBe(1);
    const job = ok[0].ok ? ok[0].job.id : "";
    expect(await prisma.workCharge.count({ where: { projectId: project.id, NOT: { OR: [{ batchId: job }, { batchId: { startsWith: `${job}:` } }] } } })).toBe(
      0,
    );
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

/** A 200×100 white picture with a red block on its left: what the analysis must find. */
async function redBlockOnWhite(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 100, channels: 3, background: "#ffffff" } })
    .composite([
      {
        input: await sharp({ create: { width: 50, height: 60, channels: 3, background: "#d01c28" } })
          .png()
          .toBuffer(),
        left: 10,
        top: 20,
      },
    ])
    .png()
    .toBuffer();
}

async function storedImage(ownerId: string, body?: Buffer) {
  return storeFile({ bucket: "product-photos", ownerId, body: body ?? (await redBlockOnWhite()), originalName: "product.png" });
}

const scenesOf = (projectId: string) =>
  prisma.scene.findMany({
    where: { projectId },
    orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }],
    select: { id: true, title: true, sceneOrder: true, description: true },
  });

describe("analyzeProjectRequirements", () => {
  it("analyses the project's own data; another user's project or a scene of another project is not found", async () => {
    const project = await twoSceneProject();
    const result = await analyzeProjectRequirements(ownerA, project.id, { userInput: "What is missing?" });
    expect(result.analysis).toMatchObject({ sceneCount: 2, readyScenes: 0, readyToCompile: false });
    expect(result.analysis.scenes[0]).toMatchObject({ title: "Morning", missing: ["image prompt", "image", "voice-over", "video"] });
    expect(result.analysis.projectMissing).toContain("main product image");
    expect(result.context).toEqual({ sceneId: null, userInput: "What is missing?" });
    const one = await analyzeProjectRequirements(ownerA, project.id, { sceneId: project.scenes[1].id });
    expect(one.analysis.scenes.map((s) => s.title)).toEqual(["Offer"]);
    await expectNotFound(analyzeProjectRequirements(otherA, project.id));
    const others = await twoSceneProject(otherA);
    await expectNotFound(analyzeProjectRequirements(ownerA, project.id, { sceneId: others.scenes[0].id }));
  });
});

describe("optimizeSceneSequence", () => {
  async function adProject(actor: Actor = ownerA) {
    return createProject(actor, {
      title: "GlowUp Serum",
      scenes: [
        { title: "Offer", script: "Shop now and get yours today.", voiceOverText: "Shop now and get yours today." },
        { title: "Proof", script: "Rated 4.8 stars by ten thousand customers.", voiceOverText: "Rated 4.8 stars by ten thousand customers." },
        { title: "Hook", script: "Tired of dull skin every morning?", voiceOverText: "Tired of dull skin every morning?" },
        { title: "Meet it", script: "Meet the GlowUp Serum with vitamin C.", voiceOverText: "Meet the GlowUp Serum with vitamin C." },
      ],
    });
  }

  it("proposes the ad's arc without changing anything, and applies it once confirmed, in the project's numbering", async () => {
    const project = await adProject();
    const before = await scenesOf(project.id);
    const proposal = await optimizeSceneSequence(ownerA, project.id);
    expect(proposal.changed).toBe(true);
    expect(proposal.scenes.map((s) => [s.title, s.role])).toEqual([
      ["Hook", "hook"],
      ["Meet it", "product"],
      ["Proof", "proof"],
      ["Offer", "call to action"],
    ]);
    expect(proposal.scenes[3]).toMatchObject({ from: 1, to: 4, reason: "The call to action closes the ad." });
    expect(await scenesOf(project.id)).toEqual(before);

    await applySceneSequence(ownerA, project.id, proposal.proposedOrder);
    expect((await scenesOf(project.id)).map((s) => [s.title, s.sceneOrder])).toEqual([
      ["Hook", 1],
      ["Meet it", 2],
      ["Proof", 3],
      ["Offer", 4],
    ]);
    expect((await optimizeSceneSequence(ownerA, project.id)).changed).toBe(false);
  });

  it("refuses an order that is not exactly the project's scenes (409) and another user's project (not found), changing nothing", async () => {
    const project = await adProject();
    const before = await scenesOf(project.id);
    const ids = before.map((s) => s.id);
    const conflict = await applySceneSequence(ownerA, project.id, ids.slice(1)).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(SceneOrderConflictError);
    expect(await applySceneSequence(ownerA, project.id, [...ids.slice(1), ids[1]]).catch((e: unknown) => e)).toBeInstanceOf(SceneOrderConflictError);
    await expectNotFound(optimizeSceneSequence(otherA, project.id));
    await expectNotFound(applySceneSequence(otherA, project.id, [...ids].reverse()));
    expect(await scenesOf(project.id)).toEqual(before);
  });
});

describe("enhanceSceneDescription and suggestSceneImprovements", () => {
  // A proposal built from the scene's own sentences, saved only when the user accepts it (issue 20, ADR 257).
  it("proposes an enhanced description built from the scene's words, and saves it only when accepted", async () => {
    const project = await twoSceneProject();
    const scene = project.scenes[0];
    const result = await enhanceSceneDescription(ownerA, project.id, scene.id);
    expect(result.previous).toBeNull();
    expect(result.description).toMatch(/Mornings are hard\./);
    expect(result.description.length).toBeLessThanOrEqual(300);
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: scene.id } })).description).toBeNull();
    await applyEnhancedDescription(ownerA, project.id, scene.id, result.description);
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: scene.id } })).description).toBe(result.description);
  });

  it("suggests concrete improvements, with replacements where it can write them", async () => {
    const project = await twoSceneProject();
    const { suggestions } = await suggestSceneImprovements(ownerA, project.id, project.scenes[0].id);
    expect(suggestions.find((s) => s.field === "imagePrompt")).toMatchObject({ severity: "high", proposed: expect.stringMatching(/GlowUp Serum/) });
  });

  it("with another user's ids, or a scene of another project: not found, nothing changed", async () => {
    const project = await twoSceneProject();
    const others = await twoSceneProject(otherA);
    const before = await scenesOf(project.id);
    await expectNotFound(enhanceSceneDescription(otherA, project.id, project.scenes[0].id));
    await expectNotFound(enhanceSceneDescription(ownerA, project.id, others.scenes[0].id));
    await expectNotFound(suggestSceneImprovements(otherA, project.id, project.scenes[0].id));
    await expectNotFound(suggestSceneImprovements(ownerA, others.id, others.scenes[0].id));
    expect(await scenesOf(project.id)).toEqual(before);
  });
});

describe("analyzeProductImage and generateOptimizedPrompt", () => {
  it("measures the picture: size, aspect, light, colours, a plain background and where the subject is", async () => {
    const project = await twoSceneProject();
    const photo = await storedImage(owner.id);
    const { analysis, imageUrl } = await analyzeProductImage(ownerA, project.id, project.scenes[0].id, photo.ref);
    expect(imageUrl).toBe(photo.url);
    expect(analysis).toMatchObject({ width: 200, height: 100, aspectRatio: "16:9", orientation: "landscape", lighting: "bright" });
    expect(analysis.background).toMatchObject({ plain: true, name: "white" });
    expect(analysis.dominantColours.map((c) => c.name)).toEqual(["white", "red"]);
    expect(analysis.subject).toMatchObject({ x: 0.05, y: 0.2, width: 0.25, height: 0.6, position: "left" });
    expect(analysis.summary).toContain("red");
  });

  it("writes the scene prompt from the user's words and the analysis", async () => {
    const project = await twoSceneProject();
    const photo = await storedImage(owner.id);
    const { analysis } = await analyzeProductImage(ownerA, project.id, project.scenes[0].id, photo.ref);
    const { optimizedPrompt, fromImage } = await generateOptimizedPrompt(
      ownerA,
      project.id,
      project.scenes[0].id,
      "On a marble bathroom counter at sunrise",
      analysis,
    );
    expect(optimizedPrompt).toMatch(/GlowUp Serum/);
    expect(optimizedPrompt).toMatch(/bathroom|counter/);
    expect(fromImage).toContain("palette matched to the product's red");
    expect(optimizedPrompt).toContain("plain white studio background");
    expect(await generateOptimizedPrompt(ownerA, project.id, project.scenes[0].id, "x", { lighting: "purple" }).catch((e: unknown) => e)).toBeInstanceOf(
      ProductImageError,
    );
  });

  it("refuses someone else's picture, a file that is not an image, and another user's scene", async () => {
    const project = await twoSceneProject();
    const theirs = await storedImage(other.id);
    expect(isMediaRefError(await analyzeProductImage(ownerA, project.id, project.scenes[0].id, theirs.ref).catch((e: unknown) => e))).toBe(true);
    expect(isMediaRefError(await analyzeProductImage(ownerA, project.id, project.scenes[0].id, "https://evil.example/x.png").catch((e: unknown) => e))).toBe(
      true,
    );
    const mine = await storedImage(owner.id);
    await expectNotFound(analyzeProductImage(otherA, project.id, project.scenes[0].id, mine.ref));
    await expectNotFound(generateOptimizedPrompt(otherA, project.id, project.scenes[0].id, "x", null));
  });
});

describe("createSceneAutomatically", () => {
  it("makes the scene from the picture, writes its prompt, charges the shown price and starts its generation", async () => {
    const project = await twoSceneProject();
    const photo = await storedImage(owner.id);
    const before = await getBalance(owner.id);
    const events = await prisma.workflowEvent.count();
    const result = await createSceneAutomatically(ownerA, project.id, { imageRef: photo.ref, description: "Serum on a marble counter at sunrise" });
    if (!result.ok) throw new Error(result.error);
    expect(result.credits).toBe(automatedSceneCost());
    expect(automatedSceneCost()).toBe(3.5);
    expect(await getBalance(owner.id)).toBeCloseTo(before - 3.5, 2);
    const scene = await prisma.scene.findUniqueOrThrow({ where: { id: result.sceneId } });
    // The one order rule (after the last scene, issue 20), the scene's own product image, the prompt from the analysis.
    expect(scene).toMatchObject({
      sceneOrder: 3,
      productImageUrl: photo.url,
      description: "Serum on a marble counter at sunrise",
      imagePrompt: result.optimizedPrompt,
    });
    expect(scene.imagePrompt).toContain("palette matched to the product's red");
    expect(await prisma.workflowEvent.count()).toBe(events + 1);
    expect((await prisma.workCharge.findMany({ where: { sceneId: scene.id }, orderBy: { createdAt: "asc" } })).map((c) => c.item).sort()).toEqual([
      "image",
      "script",
      "video",
      "voice-over",
    ]);

    const progress = await automatedSceneProgress(ownerA, project.id, scene.id);
    expect(progress).toMatchObject({ status: "running", message: "Generating scene image...", error: null });
    expect(progress.steps.map((s) => s.state)).toEqual(["done", "done", "done", "done", "running", "pending", "pending", "pending"]);

    // A failure of the image step, as the workflow records it.
    await prisma.scene.update({ where: { id: scene.id }, data: { status: "pending", progressStep: "image", errorMessage: "Failed while image: boom" } });
    expect(await automatedSceneProgress(ownerA, project.id, scene.id)).toMatchObject({
      status: "failed",
      message: "Failed to create scene",
      error: "Failed while image: boom",
    });
    await prisma.scene.update({ where: { id: scene.id }, data: { status: "completed", errorMessage: null, progressStep: null } });
    expect(await automatedSceneProgress(ownerA, project.id, scene.id)).toMatchObject({ status: "completed", message: "Scene created successfully!" });
  });

  it("without a picture, without enough credits, or on another user's project: nothing is made or charged", async () => {
    const project = await twoSceneProject();
    const photo = await storedImage(owner.id);
    expect(await createSceneAutomatically(ownerA, project.id, { imageRef: null, description: "x" })).toMatchObject({
      ok: false,
      message: "Failed to create scene",
      error: "Product image is required",
    });
    const poor = (await newUser()).user;
    const poorA = actorFromUser({ id: poor.id, isAdmin: false }, "web");
    const poorProject = await twoSceneProject(poorA);
    const poorPhoto = await storedImage(poor.id);
    expect(await createSceneAutomatically(poorA, poorProject.id, { imageRef: poorPhoto.ref })).toMatchObject({
      ok: false,
      code: "insufficient_credits",
      status: 402,
    });
    await expectNotFound(createSceneAutomatically(otherA, project.id, { imageRef: photo.ref }));
    expect(await prisma.scene.count({ where: { projectId: { in: [project.id, poorProject.id] } } })).toBe(4);
    expect(await prisma.workCharge.count({ where: { projectId: { in: [project.id, poorProject.id] } } })).toBe(0);
    await expectNotFound(automatedSceneProgress(otherA, project.id, project.scenes[0].id));
  });
});
