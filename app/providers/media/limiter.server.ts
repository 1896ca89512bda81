// Bounds how many heavy media processes (ffmpeg, TTS, synth) run at once, so a render never
// takes every core from the web server. RENDER_CONCURRENCY sets the ffmpeg bound; by default it
// follows the cores (renderConcurrencyFor): three on a 2-core machine, the children niced below
// the web process (MEDIA_NICE).
import os from "node:os";

export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Semaphore limit must be a positive integer, got ${limit}`);
  }

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        this.active++;
        resolve();
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal?.reason ?? new Error("Aborted"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  private release(): void {
    this.active--;
    const next = this.waiting.shift();
    if (next) next();
  }
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

let ffmpegLimiter: Semaphore | null = null;
let synthSemaphore: Semaphore | null = null;

/**
 * ffmpeg processes at once on a machine with `cores` cores: one per core, at least 3 from 2 cores,
 * at most 8 (docs/decisions/385-ready-path-draws-once.md). ffmpeg 4.1 draws a segment's filter
 * graph on one thread and only x264 uses the others, so a segment alone keeps about 1.4 cores busy:
 * with two at once, the last scene of an ad rendered alone left part of a core idle. The children
 * run niced, so the web process still gets the CPU when it asks.
 */
export function renderConcurrencyFor(cores: number): number {
  const n = Math.max(1, Math.floor(cores));
  return n === 1 ? 1 : Math.min(8, Math.max(3, n));
}

/** The cores this process may use. */
export function availableCores(): number {
  return typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
}

/** The default ffmpeg bound of this machine (RENDER_CONCURRENCY unset). */
export function defaultRenderConcurrency(): number {
  return renderConcurrencyFor(availableCores());
}

/** The shared bound on simultaneous ffmpeg processes (RENDER_CONCURRENCY, default from the core count). */
export function mediaLimiter(): Semaphore {
  ffmpegLimiter ??= new Semaphore(positiveInt(process.env.RENDER_CONCURRENCY, defaultRenderConcurrency()));
  return ffmpegLimiter;
}

/** The bound on simultaneous speech synthesis processes (SYNTH_CONCURRENCY, default 1). */
export function synthLimiter(): Semaphore {
  synthSemaphore ??= new Semaphore(positiveInt(process.env.SYNTH_CONCURRENCY, 1));
  return synthSemaphore;
}

let musicSemaphore: Semaphore | null = null;

/**
 * The bound on simultaneous music synthesis processes (MUSIC_CONCURRENCY, default 1), apart from
 * speech: a bed composed while the scenes are made must not hold up their voice-overs.
 */
export function musicLimiter(): Semaphore {
  musicSemaphore ??= new Semaphore(positiveInt(process.env.MUSIC_CONCURRENCY, 1));
  return musicSemaphore;
}

// 19, below the worker's 14 by the same weight ratio as 10 was below 5 (ADR 400).
const DEFAULT_MEDIA_NICE = 19;

/** Niceness for child processes: below the web server, so requests stay responsive. */
export function mediaNiceness(): number {
  const n = Number(process.env.MEDIA_NICE ?? DEFAULT_MEDIA_NICE);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : DEFAULT_MEDIA_NICE;
}
