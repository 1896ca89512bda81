// The project editors' rules that need no database: the price list (ADR 150), the scene
// ordering rule (from 1, max + 1, ADR 255), staleness of a
// scene's generated assets and the plan of which generation steps a request runs (ADR 151).
import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { ProjectRow, SceneRow } from "~/models/projects/project.server";

vi.hoisted(() => {
  // The modules import the Prisma client, which needs a URL to be constructed (never used here).
  process.env.DATABASE_URL ??= "postgresql://unused:unused@127.0.0.1:1/unused";
});

const { COMPILE_PRICE, PRICES, SCENE_ALL_STEPS_PRICE, SCENE_STEP_PRICES, formatCredits, insufficientCreditsMessage, priceOf, sumCredits } =
  await import("~/models/billing/prices");
const { clampPosition, nextSceneOrder } = await import("~/models/projects/scene-order");
const { currentInputsHash, hashInputs, isStale, sceneAssetStates } = await import("~/models/projects/scene-staleness.server");
const { planSceneSteps } = await import("~/models/generation/scene-generation.server");

describe("the price list", () => {
  it("keeps the fixed prices and prices every scene step and a compile", () => {
    expect(PRICES.video).toBe(20);
    expect(PRICES.chatMessage).toBe(0.07);
    expect(PRICES.canvasToolAction).toBe(0.2);
    expect(priceOf({ work: "chat_message" })).toBe(0.07);
    expect(priceOf({ work: "canvas_tool_action" })).toBe(0.2);
    expect(Object.keys(SCENE_STEP_PRICES)).toEqual(["image prompt", "image", "script", "voice-over", "video"]);
    for (const price of Object.values(SCENE_STEP_PRICES)) expect(price).toBeGreaterThan(0);
    expect(priceOf({ work: "compile" })).toBe(COMPILE_PRICE);
  });

  it("a typical 5-scene project made step by step and compiled costs what a Create Video costs", () => {
    expect(SCENE_ALL_STEPS_PRICE).toBe(3.6);
    expect(sumCredits([...Array(5).fill(SCENE_ALL_STEPS_PRICE), COMPILE_PRICE])).toBe(PRICES.video);
  });

  it("adds credit amounts exactly and writes them plainly", () => {
    expect(sumCredits([0.1, 0.2])).toBe(0.3);
    expect(sumCredits([0.07, 0.07, 0.07])).toBe(0.21);
    expect(formatCredits(3.6)).toBe("3.6");
    expect(formatCredits(20)).toBe("20");
    expect(formatCredits(0.07)).toBe("0.07");
    expect(insufficientCreditsMessage(9, 0.5)).toBe("Not enough credits: this costs 9 credits and you have 0.5.");
  });
});

describe("scene ordering", () => {
  it("one rule for every door: the first scene is 1, a new one takes the highest order plus 1", () => {
    expect(nextSceneOrder({ maxOrder: null })).toBe(1);
    expect(nextSceneOrder({ maxOrder: 3 })).toBe(4);
    // Old data numbered from 0 (the management page's former rule) still gets a new number.
    expect(nextSceneOrder({ maxOrder: 0 })).toBe(1);
  });

  it("a position is kept between the first place and just after the last scene", () => {
    expect(clampPosition(0, 3)).toBe(1);
    expect(clampPosition(2, 3)).toBe(2);
    expect(clampPosition(10, 3)).toBe(4);
  });
});

const project: ProjectRow = {
  id: "p1",
  userId: "u1",
  title: "P",
  description: null,
  fullScript: null,
  status: "draft",
  finalVideoUrl: null,
  mainProductImageUrl: "/resources/files/product-photos/a.png",
  aspectRatio: "9:16",
  style: "Product Showcase",
  voiceId: 1,
  backgroundMusicUrl: null,
  analysis: null,
  canvasLayout: null,
  adCopy: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

function scene(overrides: Partial<SceneRow> = {}): SceneRow {
  return {
    id: "s1",
    projectId: "p1",
    title: "One",
    description: null,
    script: "Meet Aurora.",
    voiceOverText: "Meet Aurora.",
    imagePrompt: "a serum bottle on marble",
    customInstruction: null,
    imageUrl: null,
    videoUrl: null,
    productImageUrl: null,
    sourceMediaUrl: null,
    voiceOverUrl: null,
    voiceOverDuration: null,
    backgroundMusicUrl: null,
    sceneOrder: 1,
    duration: null,
    status: "pending",
    progressStep: null,
    errorMessage: null,
    imageRequestId: null,
    ttsRequestId: null,
    videoRequestId: null,
    isTemplate: false,
    templateId: null,
    imageInputsHash: null,
    voiceOverInputsHash: null,
    videoInputsHash: null,
    clipPaidBy: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  };
}

/** A scene whose three files were generated from its inputs as they are now. */
function generated(overrides: Partial<SceneRow> = {}): SceneRow {
  const s = scene({
    imageUrl: "/resources/files/canvas-assets/scenes/s1_image_1.jpg",
    voiceOverUrl: "/resources/files/canvas-assets/scenes/s1_audio_1.wav",
    voiceOverDuration: 2,
    ...overrides,
  });
  s.imageInputsHash = currentInputsHash("image", s, project);
  s.voiceOverInputsHash = currentInputsHash("voice-over", s, project);
  s.videoUrl = "/resources/files/canvas-assets/scenes/s1_video_1.mp4";
  s.videoInputsHash = currentInputsHash("video", s, project);
  return s;
}

describe("staleness", () => {
  it("nothing is stale right after generation", () => {
    const states = sceneAssetStates(generated(), project);
    expect(states).toEqual({
      image: { url: expect.stringContaining("image"), generated: true, stale: false },
      "voice-over": { url: expect.stringContaining("audio"), generated: true, stale: false },
      video: { url: expect.stringContaining("video"), generated: true, stale: false },
    });
  });

  it("voice-over text → the voice-over; a new voice too", () => {
    const s = generated();
    expect(isStale("voice-over", { ...s, voiceOverText: "Meet Aurora today." }, project)).toBe(true);
    expect(isStale("image", { ...s, voiceOverText: "Meet Aurora today." }, project)).toBe(false);
    expect(isStale("voice-over", s, { ...project, voiceId: 2 })).toBe(true);
    // Spaces around the text say nothing new.
    expect(isStale("voice-over", { ...s, voiceOverText: " Meet Aurora. " }, project)).toBe(false);
  });

  it("image prompt → the image → the video; a new product image or style → the image", () => {
    const s = generated();
    expect(isStale("image", { ...s, imagePrompt: "a serum bottle on sand" }, project)).toBe(true);
    expect(isStale("image", s, { ...project, mainProductImageUrl: "/resources/files/product-photos/b.png" })).toBe(true);
    expect(isStale("image", s, { ...project, style: "Luxury" })).toBe(true);
    // The video was made from the image file: a new image (generated or uploaded) makes it stale.
    expect(isStale("video", { ...s, imageUrl: "/resources/files/canvas-assets/scenes/s1_image_2.jpg" }, project)).toBe(true);
    // A voice-over of another length changes the clip's length: the video is stale too.
    expect(isStale("video", { ...s, voiceOverDuration: 3.4 }, project)).toBe(true);
  });

  it("a remembered hash is the hash itself, before and after the remembered ones are forgotten", () => {
    const inputs = { text: "Meet Aurora.", voice: 1 };
    const sha = createHash("sha256").update('[["text","Meet Aurora."],["voice",1]]').digest("hex").slice(0, 32);
    expect(hashInputs(inputs)).toBe(sha);
    expect(hashInputs({ voice: 1, text: "Meet Aurora." })).toBe(sha);
    expect(hashInputs({ ...inputs, text: "Meet Aurora!" })).not.toBe(sha);
    // Long prompts fill what is remembered (a million characters) and it starts again.
    for (let i = 0; i < 250; i++) hashInputs({ prompt: `${i} ${"x".repeat(5000)}` });
    expect(hashInputs(inputs)).toBe(sha);
  });

  it("an uploaded file (no recorded inputs) is never stale itself", () => {
    const s = scene({ imageUrl: "/resources/files/canvas-assets/scenes/s1_image_9.png" });
    expect(sceneAssetStates({ ...s, imagePrompt: "something else" }, project).image).toEqual({ url: s.imageUrl, generated: false, stale: false });
  });
});

describe("which steps a request runs", () => {
  const steps = (plan: { steps: { step: string }[] }) => plan.steps.map((p) => p.step);

  it("all steps of a new scene, priced", () => {
    const plan = planSceneSteps(scene({ imagePrompt: null, voiceOverText: null }), project, "all");
    expect(steps(plan)).toEqual(["image prompt", "image", "script", "voice-over", "video"]);
    expect(plan.credits).toBe(3.6);
    expect(plan.blocked).toBeNull();
  });

  it("only what an edit made stale, with what depends on it", () => {
    const s = generated();
    expect(steps(planSceneSteps(s, project, "all"))).toEqual([]);
    expect(steps(planSceneSteps({ ...s, voiceOverText: "New words." }, project, "all"))).toEqual(["voice-over", "video"]);
    expect(steps(planSceneSteps({ ...s, imagePrompt: "a new prompt" }, project, "all"))).toEqual(["image", "video"]);
    expect(steps(planSceneSteps(s, project, "all", true))).toEqual(["image prompt", "image", "script", "voice-over", "video"]);
  });

  it("a clip its story paid for costs its owner nothing until a clip is made; anyone else pays (ADR 383)", () => {
    const owed = { ...generated(), videoUrl: null, videoInputsHash: null, clipPaidBy: "story:7" };
    const video = (s: SceneRow, payer: string | null, regenerate = false) => planSceneSteps(s, project, "video", regenerate, payer).steps;
    expect(video(owed, "u1")).toEqual([{ step: "video", credits: 0 }]);
    expect(video(owed, "u1", true)).toEqual([{ step: "video", credits: 0 }]);
    expect(planSceneSteps({ ...owed, imagePrompt: "new" }, project, "all", false, "u1").steps).toEqual([
      { step: "image", credits: 1 },
      { step: "video", credits: 0 },
    ]);
    expect(video(owed, "admin")).toEqual([{ step: "video", credits: 2 }]);
    expect(video(owed, null)).toEqual([{ step: "video", credits: 2 }]);
    expect(video({ ...owed, clipPaidBy: null }, "u1")).toEqual([{ step: "video", credits: 2 }]);
    expect(video({ ...owed, videoUrl: "/resources/files/canvas-assets/scenes/s1_video_1.mp4" }, "u1", true)).toEqual([{ step: "video", credits: 2 }]);
  });

  it("one step: when missing, stale or asked to regenerate", () => {
    const s = generated();
    expect(steps(planSceneSteps(s, project, "image"))).toEqual([]);
    expect(steps(planSceneSteps(s, project, "image", true))).toEqual(["image"]);
    expect(steps(planSceneSteps({ ...s, imagePrompt: "new" }, project, "image"))).toEqual(["image"]);
  });

  it("the product's rules stop a request before anything runs", () => {
    expect(planSceneSteps(scene(), project, "video").blocked).toEqual({ step: "video", reason: "The scene has no image yet" });
    expect(planSceneSteps(scene(), { ...project, mainProductImageUrl: null }, "image").blocked).toEqual({
      step: "image",
      reason: "Upload a product image first to generate scene variations.",
    });
    expect(planSceneSteps(scene({ imagePrompt: null }), project, "image").blocked).toEqual({ step: "image", reason: "The scene has no image prompt" });
    expect(planSceneSteps(scene({ voiceOverText: null }), project, "voice-over").blocked).toEqual({
      step: "voice-over",
      reason: "The scene has no voice-over text",
    });
    // All steps: the prompt and the image are made first, so only the product image can stop it.
    expect(planSceneSteps(scene({ imagePrompt: null }), project, "all").blocked).toBeNull();
    expect(planSceneSteps(scene(), { ...project, mainProductImageUrl: null }, "all").blocked?.step).toBe("image");
  });
});
