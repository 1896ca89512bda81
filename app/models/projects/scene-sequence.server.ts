// optimize_scene_sequence (docs/decisions/175-scene-sequence-proposals.md): the planner proposes
// a play order for the project's scenes (the ad's arc: hook, problem, product, benefits, proof,
// call to action) and the user confirms it; applying it goes through the scenes core
// (reorderScenes: every scene exactly once, numbered by the project's own ordering rule).
// Owner or admin (ADR 130); neither costs credits.
import type { Actor } from "~/models/access/actor.server";
import { planTask } from "~/models/generation/planner.server";
import { getProjectWithScenes } from "./project.server";
import { reorderScenes, type SceneRow } from "./scenes.server";
import type { SceneSequence } from "~/providers/llm/planner";

export type SequenceProposal = SceneSequence & {
  projectId: string;
  /** The scene ids in the proposed order: what applySceneSequence takes to confirm it. */
  proposedOrder: string[];
};

/** A proposed play order for the project's scenes; nothing is changed. NotFoundError for a project the actor may not see. */
export async function optimizeSceneSequence(actor: Actor, projectId: string): Promise<SequenceProposal> {
  const project = await getProjectWithScenes(actor, projectId);
  const sequence = (await planTask("optimize_scene_sequence", { scenes: project.scenes, product: project.title })) as SceneSequence;
  // A model's answer must still be a permutation of the scenes; otherwise keep the current order.
  const ids = project.scenes.map((s) => s.id);
  const proposed = sequence.scenes.map((s) => s.sceneId);
  const valid = proposed.length === ids.length && new Set(proposed).size === ids.length && proposed.every((id) => ids.includes(id));
  if (!valid) {
    return { projectId: project.id, proposedOrder: ids, scenes: [], changed: false, summary: "No valid order was proposed; the scenes keep their order." };
  }
  return { ...sequence, projectId: project.id, proposedOrder: proposed };
}

/**
 * Confirms a proposal: the scenes take the order of `sceneIds`. SceneOrderConflictError (409)
 * when the list is not exactly the project's scenes now (one was added or removed since).
 */
export async function applySceneSequence(actor: Actor, projectId: string, sceneIds: readonly string[]): Promise<SceneRow[]> {
  return reorderScenes(actor, projectId, sceneIds);
}
