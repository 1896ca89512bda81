// The user's own clip as a scene's video (docs/decisions/315-own-photos-and-clips.md): trimmed
// to the scene's length, scaled to cover the frame and cropped around its subject (sharp's
// attention strategy on a still, centre when it finds none; never stretched, never
// letter-boxed), its own sound dropped (the voice-over and the music bed are the ad's sound).
// A clip shorter than its beat is slowed down (at most SLOWEST times) and, when that is not
// enough, its last frame is held: never a black tail. Also a still of the clip, the scene's picture.
import { rm } from "node:fs/promises";
import sharp from "sharp";
import { demuxerOf, inputArgs, probeMedia, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { ProviderError, type CallOptions, type Size } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { MOTION_FPS, motionEncoderArgs } from "./local.server";

/** A clip is slowed down at most this much (beyond it the motion looks broken); then its last frame is held. */
export const SLOWEST = 2;

/** How a clip of `sourceSec` fills `targetSec`: the slow-down factor (≥ 1) and the seconds its last frame is held. */
export function clipTiming(sourceSec: number, targetSec: number): { stretch: number; holdSec: number } {
  if (!(sourceSec > 0) || sourceSec >= targetSec) return { stretch: 1, holdSec: 0 };
  const stretch = Math.min(SLOWEST, targetSec / sourceSec);
  return { stretch, holdSec: Math.max(0, targetSec - sourceSec * stretch) };
}

/** Where the crop starts in the scaled clip (null: the centre). */
export type CropAt = { x: number; y: number } | null;

/** The filter that makes the clip the frame's size: cover, crop (at `at`, else the centre), square pixels. */
export function coverFilter(size: Size, at: CropAt = null): string {
  const crop = at ? `crop=${size.width}:${size.height}:${at.x}:${at.y}` : `crop=${size.width}:${size.height}`;
  return `scale=${size.width}:${size.height}:force_original_aspect_ratio=increase,${crop},setsar=1`;
}

/** The still's time: a third of the way in (past a fade-in), never past the end. */
function stillAt(durationSec: number): number {
  return Math.max(0, Math.min(durationSec / 3, durationSec - 0.1));
}

/**
 * Where to crop a clip that covers `size` so that its subject stays in frame: sharp's attention
 * strategy (skin tones, saturation, edges) on a still a third of the way in, scaled as the clip
 * is. Null (the centre) when the clip already has the frame's shape or the still cannot be read.
 */
async function subjectCrop(clip: string, format: string, durationSec: number, size: Size, options: CallOptions): Promise<CropAt> {
  const out = await newWorkFile(workRoot(), "motion", "png");
  try {
    const scale = `scale=${size.width}:${size.height}:force_original_aspect_ratio=increase,setsar=1`;
    await runFfmpeg([...inputArgs(clip, format, ["-ss", stillAt(durationSec).toFixed(3)]), "-map", "0:v:0", "-frames:v", "1", "-vf", scale, out], {
      signal: options.signal,
    });
    const { info } = await sharp(out)
      .resize(size.width, size.height, { fit: "cover", position: sharp.strategy.attention })
      .toBuffer({ resolveWithObject: true });
    const x = Math.abs(info.cropOffsetLeft ?? 0);
    const y = Math.abs(info.cropOffsetTop ?? 0);
    return x === 0 && y === 0 ? null : { x: x - (x % 2), y: y - (y % 2) };
  } catch {
    return null;
  } finally {
    await rm(out, { force: true });
  }
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
  const at = await subjectCrop(clip, format, info.durationSec, size, options);
  const filters = [
    ...(stretch > 1 ? [`setpts=${stretch.toFixed(4)}*PTS`] : []),
    coverFilter(size, at),
    `fps=${MOTION_FPS}`,
    ...(holdSec > 0 ? [`tpad=stop_mode=clone:stop_duration=${(holdSec + 0.5).toFixed(3)}`] : []),
    "format=yuv420p",
  ];
  const frames = Math.max(1, Math.round(durationSec * MOTION_FPS));
  const out = await newWorkFile(workRoot(), "motion", "mp4");
  try {
    await runFfmpeg([...inputArgs(clip, format), "-map", "0:v:0", "-vf", filters.join(","), "-frames:v", String(frames), "-an", ...motionEncoderArgs(), out], {
      signal: options.signal,
      durationSec,
    });
    const made = await probeMedia(out, { format: "mov" });
    return { path: out, durationSec: made.durationSec, width: size.width, height: size.height, stretch, holdSec };
  } catch (error) {
    await rm(out, { force: true });
    throw error;
  }
}

/** A still of the clip (a third of the way in), covering `size` and cropped as the clip is, as a JPEG: the scene's picture. */
export async function clipStill(clip: string, size: Size, options: CallOptions = {}): Promise<Buffer> {
  const format = await demuxerOf(clip);
  const info = await probeMedia(clip, { format, signal: options.signal });
  const crop = await subjectCrop(clip, format, info.durationSec, size, options);
  const out = await newWorkFile(workRoot(), "motion", "png");
  try {
    const at = stillAt(info.durationSec);
    await runFfmpeg([...inputArgs(clip, format, ["-ss", at.toFixed(3)]), "-map", "0:v:0", "-frames:v", "1", "-vf", coverFilter(size, crop), out], {
      signal: options.signal,
    });
    return await sharp(out).jpeg({ quality: 90 }).toBuffer();
  } finally {
    await rm(out, { force: true });
  }
}
