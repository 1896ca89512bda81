// The join: the segments' sound mixed while their pictures are drawn (the voice with the background
// music ducked under it, normalised to -14 LUFS / -1 dBTP: docs/decisions/197-sound-that-flows-and-is-normalised.md),
// encoded once; then the cached segments' pictures and that sound are joined, both stream-copied.
import { randomUUID } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { concatInputArgs, concatListLine, inputArgs, MediaProcessError, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { measuredOutput, normaliseWav, parseEbur128 } from "./loudness.server";
import { hashFile, hashValue } from "~/providers/media/workdir.server";
import { checkInput, formatOf, linkOrCopy, touch } from "./render-inputs.server";
import type { PlannedScene } from "./segment.server";
import { AUDIO_RATE, DEFAULT_MUSIC_VOLUME } from "./timing";
import type { RenderRequest } from "./types";

type JoinJob = {
  /** The segment cache: the ad's normalised sound is kept there too, by what it is made of. */
  cacheDir: string;
  planned: PlannedScene[];
  request: RenderRequest;
  formats: ReadonlyMap<string, string>;
  jobDir: string;
  format: "mp4" | "webm";
  fps: number;
  joinWeight: number;
  signal?: AbortSignal;
};

/**
 * The ad's sound from the segments' sound files (they exist before the pictures are drawn): the voice
 * with the music ducked under it, normalised to -14 LUFS / -1 dBTP, encoded for the job's format
 * (AAC in MP4, Opus in WebM) while the pictures are drawn. Returns that track in the job folder, for
 * the mux to copy; `onMixed` gets the work done so far (up to 0.4 of joinWeight).
 */
export async function mixSegments(job: JoinJob, onMixed: (amount: number) => void): Promise<string> {
  const { planned, request, formats, jobDir, format, fps, joinWeight, signal } = job;
  const T = planned.reduce((a, p) => a + p.frames, 0) / fps;
  const track = path.join(jobDir, `sound.${SOUND_EXT[format]}`);
  // A re-compile whose sound did not change (an edited caption or picture, another size) takes the
  // sound the last one made (docs/decisions/391-the-ads-sound-kept-by-what-it-is-made-of.md).
  // No key when an input cannot be read: the mix below then says which one.
  const key = await soundKey(job, T).catch(() => null);
  const kept = key ? path.join(job.cacheDir, `mix-${key}.${SOUND_EXT[format]}`) : null;
  if (kept && (await takeKept(kept, track))) {
    onMixed(joinWeight * 0.4);
    return track;
  }
  const audioList = await concatList(planned, jobDir, "wav", (p) => p.audioFile);
  const mixFile = path.join(jobDir, "mix.wav");
  const levelFile = path.join(jobDir, "level.wav");
  try {
    // 1. The mix (voice and ducked music) as a WAV: audio only, quick.
    const mixed = await runFfmpeg(mixArgsFor(audioList, request, formats, T, mixFile), {
      signal,
      limiter: SOUND_LIMITER,
      durationSec: T,
      onProgress: (f) => onMixed(f * joinWeight * 0.3),
    });
    // 2. Loudness: -14 LUFS integrated, true peak under -1 dBTP (measured gain + limiter).
    await normaliseWav(mixFile, levelFile, AUDIO_RATE, signal, parseEbur128(mixed.stderr));
  } catch (error) {
    await blameMusic(job, error);
    throw error;
  }
  // 3. Encoded once, here, so the mux only copies it (AAC's priming and Opus's pre-skip travel with it).
  const codec = format === "mp4" ? ["-c:a", "aac", "-b:a", "160k", "-f", "mp4"] : ["-c:a", "libopus", "-b:a", "128k", "-f", "webm"];
  await runFfmpeg([...inputArgs(levelFile, "wav"), "-map", "0:a", ...codec, track], {
    signal,
    limiter: SOUND_LIMITER,
    durationSec: T,
    onProgress: (f) => onMixed(joinWeight * (0.3 + 0.1 * f)),
  });
  // Published whole (a link under a name of its own, then renamed); a render that cannot keep it still has its own.
  if (kept) {
    const part = `${kept}.${randomUUID().slice(0, 8)}.part`;
    await linkOrCopy(track, part)
      .then(() => rename(part, kept))
      .catch(() => rm(part, { force: true }));
  }
  return track;
}

/**
 * The segments' pictures concatenated with the ad's sound track (`sound`, from mixSegments), both
 * stream-copied, into `out.{format}` in the job folder; `onJoined` gets the work done so far (from 0.4 up to joinWeight).
 */
export async function muxSegments(job: JoinJob, sound: string, onJoined: (amount: number) => void): Promise<string> {
  const { planned, jobDir, format, fps, joinWeight, signal } = job;
  const outFile = path.join(jobDir, `out.${format}`);
  const videoList = await concatList(planned, jobDir, format, (p) => p.videoFile);
  const T = planned.reduce((a, p) => a + p.frames, 0) / fps;
  const args = [
    ...concatInputArgs(videoList),
    ...inputArgs(sound, format === "mp4" ? "mov" : "matroska"),
    "-map",
    "0:v",
    "-map",
    "1:a",
    "-c:v",
    "copy",
    "-c:a",
    "copy",
  ];
  if (format === "mp4") args.push("-movflags", "+faststart");
  args.push("-t", T.toFixed(3), outFile);
  try {
    await runFfmpeg(args, {
      signal,
      durationSec: T,
      onProgress: (f) => onJoined(joinWeight * (0.4 + 0.6 * f)),
    });
  } catch (error) {
    await rm(outFile, { force: true });
    throw error;
  }
  return outFile;
}

/** After a mix failed: the music's own error when the music cannot be read (the segments are the renderer's own). */
async function blameMusic(job: JoinJob, error: unknown): Promise<void> {
  const { request, formats, signal } = job;
  if (!request.music || !(error instanceof MediaProcessError) || error.signal || signal?.aborted) return;
  const music = await checkInput(request.music.path, formatOf(formats, request.music.path), "music", null).then(
    () => null,
    (e: unknown) => e,
  );
  if (music) throw music;
}

/** Links the kept sound into the job folder; false when there is none (or it was pruned meanwhile). */
async function takeKept(kept: string, track: string): Promise<boolean> {
  try {
    await linkOrCopy(kept, track);
  } catch {
    return false;
  }
  await touch(kept);
  return true;
}

/** What the ad's normalised sound is made of: each segment's sound, the music and its volume, the length. */
async function soundKey(job: JoinJob, T: number): Promise<string> {
  const { planned, request } = job;
  return hashValue({
    v: SOUND_VERSION,
    segments: await Promise.all(planned.map((p) => hashFile(p.audioFile))),
    music: request.music ? { sha: await hashFile(request.music.path), volume: request.music.volume ?? DEFAULT_MUSIC_VOLUME } : null,
    T: T.toFixed(3),
  }).slice(0, 32);
}

/**
 * The sound's processes are not queued behind the pictures' (the shared limiter): one at a time per
 * render and light (about 0.1 CPU-s each), they would otherwise wait for a scene's picture to end and
 * then run alone at the render's end (docs/decisions/394-the-sound-not-queued-behind-the-pictures.md).
 * The loudness pass runs the same way (normaliseWav).
 */
const SOUND_LIMITER = null;

/** The sound track's own file name ending (an audio file, not a video of the job). */
const SOUND_EXT = { mp4: "m4a", webm: "weba" } as const;

/** Raised when the mix, its loudness or its encoding changes, so no sound made the old way is taken. */
const SOUND_VERSION = 2;

/** The segments' files (their video, or their sound) linked into the job folder, listed there by relative name for the concat demuxer. */
async function concatList(planned: PlannedScene[], jobDir: string, ext: string, fileOf: (p: PlannedScene) => string): Promise<string> {
  const names: string[] = [];
  for (const p of planned) {
    const name = `join-${p.index}.${ext}`;
    await linkOrCopy(fileOf(p), path.join(jobDir, name));
    names.push(name);
  }
  const list = path.join(jobDir, ext === "wav" ? "audio.txt" : "video.txt");
  await writeFile(list, names.map(concatListLine).join("\n") + "\n");
  return list;
}

/** ffmpeg's arguments for the mix: the voice track, with the music looped, faded and ducked under it when there is music, measured while written. */
function mixArgsFor(audioList: string, request: RenderRequest, formats: ReadonlyMap<string, string>, T: number, mixFile: string): string[] {
  const mixArgs = concatInputArgs(audioList);
  let graph = `[0:a]aformat=sample_fmts=fltp:sample_rates=${AUDIO_RATE}:channel_layouts=stereo`;
  if (request.music) {
    const vol = Math.max(0, Math.min(1, request.music.volume ?? DEFAULT_MUSIC_VOLUME));
    const fadeOut = Math.min(1.5, T / 4);
    mixArgs.push(...inputArgs(request.music.path, formatOf(formats, request.music.path), ["-stream_loop", "-1"]));
    graph +=
      `,asplit=2[voice][key];` +
      `[1:a]aresample=${AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=duration=${T.toFixed(3)},asetpts=PTS-STARTPTS,` +
      `volume=${vol.toFixed(3)},afade=t=in:d=0.4,afade=t=out:st=${Math.max(0, T - fadeOut).toFixed(3)}:d=${fadeOut.toFixed(3)}[bed];` +
      // Duck the bed while the voice speaks (the voice is the side chain); the release bridges
      // the short pauses between scenes, so the bed does not pump up in them.
      `[bed][key]sidechaincompress=threshold=0.02:ratio=6:attack=15:release=500:makeup=1[ducked];` +
      // amix in ffmpeg 4.1 scales each input by 1/n and has no normalize option: undo it.
      `[voice][ducked]amix=inputs=2:duration=first:dropout_transition=0,volume=2[mixed]`;
  } else {
    graph += `[mixed]`;
  }
  // The mix is measured while it is written (no second decode of it).
  const measure = measuredOutput("measure");
  graph += `;[mixed]atrim=duration=${T.toFixed(3)},asplit=2[aout][measure];${measure.filter}`;
  mixArgs.unshift("-loglevel", "info");
  mixArgs.push("-filter_complex", graph, "-map", "[aout]", "-c:a", "pcm_f32le", mixFile, ...measure.args);
  return mixArgs;
}
