// The two compile steps the agent functions expose (docs/product.md#assistant):
// prepare_scenes_for_compilation (start the missing or stale assets of every scene that is not
// ready, each charged at its step price like the editors' Generate Assets) and
// generate_video_config (the render configuration a compile of the project would use, without
// the server's file paths). Owner or admin; other users' ids are not found (ADR 130).
import type { Actor } from "~/models/actor.server";
import { buildRenderRequest } from "~/models/compile-render.server";
import { getProjectWithScenes } from "~/models/project.server";
import { isSceneReadyToCompile, requestSceneGeneration } from "~/models/scene-generation.server";
import type { RenderFormat } from "~/providers/render/types";

export type PreparedScene =
  | { sceneId: string; status: "ready" }
  | { sceneId: string; status: "started"; steps: string[]; credits: number }
  | { sceneId: string; status: "blocked"; message: string };

/**
 * Starts the asset generation of each scene that a compile would have to prepare. Nothing is
 * charged for scenes that are ready; a scene a rule stops (no product image ...) says why.
 */
export async function prepareScenesForCompilation(actor: Actor, projectId: string): Promise<{ projectId: string; scenes: PreparedScene[]; credits: number }> {
  const project = await getProjectWithScenes(actor, projectId);
  const scenes: PreparedScene[] = [];
  let credits = 0;
  for (const scene of project.scenes) {
    if (isSceneReadyToCompile(scene, project)) {
      scenes.push({ sceneId: scene.id, status: "ready" });
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
