// A scene's background music (docs/product.md#canvas-editor, Media Assets): uploaded
// through setSceneMedia("backgroundMusic"), or composed here by the music provider for the
// scene's length and the project's mood, stored as the scene's audio (canvas-assets
// scenes/{sceneId}_audio_…, private to the owner). What it is for, what it costs and why it is
// never stale: docs/decisions/170-scene-background-music.md.
//
// Every function takes the acting user; the scene is reached through its project (ADR 130).
import { getProject } from "~/models/projects/project.server";
import { reasonOf } from "./pipeline-errors.server";
import { clipSecondsFor, storeSceneFile } from "./scene-media.server";
import { findSceneOfProject, updateScene, type SceneRow } from "~/models/projects/scenes.server";
import { styleDetails } from "~/models/stories/story-types.server";
import type { Actor } from "~/models/access/actor.server";
import { musicProvider } from "~/providers/registry.server";

/** The longest bed composed for one scene (a scene lasts at most two minutes in the renderer). */
const MAX_SCENE_MUSIC_SECONDS = 120;

export type SceneMusicResult = { ok: true; scene: SceneRow; description: string | null } | { ok: false; message: string };

/**
 * Composes a music bed as long as the scene plays (its voice-over, else its set length, else
 * 5 s) in the mood of the project's style, and makes it the scene's background music (replacing
 * the one it had). A failure of the music provider is an answer, not an error: nothing changes.
 * NotFoundError for a project or scene the actor may not work on.
 */
export async function generateSceneMusic(actor: Actor, projectId: string, sceneId: string): Promise<SceneMusicResult> {
  const project = await getProject(actor, projectId);
  const scene = await findSceneOfProject(actor, project.id, sceneId);
  const { mood } = await styleDetails(project.style);
  const seconds = Math.min(MAX_SCENE_MUSIC_SECONDS, Math.ceil(clipSecondsFor(scene)));
  let stored;
  let description: string | null = null;
  try {
    const music = await musicProvider().generate({ mood: mood ?? project.style ?? undefined, durationSec: seconds, seed: `${scene.id}:${Date.now()}` });
    description = music.description ?? null;
    stored = await storeSceneFile(music.path, {
      sceneId: scene.id,
      ownerId: project.userId,
      kind: "audio",
      name: `music.${music.path.split(".").pop() ?? "wav"}`,
    });
  } catch (error) {
    return { ok: false, message: reasonOf(error) };
  }
  const updated = await updateScene(actor, project.id, scene.id, { backgroundMusicUrl: stored.url });
  return { ok: true, scene: updated, description };
}
