// The brand's own photos and clips for the own-media tests (ADR 315), made in the test: photos
// of a flat colour with a disc (sharp), clips of a flat colour with a moving disc and a loud tone
// (ffmpeg lavfi). Each has its own colours, so its frames can be found in a video; the disc tells
// whether the picture was stretched. Not a test file itself.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ffmpegPath, runProcess } from "~/providers/media/ffmpeg.server";

export type Rgb = [number, number, number];
export type OwnPhoto = { name: string; bg: Rgb; disc: Rgb; width: number; height: number };
export type OwnClip = { name: string; bg: Rgb; disc: Rgb; width: number; height: number; seconds: number };

export const PHOTOS: OwnPhoto[] = [
  { name: "red.png", bg: [220, 30, 30], disc: [0, 220, 220], width: 300, height: 400 },
  { name: "green.png", bg: [30, 180, 60], disc: [60, 0, 90], width: 400, height: 300 },
  { name: "blue.png", bg: [30, 60, 220], disc: [240, 220, 0], width: 360, height: 360 },
  { name: "orange.png", bg: [250, 140, 0], disc: [20, 20, 120], width: 300, height: 450 },
];
export const CLIPS: OwnClip[] = [
  { name: "purple-16x9.mp4", bg: [120, 40, 180], disc: [150, 250, 50], width: 432, height: 240, seconds: 2.5 },
  { name: "teal-4x3.mp4", bg: [0, 128, 128], disc: [250, 120, 170], width: 320, height: 240, seconds: 2 },
];

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/** A photo: its colour, a disc of radius a sixth of the short side in the lower middle. */
export async function photoBytes(p: OwnPhoto): Promise<Buffer> {
  const r = Math.round(Math.min(p.width, p.height) / 6);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}"><rect width="100%" height="100%" fill="${hex(p.bg)}"/><circle cx="${p.width / 2}" cy="${Math.round(p.height * 0.6)}" r="${r}" fill="${hex(p.disc)}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A clip: its colour, a disc moving sideways in the middle, and a loud 1 kHz tone (which the ad must not carry). */
export async function clipBytes(c: OwnClip): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "own-clip-"));
  const out = path.join(dir, "clip.mp4");
  const r = Math.round(c.height / 6);
  const [br, bg, bb] = c.bg;
  const [dr, dg, db] = c.disc;
  const inDisc = `lt(hypot(X-(W/2+${Math.round(r / 3)}*sin(3*T)),Y-H/2),${r})`;
  const geq = `geq=r='if(${inDisc},${dr},${br})':g='if(${inDisc},${dg},${bg})':b='if(${inDisc},${db},${bb})'`;
  try {
    await runProcess(ffmpegPath(), [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `color=c=black:s=${c.width}x${c.height}:r=25:d=${c.seconds},format=rgb24,${geq}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=1000:sample_rate=44100:duration=${c.seconds}`,
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The frames of a video at `fps`, as raw RGB at the video's own size. */
export async function framesOf(file: string, fps: number): Promise<{ width: number; height: number; frames: Buffer[] }> {
  const { stdout } = await runProcess(ffmpegPath(), [
    "-hide_banner",
    "-loglevel",
    "error",
    "-i",
    file,
    "-vf",
    `fps=${fps}`,
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "pipe:1",
  ]);
  const meta = await sharpSizeOfVideo(file);
  const size = meta.width * meta.height * 3;
  const frames: Buffer[] = [];
  for (let at = 0; at + size <= stdout.length; at += size) frames.push(stdout.subarray(at, at + size));
  return { ...meta, frames };
}

async function sharpSizeOfVideo(file: string): Promise<{ width: number; height: number }> {
  const { stdout } = await runProcess(ffmpegPath(), [
    "-hide_banner",
    "-loglevel",
    "error",
    "-i",
    file,
    "-frames:v",
    "1",
    "-f",
    "image2pipe",
    "-vcodec",
    "png",
    "pipe:1",
  ]);
  const meta = await sharp(stdout).metadata();
  return { width: meta.width!, height: meta.height! };
}

const close = (data: Buffer, i: number, c: Rgb, tolerance: number) => Math.hypot(data[i] - c[0], data[i + 1] - c[1], data[i + 2] - c[2]) <= tolerance;

/** The share of a frame's pixels within `tolerance` of a colour. */
export function shareOf(frame: Buffer, colour: Rgb, tolerance = 50): number {
  let n = 0;
  for (let i = 0; i < frame.length; i += 3) if (close(frame, i, colour, tolerance)) n++;
  return n / (frame.length / 3);
}

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/**
 * The disc's aspect in a frame, from the second moments of its pixels: sqrt(var x / var y) is 1
 * for a circle and the stretch factor for an ellipse. The disc is found by its colour, then
 * measured in a window around it with soft weights from the luma between the background's and
 * the disc's (full-resolution and anti-aliased edges: sub-pixel exact, unlike a bounding box or
 * a hard threshold, which chroma subsampling skews by a pixel). Null when the disc is not seen.
 */
export function discAspect(frame: Buffer, width: number, spec: { bg: Rgb; disc: Rgb }, tolerance = 60): { aspect: number; pixels: number } | null {
  const height = frame.length / 3 / width;
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0, p = 0; i < frame.length; i += 3, p++) {
    if (!close(frame, i, spec.disc, tolerance)) continue;
    n++;
    sx += p % width;
    sy += Math.floor(p / width);
  }
  if (n < 200) return null;
  const reach = 1.6 * Math.sqrt(n / Math.PI);
  const [cx, cy] = [sx / n, sy / n];
  const yBg = luma(...spec.bg);
  const yDisc = luma(...spec.disc);
  let w = 0;
  let wx = 0;
  let wy = 0;
  let wxx = 0;
  let wyy = 0;
  for (let y = Math.max(0, Math.floor(cy - reach)); y <= Math.min(height - 1, Math.ceil(cy + reach)); y++) {
    for (let x = Math.max(0, Math.floor(cx - reach)); x <= Math.min(width - 1, Math.ceil(cx + reach)); x++) {
      const i = (y * width + x) * 3;
      const t = (luma(frame[i], frame[i + 1], frame[i + 2]) - yBg) / (yDisc - yBg);
      const weight = t < 0.15 ? 0 : Math.min(1, t);
      w += weight;
      wx += weight * x;
      wy += weight * y;
      wxx += weight * x * x;
      wyy += weight * y * y;
    }
  }
  const vx = wxx / w - (wx / w) ** 2;
  const vy = wyy / w - (wy / w) ** 2;
  return { aspect: Math.sqrt(vx / vy), pixels: n };
}

/** An image file's pixels as raw RGB. */
export async function rgbOf(bytes: Buffer | string): Promise<{ width: number; data: Buffer }> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, data };
}
