// Dividing a project's full script into scenes (the canvas editor's "Divide into Scenes", the
// divide_script tool): the planner's divide_script task (4–8 s scenes at 2.5 spoken words a
// second, "Scene N:" markers respected; docs/product.md#video-pipeline) on the configured chat
// model, then an image prompt for each new scene (image_prompt). The new scenes replace the
// project's scenes (orders 1, 2, ...); the old ones are cleaned up as a deletion would
// (project-removal.server.ts). docs/decisions/152-editor-operations.md.
//
// Dividing is part of writing the project and costs nothing (ADR 150).
import type { Actor } from "~/models/access/actor.server";
import { EDITOR_MESSAGES } from "./editor-rules";
import { planTask } from "~/models/generation/planner.server";
import { cleanUpRemovedScenes } from "./project-removal.server";
import { getProject, ProjectError, updateProject } from "./project.server";
import { versionUrlsOfProject } from "~/models/generation/scene-asset-versions.server";
import { aspectOf } from "~/models/generation/scene-media.server";
import { replaceScenes, updateScene, type SceneRow } from "./scenes.server";

export type ScriptDivision = {
  scenes: SceneRow[];
  /** Image prompts written: for how many of the new scenes out of how many. */
  imagePrompts: { successful: number; processed: number };
  /** The product's messages: "Script divided into scenes", "Generated image prompts for X out of Y scenes". */
  messages: [string, string];
};

/**
 * Divides the project's full script (or `script`, which is saved as the full script first) into
 * scenes that replace the current ones, and writes an image prompt for each. ProjectError
 * "Please write a script first" when there is no script; NotFoundError for another user's
 * project. A failed image prompt leaves that scene without one (counted in the message).
 */
export async function divideProjectScript(actor: Actor, projectId: string, opts: { script?: string | null } = {}): Promise<ScriptDivision> {
  let project = await getProject(actor, projectId);
  if (opts.script !== undefined && opts.script !== null) {
    if (!opts.script.trim()) throw new ProjectError("invalid", EDITOR_MESSAGES.scriptRequired);
    if (opts.script !== project.fullScript) project = await updateProject(actor, project.id, { fullScript: opts.script });
  }
  const script = project.fullScript?.trim();
  if (!script) throw new ProjectError("invalid", EDITOR_MESSAGES.scriptRequired);

  const division = await planTask("divide_script", { script });
  if (division.scenes.length === 0) throw new ProjectError("invalid", EDITOR_MESSAGES.scriptRequired);
  const versions = await versionUrlsOfProject(project.id);
  const { removed, created } = await replaceScenes(
    actor,
    project.id,
    division.scenes.map((s) => ({
      title: s.title,
      script: s.script,
      voiceOverText: s.voiceOverText,
      description: s.description,
      duration: s.estimatedSeconds,
    })),
  );
  if (removed.length > 0) await cleanUpRemovedScenes(project, removed, versions);

  const scenes: SceneRow[] = [];
  let successful = 0;
  for (const scene of created) {
    try {
      const { prompt } = await planTask("image_prompt", {
        sceneText: scene.script?.trim() || scene.voiceOverText?.trim() || scene.title,
        description: scene.description,
        style: project.style,
        aspectRatio: aspectOf(project),
      });
      if (!prompt.trim()) throw new Error("empty prompt");
      scenes.push(await updateScene(actor, project.id, scene.id, { imagePrompt: prompt.trim() }));
      successful++;
    } catch (error) {
      console.error(`[projects] image prompt for scene ${scene.id} failed`, error);
      scenes.push(scene);
    }
  }
  return {
    scenes,
    imagePrompts: { successful, processed: created.length },
    messages: [EDITOR_MESSAGES.scriptDivided, EDITOR_MESSAGES.imagePromptsGenerated(successful, created.length)],
  };
}
