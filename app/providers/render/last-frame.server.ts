// The soft cut into a scene (ADR 207) starts from the previous scene's last shown frame. When
// that scene's picture is drawn from its still and beats (ADR 360), the frame is drawn the same
// way here, from the still, instead of being decoded from the scene's motion clip: the render
// then needs no clip at all, so Create Video is Ready before the clips are made
// (docs/decisions/380-ready-before-the-scene-clips.md), and a later compile that has the clips
// draws the very same frame (same segment, from the cache).
import { rm } from "node:fs/promises";
import path from "node:path";
import { hashFile } from "~/providers/media/workdir.server";
import { runFfmpeg } from "~/providers/media/ffmpeg.server";
import type { Size } from "~/providers/media/types";
import { beatFrameFilters, pictureInputs, preparePicture, type PreparedPicture } from "~/providers/motion/zoompan.server";
import type { PictureLayers } from "~/providers/motion/types";
import { beatLengths, shownBeats } from "./segment.server";
import type { RenderVisual } from "./types";

/** A scene's picture drawn from its still and beats (the renderer's drawn visual). */
export type DrawnPicture = Extract<RenderVisual, { kind: "image" }> & { beats: NonNullable<Extract<RenderVisual, { kind: "image" }>["beats"]> };

export function isDrawnPicture(visual: RenderVisual): visual is DrawnPicture {
  return visual.kind === "image" && Boolean(visual.beats?.list.length);
}

/** What the last frame of a drawn scene of `frames` frames depends on: its still, layers and beats (for the next segment's hash). */
export async function lastFrameKey(picture: DrawnPicture, frames: number): Promise<unknown> {
  return {
    still: await hashFile(picture.path),
    layers: picture.layers ? await Promise.all(layerFiles(picture.layers).map((f) => hashFile(f))) : null,
    beats: picture.beats,
    frames,
  };
}

/**
 * Draws frame `frames - 1` of a drawn scene (as its segment draws it: the shown beats, each over
 * its length, the text layer unmoved over them) into `out` (PNG). Only that frame is drawn: the
 * beat it falls in, at its own point of the move. `prepared`: the picture as the scene's segment
 * prepared it (else it is prepared here, in `workDir`).
 */
export async function drawLastFrame(
  picture: DrawnPicture,
  o: { frames: number; size: Size; fps: number; workDir: string; out: string; prepared?: PreparedPicture; signal?: AbortSignal },
): Promise<void> {
  const { frames, size, fps } = o;
  const beats = shownBeats(picture.beats.list, frames, fps);
  const lengths = beatLengths(beats, frames, fps);
  // The segment joins the beats end to end and stops after `frames` frames: find the beat its last frame is in.
  let index = 0;
  let start = 0;
  while (index < beats.length - 1 && start + lengths[index] <= frames - 1) start += lengths[index++];
  const base = path.join(o.workDir, path.basename(o.out));
  const files = { background: `${base}-still.jpg`, foreground: `${base}-layer.png`, text: `${base}-text.png` };
  try {
    const prepared = o.prepared ?? (await preparePicture({ image: picture.path, ...(picture.layers ? { layers: picture.layers } : {}) }, size, files));
    const inputs = pictureInputs(prepared);
    const graph = beatFrameFilters(inputs.labels, beats, lengths, index, frames - 1 - start, size, fps, picture.beats.transition, "v");
    await runFfmpeg([...inputs.args, "-filter_complex", graph.join(";"), "-map", "[v]", "-frames:v", "1", "-f", "image2", "-c:v", "png", o.out], {
      signal: o.signal,
    });
  } finally {
    if (!o.prepared) await Promise.all(Object.values(files).map((f) => rm(f, { force: true })));
  }
}

/** The files of a picture's layers: the background plate, and the product and text layers where it has them. */
export function layerFiles(layers: PictureLayers | undefined): string[] {
  return layers ? [layers.background, layers.foreground, layers.text].filter((f): f is string => typeof f === "string") : [];
}
