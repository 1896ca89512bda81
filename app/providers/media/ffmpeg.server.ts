// The ffmpeg/ffprobe runner. Binaries come from npm (@ffmpeg-installer/ffmpeg: a static ffmpeg
// 4.1; @ffprobe-installer/ffprobe), so a fresh machine needs nothing else; FFMPEG_PATH and
// FFPROBE_PATH override them. Every filter graph in this layer is written for ffmpeg 4.1 (no
// xfade, no `amix normalize`). Processes run niced and through the shared limiter.
import { AsyncLocalStorage } from "node:async_hooks";
import { spawn } from "node:child_process";
import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import { SNIFF_BYTES, sniffType } from "~/utils/storage/sniff.server";
import { mediaLimiter, mediaNiceness, type Semaphore } from "./limiter.server";

const require = createRequire(import.meta.url);

export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  return (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

export function ffprobePath(): string {
  if (process.env.FFPROBE_PATH) return process.env.FFPROBE_PATH;
  return (require("@ffprobe-installer/ffprobe") as { path: string }).path;
}

export class MediaProcessError extends Error {
  readonly code: number | null;
  readonly stderr: string;
  /** The signal that ended the process from outside (the OOM killer, an operator), if one did. */
  readonly signal: NodeJS.Signals | null;
  constructor(message: string, code: number | null, stderr: string, signal: NodeJS.Signals | null = null) {
    super(message);
    this.name = "MediaProcessError";
    this.code = code;
    this.stderr = stderr;
    this.signal = signal;
  }
}

/** Whether a media process was killed by a signal it did not ask for (not a bad input: trying again may work). */
export function wasKilled(error: unknown): boolean {
  return error instanceof MediaProcessError && error.signal !== null;
}

// Fault injection for tests (docs/decisions/230-ffmpeg-killed-mid-render.md): inside
// killingFfmpeg(), every ffmpeg process is sent SIGKILL once it has started writing, as the
// OOM killer would. Only the provider fault wrapper (PROVIDER_FAULTS=ffmpeg, never in
// production) enters it.
const ffmpegFault = new AsyncLocalStorage<{ kill: true }>();

export function killingFfmpeg<T>(work: () => Promise<T>): Promise<T> {
  return ffmpegFault.run({ kill: true }, work);
}

// A piece of work's media processes that died by a signal nobody here sent (the OOM killer):
// inside watchingKills(), the first such death is kept, so a failure it caused further on (a
// sibling's input cut short, a file missing) is known to be the kill's doing, not a bad input.
const killWatch = new AsyncLocalStorage<{ killed: MediaProcessError | null }>();

/**
 * Runs `work`; when it fails and one of its media processes was killed by a signal meanwhile,
 * fails with that kill (wasKilled() is true of it) whatever error surfaced first.
 */
export async function watchingKills<T>(work: () => Promise<T>): Promise<T> {
  const watch: { killed: MediaProcessError | null } = { killed: null };
  try {
    return await killWatch.run(watch, work);
  } catch (error) {
    if (watch.killed && !wasKilled(error)) throw watch.killed;
    throw error;
  }
}

export type ProcessOptions = {
  signal?: AbortSignal;
  timeoutMs?: number;
  stdin?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  /** Niceness for the child (default MEDIA_NICE or 19). */
  nice?: number;
  onStdoutLine?: (line: string) => void;
};

export type ProcessResult = { stdout: Buffer; stderr: string };

const STDERR_KEEP = 16_000;

/** Spawns a child with low priority; rejects with the tail of stderr when it fails. */
export function runProcess(command: string, args: string[], options: ProcessOptions = {}): Promise<ProcessResult> {
  const { signal, timeoutMs, stdin, env, onStdoutLine } = options;
  signal?.throwIfAborted();
  return new Promise<ProcessResult>((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["pipe", "pipe", "pipe"],
      env: env ?? process.env,
      windowsHide: true,
    });
    if (child.pid) {
      try {
        os.setPriority(child.pid, options.nice ?? mediaNiceness());
      } catch {
        // not permitted on this system: run at normal priority
      }
    }
    const killed = ffmpegFault.getStore()?.kill === true && command === ffmpegPath();
    const watch = killWatch.getStore();
    const out: Buffer[] = [];
    let err = "";
    let pending = "";
    let settled = false;
    let timer: NodeJS.Timeout | undefined;

    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve({ stdout: Buffer.concat(out), stderr: err });
    };
    const onAbort = () => {
      child.kill("SIGKILL");
      finish(signal?.reason instanceof Error ? signal.reason : new Error("Aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    if (timeoutMs) {
      timer = setTimeout(() => {
        child.kill("SIGKILL");
        finish(new MediaProcessError(`${shortName(command)} timed out after ${Math.round(timeoutMs / 1000)} s`, null, err));
      }, timeoutMs);
    }

    child.stdout.on("data", (chunk: Buffer) => {
      if (killed && !child.killed) child.kill("SIGKILL");
      if (onStdoutLine) {
        pending += chunk.toString("utf8");
        let nl: number;
        while ((nl = pending.indexOf("\n")) >= 0) {
          onStdoutLine(pending.slice(0, nl).trim());
          pending = pending.slice(nl + 1);
        }
      } else {
        out.push(chunk);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString("utf8");
      if (err.length > STDERR_KEEP * 2) err = err.slice(-STDERR_KEEP);
    });
    child.on("error", (e) => finish(new MediaProcessError(`Could not start ${shortName(command)}: ${e.message}`, null, err)));
    child.on("close", (code, killedBy) => {
      if (code === 0) finish(null);
      else if (killedBy) {
        const killedError = new MediaProcessError(`${shortName(command)} was killed (${killedBy}) before it finished`, null, err, killedBy);
        // Only a death that decides this process's outcome: our own abort or time-out settled it first.
        if (watch && !settled) watch.killed ??= killedError;
        finish(killedError);
      } else {
        const tail = err.trim().split("\n").slice(-6).join("\n");
        finish(new MediaProcessError(`${shortName(command)} failed (exit ${code}): ${tail}`, code, err));
      }
    });
    child.stdin.on("error", () => undefined);
    if (stdin !== undefined) child.stdin.end(stdin);
    else child.stdin.end();
  });
}

function shortName(command: string): string {
  return command.split(/[\\/]/).pop() ?? command;
}

// ─── inputs: always a forced format and the file protocol only ───
// (docs/decisions/270-media-identified-by-structure.md) An input whose format ffmpeg guesses can be
// a playlist (HLS), a concat list or an image sequence that names other files; an input without a
// protocol whitelist may open them. So every input of every ffmpeg and ffprobe run in this
// codebase says its demuxer (-f) and `-protocol_whitelist file`, and runFfmpeg refuses arguments
// with an input that does not.

/** The ffmpeg demuxer for each accepted media type (from the sniffed MIME type, never a name). */
const DEMUXERS: Record<string, string> = {
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/ogg": "ogg",
  "audio/aac": "aac",
  "audio/flac": "flac",
  "audio/mp4": "mov",
  "video/mp4": "mov",
  "video/quicktime": "mov",
  "audio/webm": "matroska",
  "video/webm": "matroska",
  "image/jpeg": "jpeg_pipe",
  "image/png": "png_pipe",
  "image/webp": "webp_pipe",
  "image/gif": "gif",
};

/** Demuxers that read a list of other files or URLs: never used on a file someone gave us. */
export const REFERENCING_FORMATS =
  /(^|,)(hls|applehttp|concat|ffconcat|image2|image2pipe|playlist|m3u8?|dash|mpd|smil|sdp|rtp|rtsp|tee|data|lavfi|subfile|ffmetadata|bluray|dvd|libmodplug|webm_dash_manifest)(,|$)/i;

export function demuxerForMime(mime: string): string | null {
  return DEMUXERS[mime.toLowerCase()] ?? null;
}

/** The demuxer for a file, from its bytes (file-type); throws for a type we do not read. */
export async function demuxerOf(file: string): Promise<string> {
  const handle = await open(file, "r");
  let head: Buffer;
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const type = await sniffType(head);
  const demuxer = type ? demuxerForMime(type.mime) : null;
  if (!demuxer) throw new MediaProcessError("The media file is not of a type the renderer reads", null, "");
  return demuxer;
}

/**
 * The arguments that open `file` as an input of format `format`: the demuxer is forced, only the
 * file protocol may be opened, and MOV/MP4 data references to other files stay off.
 * `before` holds other input options (-ss, -stream_loop, -t).
 */
export function inputArgs(file: string, format: string, before: readonly string[] = []): string[] {
  if (!format || REFERENCING_FORMATS.test(format)) {
    throw new MediaProcessError(`Refusing to open an input as ${format || "an unknown format"}`, null, "");
  }
  const mov = format === "mov" ? ["-enable_drefs", "0"] : [];
  return [...before, "-f", format, ...mov, "-protocol_whitelist", "file", "-i", file];
}

/**
 * A concat list the render wrote itself in its own folder, naming files of that folder by
 * relative name (`-safe 1` refuses absolute paths and ".."); nested opens inherit the whitelist.
 */
export function concatInputArgs(list: string): string[] {
  return ["-f", "concat", "-safe", "1", "-protocol_whitelist", "file", "-i", list];
}

/** A generated input (lavfi source such as anullsrc); opens no file. */
export function lavfiInputArgs(graph: string, before: readonly string[] = []): string[] {
  return [...before, "-f", "lavfi", "-protocol_whitelist", "file", "-i", graph];
}

/**
 * Throws unless every `-i` in `args` is preceded (since the previous input) by `-f <format>` and
 * `-protocol_whitelist file`.
 */
export function assertSafeInputs(args: readonly string[]): void {
  let since = 0;
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== "-i") continue;
    const opts = args.slice(since, i);
    const f = opts.lastIndexOf("-f");
    const w = opts.lastIndexOf("-protocol_whitelist");
    if (f < 0 || !opts[f + 1] || w < 0 || opts[w + 1] !== "file") {
      throw new MediaProcessError(`ffmpeg input ${args[i + 1] ?? ""} has no forced format and protocol whitelist`, null, "");
    }
    since = i + 2;
  }
}

export type FfmpegOptions = {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Expected output duration: lets progress be reported as a fraction 0..1. */
  durationSec?: number;
  onProgress?: (fraction: number) => void;
  /** Which limiter bounds this process; null runs it unbounded. Default: the shared one. */
  limiter?: Semaphore | null;
};

/**
 * Runs ffmpeg with the given arguments (inputs, filters, outputs). Progress comes from
 * ffmpeg's own `-progress` key=value stream (out_time), not from a timer.
 */
export async function runFfmpeg(args: string[], options: FfmpegOptions = {}): Promise<ProcessResult> {
  const { durationSec, onProgress } = options;
  assertSafeInputs(args);
  const full = ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-nostats", "-progress", "pipe:1", ...args];
  const limiter = options.limiter === undefined ? mediaLimiter() : options.limiter;
  const exec = () =>
    runProcess(ffmpegPath(), full, {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 15 * 60_000,
      onStdoutLine: (line) => {
        if (!onProgress) return;
        const eq = line.indexOf("=");
        if (eq < 0) return;
        const key = line.slice(0, eq);
        const value = line.slice(eq + 1);
        if (key === "progress" && value === "end") onProgress(1);
        else if (durationSec && durationSec > 0) {
          const sec = progressSeconds(key, value);
          if (sec !== null) onProgress(Math.max(0, Math.min(1, sec / durationSec)));
        }
      },
    });
  return limiter ? limiter.run(exec, options.signal) : exec();
}

/** Reads one key of ffmpeg's -progress output as seconds of output written, if it is a time key. */
export function progressSeconds(key: string, value: string): number | null {
  // ffmpeg 4.x writes microseconds under "out_time_ms" (a long-standing misnomer); newer ones
  // add "out_time_us". "out_time" is HH:MM:SS.micro. "N/A" appears before the first frame.
  if (key === "out_time_us" || key === "out_time_ms") {
    const n = Number(value);
    return Number.isFinite(n) && n >= 0 ? n / 1e6 : null;
  }
  if (key === "out_time") {
    const m = /^(-?\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(value);
    if (!m) return null;
    const sec = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
    return sec >= 0 ? sec : null;
  }
  return null;
}

export type ProbeStream = {
  index: number;
  type: "video" | "audio" | "subtitle" | "data" | string;
  codec: string;
  width?: number;
  height?: number;
  sampleRate?: number;
  channels?: number;
  durationSec?: number;
  frameRate?: number;
  pixelFormat?: string;
};

export type ProbeResult = {
  formatName: string;
  durationSec: number;
  sizeBytes: number;
  streams: ProbeStream[];
};

type RawProbe = {
  format?: { format_name?: string; duration?: string; size?: string };
  streams?: Array<{
    index: number;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    sample_rate?: string;
    channels?: number;
    duration?: string;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    pix_fmt?: string;
  }>;
};

/**
 * ffprobe of a media file: container, duration, streams. Not bounded by the render limiter
 * (cheap). The format is forced (`format`, or the one the file's bytes say) and only the file
 * protocol may be opened.
 */
export async function probeMedia(file: string, options: { signal?: AbortSignal; format?: string } = {}): Promise<ProbeResult> {
  const format = options.format ?? (await demuxerOf(file));
  const { stdout } = await runProcess(ffprobePath(), ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...inputArgs(file, format)], {
    signal: options.signal,
    timeoutMs: 60_000,
    nice: 0,
  });
  const raw = JSON.parse(stdout.toString("utf8")) as RawProbe;
  const streams: ProbeStream[] = (raw.streams ?? []).map((s) => ({
    index: s.index,
    type: s.codec_type ?? "unknown",
    codec: s.codec_name ?? "unknown",
    width: s.width,
    height: s.height,
    sampleRate: s.sample_rate ? Number(s.sample_rate) : undefined,
    channels: s.channels,
    durationSec: s.duration ? Number(s.duration) : undefined,
    frameRate: parseRate(s.avg_frame_rate) ?? parseRate(s.r_frame_rate),
    pixelFormat: s.pix_fmt,
  }));
  const formatDuration = raw.format?.duration ? Number(raw.format.duration) : NaN;
  const durationSec = Number.isFinite(formatDuration) ? formatDuration : Math.max(0, ...streams.map((s) => s.durationSec ?? 0));
  return {
    formatName: raw.format?.format_name ?? "unknown",
    durationSec,
    sizeBytes: raw.format?.size ? Number(raw.format.size) : 0,
    streams,
  };
}

function parseRate(rate: string | undefined): number | undefined {
  if (!rate) return undefined;
  const [n, d] = rate.split("/").map(Number);
  if (!n || !d) return undefined;
  return n / d;
}

/** Duration in seconds of an audio or video file, from ffprobe. */
export async function mediaDuration(file: string, format?: string): Promise<number> {
  const info = await probeMedia(file, format ? { format } : {});
  if (!Number.isFinite(info.durationSec) || info.durationSec <= 0) {
    throw new MediaProcessError(`Could not read the duration of ${file}`, null, "");
  }
  return info.durationSec;
}

/**
 * A concat list line for a file beside the list (a plain name: `-safe 1` lists cannot name
 * absolute paths or climb out of their folder).
 */
export function concatListLine(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) throw new MediaProcessError(`A concat list names only files beside it (got ${name})`, null, "");
  return `file '${name}'`;
}
