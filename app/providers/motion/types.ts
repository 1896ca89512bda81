import type { AspectRatio, CallOptions, Size } from "~/providers/media/types";
import type { Beat, BeatTransition } from "./beats";

/** A picture in layers: the background plate, and the product and text layers where it has them. */
export type PictureLayers<F = string> = { background: F; foreground?: F; text?: F };

export const MOTION_VARIANTS = ["zoom-in", "zoom-out", "pan-left", "pan-right"] as const;
export type MotionVariant = (typeof MOTION_VARIANTS)[number];

export type MotionRequest = {
  /** The scene image: a file path or its bytes. */
  image: string | Buffer;
  durationSec: number;
  aspectRatio: AspectRatio;
  /** Which camera move; default chosen from sceneIndex (and seed) so neighbouring scenes differ. */
  variant?: MotionVariant;
  sceneIndex?: number;
  seed?: string;
  /** Text prompt for hosted video models (ignored by the local one). */
  prompt?: string;
  /** Output size; default the 720p-class size of the aspect ratio. */
  size?: Size;
  /**
   * `image` in layers (same frame): the background plate (without the text, and without the
   * product where `foreground` is given), the product layer and the text layer (PNGs with alpha).
   * The local motion moves the product faster than the background, a parallax move
   * (docs/decisions/220-parallax-layers.md), and holds the text still over both
   * (docs/decisions/381-text-layer-held-still.md); hosted models ignore it and animate `image`.
   */
  layers?: PictureLayers<string | Buffer>;
  /** The last scene of an ad (its end card): the local motion ends it on one held beat of 2-3 s. */
  endCard?: boolean;
  /** The project's Style (story type name): how the local motion joins its beats (beats.ts STYLE_TRANSITIONS). */
  style?: string;
};

export type MotionResult = {
  /** An H.264 mp4 clip (no audio) in the work dir. */
  path: string;
  mime: string;
  durationSec: number;
  width: number;
  height: number;
  variant?: MotionVariant;
  /** The local motion's beats (docs/decisions/335-beats-within-scenes.md): framing, move and times in the clip. */
  beats?: Beat[];
  /** How the local motion joined its beats (the Style's transition). */
  transition?: BeatTransition;
  /** Where the picture changes inside the clip, in seconds from its start (the beats' starts but the first). */
  cuts?: number[];
  provider: string;
  requestId?: string;
};

export interface MotionProvider {
  readonly name: string;
  readonly label: string;
  animate(request: MotionRequest, options?: CallOptions): Promise<MotionResult>;
}
