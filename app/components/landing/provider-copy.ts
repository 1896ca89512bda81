// Copy that depends on which steps an AI model serves (docs/product.md#landing-page, ADR 135):
// a step is called "AI" or "a model" only when a model does it now; with the offline defaults
// the built-in tools are described as what they are.
import type { IconName } from "~/components/ui/Icon";
import { modelSteps, PRODUCTION_STEPS, type ModelUse, type ProductionStep } from "~/providers/model-use";

export type StepCopy = { step: ProductionStep; kind: string; text: string; icon: IconName; model: boolean };

const ICONS: Record<ProductionStep, IconName> = { planning: "chat", voice: "mic", image: "sparkles", motion: "film", music: "music" };

const WITH_MODEL: Record<ProductionStep, { kind: string; text: string }> = {
  planning: { kind: "A chat model", text: "Splits your script into scenes and writes the image prompt and spoken text for each one." },
  voice: { kind: "A voice model", text: "Reads your script aloud in the voice you choose." },
  image: { kind: "An image generation model", text: "Creates a product shot for every scene from your product image." },
  motion: { kind: "A video generation model", text: "Brings each scene's image to life as motion video." },
  music: { kind: "A music generation model", text: "Composes a background track in the mood of your style, unless you upload your own." },
};

const BUILT_IN: Record<ProductionStep, { kind: string; text: string }> = {
  planning: {
    kind: "A built-in planner",
    text: "Splits your script into scenes by sentences and speaking time, and writes the image prompt and spoken text for each one.",
  },
  voice: { kind: "Speech synthesis", text: "Reads your script aloud in the voice you choose, with an offline text-to-speech engine." },
  image: { kind: "A product-shot compositor", text: "Cuts out your product and sets it on a styled background with a headline, for every scene." },
  motion: { kind: "Camera moves", text: "Gives each scene's picture a slow zoom or pan, so the video never stands still." },
  music: { kind: "A music composer", text: "Writes a royalty-free background track in the mood of your style, unless you upload your own." },
};

/** One "Powered by" entry per step, describing the provider that serves it now. */
export function poweredBy(use: ModelUse): StepCopy[] {
  return PRODUCTION_STEPS.map((step) => ({ step, ...(use[step] ? WITH_MODEL[step] : BUILT_IN[step]), icon: ICONS[step], model: use[step] }));
}

export function poweredByIntro(use: ModelUse): string {
  const n = modelSteps(use).length;
  if (n === 0) return "Every step runs on our own servers with built-in tools; no AI model is involved.";
  if (n === PRODUCTION_STEPS.length) return "AI models do every step of your video.";
  return `AI models do ${n} of these ${PRODUCTION_STEPS.length} steps; the others run on our own servers with built-in tools.`;
}

/** The voice and the motion are what people mean by an "AI video": only then is it called one. */
export function isAiVideo(use: ModelUse): boolean {
  return use.voice && use.motion;
}

export function heroBadge(use: ModelUse): string {
  return isAiVideo(use) ? "AI UGC video ads for brands and creators" : "UGC-style video ads for brands and creators";
}

export function landingTitle(use: ModelUse): string {
  return isAiVideo(use) ? "Reelforge — AI video ads from a script" : "Reelforge — video ads from a script";
}

const PROCESSING: Record<ProductionStep, { model: string; builtIn: string }> = {
  planning: {
    model: "Planning scenes and writing prompts and spoken text: an AI chat model.",
    builtIn: "Planning scenes and writing prompts and spoken text: a built-in planner (text rules, no AI model).",
  },
  voice: { model: "Reading your script aloud: an AI voice model.", builtIn: "Reading your script aloud: an offline speech synthesizer." },
  image: {
    model: "Product shots for each scene: an AI image generation model.",
    builtIn: "Product shots for each scene: an image compositor that cuts out and places your product.",
  },
  motion: { model: "Animating scene images: an AI video generation model.", builtIn: "Animating scene images: zoom and pan camera moves." },
  music: { model: "Background music: an AI music generation model.", builtIn: "Background music: a built-in composer (or the track you upload)." },
};

/** The privacy policy's list of how each step processes your content. */
export function processingSteps(use: ModelUse): string[] {
  return PRODUCTION_STEPS.map((step) => (use[step] ? PROCESSING[step].model : PROCESSING[step].builtIn));
}

export function usesAnyModel(use: ModelUse): boolean {
  return modelSteps(use).length > 0;
}

const STEP_NAMES: Record<ProductionStep, string> = {
  planning: "planning",
  voice: "voice-over",
  image: "product images",
  motion: "image to video",
  music: "background music",
};

/** One sentence for /status: which steps, if any, use AI models. */
export function modelSummary(use: ModelUse): string {
  const steps = modelSteps(use);
  if (steps.length === 0) return "No AI model is in use: every step of making a video runs on this server with built-in tools.";
  return `AI models serve: ${steps.map((s) => STEP_NAMES[s]).join(", ")}.`;
}
