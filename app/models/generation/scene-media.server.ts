// The media of a scene: the sizes its picture and clip are made at, how long its clip must be,
// and storing a generated file as one of its assets (canvas-assets
// scenes/{sceneId}_{kind}_{timestamp}.{ext}, private to the project's owner). See
// docs/decisions/100-scene-asset-generation.md.
import { createReadStream } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import type { ProjectRow, SceneRow } from "~/models/projects/project.server";
import { FULL_SIZES, VIDEO_SIZES, isAspectRatio, sizeWithLongSide, type AspectRatio, type Size } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { sceneDurationFor } from "~/providers/render/local.server";
import { storeFile, type StoredFile } from "~/models/files/stored-files.server";
import { renderLongSide } from "~/utils/tuning.server";

export function aspectOf(project: Pick<ProjectRow, "aspectRatio">): AspectRatio {
  return isAspectRatio(project.aspectRatio) ? project.aspectRatio : "9:16";
}

/** Motion clips: the renderer's size (RENDER_LONG_SIDE, else 720p-class). */
export function videoSizeFor(aspect: AspectRatio): Size {
  const long = renderLongSide();
  return long ? sizeWithLongSide(aspect, long) : VIDEO_SIZES[aspect];
}

/** Scene images: full size (1080p-class), or RENDER_LONG_SIDE when that is smaller. */
export function imageSizeFor(aspect: AspectRatio): Size {
  const long = renderLongSide();
  return long && long < 1920 ? sizeWithLongSide(aspect, long) : FULL_SIZES[aspect];
}

/** How long the scene's clip must be: as long as the renderer will show it. */
export function clipSecondsFor(scene: Pick<SceneRow, "voiceOverDuration" | "duration">): number {
  if (scene.voiceOverDuration && scene.voiceOverDuration > 0) return sceneDurationFor(scene.voiceOverDuration);
  if (scene.duration && scene.duration > 0) return scene.duration;
  return 5;
}

export type SceneFile = { sceneId: string; ownerId: string; kind: "image" | "audio" | "video"; name: string };

/** Stores a work file as a scene asset, then removes the work file. */
export async function storeSceneFile(file: string, opts: SceneFile): Promise<StoredFile> {
  try {
    return await storeFile({
      bucket: "canvas-assets",
      ownerId: opts.ownerId,
      params: { sceneId: opts.sceneId, kind: opts.kind },
      kinds: [opts.kind],
      body: createReadStream(file),
      originalName: opts.name,
    });
  } finally {
    await rm(file, { force: true });
  }
}

/** Stores bytes made in memory (a picture) as a scene asset. */
export async function storeSceneBytes(bytes: Buffer, ext: string, opts: SceneFile): Promise<StoredFile> {
  const file = await newWorkFile(workRoot(), "scene-assets", ext);
  await writeFile(file, bytes);
  return storeSceneFile(file, opts);
}
