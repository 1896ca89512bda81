// The join: the cached segments linked into the job folder and concatenated (video
// stream-copied), the voice mixed with the background music ducked under it, and the mix
// normalised to -14 LUFS / -1 dBTP (docs/decisions/197-sound-that-flows-and-is-normalised.md).
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { concatInputArgs, concatListLine, inputArgs, MediaProcessError, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { measuredOutput, normaliseWav, parseEbur128 } from "./loudness.server";
import { checkInput, formatOf, linkOrCopy } from "./render-inputs.server";
import type { PlannedScene } from "./segment.server";
import { AUDIO_RATE, DEFAULT_MUSIC_VOLUME } from "./timing";
import type { RenderRequest } from "./types";

/** Joins the scenes' segments into `out.{format}` in the job folder; `onJoined` gets the work done so far (up to joinWeight). */
export async function joinSegments(
  job: {
    planned: PlannedScene[];
    request: RenderRequest;
    formats: ReadonlyMap<string, string>;
    jobDir: string;
    format: "mp4" | "webm";
    fps: number;
    joinWeight: number;
    signal?: AbortSignal;
  },
  onJoined: (amount: number) => void,
): Promise<string> {
  const { planned, request, formats, jobDir, format, fps, joinWeight, signal } = job;
  const outFile = path.join(jobDir, `out.${format}`);
  const { videoList, audioList } = await concatLists(planned, jobDir, format);
  const T = planned.reduce((a, p) => a + p.frames, 0) / fps;
  const mixFile = path.join(jobDir, "mix.wav");
  const levelFile = path.join(jobDir, "level.wav");
  // 1. The mix (voice and ducked music) as a WAV: audio only, quick.
  const mixArgs = mixArgsFor(audioList, request, formats, T, mixFile);
  // 2. Loudness: -14 LUFS integrated, true peak under -1 dBTP (measured gain + limiter).
  // 3. The video stream-copied with the normalised mix.
  const args = [...concatInputArgs(videoList), ...inputArgs(levelFile, "wav"), "-map", "0:v", "-map", "1:a", "-c:v", "copy"];
  if (format === "mp4") args.push("-c:a", "aac", "-b:a", "160k", "-movflags", "+faststart");
  else args.push("-c:a", "libopus", "-b:a", "128k");
  args.push("-t", T.toFixed(3), outFile);
  try {
    const mixed = await runFfmpeg(mixArgs, {
      signal,
      durationSec: T,
      onProgress: (f) => onJoined(f * joinWeight * 0.4),
    });
    await normaliseWav(mixFile, levelFile, AUDIO_RATE, signal, parseEbur128(mixed.stderr));
    await runFfmpeg(args, {
      signal,
      durationSec: T,
      onProgress: (f) => onJoined(joinWeight * (0.4 + 0.6 * f)),
    });
  } catch (error) {
    await rm(outFile, { force: true });
    if (request.music && error instanceof MediaProcessError && !(error.signal || signal?.aborted)) {
      // The segments are the renderer's own; a mix that fails reads the music wrongly.
      const music = await checkInput(request.music.path, formatOf(formats, request.music.path), "music", null).then(
        () => null,
        (e: unknown) => e,
      );
      if (music) throw music;
    }
    throw error;
  }
  return outFile;
}

/** The cached segments linked into the job folder, listed there by relative name for the concat demuxer. */
async function concatLists(planned: PlannedScene[], jobDir: string, format: "mp4" | "webm"): Promise<{ videoList: string; audioList: string }> {
  const videoNames: string[] = [];
  const audioNames: string[] = [];
  for (const p of planned) {
    const v = `join-${p.index}.${format}`;
    const a = `join-${p.index}.wav`;
    await linkOrCopy(p.videoFile, path.join(jobDir, v));
    await linkOrCopy(p.audioFile, path.join(jobDir, a));
    videoNames.push(v);
    audioNames.push(a);
  }
  const videoList = path.join(jobDir, "video.txt");
  const audioList = path.join(jobDir, "audio.txt");
  await writeFile(videoList, videoNames.map(concatListLine).join("\n") + "\n");
  await writeFile(audioList, audioNames.map(concatListLine).join("\n") + "\n");
  return { videoList, audioList };
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
