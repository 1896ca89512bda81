// The local compiler: ffmpeg renders each scene to a cached segment (picture with captions, and
// its voice-over tightened to its speech and padded to exactly the scene's length), then joins
// the segments with the concat demuxer (video stream-copied), mixes the background music, ducked
// under the voice, and normalises the mix to -14 LUFS / -1 dBTP
// (docs/decisions/197-sound-that-flows-and-is-normalised.md).
// Progress comes from ffmpeg's -progress output. Filter graphs are written for ffmpeg 4.1.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { constants as fsConstants, existsSync } from "node:fs";
import { copyFile, link, readFile, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  concatInputArgs,
  concatListLine,
  demuxerOf,
  ffmpegPath,
  ffprobePath,
  inputArgs,
  lavfiInputArgs,
  MediaProcessError,
  probeMedia,
  runFfmpeg,
  runProcess,
} from "~/providers/media/ffmpeg.server";
import { fonts } from "~/providers/media/fonts.server";
import { ProviderError, VIDEO_SIZES, sizeWithLongSide, type CallOptions, type Size } from "~/providers/media/types";
import { ensureDir, hashFile, hashValue, newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { renderCacheMaxBytes, renderLongSide } from "~/utils/tuning.server";
import { motionVariantFor, parallaxFilters, prepareLayers, prepareStill, zoompanFilter } from "~/providers/motion/zoompan.server";
import { measuredOutput, normaliseWav, parseEbur128 } from "./loudness.server";
import { detectSilences, keepFilter, keptSeconds, speechKeep, type Span } from "./speech.server";
import { captionBand, captionGroups, captionLineChars, captionSteps, captionStyleFor, speechIslands, wordCaptionPng, wordTimings } from "./captions.server";
import { RenderInputError, type LocalRenderer, type RenderInputKind, type RenderProgress, type RenderRequest, type RenderResult, type RenderScene, type RenderSceneResult, type RenderStage } from "./types";

/** Bump when the segment recipe changes, so old cache entries are not reused. */
const RENDERER_VERSION = 7;
export const AUDIO_RATE = 48_000;
/** Bump when how a voice-over's silences are measured changes (speech-*.json in the cache). */
const SPEECH_VERSION = 1;
export const DEFAULT_FPS = 30;
/**
 * Silence before the voice starts and after it ends, in seconds (the voice-over itself is trimmed
 * to its speech first): a scene change falls in a pause of about lead + tail, well under 0.3 s.
 * The last scene keeps a longer tail so the fade-out comes after the last word.
 */
export const VOICE_LEAD = 0.04;
export const VOICE_TAIL = 0.06;
export const LAST_TAIL = 0.6;
export const MAX_SCENES = 60;
export const MAX_SCENE_SECONDS = 120;
export const DEFAULT_MUSIC_VOLUME = 0.35;
/**
 * A soft cut into each scene after the first (docs/decisions/207-soft-cuts-inside-segments.md):
 * the previous scene's last frame, at DISSOLVE_START opacity, fades out over DISSOLVE_SECONDS.
 * Starting below full opacity keeps a visible cut (scene detection still sees the change).
 */
export const DISSOLVE_SECONDS = 0.25;
export const DISSOLVE_START = 0.35;

/**
 * How long a scene lasts for `voiceSec` seconds of speech (ask motion clips for this length: a
 * voice-over's own duration is an upper bound of its speech, so the clip is never too short).
 */
export function sceneDurationFor(voiceSec: number, fps = DEFAULT_FPS, last = true): number {
  return Math.ceil((VOICE_LEAD + voiceSec + (last ? LAST_TAIL : VOICE_TAIL)) * fps) / fps;
}

type PlannedScene = {
  index: number;
  scene: RenderScene;
  frames: number;
  durationSec: number;
  /** Seconds of speech kept from the voice-over. */
  voiceSec: number | null;
  /** The parts of the voice-over file that are kept (its speech, pauses shortened). */
  keep: Span[] | null;
  /** Silences measured in the voice-over (its own time). */
  silences: Span[] | null;
  /** The previous scene's clip and the time of its last frame shown: this scene dissolves from it. */
  dissolveFrom: { path: string; at: number } | null;
  hash: string;
  videoFile: string;
  audioFile: string;
  cached: boolean;
};

export type LocalRenderOptions = { workDir?: string; cacheMaxBytes?: number };

export class LocalRenderProvider implements LocalRenderer {
  readonly kind = "local";
  readonly name = "local-ffmpeg";
  readonly label = "ffmpeg renderer (offline)";
  private readonly root: string;
  private readonly cacheMaxBytes: number;

  constructor(options: LocalRenderOptions = {}) {
    this.root = workRoot(options.workDir);
    this.cacheMaxBytes = options.cacheMaxBytes ?? renderCacheMaxBytes();
  }

  get cacheDir(): string {
    return path.join(this.root, "render-cache");
  }

  /** ffmpeg and ffprobe must start. */
  async checkReady(): Promise<{ ok: boolean; message: string }> {
    try {
      await runProcess(ffmpegPath(), ["-version"], { timeoutMs: 10_000, nice: 0 });
      await runProcess(ffprobePath(), ["-version"], { timeoutMs: 10_000, nice: 0 });
      return { ok: true, message: "ffmpeg is ready" };
    } catch {
      return { ok: false, message: "ffmpeg cannot be started on this server" };
    }
  }

  async render(request: RenderRequest, onProgress?: RenderProgress, options: CallOptions = {}): Promise<RenderResult> {
    const { scenes, format } = request;
    if (format !== "mp4" && format !== "webm") throw new ProviderError(this.name, "bad_input", "Output format must be mp4 or webm");
    if (!scenes.length) throw new ProviderError(this.name, "bad_input", "There are no scenes to compile");
    if (scenes.length > MAX_SCENES) throw new ProviderError(this.name, "bad_input", `A video can have at most ${MAX_SCENES} scenes`);
    const aspect = request.aspectRatio ?? "9:16";
    const longSide = renderLongSide();
    const size: Size = request.size ?? (longSide ? sizeWithLongSide(aspect, longSide) : VIDEO_SIZES[aspect]);
    if (size.width % 2 || size.height % 2) throw new ProviderError(this.name, "bad_input", "Width and height must be even");
    const fps = request.fps ?? DEFAULT_FPS;
    const captions = request.captions ?? true;

    const progress = progressReporter(onProgress);
    progress.stage("preparing", 0);
    await ensureDir(this.cacheDir);
    // The render's own work folder: every file ffmpeg opens is in it (docs/decisions/270-media-identified-by-structure.md).
    const jobDir = await ensureDir(path.join(this.root, "render", `job-${randomUUID()}`));
    try {
      const staged = await stageInputs(request, jobDir);
      return await this.renderStaged(staged.request, staged.formats, jobDir, { size, fps, format, captions }, progress, options);
    } finally {
      await rm(jobDir, { recursive: true, force: true });
    }
  }

  private async renderStaged(
    request: RenderRequest,
    formats: ReadonlyMap<string, string>,
    jobDir: string,
    o: { size: Size; fps: number; format: "mp4" | "webm"; captions: boolean },
    progress: ReturnType<typeof progressReporter>,
    options: CallOptions,
  ): Promise<RenderResult> {
    const { scenes } = request;
    const { size, fps, format, captions } = o;
    // Plan: measure voice-overs, fix each scene's length in whole frames, hash its inputs.
    const planned: PlannedScene[] = [];
    const segmentOptions: SegmentOptions = { size, fps, format, captions, seed: request.seed ?? "", captionStyle: request.captionStyle ?? "", formats, jobDir };
    for (const [index, scene] of scenes.entries()) {
      options.signal?.throwIfAborted();
      planned.push(await this.plan(index, scenes.length, scene, segmentOptions, planned[index - 1]));
    }
    const totalSec = planned.reduce((a, s) => a + s.durationSec, 0);
    // Weights: seconds of video to encode per uncached scene; the join re-encodes audio only.
    const joinWeight = Math.max(0.5, totalSec * 0.12);
    const work = planned.filter((s) => !s.cached).reduce((a, s) => a + s.durationSec, 0) + joinWeight;
    let done = 0;
    const fractions = new Map<number, number>();
    const report = (stage: RenderStage) => {
      let current = done;
      for (const f of fractions.values()) current += f;
      progress.stage(stage, (current / work) * 100);
    };

    progress.stage("scenes", 0);
    await Promise.all(
      planned.map(async (p) => {
        if (p.cached) {
          await touch(p.videoFile, p.audioFile);
          return;
        }
        await this.renderSegment(p, planned.length, segmentOptions, options.signal, (f) => {
          fractions.set(p.index, f * p.durationSec);
          report("scenes");
        });
        fractions.delete(p.index);
        done += p.durationSec;
        report("scenes");
      }),
    );

    // Join: the cached segments are linked into the job folder and named there by relative name.
    const outFile = path.join(jobDir, `out.${format}`);
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
    const T = planned.reduce((a, p) => a + p.frames, 0) / fps;
    const mixFile = path.join(jobDir, "mix.wav");
    const levelFile = path.join(jobDir, "level.wav");
    // 1. The mix (voice and ducked music) as a WAV: audio only, quick.
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
    // 2. Loudness: -14 LUFS integrated, true peak under -1 dBTP (measured gain + limiter).
    // 3. The video stream-copied with the normalised mix.
    const args = [...concatInputArgs(videoList), ...inputArgs(levelFile, "wav"), "-map", "0:v", "-map", "1:a", "-c:v", "copy"];
    if (format === "mp4") args.push("-c:a", "aac", "-b:a", "160k", "-movflags", "+faststart");
    else args.push("-c:a", "libopus", "-b:a", "128k");
    args.push("-t", T.toFixed(3), outFile);
    try {
      const mixed = await runFfmpeg(mixArgs, {
        signal: options.signal,
        durationSec: T,
        onProgress: (f) => {
          fractions.set(-1, f * joinWeight * 0.4);
          report("joining");
        },
      });
      await normaliseWav(mixFile, levelFile, AUDIO_RATE, options.signal, parseEbur128(mixed.stderr));
      await runFfmpeg(args, {
        signal: options.signal,
        durationSec: T,
        onProgress: (f) => {
          fractions.set(-1, joinWeight * (0.4 + 0.6 * f));
          report("joining");
        },
      });
    } catch (error) {
      await rm(outFile, { force: true });
      if (request.music && error instanceof MediaProcessError && !(error.signal || options.signal?.aborted)) {
        // The segments are the renderer's own; a mix that fails reads the music wrongly.
        const music = await checkInput(request.music.path, formatOf(formats, request.music.path), "music", null).then(() => null, (e: unknown) => e);
        if (music) throw music;
      }
      throw error;
    }
    const info = await probeMedia(outFile, { format: format === "mp4" ? "mov" : "matroska" });
    // The finished video leaves the job folder (removed after this) for the caller to store.
    const finalFile = await newWorkFile(this.root, "render", format);
    await rename(outFile, finalFile);
    void this.pruneCache().catch(() => undefined);
    progress.stage("done", 100);
    const sceneResults: RenderSceneResult[] = planned.map((p) => ({ index: p.index, id: p.scene.id, durationSec: p.durationSec, cached: p.cached, hash: p.hash }));
    return {
      path: finalFile,
      mime: format === "mp4" ? "video/mp4" : "video/webm",
      format,
      durationSec: info.durationSec,
      width: size.width,
      height: size.height,
      sizeBytes: info.sizeBytes,
      provider: this.name,
      scenes: sceneResults,
    };
  }

  private async plan(index: number, count: number, scene: RenderScene, o: SegmentOptions, previous?: PlannedScene): Promise<PlannedScene> {
    if (!scene.visual?.path || !existsSync(scene.visual.path)) {
      throw new ProviderError(this.name, "bad_input", `Scene ${index + 1} has no image or video file`);
    }
    const layers = scene.visual.kind === "image" ? scene.visual.layers : undefined;
    if (layers && !(existsSync(layers.background) && existsSync(layers.foreground))) {
      throw new ProviderError(this.name, "bad_input", `Scene ${index + 1}: a layer of the image is missing`);
    }
    if (scene.voiceOver && !existsSync(scene.voiceOver.path)) {
      throw new ProviderError(this.name, "bad_input", `Scene ${index + 1}: the voice-over file is missing`);
    }
    let voiceSec: number | null = null;
    let keep: Span[] | null = null;
    let silences: Span[] | null = null;
    if (scene.voiceOver) {
      const speech = await this.speechOf(scene.voiceOver.path, formatOf(o.formats, scene.voiceOver.path));
      if (!speech) throw new ProviderError(this.name, "bad_input", `Scene ${index + 1}: the voice-over has no audio`);
      silences = speech.silences;
      keep = speechKeep(silences, speech.durationSec);
      voiceSec = keptSeconds(keep);
    }
    let durationSec: number;
    // A scene with a voice-over lasts as long as its speech: a longer minimum would be dead air.
    if (voiceSec !== null) durationSec = sceneDurationFor(voiceSec, o.fps, index === count - 1);
    else if (scene.durationSec) durationSec = scene.durationSec;
    else if (scene.visual.kind === "clip") durationSec = (await probeMedia(scene.visual.path, { format: formatOf(o.formats, scene.visual.path) })).durationSec || 3;
    else durationSec = 3;
    if (durationSec > MAX_SCENE_SECONDS) throw new ProviderError(this.name, "bad_input", `Scene ${index + 1} is longer than ${MAX_SCENE_SECONDS} seconds`);
    const frames = Math.max(1, Math.round(durationSec * o.fps));
    const motion = scene.visual.kind === "image" ? (scene.visual.motion ?? motionVariantFor(index, o.seed)) : null;
    // A clip before this scene: its last shown frame dissolves into this one.
    const dissolveFrom = previous && previous.scene.visual.kind === "clip" && frames / o.fps > DISSOLVE_SECONDS * 3 ? { path: previous.scene.visual.path, at: Math.max(0, previous.durationSec - 1 / o.fps) } : null;
    const hash = hashValue({
      v: RENDERER_VERSION,
      size: o.size,
      fps: o.fps,
      format: o.format,
      frames,
      visual: { kind: scene.visual.kind, sha: await hashFile(scene.visual.path), motion, layers: layers ? [await hashFile(layers.background), await hashFile(layers.foreground)] : null },
      voice: scene.voiceOver ? await hashFile(scene.voiceOver.path) : null,
      keep,
      captions: o.captions ? (scene.captionText ?? "").trim() : "",
      captionStyle: o.captionStyle,
      dissolve: dissolveFrom ? { sha: await hashFile(dissolveFrom.path), at: dissolveFrom.at } : null,
      lead: VOICE_LEAD,
      first: index === 0,
      last: index === count - 1,
      font: path.basename(fonts().sansBold.file),
    }).slice(0, 32);
    const videoFile = path.join(this.cacheDir, `${hash}.${o.format}`);
    const audioFile = path.join(this.cacheDir, `${hash}.wav`);
    return {
      index,
      scene,
      frames,
      durationSec: frames / o.fps,
      voiceSec,
      keep,
      silences,
      dissolveFrom,
      hash,
      videoFile,
      audioFile,
      cached: existsSync(videoFile) && existsSync(audioFile),
    };
  }

  /**
   * A voice-over's length and silences (null: it has no audio), measured once per file content
   * and kept beside the segments: a re-compile does not probe every scene's voice again.
   */
  private async speechOf(file: string, format: string): Promise<{ durationSec: number; silences: Span[] } | null> {
    const cached = path.join(this.cacheDir, `speech-${SPEECH_VERSION}-${(await hashFile(file)).slice(0, 32)}.json`);
    try {
      return JSON.parse(await readFile(cached, "utf8")) as { durationSec: number; silences: Span[] } | null;
    } catch {
      // Not measured yet (or unreadable): measure.
    }
    const info = await probeMedia(file, { format });
    const speech = info.streams.some((s) => s.type === "audio") ? { durationSec: info.durationSec, silences: await detectSilences(file, info.durationSec, undefined, format) } : null;
    const tmp = `${cached}.${randomUUID().slice(0, 6)}`;
    await writeFile(tmp, JSON.stringify(speech));
    await rename(tmp, cached);
    return speech;
  }

  private async renderSegment(p: PlannedScene, count: number, o: SegmentOptions, signal: AbortSignal | undefined, onFraction: (f: number) => void): Promise<void> {
    const { size, fps } = o;
    const W = size.width;
    const H = size.height;
    const D = p.frames / fps;
    const tmpDir = await ensureDir(path.join(o.jobDir, `seg-${p.index}-${randomUUID().slice(0, 6)}`));
    try {
      const args: string[] = [];
      const filters: string[] = [];
      let input = 0;
      // Picture.
      if (p.scene.visual.kind === "image") {
        const still = path.join(tmpDir, "still.jpg");
        const layers = p.scene.visual.layers;
        const layer = path.join(tmpDir, "layer.png");
        try {
          if (layers) await prepareLayers(layers.background, layers.foreground, size, still, layer);
          else await prepareStill(p.scene.visual.path, size, still);
        } catch (error) {
          throw new RenderInputError("image", p.index + 1, (error as Error).message, { cause: error });
        }
        args.push(...inputArgs(still, "jpeg_pipe"));
        const variant = p.scene.visual.motion ?? motionVariantFor(p.index, o.seed);
        if (layers) {
          args.push(...inputArgs(layer, "png_pipe"));
          filters.push(...parallaxFilters(`${input}:v`, `${input + 1}:v`, variant, p.frames, size, fps, "base"));
          input++;
        } else {
          // 4:2:0 before zoompan: the output is 4:2:0 anyway and the per-frame scaling halves.
          filters.push(`[${input}:v]format=yuv420p,${zoompanFilter(variant, p.frames, size, fps)},setsar=1[base]`);
        }
      } else {
        args.push(...inputArgs(p.scene.visual.path, formatOf(o.formats, p.scene.visual.path)));
        filters.push(
          `[${input}:v]fps=${fps},scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},setsar=1,` +
            `tpad=stop_mode=clone:stop_duration=${D.toFixed(3)},trim=duration=${D.toFixed(3)},setpts=PTS-STARTPTS[base]`,
        );
      }
      input++;
      // Voice (or silence).
      if (p.scene.voiceOver) {
        args.push(...inputArgs(p.scene.voiceOver.path, formatOf(o.formats, p.scene.voiceOver.path)));
      } else {
        args.push(...lavfiInputArgs(`anullsrc=r=${AUDIO_RATE}:cl=stereo`, ["-t", D.toFixed(3)]));
      }
      const audioInput = input++;
      let last = "base";
      // Dissolve from the previous scene: its last frame, fading out over this scene's start.
      if (p.dissolveFrom) {
        args.push(...inputArgs(p.dissolveFrom.path, formatOf(o.formats, p.dissolveFrom.path), ["-ss", p.dissolveFrom.at.toFixed(3)]));
        filters.push(
          `[${input}:v]trim=end_frame=1,scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},setsar=1,format=yuva420p,colorchannelmixer=aa=${DISSOLVE_START},` +
            `loop=loop=${Math.round(DISSOLVE_SECONDS * fps)}:size=1:start=0,setpts=N/(${fps}*TB),fade=t=out:st=0:d=${DISSOLVE_SECONDS}:alpha=1[prev]`,
          `[${last}][prev]overlay=eof_action=pass:shortest=0[dis]`,
        );
        last = "dis";
        input++;
      }
      // Captions: word by word, timed to the speech, as one image track (concat of PNG steps).
      const text = o.captions ? (p.scene.captionText ?? "").trim() : "";
      if (text) {
        const style = captionStyleFor(o.captionStyle);
        const islands =
          p.keep && p.silences ? speechIslands(p.silences, p.keep, VOICE_LEAD) : [{ start: 0.2, end: Math.max(0.3, D - 0.2) }];
        const groups = captionGroups(wordTimings(text, islands.length ? islands : [{ start: 0.2, end: Math.max(0.3, D - 0.2) }]), captionLineChars(size, style));
        const steps = captionSteps(groups, D);
        const band = captionBand(size, style);
        const blank = path.join(tmpDir, "cap-blank.png");
        await writeFile(blank, await sharp({ create: { width: W, height: band.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer());
        const lines = ["ffconcat version 1.0"];
        let t = 0;
        for (const [k, step] of steps.entries()) {
          if (step.start > t + 0.001) lines.push(concatListLine("cap-blank.png"), `duration ${(step.start - t).toFixed(3)}`);
          const name = `cap-${k}.png`;
          await writeFile(path.join(tmpDir, name), await wordCaptionPng(groups[step.group].map((w) => w.text), step.word, size, style));
          lines.push(concatListLine(name), `duration ${(step.end - Math.max(t, step.start)).toFixed(3)}`);
          t = step.end;
        }
        if (t < D) lines.push(concatListLine("cap-blank.png"), `duration ${(D - t).toFixed(3)}`);
        lines.push(concatListLine("cap-blank.png"));
        const list = path.join(tmpDir, "captions.txt");
        await writeFile(list, lines.join("\n") + "\n");
        args.push(...concatInputArgs(list));
        // Converted once per caption image, then repeated to the frame rate.
        filters.push(`[${input}:v]format=yuva420p,fps=${fps}[capv]`, `[${last}][capv]overlay=x=0:y=${band.top}:eof_action=pass:shortest=0[cap]`);
        last = "cap";
        input++;
      }
      const fades: string[] = [];
      if (p.index === 0) fades.push(`fade=t=in:st=0:d=${Math.min(0.35, D / 4).toFixed(3)}`);
      if (p.index === count - 1) fades.push(`fade=t=out:st=${Math.max(0, D - 0.5).toFixed(3)}:d=${Math.min(0.5, D / 4).toFixed(3)}`);
      filters.push(`[${last}]${[...fades, "format=yuv420p"].join(",")}[v]`);
      const samples = Math.round(D * AUDIO_RATE);
      const delayMs = p.voiceSec !== null ? Math.round(VOICE_LEAD * 1000) : 0;
      const voiceIn = `[${audioInput}:a]aresample=${AUDIO_RATE},aformat=sample_fmts=s16:channel_layouts=stereo`;
      if (p.keep) filters.push(`${voiceIn}[vin]`, keepFilter("vin", "speech", p.keep));
      else filters.push(`${voiceIn}[speech]`);
      filters.push(`[speech]` + (delayMs ? `adelay=${delayMs}|${delayMs},` : "") + `apad,atrim=end_sample=${samples}[a]`);

      const videoTmp = path.join(tmpDir, `seg.${o.format}`);
      const audioTmp = path.join(tmpDir, "seg.wav");
      args.push("-filter_complex", filters.join(";"));
      args.push("-map", "[v]", "-frames:v", String(p.frames), "-r", String(fps), "-an");
      if (o.format === "mp4") {
        // superfast with macroblock-tree rate control and a 10-frame look-ahead (veryfast's): the
        // same size and quality as veryfast at CRF 23 on these moves (PSNR within 0.3 dB) for
        // about 30% less encoding time (docs/decisions/222-render-speed.md).
        args.push("-c:v", "libx264", "-preset", "superfast", "-x264-params", "mbtree=1:rc-lookahead=10", "-crf", "23", "-pix_fmt", "yuv420p", "-g", String(fps * 2), "-video_track_timescale", String(fps * 512));
      } else {
        args.push("-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-crf", "33", "-b:v", "0", "-g", String(fps * 2), "-pix_fmt", "yuv420p");
      }
      args.push(videoTmp);
      args.push("-map", "[a]", "-c:a", "pcm_s16le", audioTmp);
      try {
        await runFfmpeg(args, { signal, durationSec: D, onProgress: onFraction });
      } catch (error) {
        if (error instanceof MediaProcessError && !error.signal && !signal?.aborted) await blameSceneInputs(p, o.formats);
        throw error;
      }
      // Publish atomically: a half-written segment is never taken from the cache.
      await rename(audioTmp, p.audioFile);
      await rename(videoTmp, p.videoFile);
    } finally {
      await rm(tmpDir, { recursive: true, force: true });
    }
  }

  /** Deletes the least recently used segments beyond the cache budget. */
  async pruneCache(): Promise<void> {
    const names = await readdir(this.cacheDir).catch(() => [] as string[]);
    const entries = await Promise.all(
      names.map(async (n) => {
        const file = path.join(this.cacheDir, n);
        const st = await stat(file).catch(() => null);
        return st ? { file, size: st.size, mtime: st.mtimeMs } : null;
      }),
    );
    const files = entries.filter((e): e is NonNullable<typeof e> => e !== null).sort((a, b) => b.mtime - a.mtime);
    let total = 0;
    for (const f of files) {
      total += f.size;
      if (total > this.cacheMaxBytes) await rm(f.file, { force: true });
    }
  }
}

type SegmentOptions = {
  size: Size;
  fps: number;
  format: "mp4" | "webm";
  captions: boolean;
  seed: string;
  captionStyle: string;
  /** The demuxer of each staged clip, voice-over and music file (from its bytes). */
  formats: ReadonlyMap<string, string>;
  /** The render's own work folder. */
  jobDir: string;
};

function formatOf(formats: ReadonlyMap<string, string>, file: string): string {
  const format = formats.get(file);
  if (!format) throw new MediaProcessError("An input of the render was not staged in its work folder", null, "");
  return format;
}

/** A hard link of `from` at `to` (same inode, no copy); a copy where links are not possible. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "EMLINK") throw error;
    await copyFile(from, to, fsConstants.COPYFILE_EXCL);
  }
}

/** Probes one staged input under its forced format; a RenderInputError names it when it cannot be read. */
async function checkInput(file: string, format: string, input: RenderInputKind, scene: number | null): Promise<void> {
  const info = await probeMedia(file, { format }).catch((error: unknown) => {
    throw new RenderInputError(input, scene, (error as Error).message, { cause: error });
  });
  const wanted = input === "clip" ? "video" : "audio";
  if (!info.streams.some((st) => st.type === wanted)) throw new RenderInputError(input, scene, `no ${wanted} stream`);
}

/** After a segment's ffmpeg failed: throws a RenderInputError for the scene input that cannot be read, if one cannot. */
async function blameSceneInputs(p: PlannedScene, formats: ReadonlyMap<string, string>): Promise<void> {
  if (p.scene.visual.kind === "clip") await checkInput(p.scene.visual.path, formatOf(formats, p.scene.visual.path), "clip", p.index + 1);
  if (p.scene.voiceOver) await checkInput(p.scene.voiceOver.path, formatOf(formats, p.scene.voiceOver.path), "voice-over", p.index + 1);
}

/**
 * Links (or copies) every input file of the request into `jobDir` under names of its own, and
 * finds each clip's, voice-over's and music's demuxer from its bytes. Returns the request with
 * the staged paths. A missing source stays missing (a path in the folder that does not exist),
 * so the plan reports it as before; a file of a type ffmpeg is not given is a RenderInputError.
 */
async function stageInputs(request: RenderRequest, jobDir: string): Promise<{ request: RenderRequest; formats: Map<string, string> }> {
  const bySource = new Map<string, string>();
  const formats = new Map<string, string>();
  let n = 0;
  const stage = async (source: string, input: RenderInputKind, scene: number | null, probe: boolean): Promise<string> => {
    let staged = bySource.get(source);
    if (!staged) {
      const ext = (path.extname(source).replace(/[^.a-zA-Z0-9]/g, "") || ".bin").slice(0, 6);
      staged = path.join(jobDir, `in-${n++}${ext}`);
      bySource.set(source, staged);
      if (existsSync(source)) await linkOrCopy(source, staged);
    }
    if (probe && !formats.has(staged) && existsSync(staged)) {
      formats.set(
        staged,
        await demuxerOf(staged).catch((error: unknown) => {
          throw new RenderInputError(input, scene, (error as Error).message, { cause: error });
        }),
      );
    }
    return staged;
  };
  const scenes: RenderScene[] = [];
  for (const [i, scene] of request.scenes.entries()) {
    const k = i + 1;
    const visual = scene.visual;
    let staged: RenderScene["visual"];
    if (visual.kind === "clip") staged = { ...visual, path: await stage(visual.path, "clip", k, true) };
    else {
      staged = { ...visual, path: await stage(visual.path, "image", k, false) };
      if (visual.layers) staged.layers = { background: await stage(visual.layers.background, "image", k, false), foreground: await stage(visual.layers.foreground, "image", k, false) };
    }
    const voiceOver = scene.voiceOver ? { voiceOver: { ...scene.voiceOver, path: await stage(scene.voiceOver.path, "voice-over", k, true) } } : {};
    scenes.push({ ...scene, visual: staged, ...voiceOver });
  }
  const music = request.music ? { ...request.music, path: await stage(request.music.path, "music", null, true) } : undefined;
  return { request: { ...request, scenes, ...(music ? { music } : {}) }, formats };
}


async function touch(...files: string[]): Promise<void> {
  const now = new Date();
  await Promise.all(files.map((f) => utimes(f, now, now).catch(() => undefined)));
}

/** Monotonic whole percentages, 0..100, reported only when they change. */
function progressReporter(onProgress?: RenderProgress) {
  let last = -1;
  let lastStage: RenderStage | null = null;
  return {
    stage(stage: RenderStage, percent: number) {
      if (!onProgress) return;
      const p = stage === "done" ? 100 : Math.min(99, Math.max(last, Math.floor(percent)));
      if (p === last && stage === lastStage) return;
      last = Math.max(last, p);
      lastStage = stage;
      onProgress(p, stage);
    },
  };
}
