// A project's music bed: the uploaded track when there is one (the renderer loops or trims it
// to the video), otherwise a bed composed for the style's mood and the video's length, stored
// once (renders bucket, private to the owner) and kept on the project so a re-compile reuses it.
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { NotFoundError, type Actor } from "~/models/access/actor.server";
import { getProjectWithScenes, setBackgroundMusicIfUnset } from "~/models/projects/project.server";
import { clipSecondsFor } from "./scene-media.server";
import { styleDetails } from "~/models/stories/story-types.server";
import { musicProvider } from "~/providers/registry.server";
import { deleteFile, storeFile } from "~/models/files/stored-files.server";

/** How much longer than the planner's estimate a bed composed before the voice-overs is. */
const ESTIMATE_HEADROOM = 1.3;

export async function ensureBackgroundMusic(actor: Actor, projectId: string): Promise<{ url: string; generated: boolean }> {
  const project = await getProjectWithScenes(actor, projectId);
  if (project.backgroundMusicUrl) return { url: project.backgroundMusicUrl, generated: false };
  const seconds = project.scenes.reduce((sum, s) => sum + clipSecondsFor(s), 0);
  // Create Video composes the bed while the scenes are made, before their voice-overs exist:
  // the length is then the planner's estimate, so leave room. The renderer trims the bed to the
  // video and fades it out there; a bed that is too short would have to loop.
  const estimated = project.scenes.some((s) => !(s.voiceOverDuration && s.voiceOverDuration > 0));
  const target = estimated ? seconds * ESTIMATE_HEADROOM + 2 : seconds;
  const { mood } = await styleDetails(project.style);
  const music = await musicProvider().generate({
    mood: mood ?? project.style ?? undefined,
    durationSec: Math.min(600, Math.ceil(target) + 1),
    seed: project.id,
  });
  let stored;
  try {
    stored = await storeFile({
      bucket: "renders",
      ownerId: project.userId,
      params: { prefix: `projects/${project.id}/music` },
      kinds: ["audio"],
      body: createReadStream(music.path),
      originalName: `music.${music.path.split(".").pop() ?? "wav"}`,
    });
  } finally {
    await rm(music.path, { force: true });
  }
  if (await setBackgroundMusicIfUnset(actor, project.id, stored.url)) return { url: stored.url, generated: true };
  // Another attempt set one meanwhile: keep the first, drop ours.
  await deleteFile(stored.bucket, stored.key).catch(() => undefined);
  const fresh = await getProjectWithScenes(actor, projectId);
  if (!fresh.backgroundMusicUrl) throw new NotFoundError("Background music");
  return { url: fresh.backgroundMusicUrl, generated: true };
}
