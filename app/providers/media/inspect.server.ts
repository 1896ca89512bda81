// What a media file is, from its whole structure (docs/decisions/270-media-identified-by-structure.md).
// The magic numbers of the first bytes (storage/sniff.server.ts) only say what a file claims to
// be; before a file is stored it is read here as that type, whole:
// - images are decoded to the last pixel with sharp (libvips), after their dimensions are checked
//   from the header (a 30k x 30k PNG is refused before any pixel is decoded); a PNG's chunks are
//   walked to IEND with nothing after it (no polyglot riding behind the picture);
// - an MP3's ID3v2 tag is skipped by its declared size and the MPEG frames after it must follow
//   each other (a tag that "declares" 70 KB and hides a playlist behind it has no frames);
// - audio and video are probed with ffprobe under the forced demuxer of their type and the file
//   protocol only, and must come out as that container with a stream of their kind; a probed
//   format that can reference other files (HLS, concat, image sequences ...) is refused whatever
//   its bytes looked like.
import { open, readFile, stat } from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import { demuxerForMime, probeMedia, REFERENCING_FORMATS, type ProbeResult } from "./ffmpeg.server";

/** Largest side of an accepted image, in pixels. */
export const IMAGE_MAX_SIDE = 16_384;
/** Most pixels an accepted image may have (a 48 MP phone photo fits; a decompression bomb does not). */
export const IMAGE_MAX_PIXELS = 64_000_000;
/** Images up to this many pixels (two 1080x1920 frames, at most 16 MB of RGBA) are checked by decoding them into memory. */
const DECODE_IN_MEMORY_PIXELS = 2 * 1080 * 1920;
/** Largest side of an accepted video stream. */
export const VIDEO_MAX_SIDE = 8_192;

/** A file that is not what it claims to be, or that we will not process. `reason` is for the log. */
export class MediaRejectedError extends Error {
  constructor(
    readonly reason: string,
    readonly kind: "unreadable" | "too_big" | "references" | "too_long" | "resolution",
    /** What was measured: the duration (seconds) or the picture's size, for the message people read. */
    readonly measured?: { seconds?: number; width?: number; height?: number },
  ) {
    super(reason);
    this.name = "MediaRejectedError";
  }
}

/** The container names ffprobe reports for each forced demuxer. */
const PROBED_FORMAT: Record<string, RegExp> = {
  mp3: /^mp3$/,
  wav: /^wav$/,
  ogg: /^ogg$/,
  aac: /^aac$/,
  flac: /^flac$/,
  mov: /^mov,mp4,m4a,3gp,3g2,mj2$/,
  matroska: /^matroska,webm$/,
};

/**
 * Checks that `file` is wholly a `mime` file we may process. Throws MediaRejectedError when it
 * is not. Types that are never processed (documents) pass unchanged.
 */
export async function inspectMediaFile(file: string, mime: string, options: { signal?: AbortSignal; videoLimits?: VideoBounds } = {}): Promise<void> {
  if (mime.startsWith("image/")) return inspectImage(file, mime);
  if (mime.startsWith("audio/") || mime.startsWith("video/")) {
    if (mime === "audio/mpeg") await checkMp3Frames(file);
    const info = await inspectStreams(file, mime, options.signal);
    if (options.videoLimits && mime.startsWith("video/")) checkVideoBounds(info, options.videoLimits);
  }
}

/** Duration and picture bounds of a video (a bucket's rule, e.g. the brand's clips). */
export type VideoBounds = { maxSeconds: number; minSide: number; maxSide: number };

function checkVideoBounds(info: ProbeResult, bounds: VideoBounds): void {
  const video = info.streams.find((s) => s.type === "video" && s.codec !== "unknown");
  const width = video?.width ?? 0;
  const height = video?.height ?? 0;
  if (info.durationSec > bounds.maxSeconds + 0.05) {
    throw new MediaRejectedError(`${info.durationSec.toFixed(1)} s long`, "too_long", { seconds: info.durationSec });
  }
  if (Math.min(width, height) < bounds.minSide || Math.max(width, height) > bounds.maxSide) {
    throw new MediaRejectedError(`${width}x${height} pixels`, "resolution", { width, height });
  }
}

async function inspectImage(file: string, mime: string): Promise<void> {
  if (mime === "image/png") await checkPngChunks(file);
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new MediaRejectedError(`image header cannot be read: ${(error as Error).message}`, "unreadable");
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (!(w > 0 && h > 0)) throw new MediaRejectedError("image has no dimensions", "unreadable");
  const pages = Math.max(1, meta.pages ?? 1);
  if (w > IMAGE_MAX_SIDE || h > IMAGE_MAX_SIDE || w * h > IMAGE_MAX_PIXELS) throw new MediaRejectedError(`image is ${w} x ${h} pixels`, "too_big");
  if (w * h * pages > IMAGE_MAX_PIXELS * 4) throw new MediaRejectedError(`animation of ${pages} frames of ${w} x ${h}`, "too_big");
  try {
    // Decodes every pixel (of the first frame): a truncated or corrupt image fails here, at once.
    // Into memory up to a few frames' worth of pixels (a tenth of the CPU of stats(), which also
    // measures sharpness and entropy); a larger image is streamed through stats() (ADR 390).
    const image = sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error", sequentialRead: true });
    await (w * h <= DECODE_IN_MEMORY_PIXELS ? image.raw().toBuffer() : image.stats());
  } catch (error) {
    throw new MediaRejectedError(`image cannot be decoded: ${(error as Error).message}`, "unreadable");
  }
}

async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Walks a PNG's chunks: each lies inside the file, the last is IEND, and nothing follows it. */
export async function checkPngChunks(file: string): Promise<void> {
  const bytes = await readFile(file);
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new MediaRejectedError("not a PNG signature", "unreadable");
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length)
      throw new MediaRejectedError(`PNG chunk ${JSON.stringify(type)} runs past the end of the file`, "unreadable");
    if (type === "IEND") {
      if (end !== bytes.length) throw new MediaRejectedError(`${bytes.length - end} bytes follow the PNG's IEND chunk`, "unreadable");
      return;
    }
    at = end;
  }
  throw new MediaRejectedError("PNG ends before its IEND chunk", "unreadable");
}

const MPEG_BITRATES: Record<string, number[]> = {
  // [version][layer]: kbit/s by index 1..14
  "1-1": [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  "1-2": [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  "1-3": [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  "2-1": [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  "2-2": [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  "2-3": [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MPEG_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The length in bytes of the MPEG audio frame whose header is `h`, or null when `h` is not one. */
export function mpegFrameLength(h: Buffer): number | null {
  if (h.length < 4 || h[0] !== 0xff || (h[1] & 0xe0) !== 0xe0) return null;
  const versionBits = (h[1] >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layerBits = (h[1] >> 1) & 3; // 3: layer I, 2: II, 1: III
  const bitrateIndex = h[2] >> 4;
  const rateIndex = (h[2] >> 2) & 3;
  const padding = (h[2] >> 1) & 1;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const layer = 4 - layerBits;
  const v = versionBits === 3 ? 1 : 2;
  const kbps = MPEG_BITRATES[`${v}-${layer}`][bitrateIndex - 1];
  const rate = MPEG_RATES[versionBits][rateIndex];
  if (layer === 1) return Math.floor((12 * kbps * 1000) / rate + padding) * 4;
  const perFrame = layer === 3 && v === 2 ? 72 : 144;
  return Math.floor((perFrame * kbps * 1000) / rate) + padding;
}

/** Frames that must follow one another after the ID3 tag (or up to the end of a short file). */
const MP3_FRAMES_CHECKED = 8;

/**
 * An MP3 as a whole: every ID3v2 tag at the start is skipped by its declared size (footer
 * included), and what follows must be MPEG audio frames, one after another.
 */
export async function checkMp3Frames(file: string): Promise<void> {
  const size = (await stat(file)).size;
  let at = 0;
  for (;;) {
    const head = await readAt(file, at, 10);
    if (head.length < 10 || head.toString("latin1", 0, 3) !== "ID3") break;
    if (head[3] === 0xff || head[4] === 0xff || [6, 7, 8, 9].some((i) => head[i] & 0x80))
      throw new MediaRejectedError("malformed ID3 tag header", "unreadable");
    const tagSize = (head[6] << 21) | (head[7] << 14) | (head[8] << 7) | head[9];
    at += 10 + tagSize + (head[5] & 0x10 ? 10 : 0);
    if (at >= size) throw new MediaRejectedError("the ID3 tag covers the whole file: no audio frames", "unreadable");
  }
  let frames = 0;
  while (frames < MP3_FRAMES_CHECKED && at < size) {
    const h = await readAt(file, at, 4);
    const length = mpegFrameLength(h);
    if (length === null || length < 4) throw new MediaRejectedError(`no MPEG audio frame at byte ${at}`, "unreadable");
    frames++;
    at += length;
  }
  if (frames === 0) throw new MediaRejectedError("no MPEG audio frames", "unreadable");
}

async function inspectStreams(file: string, mime: string, signal?: AbortSignal): Promise<ProbeResult> {
  const format = demuxerForMime(mime);
  if (!format) throw new MediaRejectedError(`no demuxer for ${mime}`, "unreadable");
  let info: ProbeResult;
  try {
    info = await probeMedia(file, { format, signal });
  } catch (error) {
    throw new MediaRejectedError(`cannot be read as ${format}: ${(error as Error).message}`, "unreadable");
  }
  if (REFERENCING_FORMATS.test(info.formatName)) throw new MediaRejectedError(`probed as ${info.formatName}`, "references");
  const expected = PROBED_FORMAT[format];
  if (expected && !expected.test(info.formatName)) throw new MediaRejectedError(`probed as ${info.formatName}, not ${format}`, "unreadable");
  const kind = mime.startsWith("video/") ? "video" : "audio";
  const streams = info.streams.filter((s) => s.type === kind && s.codec !== "unknown");
  if (streams.length === 0) throw new MediaRejectedError(`no ${kind} stream`, "unreadable");
  if (kind === "video" && streams.some((s) => (s.width ?? 0) > VIDEO_MAX_SIDE || (s.height ?? 0) > VIDEO_MAX_SIDE)) {
    throw new MediaRejectedError("video frames are too large", "too_big");
  }
  if (!(Number.isFinite(info.durationSec) && info.durationSec > 0)) throw new MediaRejectedError("no duration", "unreadable");
  return info;
}
