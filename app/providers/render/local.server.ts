// The local compiler: ffmpeg renders each scene to a cached segment: its sound first (the voice-over
// tightened to its speech and padded to exactly the scene's length), then its picture with captions.
// The ad's sound is mixed from the segments' sound while the pictures are drawn (the background
// music ducked under the voice, normalised to -14 LUFS / -1 dBTP:
// docs/decisions/197-sound-that-flows-and-is-normalised.md), and the pictures are joined with the
// concat demuxer (video stream-copied) and muxed with it (docs/decisions/386-sound-mixed-while-pictures-draw.md).
// Progress comes from ffmpeg's -progress output. Filter graphs are written for ffmpeg 4.1.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { existsSync } from "node:fs";
import { readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ffmpegPath, ffprobePath, probeMedia, runProcess, watchingKills } from "~/providers/media/ffmpeg.server";
import { fonts } from "~/providers/media/fonts.server";
import { availableCores } from "~/providers/media/limiter.server";
import { ProviderError, VIDEO_SIZES, sizeWithLongSide, type CallOptions, type Size } from "~/providers/media/types";
import { ensureDir, hashFile, hashValue, newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { renderCacheMaxBytes, renderLongSide } from "~/utils/tuning.server";
import { motionVariantFor, preparePicture, type PreparedPicture } from "~/providers/motion/zoompan.server";
import { mixSegments, muxSegments } from "./join.server";
import { drawLastFrame, isDrawnPicture, lastFrameKey, layerFiles, type DrawnPicture } from "./last-frame.server";
import { formatOf, stageInputs, touch } from "./render-inputs.server";
import { renderSegment, renderSegmentAudio, sceneCaptionStyle, type PlannedScene, type SegmentOptions } from "./segment.server";
import { detectSilences, keptSeconds, speechKeep, type Span } from "./speech.server";
import { DEFAULT_FPS, DISSOLVE_SECONDS, MAX_SCENE_SECONDS, MAX_SCENES, sceneDurationFor, VOICE_LEAD } from "./timing";
import type {
  LocalRenderer,
  RenderBrand,
  RenderProgress,
  RenderRequest,
  RenderResult,
  RenderScene,
  RenderSceneResult,
  RenderStage,
  RenderVisual,
} from "./types";
import { RenderInputError } from "./types";
import { adCutList } from "~/providers/motion/cut-list";

export {
  AUDIO_RATE,
  DEFAULT_FPS,
  DEFAULT_MUSIC_VOLUME,
  DISSOLVE_SECONDS,
  DISSOLVE_START,
  LAST_TAIL,
  MAX_SCENE_SECONDS,
  MAX_SCENES,
  sceneDurationFor,
  VOICE_LEAD,
  VOICE_TAIL,
} from "./timing";

/** A planned scene, with the previous scene's picture when its last frame is drawn for this one's soft cut. */
type Planned = PlannedScene & { drawnBefore?: { picture: DrawnPicture; frames: number } };

/** Bump when the segment recipe changes, so old cache entries are not reused. */
const RENDERER_VERSION = 8;
/** Bump when how a voice-over's silences are measured changes (speech-*.json in the cache). */
const SPEECH_VERSION = 1;

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
    const captions = request.captions !== false;

    const progress = progressReporter(onProgress);
    progress.stage("preparing", 0);
    await ensureDir(this.cacheDir);
    // The render's own work folder: every file ffmpeg opens is in it (docs/decisions/270-media-identified-by-structure.md).
    const jobDir = await ensureDir(path.join(this.root, "render", `job-${randomUUID()}`));
    try {
      // A process of this render killed from outside (the OOM killer) is the render's failure,
      // whatever it broke further on: the caller tries again (ADR 230, ADR 389).
      return await watchingKills(async () => {
        const staged = await stageInputs(request, jobDir);
        return this.renderStaged(staged.request, staged.formats, jobDir, { size, fps, format, captions }, progress, options);
      });
    } finally {
      await rm(jobDir, { recursive: true, force: true });
    }
  }

  private async renderStaged(
    request: RenderRequest,
    formats: Map<string, string>,
    jobDir: string,
    o: { size: Size; fps: number; format: "mp4" | "webm"; captions: boolean },
    progress: ReturnType<typeof progressReporter>,
    options: CallOptions,
  ): Promise<RenderResult> {
    const { scenes } = request;
    const { size, fps, format, captions } = o;
    // Plan: measure voice-overs, fix each scene's length in whole frames, hash its inputs.
    const planned: Planned[] = [];
    const segmentOptions: SegmentOptions = {
      size,
      fps,
      format,
      captions,
      seed: request.seed ?? "",
      captionStyle: request.captionStyle ?? "",
      ...(typeof request.captions === "object" ? { captionChoice: request.captions } : {}),
      ...(request.brand ? { brand: request.brand } : {}),
      formats,
      jobDir,
      picture: (index) => preparedPicture(planned[index], size, jobDir, pictures),
    };
    const pictures = new Map<number, Promise<PreparedPicture>>();
    for (const [index, scene] of scenes.entries()) {
      options.signal?.throwIfAborted();
      planned.push(await this.plan(index, scenes.length, scene, segmentOptions, planned[index - 1]));
    }
    // Fewer stills' scenes to draw than cores (a re-compile after one edit): each is drawn in two parts at once (ADR 395).
    segmentOptions.split = planned.filter((p) => !p.cached && p.scene.visual.kind === "image").length < availableCores();
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
    // Stopped when a scene fails: its siblings and the mix end too, before the job folder is removed.
    const stop = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    // Every process of the render listens to it (a scene's parts, the sound's steps, their permits).
    setMaxListeners(64, signal);
    // Each scene's sound first (a quick process each), then the ad's mix while the pictures are drawn.
    const sounds = Promise.all(planned.map((p) => (p.cached ? undefined : renderSegmentAudio(p, segmentOptions, signal))));
    const job = { cacheDir: this.cacheDir, planned, request, formats, jobDir, format, fps, joinWeight, signal };
    const mixed = sounds.then(() =>
      mixSegments(job, (amount) => {
        fractions.set(-1, amount);
        report("scenes");
      }),
    );
    // Awaited after the pictures: until then a failure of the mix is only kept.
    mixed.catch(() => undefined);
    const drawing = planned.map(async (p) => {
      if (p.cached) {
        await touch(p.videoFile, p.audioFile);
        return;
      }
      if (p.drawnBefore && p.dissolveFrom) {
        // The previous scene's last frame, drawn from its still for this scene's soft cut (ADR 380).
        await drawLastFrame(p.drawnBefore.picture, {
          frames: p.drawnBefore.frames,
          size,
          fps,
          workDir: jobDir,
          out: p.dissolveFrom.path,
          prepared: await segmentOptions.picture(p.index - 1),
          signal,
        });
        formats.set(p.dissolveFrom.path, "png_pipe");
      }
      await renderSegment(p, planned.length, segmentOptions, signal, (f) => {
        fractions.set(p.index, f * p.durationSec);
        report("scenes");
      });
      fractions.delete(p.index);
      done += p.durationSec;
      report("scenes");
    });
    // A picture that fails stops the others and the mix, and ends the render once every process
    // of it has ended (their files are in the job folder, removed after this).
    await Promise.all(drawing).catch(async (error: unknown) => {
      stop.abort(error);
      await Promise.allSettled([...drawing, mixed]);
      throw error;
    });
    const sound = await mixed;
    const outFile = await muxSegments(job, sound, (amount) => {
      fractions.set(-1, amount);
      report("joining");
    });
    const info = await probeMedia(outFile, { format: format === "mp4" ? "mov" : "matroska" });
    // The finished video leaves the job folder (removed after this) for the caller to store.
    const finalFile = await newWorkFile(this.root, "render", format);
    await rename(outFile, finalFile);
    void this.pruneCache().catch(() => undefined);
    progress.stage("done", 100);
    const sceneResults: RenderSceneResult[] = planned.map((p) => ({
      index: p.index,
      id: p.scene.id,
      durationSec: p.durationSec,
      cached: p.cached,
      hash: p.hash,
    }));
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
      cuts: adCutList(planned.map((p) => ({ durationSec: p.durationSec, cuts: p.scene.cuts }))),
    };
  }

  private async plan(index: number, count: number, given: RenderScene, o: SegmentOptions, previous?: Planned): Promise<Planned> {
    if (!given.visual?.path || !existsSync(given.visual.path)) {
      throw new ProviderError(this.name, "bad_input", `Scene ${index + 1} has no image or video file`);
    }
    // A clip the local motion made from a still is drawn from that still (ADR 360).
    const scene: RenderScene = { ...given, visual: drawnVisual(given.visual) };
    const layers = scene.visual.kind === "image" ? scene.visual.layers : undefined;
    if (layers && !layerFiles(layers).every((f) => existsSync(f))) {
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
    else if (given.visual.kind === "clip")
      durationSec = (await probeMedia(given.visual.path, { format: formatOf(o.formats, given.visual.path) })).durationSec || 3;
    else durationSec = 3;
    if (durationSec > MAX_SCENE_SECONDS) throw new ProviderError(this.name, "bad_input", `Scene ${index + 1} is longer than ${MAX_SCENE_SECONDS} seconds`);
    const frames = Math.max(1, Math.round(durationSec * o.fps));
    const motion = scene.visual.kind === "image" ? (scene.visual.motion ?? motionVariantFor(index, o.seed)) : null;
    // A clip before this scene, or a scene drawn from its still and beats: its last shown frame dissolves into this one.
    // The drawn scene's frame is drawn again from its still (ADR 380), so no clip is needed and both ways give one segment.
    const soft = previous !== undefined && frames / o.fps > DISSOLVE_SECONDS * 3;
    const drawnBefore = soft && isDrawnPicture(previous.scene.visual) ? previous.scene.visual : null;
    const dissolveFrom = drawnBefore
      ? { path: path.join(o.jobDir, `last-frame-${index - 1}.png`), at: 0 }
      : soft && previous.clip
        ? { path: previous.clip, at: Math.max(0, previous.durationSec - 1 / o.fps) }
        : null;
    const hash = hashValue({
      v: RENDERER_VERSION,
      size: o.size,
      fps: o.fps,
      format: o.format,
      frames,
      visual: {
        kind: scene.visual.kind,
        sha: await hashFile(scene.visual.path),
        motion,
        // Only when given, so the hashes of other scenes stay as they were.
        ...(scene.visual.kind === "image" && scene.visual.beats ? { beats: scene.visual.beats } : {}),
        layers: layers ? await Promise.all(layerFiles(layers).map((f) => hashFile(f))) : null,
      },
      voice: scene.voiceOver ? await hashFile(scene.voiceOver.path) : null,
      keep,
      captions: o.captions ? (scene.captionText ?? "").trim() : "",
      // The caption look as drawn (look, size, position, colours), so another choice is another segment.
      captionStyle: o.captions ? sceneCaptionStyle(o) : null,
      dissolve: drawnBefore
        ? { drawn: await lastFrameKey(drawnBefore, previous!.frames) }
        : dissolveFrom
          ? { sha: await hashFile(dissolveFrom.path), at: dissolveFrom.at }
          : null,
      lead: VOICE_LEAD,
      first: index === 0,
      last: index === count - 1,
      font: path.basename(fonts().sansBold.file),
      ...(o.brand ? { brand: await brandHash(o.brand) } : {}),
    }).slice(0, 32);
    const videoFile = path.join(this.cacheDir, `${hash}.${o.format}`);
    const audioFile = path.join(this.cacheDir, `${hash}.wav`);
    return {
      index,
      scene,
      clip: given.visual.kind === "clip" ? given.visual.path : null,
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
      ...(drawnBefore ? { drawnBefore: { picture: drawnBefore, frames: previous!.frames } } : {}),
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
    const speech = info.streams.some((s) => s.type === "audio")
      ? { durationSec: info.durationSec, silences: await detectSilences(file, info.durationSec, undefined, format) }
      : null;
    const tmp = `${cached}.${randomUUID().slice(0, 6)}`;
    await writeFile(tmp, JSON.stringify(speech));
    await rename(tmp, cached);
    return speech;
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

/**
 * The scene's picture as the renderer makes it: a clip the local motion made from a still (its
 * `madeFrom`) becomes that still with the clip's beats, drawn in the segment's one encode; any
 * other visual, or one whose files are missing, as given.
 */
function drawnVisual(visual: RenderVisual): RenderVisual {
  if (visual.kind !== "clip" || !visual.madeFrom) return visual;
  const from = visual.madeFrom;
  const files = [from.image, ...layerFiles(from.layers)];
  if (!files.every((f) => existsSync(f))) return visual;
  return { kind: "image", path: from.image, ...(from.layers ? { layers: from.layers } : {}), beats: from.beats };
}

/**
 * A scene's still or layers prepared for the motion, once per render in the job folder: its
 * segment draws from it, and so does the next scene's soft cut (its last frame).
 */
function preparedPicture(p: Planned, size: Size, jobDir: string, pictures: Map<number, Promise<PreparedPicture>>): Promise<PreparedPicture> {
  const known = pictures.get(p.index);
  if (known) return known;
  const visual = p.scene.visual;
  if (visual.kind !== "image") throw new Error(`Scene ${p.index + 1} is not drawn from a picture`);
  const dir = path.join(jobDir, `picture-${p.index}`);
  const files = { background: path.join(dir, "still.jpg"), foreground: path.join(dir, "layer.png"), text: path.join(dir, "text.png") };
  const prepared = ensureDir(dir)
    .then(() => preparePicture({ image: visual.path, ...(visual.layers ? { layers: visual.layers } : {}) }, size, files))
    .catch((error: unknown) => {
      throw new RenderInputError("image", p.index + 1, (error as Error).message, { cause: error });
    });
  pictures.set(p.index, prepared);
  return prepared;
}

/** What of the brand kit changes a segment: its font, colours and corner mark's bytes. */
async function brandHash(brand: RenderBrand): Promise<unknown> {
  return { font: brand.fontId, colors: brand.colors, mark: brand.cornerMark ? await hashFile(brand.cornerMark.path) : null };
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
