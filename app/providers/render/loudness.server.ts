// Loudness of the final mix (docs/decisions/197-sound-that-flows-and-is-normalised.md): social
// platforms play video at -14 LUFS integrated with true peaks at or below -1 dBTP. The mix is
// measured (EBU R128, ffmpeg's ebur128), brought to the target with a measured gain and an
// oversampled peak limiter, measured again and corrected once more: audio-only passes that take
// a fraction of a second, so the video is never re-encoded for it.
import { rename } from "node:fs/promises";
import { demuxerOf, inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";

export const TARGET_LUFS = -14;
/** Ceiling of the limiter, below -1 dBTP so the AAC/Opus encoder's overshoot stays under it. */
export const PEAK_CEILING_DB = -2;
/** Quieter than this is silence: never amplified. */
const SILENT_LUFS = -60;
const MAX_GAIN_DB = 30;

export type Loudness = { integratedLufs: number; truePeakDb: number };

/** Parses the summary ebur128 prints when it ends. */
export function parseEbur128(log: string): Loudness {
  const summary = log.slice(log.lastIndexOf("Summary:"));
  const i = /I:\s+(-?[\d.]+|-inf)\s+LUFS/.exec(summary)?.[1];
  const peak = /Peak:\s+(-?[\d.]+|-inf)\s+dBFS/.exec(summary)?.[1];
  const num = (v: string | undefined) => (v === undefined || v === "-inf" ? -Infinity : Number(v));
  return { integratedLufs: num(i), truePeakDb: num(peak) };
}

/** Integrated loudness and true peak of a file's first audio stream. */
export async function measureLoudness(file: string, signal?: AbortSignal): Promise<Loudness> {
  const { stderr } = await runFfmpeg(
    ["-loglevel", "info", ...inputArgs(file, await demuxerOf(file)), "-map", "0:a:0", "-af", "ebur128=peak=true", "-f", "null", "-"],
    { signal, limiter: null, timeoutMs: 120_000 },
  );
  return parseEbur128(stderr);
}

/** The gain (dB) that takes `measured` to the target; 0 for silence. */
export function gainToTarget(measured: number, target = TARGET_LUFS): number {
  if (!Number.isFinite(measured) || measured < SILENT_LUFS) return 0;
  return Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, target - measured));
}

/** A filter chain: `gainDb`, then a peak limiter at the ceiling run at 4x the rate (close to true peak). */
export function gainAndLimit(gainDb: number, rate: number): string {
  const ceiling = Math.pow(10, PEAK_CEILING_DB / 20);
  return `volume=${gainDb.toFixed(2)}dB,aresample=${rate * 4},alimiter=limit=${ceiling.toFixed(4)}:attack=1:release=60:level=false,aresample=${rate}`;
}

/**
 * Output arguments that measure a filter graph's audio `label` while it is written elsewhere:
 * `[label]ebur128=peak=true` to a null output (parse the run's stderr with parseEbur128; the
 * run needs `-loglevel info`). Saves a second decode of the file just written.
 */
export function measuredOutput(label: string): { filter: string; args: string[] } {
  return { filter: `[${label}]ebur128=peak=true[loudness]`, args: ["-map", "[loudness]", "-f", "null", "-"] };
}

/**
 * Normalises a WAV mix in place of `out`: measure (or take `measured`, made while the mix was
 * written), gain + limit measured in the same pass, and a last small correction when the
 * limiter took the level off the target. Returns the final measurement.
 */
export async function normaliseWav(input: string, out: string, rate: number, signal?: AbortSignal, measured?: Loudness): Promise<Loudness> {
  const first = measured ?? (await measureLoudness(input, signal));
  const gain = gainToTarget(first.integratedLufs);
  const m = measuredOutput("level");
  const { stderr } = await runFfmpeg(
    [
      "-loglevel",
      "info",
      ...inputArgs(input, "wav"),
      "-filter_complex",
      `[0:a]${gainAndLimit(gain, rate)},asplit=2[out][level];${m.filter}`,
      "-map",
      "[out]",
      "-c:a",
      "pcm_f32le",
      out,
      ...m.args,
    ],
    { signal, limiter: null, timeoutMs: 120_000 },
  );
  const second = parseEbur128(stderr);
  const rest = gainToTarget(second.integratedLufs);
  if (Math.abs(rest) < 0.3 || gain === 0) return second;
  const again = `${out}.2.wav`;
  await runFfmpeg([...inputArgs(out, "wav"), "-af", gainAndLimit(rest, rate), "-c:a", "pcm_f32le", again], { signal, limiter: null, timeoutMs: 120_000 });
  await rename(again, out);
  return measureLoudness(out, signal);
}
