// The two compile steps the agent functions expose (docs/product.md#assistant):
// prepare_scenes_for_compilation (start the missing or stale assets of every scene that is not
// ready, each charged at its step price like the editors' Generate Assets; a scene whose steps
// are already paid for and under way is left to finish, charged nothing again: ADR 251) and
// generate_video_config (the render configuration a compile of the project would use, without
// the server's file paths). Owner or admin; other users' ids are not found (ADR 130).
import type { Actor } from "~/models/access/actor.server";
import { buildRenderRequest } from "./compile-render.server";
import { getProjectWithScenes } from "~/models/projects/project.server";
import { SCENE_ASSET_STEPS } from "~/models/generation/scene-asset-steps";
import { isSceneReadyToCompile, requestSceneGeneration } from "~/models/generation/scene-generation.server";
import { openSceneStepCharges } from "~/models/billing";
import type { RenderFormat } from "~/providers/render/types";

export type PreparedScene =
  | { sceneId: string; status: "ready" }
  | { sceneId: string; status: "started"; steps: string[]; credits: number }
  | { sceneId: string; status: "in_progress"; steps: string[]; credits: 0; message: string }
  | { sceneId: string; status: "blocked"; message: string };

/** The answer for a scene whose paid steps are still being made. */
export const PREPARATION_IN_PROGRESS =
  "Its assets are being generated and are already paid for; nothing was charged again. Call again when they are done to start anything still missing.";

/**
 * Starts the asset generation of each scene that a compile would have to prepare. Nothing is
 * charged for scenes that are ready, nor for a scene with paid steps still under way (a second
 * call while the first one's work runs): those are reported in progress, and a call after they
 * end starts only what is still missing. A scene a rule stops (no product image ...) says why.
 */
export async function prepareScenesForCompilation(actor: Actor, projectId: string): Promise<{ projectId: string; scenes: PreparedScene[]; credits: number }> {
  const project = await getProjectWithScenes(actor, projectId);
  const scenes: PreparedScene[] = [];
  let credits = 0;
  const underWay = await openSceneStepCharges(project.id);
  for (const scene of project.scenes) {
    if (isSceneReadyToCompile(scene, project)) {
      scenes.push({ sceneId: scene.id, status: "ready" });
      continue;
    }
    // Paid and not finished: the workflow making it settles or refunds it; charging now would
    // pay twice for the same step (and race it for the scene's files).
    const running = SCENE_ASSET_STEPS.filter((step) => underWay.some((c) => c.sceneId === scene.id && c.item === step));
    if (running.length) {
      scenes.push({ sceneId: scene.id, status: "in_progress", steps: running, credits: 0, message: PREPARATION_IN_PROGRESS });
      continue;
    }
    const result = await requestSceneGeneration(actor, { projectId: project.id, sceneId: scene.id, step: "all" });
    if (result.ok) {
      credits = Math.round((credits + result.credits) * 100) / 100;
      scenes.push({ sceneId: scene.id, status: "started", steps: result.steps, credits: result.credits });
    } else if (result.code === "nothing_to_do") {
      scenes.push({ sceneId: scene.id, status: "ready" });
    } else {
      scenes.push({ sceneId: scene.id, status: "blocked", message: result.message });
    }
  }
  return { projectId: project.id, scenes, credits };
}

export type VideoConfiguration = {
  projectId: string;
  outputFormat: RenderFormat;
  aspectRatio: string;
  captions: boolean;
  backgroundMusic: boolean;
  scenes: { sceneId: string; visual: "clip" | "image"; voiceOver: boolean; caption: string | null; durationSec: number | null }[];
};

/**
 * The configuration the renderer would get for this project in this format (CompileInputError
 * when a scene has no image or video yet). Reads only.
 */
export async function generateVideoConfiguration(actor: Actor, projectId: string, outputFormat: RenderFormat): Promise<VideoConfiguration> {
  const request = await buildRenderRequest(actor, projectId, outputFormat);
  return {
    projectId,
    outputFormat: request.format,
    aspectRatio: request.aspectRatio ?? "9:16",
    captions: request.captions !== false,
    backgroundMusic: Boolean(request.music),
    scenes: request.scenes.map((s) => ({
      sceneId: s.id ?? "",
      visual: s.visual.kind === "clip" ? "clip" : "image",
      voiceOver: Boolean(s.voiceOver),
      caption: s.captionText ?? null,
      durationSec: s.durationSec ?? null,
    })),
  };
}
