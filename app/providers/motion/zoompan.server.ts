// Ken Burns motion over a still with ffmpeg's zoompan (present in ffmpeg 4.1). Shared by the
// motion provider (image -> clip) and the renderer (image scenes rendered in one pass).
import sharp from "sharp";
import { hashValue } from "~/providers/media/workdir.server";
import type { Size } from "~/providers/media/types";
import { MOTION_VARIANTS, type MotionVariant } from "./types";

/** zoompan moves in whole input pixels; working on a 2x still keeps the motion smooth. */
export const STILL_OVERSCAN = 2;

/** Deterministic camera move for a scene: consecutive scenes never repeat the same move. */
export function motionVariantFor(sceneIndex: number, seed = ""): MotionVariant {
  const offset = seed ? parseInt(hashValue(seed).slice(0, 6), 16) % MOTION_VARIANTS.length : 0;
  return MOTION_VARIANTS[(Math.max(0, Math.floor(sceneIndex)) + offset) % MOTION_VARIANTS.length];
}

/**
 * Writes the still, oriented and cropped to cover `size * STILL_OVERSCAN` (smart crop keeps the
 * interesting part), as a JPEG ffmpeg 4.1 can read whatever the source format was.
 */
export async function prepareStill(input: string | Buffer, size: Size, out: string): Promise<void> {
  await sharp(input, { failOn: "error" })
    .rotate()
    .resize(size.width * STILL_OVERSCAN, size.height * STILL_OVERSCAN, { fit: "cover", position: sharp.strategy.attention })
    .flatten({ background: "#111111" })
    .jpeg({ quality: 92 })
    .toFile(out);
}

/**
 * The zoompan filter for `frames` output frames from a single prepared still. Eased
 * (cosine) so the move starts and ends gently.
 */
export function zoompanFilter(variant: MotionVariant, frames: number, size: Size, fps: number): string {
  const n = Math.max(1, frames - 1);
  const e = `((1-cos(PI*min(on/${n},1)))/2)`;
  const amount = 0.16;
  const centreX = "iw/2-(iw/zoom/2)";
  const centreY = "ih/2-(ih/zoom/2)";
  let z: string;
  let x: string;
  let y = centreY;
  switch (variant) {
    case "zoom-in":
      z = `1+${amount}*${e}`;
      x = centreX;
      break;
    case "zoom-out":
      z = `${1 + amount}-${amount}*${e}`;
      x = centreX;
      break;
    case "pan-left":
      z = `${1 + amount}`;
      x = `(iw-iw/zoom)*(1-${e})`;
      break;
    case "pan-right":
      z = `${1 + amount}`;
      x = `(iw-iw/zoom)*${e}`;
      break;
  }
  y = variant.startsWith("pan") ? `(ih-ih/zoom)/2` : y;
  return `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${size.width}x${size.height}:fps=${fps}`;
}
