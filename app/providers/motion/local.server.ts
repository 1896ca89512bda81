// Image to video offline: the scene image cut into beats (docs/decisions/335-beats-within-scenes.md),
// each a different framing with its own zoom or pan, encoded as an H.264 clip in one ffmpeg pass.
import { rm } from "node:fs/promises";
import { probeMedia, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { ProviderError, VIDEO_SIZES, type CallOptions } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import type { MotionProvider, MotionRequest, MotionResult, MotionVariant } from "./types";
import { beatCuts, beatTransitionFor, type Beat, type BeatTransition } from "./beats";
import { encodedBeats, MOTION_FPS } from "./cut-list";
import { beatFilters, motionVariantFor, pictureInputs, preparePicture, type PreparedPicture } from "./zoompan.server";

export { MOTION_FPS };
export const MAX_MOTION_SECONDS = 120;

/**
 * How a scene's motion clip is encoded (H.264 in mp4). The local renderer draws a clip the local
 * motion made again from its still (docs/decisions/360-encode-every-frame-once.md), so the clip is
 * what the editors show: the render's x264 settings (superfast with veryfast's look-ahead, ADR 222)
 * at CRF 20, about 20% less CPU than veryfast for the same look.
 */
export function motionEncoderArgs(): string[] {
  return [
    ...["-c:v", "libx264", "-preset", "superfast", "-x264-params", "mbtree=1:rc-lookahead=10", "-crf", "20", "-pix_fmt", "yuv420p"],
    ...["-r", String(MOTION_FPS), "-movflags", "+faststart"],
  ];
}

/**
 * The beats the local motion cuts a scene of `frames` frames into (whole frames at MOTION_FPS)
 * and how they are joined: shared by the motion clip and the renderer, which draws the same
 * beats itself when it is given them (RenderVisual `beats`: docs/decisions/360-encode-every-frame-once.md).
 */
export function localMotionPlan(
  request: Pick<MotionRequest, "sceneIndex" | "endCard" | "style">,
  frames: number,
  variant: MotionVariant,
): { beats: Beat[]; beatLengths: number[]; transition: BeatTransition } {
  // The beats as encoded: whole frames (cut-list.ts, which the compile's cut list repeats).
  const { beats, beatFrames: beatLengths } = encodedBeats(frames / MOTION_FPS, {
    sceneIndex: request.sceneIndex,
    variant,
    endCard: request.endCard,
    style: request.style,
  });
  return { beats, beatLengths, transition: beatTransitionFor(request.style) };
}

/**
 * The beats and transition the local motion draws for `request`, without drawing them: what
 * `animate` will record with the clip. Create Video plans the scene's motion with it before the
 * compile and makes the clip after Ready (docs/decisions/380-ready-before-the-scene-clips.md).
 * Null when the request is not one the local motion accepts.
 */
export function localMotionPlanFor(
  request: Pick<MotionRequest, "durationSec" | "sceneIndex" | "endCard" | "style" | "variant" | "seed">,
): { beats: Beat[]; transition: BeatTransition; variant: MotionVariant } | null {
  const { durationSec } = request;
  if (!(durationSec > 0 && durationSec <= MAX_MOTION_SECONDS)) return null;
  const variant = request.variant ?? motionVariantFor(request.sceneIndex ?? 0, request.seed);
  const frames = Math.max(1, Math.round(durationSec * MOTION_FPS));
  const { beats, transition } = localMotionPlan(request, frames, variant);
  return { beats, transition, variant };
}

export class LocalMotionProvider implements MotionProvider {
  readonly name = "local-motion";
  readonly label = "ffmpeg zoom/pan motion (offline)";
  private readonly root: string;

  constructor(options: { workDir?: string } = {}) {
    this.root = workRoot(options.workDir);
  }

  async animate(request: MotionRequest, options: CallOptions = {}): Promise<MotionResult> {
    const { durationSec } = request;
    if (!(durationSec > 0 && durationSec <= MAX_MOTION_SECONDS)) {
      throw new ProviderError(this.name, "bad_input", `Duration must be between 0 and ${MAX_MOTION_SECONDS} seconds`);
    }
    const size = request.size ?? VIDEO_SIZES[request.aspectRatio];
    const variant = request.variant ?? motionVariantFor(request.sceneIndex ?? 0, request.seed);
    const frames = Math.max(1, Math.round(durationSec * MOTION_FPS));
    const still = await newWorkFile(this.root, "motion", "jpg");
    const layerFile = await newWorkFile(this.root, "motion", "png");
    const textFile = await newWorkFile(this.root, "motion", "png");
    const out = await newWorkFile(this.root, "motion", "mp4");
    try {
      let prepared: PreparedPicture;
      try {
        prepared = await preparePicture(request, size, { background: still, foreground: layerFile, text: textFile });
      } catch (error) {
        throw new ProviderError(this.name, "bad_input", `The scene image cannot be read: ${(error as Error).message}`, { cause: error });
      }
      const { beats, beatLengths, transition } = localMotionPlan(request, frames, variant);
      const inputs = pictureInputs(prepared);
      const graph = beatFilters(inputs.labels, beats, beatLengths, size, MOTION_FPS, transition, "v").join(";");
      await runFfmpeg([...inputs.args, "-filter_complex", graph, "-map", "[v]", "-frames:v", String(frames), ...motionEncoderArgs(), out], {
        signal: options.signal,
        durationSec: frames / MOTION_FPS,
      });
      const info = await probeMedia(out, { format: "mov" });
      return {
        path: out,
        mime: "video/mp4",
        durationSec: info.durationSec,
        width: size.width,
        height: size.height,
        variant,
        beats,
        transition,
        cuts: beatCuts(beats),
        provider: this.name,
      };
    } catch (error) {
      await rm(out, { force: true });
      throw error;
    } finally {
      await rm(still, { force: true });
      await rm(layerFile, { force: true });
      await rm(textFile, { force: true });
    }
  }
}
