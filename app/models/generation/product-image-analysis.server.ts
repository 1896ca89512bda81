// analyze_product_image and generate_optimized_prompt (docs/decisions/176-product-image-analysis.md):
// a real local analysis of a product photo the project's owner stored (sharp: size and aspect,
// brightness, dominant colours, plain background, where the subject is), and the scene image
// prompt written from the user's words and that analysis through the planner. A scene is reached
// through its project by its owner or an admin (ADR 130); the image must be a stored image of
// the project's owner (ADR 131). Neither costs credits (ADR 174).
import type { Actor } from "~/models/access/actor.server";
import { checkMediaValue, readMediaBytes } from "~/models/files/media-refs.server";
import { planTask } from "./planner.server";
import { getProject } from "~/models/projects/project.server";
import { findSceneOfProject } from "~/models/projects/scenes.server";
import { analyzeImage, type ImageAnalysis } from "~/providers/image/analyze.server";
import { plannerSchemas, type OptimizedPrompt, type PromptImageFacts } from "~/providers/llm/planner";
import { normalizeText, textLength } from "~/utils/text";

export type { ImageAnalysis };

/** The seed's messages for these two functions (docs/product.md#video-projects). */
export const PRODUCT_IMAGE_MESSAGES = {
  analyzeFailed: "Failed to analyze product image",
  promptFailed: "Failed to generate optimized prompt",
  notAnImage: "The file is not an image the server can read",
  promptTooLong: "The description can be at most 20000 characters",
  badAnalysis: "The image analysis is not one this server made",
} as const;

/** Bad input for these functions (not an image, a malformed analysis). Doors answer 400. */
export class ProductImageError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "ProductImageError";
  }
}

export type ProductImageAnalysis = { sceneId: string; imageUrl: string; analysis: ImageAnalysis };

/**
 * Analyses `imageRef` (a stored image of the project's owner: "bucket/key" or its file URL) for
 * a scene of the project. NotFoundError for a scene the actor may not reach; MediaRefError for an
 * image that is not the owner's; ProductImageError when the bytes are not a readable image.
 */
export async function analyzeProductImage(actor: Actor, projectId: string, sceneId: string, imageRef: string): Promise<ProductImageAnalysis> {
  const project = await getProject(actor, projectId);
  const scene = await findSceneOfProject(actor, project.id, sceneId);
  const imageUrl = await checkMediaValue("imageRef", "image", imageRef, project.userId);
  if (!imageUrl) throw new ProductImageError(PRODUCT_IMAGE_MESSAGES.notAnImage);
  const bytes = await readMediaBytes(imageUrl, "product image", project.userId);
  try {
    return { sceneId: scene.id, imageUrl, analysis: await analyzeImage(bytes) };
  } catch {
    throw new ProductImageError(PRODUCT_IMAGE_MESSAGES.notAnImage);
  }
}

const imageFacts = plannerSchemas.optimized_image_prompt.input.shape.imageAnalysis;

/**
 * The image prompt for a scene from the user's words and a product image analysis (the one
 * analyzeProductImage returned; its colour, light, background and subject facts are used). Empty
 * words fall back on the scene's own text. Nothing is written: the caller saves it (the
 * automated scene creation does, as the scene's image prompt).
 */
export async function generateOptimizedPrompt(
  actor: Actor,
  projectId: string,
  sceneId: string,
  userPrompt: string,
  imageAnalysis: unknown,
): Promise<OptimizedPrompt & { sceneId: string }> {
  const project = await getProject(actor, projectId);
  const scene = await findSceneOfProject(actor, project.id, sceneId);
  const words = typeof userPrompt === "string" ? normalizeText(userPrompt, { keepJoiners: true }) : "";
  if (textLength(words) > 20_000) throw new ProductImageError(PRODUCT_IMAGE_MESSAGES.promptTooLong);
  const facts = imageFacts.safeParse(imageAnalysis ?? null);
  if (!facts.success) throw new ProductImageError(PRODUCT_IMAGE_MESSAGES.badAnalysis);
  const sceneText = [scene.description, scene.script, scene.voiceOverText, scene.title].find((t) => t?.trim()) ?? null;
  const result = (await planTask("optimized_image_prompt", {
    userPrompt: words,
    sceneText,
    product: project.title,
    style: project.style,
    aspectRatio: project.aspectRatio,
    imageAnalysis: (facts.data ?? null) as PromptImageFacts | null,
  })) as OptimizedPrompt;
  return { ...result, sceneId: scene.id };
}
