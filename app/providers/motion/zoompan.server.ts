// Ken Burns motion over a still with ffmpeg's zoompan (present in ffmpeg 4.1). Shared by the
// motion provider (image -> clip) and the renderer (image scenes rendered in one pass).
import sharp from "sharp";
import { hashValue } from "~/providers/media/workdir.server";
import type { Size } from "~/providers/media/types";
import { FRAMING_ZOOM, type Beat, type BeatTransition } from "./beats";
import { MOTION_VARIANTS, type MotionVariant, type PictureLayers } from "./types";

/**
 * zoompan moves in whole input pixels, so it works on a still larger than the frame: at 1.5x a
 * step is 2/3 of an output pixel. 2x (half-pixel steps) cost a quarter more render time for a
 * difference not seen at these speeds (docs/decisions/382-still-overscan.md).
 */
export const STILL_OVERSCAN = 1.5;

/** The size a still is prepared at: the frame times STILL_OVERSCAN, in whole even pixels. */
function overscanned(size: Size): Size {
  const even = (n: number) => Math.max(2, Math.round((n * STILL_OVERSCAN) / 2) * 2);
  return { width: even(size.width), height: even(size.height) };
}

/** Deterministic camera move for a scene: consecutive scenes never repeat the same move. */
export function motionVariantFor(sceneIndex: number, seed = ""): MotionVariant {
  const offset = seed ? parseInt(hashValue(seed).slice(0, 6), 16) % MOTION_VARIANTS.length : 0;
  return MOTION_VARIANTS[(Math.max(0, Math.floor(sceneIndex)) + offset) % MOTION_VARIANTS.length];
}

/**
 * Writes the still, oriented and cropped to cover `size * STILL_OVERSCAN` (smart crop keeps the
 * interesting part), as a JPEG ffmpeg 4.1 can read whatever the source format was.
 */
export async function prepareStill(input: string | Buffer, size: Size, out: string, position: "attention" | "centre" = "attention"): Promise<void> {
  await sharp(input, { failOn: "error" })
    .rotate()
    .resize(overscanned(size).width, overscanned(size).height, { fit: "cover", position: position === "centre" ? "centre" : sharp.strategy.attention })
    .flatten({ background: "#111111" })
    .jpeg({ quality: 92 })
    .toFile(out);
}

/**
 * A picture's layers as the motion draws them (docs/decisions/220-parallax-layers.md, ADR 381):
 * the background plate, and the product layer (a PNG with alpha) where there is one, both cropped
 * the same way (centre) to cover `size * STILL_OVERSCAN` so they stay in register; the text layer
 * at `size` itself (it is laid over the moved picture, not moved).
 */
export async function prepareLayers(
  layers: PictureLayers<string | Buffer>,
  size: Size,
  out: { background: string; foreground: string; text: string },
): Promise<{ background: string; foreground?: string; text?: string }> {
  await prepareStill(layers.background, size, out.background, "centre");
  const alpha = (input: string | Buffer, width: number, height: number, file: string) =>
    sharp(input, { failOn: "error" })
      .rotate()
      .ensureAlpha()
      .resize(width, height, { fit: "cover", position: "centre" })
      .png({ compressionLevel: 1 })
      .toFile(file);
  if (layers.foreground) await alpha(layers.foreground, overscanned(size).width, overscanned(size).height, out.foreground);
  if (layers.text) await alpha(layers.text, size.width, size.height, out.text);
  return { background: out.background, ...(layers.foreground ? { foreground: out.foreground } : {}), ...(layers.text ? { text: out.text } : {}) };
}

/** Filter graph lines laying the text layer (input `text`, with alpha, at the output size) over `[from]`, unmoved: writes `[out]`. */
export function textOverFilters(from: string, text: string, out: string): string[] {
  return [`[${text}]format=yuva420p[txl]`, `[${from}][txl]overlay=format=yuv420:eof_action=repeat,format=yuv420p[${out}]`];
}

/** How far the background moves, as a fraction of the product layer's move, in a parallax move. */
export const PARALLAX_BACKGROUND_RATE = 0.35;
/** The product layer's move (zoom or travel), a little larger than a flat still's. */
export const PARALLAX_FOREGROUND_AMOUNT = 0.18;

/**
 * Filter graph lines of a parallax move: the background plate (input `bg`) and the product layer
 * (input `fg`, with alpha) take the same camera move, the product at its full amount and the
 * background at PARALLAX_BACKGROUND_RATE of it, so the product moves against its background as
 * if nearer the camera. Writes `[out]` (yuv420p).
 */
export function parallaxFilters(bg: string, fg: string, variant: MotionVariant, frames: number, size: Size, fps: number, out: string): string[] {
  const amount = PARALLAX_FOREGROUND_AMOUNT;
  return [
    `[${bg}]format=yuv420p,${zoompanFilter(variant, frames, size, fps, amount * PARALLAX_BACKGROUND_RATE)},setsar=1[pbg]`,
    `[${fg}]format=yuva420p,${zoompanFilter(variant, frames, size, fps, amount)},setsar=1[pfg]`,
    `[pbg][pfg]overlay=format=yuv420:eof_action=pass,format=yuv420p[${out}]`,
  ];
}

const num = (n: number) => String(Math.round(n * 10_000) / 10_000);
const scaled = (base: number, z: string) => (base === 1 ? z : `${num(base)}*(${z})`);

/**
 * The zoompan filter for `frames` output frames from a single prepared still, moving by `amount` (zoom, or the
 * zoom a pan travels in) from a framing of `base` zoom (1: the whole picture; a beat's medium or close crop
 * zooms further, centred). Eased (cosine) so the move starts and ends gently.
 */
export function zoompanFilter(variant: MotionVariant, frames: number, size: Size, fps: number, amount = 0.16, base = 1): string {
  const n = Math.max(1, frames - 1);
  const e = `((1-cos(PI*min(on/${n},1)))/2)`;
  const centreX = "iw/2-(iw/zoom/2)";
  const centreY = "ih/2-(ih/zoom/2)";
  let z: string;
  let x: string;
  let y = centreY;
  switch (variant) {
    case "zoom-in":
      z = scaled(base, `1+${num(amount)}*${e}`);
      x = centreX;
      break;
    case "zoom-out":
      z = scaled(base, `${num(1 + amount)}-${num(amount)}*${e}`);
      x = centreX;
      break;
    case "pan-left":
      z = `${num(base * (1 + amount))}`;
      x = `(iw-iw/zoom)*(1-${e})`;
      break;
    case "pan-right":
      z = `${num(base * (1 + amount))}`;
      x = `(iw-iw/zoom)*${e}`;
      break;
  }
  y = variant.startsWith("pan") ? `(ih-ih/zoom)/2` : y;
  return `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${size.width}x${size.height}:fps=${fps}`;
}

/**
 * Filter graph lines that cut a still (input `still`, or parallax layers `still` + `layer`) into
 * `beats` (docs/decisions/335-beats-within-scenes.md): each beat its own framing and move, joined by
 * `transition` (a hard cut, or a short flash or dip at each beat's start), in one pass; the text
 * layer (input `text`) laid over them unmoved (ADR 381). Writes `[out]`.
 */
export function beatFilters(
  inputs: { still: string; layer?: string; text?: string },
  beats: Beat[],
  frames: number[],
  size: Size,
  fps: number,
  transition: BeatTransition,
  out: string,
): string[] {
  const n = beats.length;
  const lines: string[] = [];
  const split = (label: string, prefix: string, fmt: string) =>
    lines.push(n === 1 ? `[${label}]format=${fmt},null[${prefix}0]` : `[${label}]format=${fmt},split=${n}${beats.map((_, i) => `[${prefix}${i}]`).join("")}`);
  split(inputs.still, "bs", "yuv420p");
  if (inputs.layer) split(inputs.layer, "bl", "yuva420p");
  for (const [i, beat] of beats.entries()) {
    const base = FRAMING_ZOOM[beat.framing];
    const f = frames[i];
    const fade =
      i > 0 && transition.kind !== "cut"
        ? `,fade=t=in:st=0:d=${Math.min(0.3, transition.seconds)}:color=${transition.kind === "flash" ? "white" : "black"}`
        : "";
    if (inputs.layer) {
      const amount = PARALLAX_FOREGROUND_AMOUNT;
      lines.push(
        `[bs${i}]${zoompanFilter(beat.move, f, size, fps, amount * PARALLAX_BACKGROUND_RATE, base)},setsar=1[bbg${i}]`,
        `[bl${i}]${zoompanFilter(beat.move, f, size, fps, amount, base)},setsar=1[bfg${i}]`,
        `[bbg${i}][bfg${i}]overlay=format=yuv420:eof_action=pass,format=yuv420p${fade}[b${i}]`,
      );
    } else {
      lines.push(`[bs${i}]${zoompanFilter(beat.move, f, size, fps, BEAT_MOVE_AMOUNT, base)},setsar=1${fade}[b${i}]`);
    }
  }
  const moved = inputs.text ? "bmoved" : out;
  lines.push(n === 1 ? `[b0]null[${moved}]` : `${beats.map((_, i) => `[b${i}]`).join("")}concat=n=${n}:v=1:a=0[${moved}]`);
  if (inputs.text) lines.push(...textOverFilters(moved, inputs.text, out));
  return lines;
}

/** A beat's move is shorter than a whole scene's, so it moves a little less. */
export const BEAT_MOVE_AMOUNT = 0.1;
