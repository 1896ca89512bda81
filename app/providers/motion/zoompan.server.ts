// Ken Burns motion over a still with ffmpeg's zoompan (present in ffmpeg 4.1). Shared by the
// motion provider (image -> clip) and the renderer (image scenes rendered in one pass).
import sharp from "sharp";
import { inputArgs } from "~/providers/media/ffmpeg.server";
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
async function prepareStill(input: string | Buffer, size: Size, out: string, position: "attention" | "centre" = "attention"): Promise<void> {
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
async function prepareLayers(
  layers: PictureLayers<string | Buffer>,
  size: Size,
  out: { background: string; foreground: string; text: string },
): Promise<PreparedPicture> {
  await prepareStill(layers.background, size, out.background, "centre");
  const alpha = (input: string | Buffer, width: number, height: number, file: string) =>
    sharp(input, { failOn: "error" })
      .rotate()
      .ensureAlpha()
      .resize(width, height, { fit: "cover", position: "centre" })
      .png({ compressionLevel: 1 })
      .toFile(file);
  if (layers.foreground) await alpha(layers.foreground, overscanned(size).width, overscanned(size).height, out.foreground);
  const text = layers.text ? await prepareTextLayer(layers.text, size, out.text) : null;
  return { background: out.background, ...(layers.foreground ? { foreground: out.foreground } : {}), ...(text ? { text: out.text, textAt: text } : {}) };
}

/**
 * Transparent pixels kept around a text layer's drawn part: more than the reach of the chroma
 * filter that converts it to 4:2:0, so the cut layer converts to the same pixels as the whole one.
 */
const TEXT_LAYER_MARGIN = 16;

/**
 * The text layer at `size`, cut to its drawn part (with a margin, at even coordinates) so ffmpeg
 * blends only that part into every frame rather than a whole transparent frame; returns where the
 * part sits, or null when nothing of the layer is drawn.
 */
async function prepareTextLayer(input: string | Buffer, size: Size, file: string): Promise<{ x: number; y: number } | null> {
  const { data, info } = await sharp(input, { failOn: "error" })
    .rotate()
    .ensureAlpha()
    .resize(size.width, size.height, { fit: "cover", position: "centre" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const box = drawnBox(data, info.width, info.height);
  if (!box) return null;
  const even = (n: number) => n - (n % 2);
  const x = even(Math.max(0, box.left - TEXT_LAYER_MARGIN));
  const y = even(Math.max(0, box.top - TEXT_LAYER_MARGIN));
  const right = Math.min(info.width, box.right + 1 + TEXT_LAYER_MARGIN);
  const bottom = Math.min(info.height, box.bottom + 1 + TEXT_LAYER_MARGIN);
  const width = Math.min(info.width - x, right - x + ((right - x) % 2));
  const height = Math.min(info.height - y, bottom - y + ((bottom - y) % 2));
  await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .extract({ left: x, top: y, width, height })
    .png({ compressionLevel: 1 })
    .toFile(file);
  return { x, y };
}

/** The smallest box (edges included) holding every pixel of an RGBA image that is not fully transparent; null when none is. */
function drawnBox(rgba: Buffer, width: number, height: number): { left: number; top: number; right: number; bottom: number } | null {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (rgba[row + x * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { left, top, right, bottom };
}

/**
 * A picture as prepared for the motion: the still (or plate), and the product and text layers where it has them
 * (the text layer cut to its drawn part, which sits at `textAt` in the frame).
 */
export type PreparedPicture = { background: string; foreground?: string; text?: string; textAt?: { x: number; y: number } };

/** The labels of a prepared picture's inputs in a filter graph (and where the text layer sits). */
export type PictureLabels = { still: string; layer?: string; text?: string; textAt?: { x: number; y: number } };

/** Prepares a still, or its layers, into `files` (prepareStill / prepareLayers). */
export function preparePicture(
  picture: { image: string | Buffer; layers?: PictureLayers<string | Buffer> },
  size: Size,
  files: { background: string; foreground: string; text: string },
): Promise<PreparedPicture> {
  if (picture.layers) return prepareLayers(picture.layers, size, files);
  return prepareStill(picture.image, size, files.background).then(() => ({ background: files.background }));
}

/** A prepared picture as ffmpeg inputs numbered from `first`: their arguments, their labels, and how many there are. */
export function pictureInputs(prepared: PreparedPicture, first = 0): { args: string[]; labels: PictureLabels; count: number } {
  const args = inputArgs(prepared.background, "jpeg_pipe");
  let n = first;
  const labels: PictureLabels = { still: `${n++}:v` };
  if (prepared.foreground) {
    args.push(...inputArgs(prepared.foreground, "png_pipe"));
    labels.layer = `${n++}:v`;
  }
  if (prepared.text) {
    args.push(...inputArgs(prepared.text, "png_pipe"));
    labels.text = `${n++}:v`;
    if (prepared.textAt) labels.textAt = prepared.textAt;
  }
  return { args, labels, count: n - first };
}

/** Filter graph lines laying the text layer (input `text`, with alpha, its top left at `at` in the frame) over `[from]`, unmoved: writes `[out]`. */
export function textOverFilters(from: string, text: string, out: string, at: { x: number; y: number } = { x: 0, y: 0 }): string[] {
  return [`[${text}]format=yuva420p[txl]`, `[${from}][txl]overlay=x=${at.x}:y=${at.y}:format=yuv420:eof_action=repeat,format=yuv420p[${out}]`];
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
export function parallaxFilters(
  bg: string,
  fg: string,
  variant: MotionVariant,
  frames: number,
  size: Size,
  fps: number,
  out: string,
  window?: FrameWindow,
): string[] {
  const amount = PARALLAX_FOREGROUND_AMOUNT;
  return [
    `[${bg}]format=yuv420p,${zoompanFilter(variant, frames, size, fps, amount * PARALLAX_BACKGROUND_RATE, 1, window)},setsar=1[pbg]`,
    `[${fg}]format=yuva420p,${zoompanFilter(variant, frames, size, fps, amount, 1, window)},setsar=1[pfg]`,
    `[pbg][pfg]overlay=format=yuv420:eof_action=pass,format=yuv420p[${out}]`,
  ];
}

const num = (n: number) => String(Math.round(n * 10_000) / 10_000);
const scaled = (base: number, z: string) => (base === 1 ? z : `${num(base)}*(${z})`);

/** Frames `from` to `from + count - 1` of a move: only those are drawn. */
export type FrameWindow = { from: number; count: number };

/**
 * The zoompan filter for `frames` output frames (or only the `window` of them) from a single prepared still, moving by `amount` (zoom, or the
 * zoom a pan travels in) from a framing of `base` zoom (1: the whole picture; a beat's medium or close crop
 * zooms further, centred). Eased (cosine) so the move starts and ends gently.
 */
export function zoompanFilter(variant: MotionVariant, frames: number, size: Size, fps: number, amount = 0.16, base = 1, window?: FrameWindow): string {
  const n = Math.max(1, frames - 1);
  // zoompan's `on` counts the frames it has drawn: a window starting later adds its offset, so each frame is the move's own.
  const on = window?.from ? `(on+${window.from})` : "on";
  const e = `((1-cos(PI*min(${on}/${n},1)))/2)`;
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
  return `zoompan=z='${z}':x='${x}':y='${y}':d=${window ? window.count : frames}:s=${size.width}x${size.height}:fps=${fps}`;
}

/**
 * Filter graph lines that cut a still (input `still`, or parallax layers `still` + `layer`) into
 * `beats` (docs/decisions/335-beats-within-scenes.md): each beat its own framing and move, joined by
 * `transition` (a hard cut, or a short flash or dip at each beat's start), in one pass; the text
 * layer (input `text`) laid over them unmoved (ADR 381). Writes `[out]`: every frame, or only the
 * frames of `window` (a part of the scene drawn by a process of its own: segmentParts in render/segment.server.ts).
 */
export function beatFilters(
  inputs: PictureLabels,
  beats: Beat[],
  frames: number[],
  size: Size,
  fps: number,
  transition: BeatTransition,
  out: string,
  window?: FrameWindow,
): string[] {
  const shown = beatWindows(frames, window);
  const n = shown.length;
  const lines: string[] = [];
  const split = (label: string, prefix: string, fmt: string) =>
    lines.push(n === 1 ? `[${label}]format=${fmt},null[${prefix}0]` : `[${label}]format=${fmt},split=${n}${shown.map((_, k) => `[${prefix}${k}]`).join("")}`);
  split(inputs.still, "bs", "yuv420p");
  if (inputs.layer) split(inputs.layer, "bl", "yuva420p");
  for (const [k, { index: i, window: part }] of shown.entries()) {
    // A beat drawn from its start keeps its fade-in; segmentParts never starts a window inside a beat's fade (beatCutPoints).
    const fade = part && part.from > 0 ? "" : fadeIn(i, transition);
    lines.push(...beatLines({ still: `bs${k}`, ...(inputs.layer ? { layer: `bl${k}` } : {}) }, beats[i], frames[i], size, fps, fade, `b${k}`, part));
  }
  const moved = inputs.text ? "bmoved" : out;
  lines.push(n === 1 ? `[b0]null[${moved}]` : `${shown.map((_, k) => `[b${k}]`).join("")}concat=n=${n}:v=1:a=0[${moved}]`);
  if (inputs.text) lines.push(...textOverFilters(moved, inputs.text, out, inputs.textAt));
  return lines;
}

/**
 * Frame `at` of beat `index` of `beats` (each `frames[i]` long), exactly as beatFilters draws it, and only that frame:
 * its move at that frame, and its fade-in while the fade lasts (then the frames from the beat's start are drawn, at
 * most a third of a second's). Writes `[out]` (one frame).
 */
export function beatFrameFilters(
  inputs: PictureLabels,
  beats: Beat[],
  frames: number[],
  index: number,
  at: number,
  size: Size,
  fps: number,
  transition: BeatTransition,
  out: string,
): string[] {
  const fade = fadeIn(index, transition);
  const fadeFrames = transition.kind === "cut" ? 0 : Math.ceil(Math.min(0.3, transition.seconds) * fps) + 1;
  const window: FrameWindow = fade && at <= fadeFrames ? { from: 0, count: at + 1 } : { from: at, count: 1 };
  const lines = [`[${inputs.still}]format=yuv420p[bs]`, ...(inputs.layer ? [`[${inputs.layer}]format=yuva420p[bl]`] : [])];
  const drawn = inputs.text ? "bmoved" : out;
  const trim = window.from === at ? "null" : `trim=start_frame=${at},setpts=PTS-STARTPTS`;
  // A window from the beat's start keeps its fade-in; one past the fade shows the beat at full strength.
  const shownFade = window.from === 0 ? fade : "";
  lines.push(...beatLines({ still: "bs", ...(inputs.layer ? { layer: "bl" } : {}) }, beats[index], frames[index], size, fps, shownFade, "bw", window));
  lines.push(`[bw]${trim}[${drawn}]`);
  if (inputs.text) lines.push(...textOverFilters(drawn, inputs.text, out, inputs.textAt));
  return lines;
}

/** The beats (of these lengths) that a window of frames shows, each with the part of it shown (none: all of it). */
function beatWindows(frames: number[], window?: FrameWindow): Array<{ index: number; window?: FrameWindow }> {
  if (!window) return frames.map((_, index) => ({ index }));
  const shown: Array<{ index: number; window?: FrameWindow }> = [];
  let start = 0;
  const end = window.from + window.count;
  for (const [index, length] of frames.entries()) {
    const from = Math.max(window.from, start);
    const to = Math.min(end, start + length);
    if (to > from) shown.push({ index, ...(from === start && to === start + length ? {} : { window: { from: from - start, count: to - from } }) });
    start += length;
  }
  return shown;
}

/**
 * Where a scene drawn in beats of these lengths may be cut into two parts drawn at once: frames at
 * which a beat starts, and frames inside a beat that has no fade-in (the first beat, or every beat
 * of a hard-cut Style), since a part starting inside a fade would draw it again.
 */
export function beatCutPoints(frames: number[], transition: BeatTransition): (frame: number) => boolean {
  const starts: number[] = [];
  let start = 0;
  for (const length of frames) {
    starts.push(start);
    start += length;
  }
  return (frame) => {
    let i = starts.length - 1;
    while (i > 0 && starts[i] > frame) i--;
    return starts[i] === frame || fadeIn(i, transition) === "";
  };
}

/** A beat's fade-in filter (with its leading comma), or "" for the first beat and hard cuts. */
function fadeIn(index: number, transition: BeatTransition): string {
  if (index === 0 || transition.kind === "cut") return "";
  return `,fade=t=in:st=0:d=${Math.min(0.3, transition.seconds)}:color=${transition.kind === "flash" ? "white" : "black"}`;
}

/** One beat's lines: its framing and move over `frames` frames (or the `window` of them), the product layer moving against the plate. */
function beatLines(
  src: { still: string; layer?: string },
  beat: Beat,
  frames: number,
  size: Size,
  fps: number,
  fade: string,
  out: string,
  window?: FrameWindow,
): string[] {
  const base = FRAMING_ZOOM[beat.framing];
  if (!src.layer) return [`[${src.still}]${zoompanFilter(beat.move, frames, size, fps, BEAT_MOVE_AMOUNT, base, window)},setsar=1${fade}[${out}]`];
  const amount = PARALLAX_FOREGROUND_AMOUNT;
  return [
    `[${src.still}]${zoompanFilter(beat.move, frames, size, fps, amount * PARALLAX_BACKGROUND_RATE, base, window)},setsar=1[${out}bg]`,
    `[${src.layer}]${zoompanFilter(beat.move, frames, size, fps, amount, base, window)},setsar=1[${out}fg]`,
    `[${out}bg][${out}fg]overlay=format=yuv420:eof_action=pass,format=yuv420p${fade}[${out}]`,
  ];
}

/** A beat's move is shorter than a whole scene's, so it moves a little less. */
export const BEAT_MOVE_AMOUNT = 0.1;
