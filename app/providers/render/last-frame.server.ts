// The soft cut into a scene (ADR 207) starts from the previous scene's last shown frame. When
// that scene's picture is drawn from its still and beats (ADR 360), the frame is drawn the same
// way here, from the still, instead of being decoded from the scene's motion clip: the render
// then needs no clip at all, so Create Video is Ready before the clips are made
// (docs/decisions/380-ready-before-the-scene-clips.md), and a later compile that has the clips
// draws the very same frame (same segment, from the cache).
import { rm } from "node:fs/promises";
import path from "node:path";
import { hashFile } from "~/providers/media/workdir.server";
import { inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import type { Size } from "~/providers/media/types";
import { beatFilters, prepareLayers, prepareStill, textOverFilters } from "~/providers/motion/zoompan.server";
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
 * its length) into `out` (PNG). Only the beats that frame depends on are drawn: the last shown
 * one, and the one before it when the last is short enough for its fade-in to reach that frame.
 */
export async function drawLastFrame(
  picture: DrawnPicture,
  o: { frames: number; size: Size; fps: number; workDir: string; out: string; signal?: AbortSignal },
): Promise<void> {
  const { frames, size, fps } = o;
  const beats = shownBeats(picture.beats.list, frames, fps);
  const lengths = beatLengths(beats, frames, fps);
  // A transition's fade-in lasts well under a second: a last beat longer than that shows none of it at its end.
  const first = beats.length > 1 && lengths[beats.length - 1] <= fps ? beats.length - 2 : beats.length - 1;
  const before = lengths.slice(0, first).reduce((a, n) => a + n, 0);
  const at = Math.max(0, frames - 1 - before);
  const base = path.join(o.workDir, path.basename(o.out));
  const files = { background: `${base}-still.jpg`, foreground: `${base}-layer.png`, text: `${base}-text.png` };
  try {
    // As the segment draws the picture (segment.server.ts pictureInput): the moved still or layers, the text layer unmoved over them.
    let layers: { foreground?: string; text?: string } = {};
    if (picture.layers) layers = await prepareLayers(picture.layers, size, files);
    else await prepareStill(picture.path, size, files.background);
    let input = 0;
    const layer = layers.foreground ? `${++input}:v` : undefined;
    const text = layers.text ? `${++input}:v` : undefined;
    const graph = [
      ...beatFilters({ still: "0:v", ...(layer ? { layer } : {}) }, beats.slice(first), lengths.slice(first), size, fps, picture.beats.transition, "moved"),
      ...(text ? textOverFilters("moved", text, "drawn") : ["[moved]null[drawn]"]),
    ];
    await runFfmpeg(
      [
        ...inputArgs(files.background, "jpeg_pipe"),
        ...(layers.foreground ? inputArgs(layers.foreground, "png_pipe") : []),
        ...(layers.text ? inputArgs(layers.text, "png_pipe") : []),
        "-filter_complex",
        [...graph, `[drawn]trim=start_frame=${at},setpts=PTS-STARTPTS[v]`].join(";"),
        "-map",
        "[v]",
        "-frames:v",
        "1",
        "-f",
        "image2",
        "-c:v",
        "png",
        o.out,
      ],
      { signal: o.signal },
    );
  } finally {
    await Promise.all(Object.values(files).map((f) => rm(f, { force: true })));
  }
}

/** The files of a picture's layers: the background plate, and the product and text layers where it has them. */
export function layerFiles(layers: PictureLayers | undefined): string[] {
  return layers ? [layers.background, layers.foreground, layers.text].filter((f): f is string => typeof f === "string") : [];
}
