// What a tool call the assistant is about to make will cost, from the core's price list, and
// whether it removes the user's work (docs/decisions/256-assistant-confirms-paid-work.md): the
// assistant runs a call only when it is free and keeps the user's work; anything else waits for
// the user's confirmation, with its price shown first.
import type { Actor } from "~/models/access";
import { estimateCost } from "~/models/projects";
import { COMPILE_PRICE, PRICES, SCENE_STEP_PRICES, sumCredits } from "~/models/billing";
import type { SceneAssetStep } from "~/models/generation/scene-asset-steps";
import { CANVAS_AGENT_TOOL, type CanvasToolAction } from "~/tools/names";

const STEP_TOOLS: Record<string, SceneAssetStep> = {
  generate_image_prompt: "image prompt",
  generate_scene_image: "image",
  generate_scene_script: "script",
  generate_scene_voiceover: "voice-over",
  generate_scene_video: "video",
};

const CANVAS_STEPS: Partial<Record<CanvasToolAction, SceneAssetStep>> = { generateImagePrompt: "image prompt", generateImage: "image", generateVideo: "video" };

/** Tools that remove or replace the user's scenes: they wait for a confirmation even when free. */
const DESTRUCTIVE: Record<string, string> = {
  delete_scene: "deletes a scene and its files",
  divide_script: "replaces all of the project's scenes",
};

export type CallQuote = { credits: number; destructive: string | null; label: string };

const LABELS: Record<string, string> = {
  generate_image_prompt: "the image prompt",
  generate_scene_image: "the image",
  generate_scene_script: "the script",
  generate_scene_voiceover: "the voice-over",
  generate_scene_video: "the video",
  compile_video: "the compiled video",
  prepare_scenes_for_compilation: "the scenes' missing assets",
  canvas_agent: "a canvas action",
  delete_scene: "deleting the scene",
  divide_script: "dividing the script",
};

async function compileEstimate(actor: Actor, projectId: unknown): Promise<number> {
  if (typeof projectId !== "string" || !projectId) return COMPILE_PRICE;
  try {
    return (await estimateCost(actor, { projectId, work: { kind: "compile" } })).credits;
  } catch {
    // The tool itself will refuse a project the actor cannot reach; the price shown is the compile's own.
    return COMPILE_PRICE;
  }
}

/** The price of one call (an upper bound for a scene step: up-to-date work is not charged). */
export async function quoteCall(actor: Actor, name: string, args: Record<string, unknown>): Promise<CallQuote> {
  const label = LABELS[name] ?? name;
  const destructive = DESTRUCTIVE[name] ?? null;
  const step = STEP_TOOLS[name];
  if (step) return { credits: SCENE_STEP_PRICES[step], destructive, label };
  if (name === "compile_video") return { credits: await compileEstimate(actor, args.projectId), destructive, label };
  if (name === "prepare_scenes_for_compilation")
    return { credits: Math.max(0, sumCredits([await compileEstimate(actor, args.projectId), -COMPILE_PRICE])), destructive, label };
  if (name === CANVAS_AGENT_TOOL) {
    const canvasStep = CANVAS_STEPS[String(args.action) as CanvasToolAction];
    return { credits: sumCredits([PRICES.canvasToolAction, canvasStep ? SCENE_STEP_PRICES[canvasStep] : 0]), destructive, label };
  }
  return { credits: 0, destructive, label };
}

export function needsConfirmation(quote: CallQuote): boolean {
  return quote.credits > 0 || quote.destructive !== null;
}
