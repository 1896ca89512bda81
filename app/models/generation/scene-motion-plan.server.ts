// Create Video is Ready before its scene clips (docs/decisions/380-ready-before-the-scene-clips.md).
// The compile's render draws a local motion clip's beats from the scene's still (ADR 360), and the
// beats are planned without drawing anything (motion/local.server.ts localMotionPlanFor), so the
// scene's motion is planned here, before the compile, exactly as the video step will ask for it:
// the beats, the Style's transition, and a parallax shot's layers stored as the scene's files. The
// compile draws from this plan; the clips the editors show are made after the video is Ready, and
// record the same beats.
import type { Actor } from "~/models/access/actor.server";
import { getProjectWithScenes } from "~/models/projects/project.server";
import { localMotionPlanFor } from "~/providers/motion/local.server";
import { motionProvider, renderProvider } from "~/providers/registry.server";
import { sceneMotionRequest, type SceneAssetOptions } from "./scene-assets.server";
import { sceneMotionOf, type SceneMotion } from "./scene-motion.server";

/** LocalMotionProvider.name: the only motion whose beats are known before its clip. */
const LOCAL_MOTION = "local-motion";

export type PlannedSceneMotions = {
  /** By scene id: the motion the scene's clip will be drawn with, for the compile to draw now. */
  planned: Record<string, SceneMotion>;
  /** The scenes whose clip the compile needs first (the user's own clip, a hosted motion model or renderer, no image yet), in order. */
  unplanned: string[];
};

/**
 * For every scene of a project the actor may work on, in order: the motion its clip will be drawn
 * with (the same request the video step makes with `options`), or the scene listed as unplanned.
 * A scene that already has its clip is planned too (the compile then draws it from this plan).
 */
export async function planSceneMotions(
  actor: Actor,
  projectId: string,
  options: Pick<SceneAssetOptions, "adShots" | "productShotVersion"> = {},
): Promise<PlannedSceneMotions> {
  const project = await getProjectWithScenes(actor, projectId);
  // Only the local renderer draws beats from a still; a hosted one shows the clip, which it then needs first.
  const local = motionProvider().name === LOCAL_MOTION && renderProvider().kind === "local";
  const result: PlannedSceneMotions = { planned: {}, unplanned: [] };
  // The scenes at once: each draws its shot's layers again (sharp, on its own threads), so the plan
  // takes about as long as the slowest scene rather than their sum.
  const motions = await Promise.all(
    project.scenes.map(async (scene) => {
      const asked = local ? await sceneMotionRequest(actor, { projectId: project.id, sceneId: scene.id }, options) : null;
      const plan = asked ? localMotionPlanFor(asked.request) : null;
      return asked && plan ? sceneMotionOf(plan, asked.layers, asked.file) : null;
    }),
  );
  for (const [i, scene] of project.scenes.entries()) {
    const motion = motions[i];
    if (motion) result.planned[scene.id] = motion;
    else result.unplanned.push(scene.id);
  }
  return result;
}
