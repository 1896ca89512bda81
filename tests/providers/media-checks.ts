// Measurements of a finished video's sound and finish, shared by the tests and `npm run bench`
// (issue 14 §7): silence gaps between the first and the last word (silencedetect), integrated
// loudness and true peak (ebur128=peak=true), and the mean luma of frames (signalstats).
import { demuxerOf, inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { measureLoudness } from "~/providers/render/loudness.server";
import { parseSilences, type Span } from "~/providers/render/speech.server";

/** A pause longer than this between words is dead air. */
export const MAX_GAP_SEC = 0.3;

/** Silent spans (below `noiseDb` for at least `minSec`) of a file's audio. */
export async function silences(file: string, durationSec: number, o: { noiseDb?: number; minSec?: number } = {}): Promise<Span[]> {
  const { stderr } = await runFfmpeg(
    [
      "-loglevel",
      "info",
      ...inputArgs(file, await demuxerOf(file)),
      "-map",
      "0:a:0",
      "-af",
      `silencedetect=n=${o.noiseDb ?? -40}dB:d=${o.minSec ?? 0.05}`,
      "-f",
      "null",
      "-",
    ],
    { limiter: null },
  );
  return parseSilences(stderr, durationSec);
}

/** Silences longer than MAX_GAP_SEC between the first and the last sound (leading/trailing excluded). */
export async function deadAir(file: string, durationSec: number): Promise<{ gaps: Span[]; longestSec: number; speechStartSec: number; speechEndSec: number }> {
  const all = await silences(file, durationSec);
  const inner = all.filter((s) => s.start > 0.001 && s.end < durationSec - 0.001);
  const leading = all.find((s) => s.start <= 0.001);
  const trailing = all.find((s) => s.end >= durationSec - 0.001);
  const longestSec = Math.max(0, ...inner.map((s) => s.end - s.start));
  return {
    gaps: inner.filter((s) => s.end - s.start > MAX_GAP_SEC),
    longestSec: Math.round(longestSec * 1000) / 1000,
    speechStartSec: leading?.end ?? 0,
    speechEndSec: trailing?.start ?? durationSec,
  };
}

export { measureLoudness };

/** Mean luma (Y of YUV in limited range, 16..235) of the frame at `timeSec`, or of an image file when `timeSec` is null. */
export async function meanLuma(file: string, timeSec: number | null = null): Promise<number> {
  const seek = timeSec === null ? [] : ["-ss", timeSec.toFixed(3)];
  const { stderr } = await runFfmpeg(
    // One luma scale for every source: a JPEG (the poster) is full range (0-255), the H.264
    // video limited range (16-235), so the same picture reads ~12 higher as a JPEG unless both
    // are brought to limited range first.
    [
      "-loglevel",
      "info",
      ...inputArgs(file, await demuxerOf(file), seek),
      "-frames:v",
      "1",
      "-vf",
      "scale=out_range=tv,format=yuv420p,signalstats,metadata=mode=print:key=lavfi.signalstats.YAVG",
      "-f",
      "null",
      "-",
    ],
    { limiter: null },
  );
  const m = /lavfi\.signalstats\.YAVG=([\d.]+)/.exec(stderr);
  if (!m) throw new Error(`signalstats gave no luma for ${file}`);
  return Number(m[1]);
}

/** Mean luma of frames every `stepSec` through a video: its normal range is their 10th..90th percentile. */
export async function lumaRange(file: string, durationSec: number, stepSec = 1): Promise<{ p10: number; p90: number; samples: number[] }> {
  const samples: number[] = [];
  for (let t = stepSec / 2; t < durationSec - 0.1; t += stepSec) samples.push(await meanLuma(file, t));
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
  return { p10: at(0.1), p90: at(0.9), samples: samples.map((s) => Math.round(s * 10) / 10) };
}
