// The poster (thumbnail) of a finished video (docs/decisions/198-poster-frame.md): a frame from
// the first scene after its fade-in, the candidate with the most detail among those whose mean
// luma is in a comfortable range, so a card never shows the black of the fade.
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { demuxerOf, inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { newWorkFile } from "~/providers/media/workdir.server";

/** Mean luma (0..255) a poster should have: neither a near-black nor a washed-out frame. */
export const POSTER_LUMA = { min: 50, max: 215 } as const;
/** Where in the first scene candidates are taken (fractions of its length). */
const CANDIDATES = [0.35, 0.5, 0.65, 0.8];
/** The fade-in lasts at most this long; no candidate is taken before it ends. */
const AFTER_FADE_SEC = 0.5;

export type Poster = { path: string; timeSec: number; meanLuma: number; mime: "image/jpeg" };

type Frame = { timeSec: number; png: Buffer; meanLuma: number; detail: number };

/** Mean luma (BT.601, 0..255) and a detail figure (its standard deviation) of an image. */
export async function lumaStats(image: Buffer | string): Promise<{ meanLuma: number; detail: number }> {
  const stats = await sharp(image).removeAlpha().greyscale().stats();
  const c = stats.channels[0];
  return { meanLuma: c.mean, detail: c.stdev };
}

/** Candidate times inside [0, firstSceneSec) (or the first 3 s), after the fade-in. */
export function posterTimes(firstSceneSec: number, videoSec: number): number[] {
  const span = Math.min(firstSceneSec > 0 ? firstSceneSec : 3, videoSec);
  const times = CANDIDATES.map((f) => Math.max(Math.min(AFTER_FADE_SEC, span * 0.5), f * span)).filter((t) => t < videoSec - 0.05);
  return [...new Set(times.map((t) => Math.round(t * 1000) / 1000))];
}

function score(f: Frame): number {
  const inRange = f.meanLuma >= POSTER_LUMA.min && f.meanLuma <= POSTER_LUMA.max;
  return (inRange ? 1000 : 0) + f.detail - Math.abs(f.meanLuma - 128) * 0.05;
}

/** Picks and writes the poster of `video` as a JPEG in the work dir (`root`); the caller stores it. */
export async function makePoster(video: string, o: { firstSceneSec: number; videoSec: number; root: string; signal?: AbortSignal }): Promise<Poster> {
  const file = await newWorkFile(o.root, "posters", "jpg");
  const format = await demuxerOf(video);
  // The candidates at once: each is a short seek and one decoded frame, and the video is Ready only once its poster is.
  const candidate = async (timeSec: number, i: number): Promise<Frame | null> => {
    const png = `${file}-${i}.png`;
    try {
      await runFfmpeg([...inputArgs(video, format, ["-ss", timeSec.toFixed(3)]), "-frames:v", "1", "-c:v", "png", png], {
        signal: o.signal,
        limiter: null,
        timeoutMs: 60_000,
      });
      const buf = await readFile(png);
      return { timeSec, png: buf, ...(await lumaStats(buf)) };
    } catch (error) {
      if (o.signal?.aborted) throw error;
      return null;
    } finally {
      await rm(png, { force: true });
    }
  };
  try {
    const frames = (await Promise.all(posterTimes(o.firstSceneSec, o.videoSec).map(candidate))).filter((f): f is Frame => f !== null);
    if (!frames.length) throw new Error(`No frame could be read from ${path.basename(video)}`);
    const best = frames.reduce((a, b) => (score(b) > score(a) ? b : a));
    await sharp(best.png).jpeg({ quality: 84, mozjpeg: true }).toFile(file);
    return { path: file, timeSec: best.timeSec, meanLuma: Math.round(best.meanLuma * 10) / 10, mime: "image/jpeg" };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}
