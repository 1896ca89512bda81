// enhance_scene_descriptions and suggest_scene_improvements (docs/product.md#video-projects,
// docs/decisions/174-project-analysis-functions.md): the planner's work on one scene, reached
// through its project by its owner or an admin (ADR 130). Neither costs credits.
// - enhanceSceneDescription proposes an enhanced description beside the current one and writes
//   nothing; applyEnhancedDescription saves it when the user accepts (an edit like any other:
//   through editScene, so staleness and the live hint follow) — ADR 257;
// - suggestSceneImprovements only reads: each suggestion names the field and, where the planner
//   can write one, a replacement the user may save.
import type { Actor } from "~/models/access/actor.server";
import { planTask } from "~/models/generation/planner.server";
import { getProjectWithScenes } from "./project.server";
import { editScene, findSceneOfProject } from "./scenes.server";
import type { SceneSuggestions } from "~/providers/llm/planner";

export class SceneEnhancementError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "SceneEnhancementError";
  }
}

export const ENHANCE_MESSAGES = {
  noText: "The scene has no name, description or script to enhance",
  proposed: "Here is a proposed description. Use it, or keep yours: nothing has changed yet.",
  applied: "Scene description updated.",
} as const;

export type EnhancedScene = { sceneId: string; description: string; previous: string | null; basedOn: string[]; saved: false };

/**
 * Proposes an enhanced description for the scene; nothing is written (ADR 257): the user keeps
 * the original or accepts the proposal (applyEnhancedDescription, or update_scene over MCP).
 * NotFoundError for a scene the actor may not reach.
 */
export async function enhanceSceneDescription(actor: Actor, projectId: string, sceneId: string): Promise<EnhancedScene> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  const project = await getProjectWithScenes(actor, projectId);
  const { description, basedOn } = await planTask("enhance_scene_description", { scene, style: project.style });
  if (!description.trim()) throw new SceneEnhancementError(ENHANCE_MESSAGES.noText);
  return { sceneId: scene.id, description: description.trim(), previous: scene.description, basedOn, saved: false };
}

/** The user accepts a proposed description: saved like any edit (staleness and the live hint follow). */
export async function applyEnhancedDescription(actor: Actor, projectId: string, sceneId: string, description: string) {
  if (typeof description !== "string" || !description.trim()) throw new SceneEnhancementError(ENHANCE_MESSAGES.noText);
  return editScene(actor, projectId, sceneId, { description });
}

/** Concrete suggestions for one scene. NotFoundError for a scene the actor may not reach. */
export async function suggestSceneImprovements(actor: Actor, projectId: string, sceneId: string): Promise<SceneSuggestions> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  const project = await getProjectWithScenes(actor, projectId);
  return (await planTask("suggest_improvements", { scene, project, product: project.title, style: project.style })) as SceneSuggestions;
}
