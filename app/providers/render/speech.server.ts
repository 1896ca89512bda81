// Where a voice-over speaks, and how it is tightened so speech flows across scenes
// (docs/decisions/197-sound-that-flows-and-is-normalised.md): the silence TTS puts before and
// after the words is trimmed, and pauses inside it longer than MAX_PAUSE are shortened.
import { demuxerOf, inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";

/** Level below which a voice-over counts as silent. */
export const SILENCE_DB = -42;
/** Longest pause kept inside a voice-over (between sentences), in seconds. */
export const MAX_PAUSE = 0.2;
/** Silence kept before the first and after the last word, so onsets and decays are not clipped. */
export const KEEP_BEFORE = 0.02;
export const KEEP_AFTER = 0.03;

export type Span = { start: number; end: number };

/** Parses silencedetect's log lines into silent spans; an unclosed one runs to `duration`. */
export function parseSilences(log: string, duration: number): Span[] {
  const spans: Span[] = [];
  let open: number | null = null;
  for (const line of log.split("\n")) {
    const start = /silence_start: (-?[\d.]+)/.exec(line);
    if (start) open = Math.max(0, Number(start[1]));
    const end = /silence_end: (-?[\d.]+)/.exec(line);
    if (end && open !== null) {
      spans.push({ start: open, end: Math.min(duration, Number(end[1])) });
      open = null;
    }
  }
  if (open !== null && open < duration) spans.push({ start: open, end: duration });
  return spans;
}

/**
 * The parts of a `duration`-second voice-over to keep, in order: from just before the first
 * word to just after the last, with every pause longer than `maxPause` cut down to it (half of
 * it on each side of the cut). Without detected speech the whole file is kept.
 */
export function speechKeep(silences: Span[], duration: number, maxPause = MAX_PAUSE): Span[] {
  const sorted = [...silences].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const leading = sorted[0] && sorted[0].start <= 0.001 ? sorted[0] : null;
  const trailing = sorted.length && sorted[sorted.length - 1].end >= duration - 0.001 ? sorted[sorted.length - 1] : null;
  if (leading && leading === trailing) return [{ start: 0, end: duration }];
  const from = Math.max(0, (leading?.end ?? 0) - KEEP_BEFORE);
  const to = Math.min(duration, (trailing?.start ?? duration) + KEEP_AFTER);
  const keep: Span[] = [];
  let cursor = from;
  for (const s of sorted) {
    if (s === leading || s === trailing) continue;
    if (s.end - s.start <= maxPause) continue;
    keep.push({ start: cursor, end: s.start + maxPause / 2 });
    cursor = s.end - maxPause / 2;
  }
  keep.push({ start: cursor, end: to });
  return keep.filter((k) => k.end - k.start > 0.001).map((k) => ({ start: round4(k.start), end: round4(k.end) }));
}

export function keptSeconds(keep: Span[]): number {
  return keep.reduce((a, k) => a + (k.end - k.start), 0);
}

/** Measures a voice-over's silences with ffmpeg (audio only, a fraction of a second). */
export async function detectSilences(file: string, duration: number, signal?: AbortSignal, format?: string): Promise<Span[]> {
  const { stderr } = await runFfmpeg(
    ["-loglevel", "info", ...inputArgs(file, format ?? (await demuxerOf(file))), "-af", `silencedetect=n=${SILENCE_DB}dB:d=0.05`, "-f", "null", "-"],
    { signal, limiter: null, timeoutMs: 60_000 },
  );
  return parseSilences(stderr, duration);
}

/**
 * An ffmpeg filter chain (from `input` to `output`) that keeps only the given spans of the
 * audio, joined end to end, sample-accurate (atrim per span, then concat).
 */
export function keepFilter(input: string, output: string, keep: Span[], prefix = "k"): string {
  if (keep.length === 0) return `[${input}]anull[${output}]`;
  if (keep.length === 1) return `[${input}]atrim=start=${keep[0].start}:end=${keep[0].end},asetpts=PTS-STARTPTS[${output}]`;
  const parts = keep.map((_, i) => `[${prefix}${i}]`).join("");
  const trims = keep.map((k, i) => `[${prefix}${i}]atrim=start=${k.start}:end=${k.end},asetpts=PTS-STARTPTS[${prefix}o${i}]`).join(";");
  return `[${input}]asplit=${keep.length}${parts};${trims};${keep.map((_, i) => `[${prefix}o${i}]`).join("")}concat=n=${keep.length}:v=0:a=1[${output}]`;
}

function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
