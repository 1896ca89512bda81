// Automated scene creation (docs/product.md#video-projects, docs/decisions/178-automated-scene-creation.md):
// from a product photo and the user's words, in the product's order — upload the image (the
// door stores it), create the scene, analyse the image, write the optimised prompt, then
// generate the image, the script (with its voice-over) and the video on the durable
// scene-assets workflow, and re-read the project. The first four run in the request; the long
// ones are an ordinary scene generation request (charged per step from the one price list,
// refunded once when a step fails), and their progress is read back from the scene itself.
// Owner or admin (ADR 130).
import type { Actor } from "~/models/access/actor.server";
import { insufficientCreditsMessage, priceOf, sumCredits } from "~/models/billing";
import { getBalance } from "~/models/billing/credits.server";
import { checkMediaValue } from "~/models/files/media-refs.server";
import { analyzeProductImage, generateOptimizedPrompt, type ImageAnalysis } from "~/models/generation/product-image-analysis.server";
import { deleteScene } from "./project-removal.server";
import { getProject } from "./project.server";
import type { SceneAssetStep } from "~/models/generation/scene-asset-steps";
import { requestSceneGeneration } from "~/models/generation/scene-generation.server";
import { addScene, countScenes, editScene, findSceneOfProject, updateScene, type SceneRow } from "./scenes.server";
import { titleFromText } from "~/providers/llm/planner";
import { normalizeText, textLength } from "~/utils/text";

/** The product's steps, in order, with the progress line each shows while it runs. */
export const AUTOMATED_SCENE_STEPS = [
  { key: "upload", label: "Uploading product image..." },
  { key: "create", label: "Creating scene..." },
  { key: "analyze", label: "Analyzing product image..." },
  { key: "prompt", label: "Generating optimized prompt..." },
  { key: "image", label: "Generating scene image..." },
  { key: "script", label: "Generating scene script..." },
  { key: "video", label: "Generating scene video..." },
  { key: "fetch", label: "Fetching updated project..." },
] as const;
export type AutomatedStepKey = (typeof AUTOMATED_SCENE_STEPS)[number]["key"];

export const AUTOMATED_SCENE_MESSAGES = {
  imageRequired: "Product image is required",
  created: "Scene created successfully!",
  failed: "Failed to create scene",
  descriptionTooLong: "The description can be at most 20000 characters",
} as const;

/** The asset steps the workflow runs for each generation step of the product (the script's voice-over goes with it). */
const GENERATION_STEPS: Record<"image" | "script" | "video", SceneAssetStep[]> = {
  image: ["image"],
  script: ["script", "voice-over"],
  video: ["video"],
};

/** What one automated scene costs: its image, script, voice-over and video (the prompt is written by the analysis, free). */
export function automatedSceneCost(): number {
  return sumCredits(
    Object.values(GENERATION_STEPS)
      .flat()
      .map((step) => priceOf({ work: "scene_step", step })),
  );
}

export type AutomatedSceneResult =
  | { ok: true; sceneId: string; analysis: ImageAnalysis; optimizedPrompt: string; credits: number; balance: number | null }
  | { ok: false; code: "invalid" | "insufficient_credits" | "failed"; message: string; error: string; status: number };

function failed(code: "invalid" | "insufficient_credits" | "failed", error: string, status: number): AutomatedSceneResult {
  return { ok: false, code, message: AUTOMATED_SCENE_MESSAGES.failed, error, status };
}

/**
 * Creates a scene from a stored product image (`imageRef`, an image of the project's owner) and
 * the user's words, and starts its generation. The price is checked first: without enough
 * credits nothing is made. A failure before the generation starts removes the half-made scene
 * (nothing was charged); a failure of a generation step leaves the scene with its message, its
 * charges for the failed and later steps refunded by the workflow. NotFoundError for a project
 * the actor may not work on; MediaRefError for an image that is not the owner's.
 */
export async function createSceneAutomatically(
  actor: Actor,
  projectId: string,
  input: { imageRef: string | null | undefined; description?: string | null; clientRequestId?: string | null },
): Promise<AutomatedSceneResult> {
  const project = await getProject(actor, projectId);
  if (!input.imageRef) return failed("invalid", AUTOMATED_SCENE_MESSAGES.imageRequired, 400);
  const words = normalizeText(input.description ?? "", { keepJoiners: true });
  if (textLength(words) > 20_000) return failed("invalid", AUTOMATED_SCENE_MESSAGES.descriptionTooLong, 400);
  const imageUrl = await checkMediaValue("image", "image", input.imageRef, project.userId);
  if (!imageUrl) return failed("invalid", AUTOMATED_SCENE_MESSAGES.imageRequired, 400);
  const cost = automatedSceneCost();
  const balance = await getBalance(actor.id);
  if (balance < cost) return failed("insufficient_credits", insufficientCreditsMessage(cost, balance), 402);

  // Create the scene (the management page's order: the current scene count) with its product image.
  const count = await countScenes(actor, project.id);
  const title = (words ? titleFromText(words) : "") || `Scene ${count + 1}`;
  const scene = await addScene(actor, project.id, { title, description: words || null }, { requireTitle: true });
  try {
    await updateScene(actor, project.id, scene.id, { productImageUrl: imageUrl });
    const { analysis } = await analyzeProductImage(actor, project.id, scene.id, imageUrl);
    const { optimizedPrompt } = await generateOptimizedPrompt(actor, project.id, scene.id, words, analysis);
    await editScene(actor, project.id, scene.id, { imagePrompt: optimizedPrompt, ...(words ? {} : { description: analysis.summary }) });
    const generation = await requestSceneGeneration(actor, { projectId: project.id, sceneId: scene.id, step: "all", clientRequestId: input.clientRequestId });
    if (!generation.ok) {
      await deleteScene(actor, project.id, scene.id);
      return failed(
        generation.code === "insufficient_credits" ? "insufficient_credits" : "failed",
        generation.message,
        generation.code === "insufficient_credits" ? 402 : 400,
      );
    }
    return { ok: true, sceneId: scene.id, analysis, optimizedPrompt, credits: generation.credits, balance: generation.balance };
  } catch (error) {
    // Nothing was charged yet: the half-made scene goes.
    await deleteScene(actor, project.id, scene.id).catch(() => undefined);
    throw error;
  }
}

export type StepState = "done" | "running" | "pending" | "failed";

export type AutomatedSceneProgress = {
  sceneId: string;
  status: "running" | "completed" | "failed";
  /** The line the form shows: the running step's, "Scene created successfully!" or "Failed to create scene". */
  message: string;
  error: string | null;
  steps: { key: AutomatedStepKey; label: string; state: StepState }[];
  scene: { title: string; description: string | null; imageUrl: string | null; videoUrl: string | null };
};

function has(value: string | null | undefined): boolean {
  return Boolean(value?.trim());
}

/** Whether an asset step's output exists on the scene. */
function made(scene: SceneRow, step: SceneAssetStep): boolean {
  switch (step) {
    case "image prompt":
      return has(scene.imagePrompt);
    case "image":
      return has(scene.imageUrl);
    case "script":
      return has(scene.script) && has(scene.voiceOverText);
    case "voice-over":
      return has(scene.voiceOverUrl);
    case "video":
      return has(scene.videoUrl);
  }
}

/**
 * Where the automated creation of a scene stands, from the scene itself (the workflow writes its
 * step, its outputs, its completion or the first failure there). NotFoundError for a scene the
 * actor may not reach.
 */
export async function automatedSceneProgress(actor: Actor, projectId: string, sceneId: string): Promise<AutomatedSceneProgress> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  const completed = scene.status === "completed";
  const failedNow = scene.status !== "in_progress" && !completed && has(scene.errorMessage);
  let current: AutomatedStepKey | null = null;
  const steps = AUTOMATED_SCENE_STEPS.map(({ key, label }) => {
    let state: StepState;
    if (key === "upload" || key === "create") state = "done";
    else if (key === "analyze" || key === "prompt") state = has(scene.imagePrompt) ? "done" : "pending";
    else if (key === "fetch") state = completed ? "done" : "pending";
    else {
      const group = GENERATION_STEPS[key];
      if (group.every((s) => made(scene, s))) state = "done";
      else if (failedNow && scene.progressStep && (group as string[]).includes(scene.progressStep)) state = "failed";
      else state = "pending";
    }
    if (state === "pending" && !current && !failedNow) {
      current = key;
      state = "running";
    }
    return { key, label, state };
  });
  const running = steps.find((s) => s.state === "running");
  return {
    sceneId: scene.id,
    status: completed ? "completed" : failedNow ? "failed" : "running",
    message: completed ? AUTOMATED_SCENE_MESSAGES.created : failedNow ? AUTOMATED_SCENE_MESSAGES.failed : (running?.label ?? AUTOMATED_SCENE_STEPS[7].label),
    error: failedNow ? scene.errorMessage : null,
    steps,
    scene: { title: scene.title, description: scene.description, imageUrl: scene.imageUrl, videoUrl: scene.videoUrl },
  };
}
