// enhance_scene_descriptions and suggest_scene_improvements (docs/product.md#video-projects,
// docs/decisions/174-project-analysis-functions.md): the planner's work on one scene, reached
// through its project by its owner or an admin (ADR 130). Neither costs credits.
// - enhanceSceneDescription writes the enhanced description to the scene (an edit like any
//   other: it goes through editScene, so staleness and the live hint follow) and returns the
//   previous one beside it;
// - suggestSceneImprovements only reads: each suggestion names the field and, where the planner
//   can write one, a replacement the user may save.
import type { Actor } from "~/models/actor.server";
import { planTask } from "~/models/planner.server";
import { getProjectWithScenes } from "~/models/project.server";
import { editScene, findSceneOfProject } from "~/models/scenes.server";
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
} as const;

export type EnhancedScene = { sceneId: string; description: string; previous: string | null; basedOn: string[] };

/** Writes an enhanced description on the scene. NotFoundError for a scene the actor may not reach. */
export async function enhanceSceneDescription(actor: Actor, projectId: string, sceneId: string): Promise<EnhancedScene> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  const project = await getProjectWithScenes(actor, projectId);
  const { description, basedOn } = await planTask("enhance_scene_description", { scene, product: project.title, style: project.style });
  if (!description.trim()) throw new SceneEnhancementError(ENHANCE_MESSAGES.noText);
  await editScene(actor, project.id, scene.id, { description });
  return { sceneId: scene.id, description, previous: scene.description, basedOn };
}

/** Concrete suggestions for one scene. NotFoundError for a scene the actor may not reach. */
export async function suggestSceneImprovements(actor: Actor, projectId: string, sceneId: string): Promise<SceneSuggestions> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  const project = await getProjectWithScenes(actor, projectId);
  return (await planTask("suggest_improvements", { scene, project, product: project.title, style: project.style })) as SceneSuggestions;
}
