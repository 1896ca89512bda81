// Issue 25 item 4: RSS and live heap within 10 % between minute 2 and minute 10 of the mixed-load
// bench. Pure: the median of the samples around minute 2 (90-150 s of load) against the median of
// the last minute of the run; used by bench/memory.ts and bench/targets-report.ts.

export type Sample = { t: number; v: number };

export type FlatWindow = {
  /** Median of the samples from 90 to 150 s of load. */
  minute2: number | null;
  /** Median of the samples of the last 60 s of the run. */
  end: number | null;
  /** (end - minute2) / minute2, e.g. 0.04 for 4 % more at the end. */
  change: number | null;
  /** |change| <= limit; null where a window had no sample (a run shorter than 3 minutes). */
  flat: boolean | null;
};

export const FLAT_LIMIT = 0.1;

const median = (a: number[]) => {
  if (!a.length) return null;
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** `samples` with t in seconds since the load started; `durationSec` the load's length. */
export function flatWindow(samples: Sample[], durationSec: number, limit = FLAT_LIMIT): FlatWindow {
  const minute2 = durationSec >= 180 ? median(samples.filter((s) => s.t >= 90 && s.t <= 150).map((s) => s.v)) : null;
  const end = median(samples.filter((s) => s.t >= durationSec - 60 && s.t <= durationSec).map((s) => s.v));
  if (minute2 === null || end === null || minute2 <= 0) return { minute2, end, change: null, flat: null };
  const change = Math.round(((end - minute2) / minute2) * 1000) / 1000;
  return { minute2: Math.round(minute2 * 10) / 10, end: Math.round(end * 10) / 10, change, flat: Math.abs(change) <= limit };
}
