// The user's own clip as a scene's video (docs/decisions/315-own-photos-and-clips.md): trimmed
// to the scene's length, scaled to cover the frame and centre-cropped (never stretched, never
// letter-boxed), its own sound dropped (the voice-over and the music bed are the ad's sound).
// A clip shorter than its beat is slowed down (at most SLOWEST times) and, when that is not
// enough, its last frame is held: never a black tail. Also a still of the clip, the scene's picture.
import { rm } from "node:fs/promises";
import sharp from "sharp";
import { demuxerOf, inputArgs, probeMedia, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { ProviderError, type CallOptions, type Size } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { MOTION_FPS } from "./local.server";

/** A clip is slowed down at most this much (beyond it the motion looks broken); then its last frame is held. */
export const SLOWEST = 2;

/** How a clip of `sourceSec` fills `targetSec`: the slow-down factor (≥ 1) and the seconds its last frame is held. */
export function clipTiming(sourceSec: number, targetSec: number): { stretch: number; holdSec: number } {
  if (!(sourceSec > 0) || sourceSec >= targetSec) return { stretch: 1, holdSec: 0 };
  const stretch = Math.min(SLOWEST, targetSec / sourceSec);
  return { stretch, holdSec: Math.max(0, targetSec - sourceSec * stretch) };
}

/** The filter that makes the clip the frame's size: cover, centre crop, square pixels. */
export function coverFilter(size: Size): string {
  return `scale=${size.width}:${size.height}:force_original_aspect_ratio=increase,crop=${size.width}:${size.height},setsar=1`;
}

export type FitClipResult = { path: string; durationSec: number; width: number; height: number; stretch: number; holdSec: number };

/** Makes the scene's video from a clip file: `durationSec` long, `size`, no audio, H.264 in mp4. */
export async function fitClip(clip: string, request: { durationSec: number; size: Size }, options: CallOptions = {}): Promise<FitClipResult> {
  const { durationSec, size } = request;
  const format = await demuxerOf(clip).catch((error: unknown) => {
    throw new ProviderError("own-clip", "bad_input", `The clip cannot be read: ${(error as Error).message}`, { cause: error });
  });
  const info = await probeMedia(clip, { format, signal: options.signal });
  const { stretch, holdSec } = clipTiming(info.durationSec, durationSec);
  const filters = [
    ...(stretch > 1 ? [`setpts=${stretch.toFixed(4)}*PTS`] : []),
    coverFilter(size),
    `fps=${MOTION_FPS}`,
    ...(holdSec > 0 ? [`tpad=stop_mode=clone:stop_duration=${(holdSec + 0.5).toFixed(3)}`] : []),
    "format=yuv420p",
  ];
  const frames = Math.max(1, Math.round(durationSec * MOTION_FPS));
  const out = await newWorkFile(workRoot(), "motion", "mp4");
  try {
    await runFfmpeg(
      [
        ...inputArgs(clip, format),
        "-map",
        "0:v:0",
        "-vf",
        filters.join(","),
        "-frames:v",
        String(frames),
        "-an",
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-crf",
        "20",
        "-pix_fmt",
        "yuv420p",
        "-r",
        String(MOTION_FPS),
        "-movflags",
        "+faststart",
        out,
      ],
      { signal: options.signal, durationSec },
    );
    const made = await probeMedia(out, { format: "mov" });
    return { path: out, durationSec: made.durationSec, width: size.width, height: size.height, stretch, holdSec };
  } catch (error) {
    await rm(out, { force: true });
    throw error;
  }
}

/** A still of the clip (a third of the way in), covering `size`, as a JPEG: the scene's picture. */
export async function clipStill(clip: string, size: Size, options: CallOptions = {}): Promise<Buffer> {
  const format = await demuxerOf(clip);
  const info = await probeMedia(clip, { format, signal: options.signal });
  const out = await newWorkFile(workRoot(), "motion", "png");
  try {
    const at = Math.max(0, Math.min(info.durationSec / 3, info.durationSec - 0.1));
    await runFfmpeg([...inputArgs(clip, format, ["-ss", at.toFixed(3)]), "-map", "0:v:0", "-frames:v", "1", "-vf", coverFilter(size), out], {
      signal: options.signal,
    });
    return await sharp(out).jpeg({ quality: 90 }).toBuffer();
  } finally {
    await rm(out, { force: true });
  }
}
