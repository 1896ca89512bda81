// One scene's segment: its picture (a still with motion, parallax layers or a clip), the soft cut
// from the previous scene and word-by-word captions; and, in a quick process of its own made first,
// its sound (the voice-over tightened to its speech). Rendered by ffmpeg into the cache (published atomically).
import { randomUUID } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { concatInputArgs, concatListLine, inputArgs, lavfiInputArgs, MediaProcessError, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { safeArea } from "~/providers/media/safe-zones";
import type { Size } from "~/providers/media/types";
import { ensureDir } from "~/providers/media/workdir.server";
import {
  beatCutPoints,
  beatFilters,
  motionVariantFor,
  parallaxFilters,
  pictureInputs,
  textOverFilters,
  zoompanFilter,
  type FrameWindow,
  type PreparedPicture,
} from "~/providers/motion/zoompan.server";
import {
  brandCaptionStyle,
  captionBand,
  captionGroups,
  captionLineChars,
  captionSteps,
  captionStyleFor,
  speechIslands,
  wordCaptionPng,
  wordTimings,
  type CaptionStyle,
} from "./captions.server";
import type { CaptionChoice } from "./caption-looks";
import { checkInput, formatOf } from "./render-inputs.server";
import { keepFilter, type Span } from "./speech.server";
import { AUDIO_RATE, DISSOLVE_SECONDS, DISSOLVE_START, VOICE_LEAD } from "./timing";
import { RenderInputError, type RenderBrand, type RenderScene } from "./types";
import type { Beat } from "~/providers/motion/beats";

export type PlannedScene = {
  index: number;
  /** The scene as rendered (a clip the local motion made from a still is that still with its beats). */
  scene: RenderScene;
  /** The clip file whose frames the scene shows, if it shows a clip (the next scene's soft cut starts from its last frame). */
  clip: string | null;
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

export type SegmentOptions = {
  size: Size;
  fps: number;
  format: "mp4" | "webm";
  captions: boolean;
  seed: string;
  /** The project's Style: its caption colours, and its caption look unless one was chosen. */
  captionStyle: string;
  /** The caption look, size and position chosen (docs/decisions/350-caption-styles.md); absent: the Style's own. */
  captionChoice?: Partial<CaptionChoice>;
  /** The owner's brand kit (caption font and colours, corner mark); absent without one. */
  brand?: RenderBrand;
  /** The demuxer of each staged clip, voice-over and music file (from its bytes). */
  formats: ReadonlyMap<string, string>;
  /** The render's own work folder. */
  jobDir: string;
  /** A drawn scene's picture prepared for the motion, once per render (its segment and the next scene's soft cut draw from it). */
  picture: (index: number) => Promise<PreparedPicture>;
  /** Draw a still's scene in two parts at once where it can be cut (segmentParts). */
  split?: boolean;
};

export async function renderSegment(
  p: PlannedScene,
  count: number,
  o: SegmentOptions,
  signal: AbortSignal | undefined,
  onFraction: (f: number) => void,
): Promise<void> {
  const tmpDir = await ensureDir(path.join(o.jobDir, `seg-${p.index}-${randomUUID().slice(0, 6)}`));
  try {
    // The caption images are drawn while the picture is prepared.
    const text = o.captions ? (p.scene.captionText ?? "").trim() : "";
    const [track, mark] = await Promise.all([
      text ? captionTrack(p, text, o, tmpDir) : null,
      o.brand?.cornerMark && !(count > 1 && p.index === count - 1) ? cornerMark(o.brand.cornerMark.path, o.size, tmpDir) : null,
      p.scene.visual.kind === "image" ? o.picture(p.index) : null,
    ]);
    const parts = o.split ? segmentParts(p, count, o.fps) : [{ from: 0, count: p.frames }];
    const drawn = parts.map(() => 0);
    // A part that fails stops its sibling; both have ended before the folder they write in is removed.
    const sibling = new AbortController();
    const partSignal = signal ? AbortSignal.any([signal, sibling.signal]) : sibling.signal;
    const failure: { error?: unknown } = {};
    const settled = await Promise.allSettled(
      parts.map((window, k) =>
        renderPart(p, count, o, { window, k, last: k === parts.length - 1, track, mark, tmpDir }, partSignal, (f) => {
          drawn[k] = f * window.count;
          onFraction(drawn.reduce((a, b) => a + b, 0) / p.frames);
        }).catch((error: unknown) => {
          if (!("error" in failure)) failure.error = error;
          sibling.abort(error);
          throw error;
        }),
      ),
    );
    if ("error" in failure) throw failure.error;
    const files = settled.map((r) => (r as PromiseFulfilledResult<string>).value);
    const videoTmp = files.length === 1 ? files[0] : await joinParts(files, o, tmpDir, signal);
    // Publish atomically: a half-written segment is never taken from the cache (which needs its sound too).
    await rename(videoTmp, p.videoFile);
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}

/** The shortest part: a scene shorter than twice this is drawn whole. */
const MIN_PART_SECONDS = 1;

/**
 * The parts a scene's picture is drawn in, each by its own ffmpeg at once (docs/decisions/395-a-scene-drawn-in-two-parts.md):
 * a still's scene of at least two MIN_PART_SECONDS is cut in two near its middle, where no part
 * starts inside the soft cut from the previous scene, the ad's fade-in or fade-out, or a beat's
 * fade-in; a clip, a short scene, or one with no such frame is drawn whole.
 */
export function segmentParts(p: Pick<PlannedScene, "frames" | "index" | "dissolveFrom" | "scene">, count: number, fps: number): FrameWindow[] {
  const whole = [{ from: 0, count: p.frames }];
  if (p.scene.visual.kind !== "image") return whole;
  const min = Math.round(MIN_PART_SECONDS * fps);
  const D = p.frames / fps;
  let lo = min;
  if (p.dissolveFrom) lo = Math.max(lo, Math.ceil(DISSOLVE_SECONDS * fps) + 1);
  if (p.index === 0) lo = Math.max(lo, Math.ceil(fadeInSeconds(D) * fps) + 1);
  let hi = p.frames - min;
  if (p.index === count - 1) hi = Math.min(hi, Math.floor(fadeOutStart(D) * fps) - 1);
  if (hi < lo) return whole;
  const beats = p.scene.visual.beats ? shownBeats(p.scene.visual.beats.list, p.frames, fps) : null;
  const allowed = beats && p.scene.visual.beats ? beatCutPoints(beatLengths(beats, p.frames, fps), p.scene.visual.beats.transition) : () => true;
  const middle = Math.round(p.frames / 2);
  // First a frame on the caption images' time grid, then any: see CAPTION_DEMUX_RATE.
  const grid = Number.isInteger(fps) ? fps / gcd(fps, CAPTION_DEMUX_RATE) : 1;
  for (const onGrid of [true, false]) {
    for (let d = 0; middle - d >= lo || middle + d <= hi; d++) {
      for (const at of [middle - d, middle + d]) {
        if (at >= lo && at <= hi && (!onGrid || at % grid === 0) && allowed(at))
          return [
            { from: 0, count: at },
            { from: at, count: p.frames - at },
          ];
      }
    }
  }
  return whole;
}

/**
 * ffmpeg 4.1 reads the caption images (concat of PNGs) on a 1/25 s time base, so a caption changes
 * on the frame nearest its time on that grid, counted from the track's start. A part that starts on
 * that grid (every 6th frame at 30 fps) changes its captions on the very frames the whole scene
 * does; one that starts between (a beat's start) may change one a frame apart.
 */
const CAPTION_DEMUX_RATE = 25;
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

const fadeInSeconds = (D: number) => Math.min(0.35, D / 4);
const fadeOutStart = (D: number) => Math.max(0, D - 0.5);

/** One part of a scene's picture (frames `window` of it), with its captions, soft cut, mark and fades, encoded to a file of the segment's folder. */
async function renderPart(
  p: PlannedScene,
  count: number,
  o: SegmentOptions,
  part: { window: FrameWindow; k: number; last: boolean; track: CaptionTrack | null; mark: CornerMark | null; tmpDir: string },
  signal: AbortSignal | undefined,
  onFraction: (f: number) => void,
): Promise<string> {
  const { size, fps } = o;
  const W = size.width;
  const H = size.height;
  const D = p.frames / fps;
  const { window, tmpDir } = part;
  const whole = window.from === 0 && window.count === p.frames;
  const t0 = window.from / fps;
  const args: string[] = [];
  const filters: string[] = [];
  let input = 0;
  // Picture.
  const picture = await pictureInput(p, o, whole ? undefined : window);
  args.push(...picture.args);
  filters.push(...picture.filters);
  input += picture.inputs;
  let last = "base";
  // Dissolve from the previous scene: its last frame, fading out over this scene's start.
  if (p.dissolveFrom && window.from === 0) {
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
  if (part.track) {
    const list = await captionList(
      part.track,
      fps,
      window.from,
      part.last ? Infinity : window.from + window.count,
      path.join(tmpDir, `captions-${part.k}.txt`),
    );
    args.push(...concatInputArgs(list));
    // Converted once per caption image, then repeated to the frame rate.
    filters.push(`[${input}:v]format=yuva420p,fps=${fps}[capv]`, `[${last}][capv]overlay=x=0:y=${part.track.top}:eof_action=pass:shortest=0[cap]`);
    last = "cap";
    input++;
  }
  // The brand's corner mark, over the picture and captions; not on an ad's last scene, the end
  // card, which shows the logo itself.
  if (part.mark) {
    const { x, y } = cornerMarkAt(size, part.mark, captionBand(size, sceneCaptionStyle(o)));
    args.push(...inputArgs(part.mark.file, "png_pipe"));
    filters.push(`[${last}][${input}:v]overlay=x=${x}:y=${y}:eof_action=repeat[mark]`);
    last = "mark";
    input++;
  }
  // The ad's fade-in and fade-out, in the parts that hold them (segmentParts cuts outside them).
  const fades: string[] = [];
  if (p.index === 0 && window.from === 0) fades.push(`fade=t=in:st=0:d=${fadeInSeconds(D).toFixed(3)}`);
  if (p.index === count - 1 && part.last) fades.push(`fade=t=out:st=${(fadeOutStart(D) - t0).toFixed(3)}:d=${Math.min(0.5, D / 4).toFixed(3)}`);
  filters.push(`[${last}]${[...fades, "format=yuv420p"].join(",")}[v]`);

  const videoTmp = path.join(tmpDir, whole ? `seg.${o.format}` : `part-${part.k}.${o.format}`);
  args.push("-filter_complex", filters.join(";"));
  args.push("-map", "[v]", "-frames:v", String(window.count), "-r", String(fps), "-an");
  args.push(...encoderArgs(o.format, fps));
  args.push(videoTmp);
  try {
    await runFfmpeg(args, { signal, durationSec: window.count / fps, onProgress: onFraction });
  } catch (error) {
    if (error instanceof MediaProcessError && !error.signal && !signal?.aborted) await blameSceneInputs(p, o.formats);
    throw error;
  }
  return videoTmp;
}

/** The parts of a scene's picture joined by stream copy (the same encoder and settings, each from a key frame) into one file. */
async function joinParts(files: string[], o: SegmentOptions, tmpDir: string, signal: AbortSignal | undefined): Promise<string> {
  const list = path.join(tmpDir, "parts.txt");
  await writeFile(list, ["ffconcat version 1.0", ...files.map((f) => concatListLine(path.basename(f)))].join("\n") + "\n");
  const out = path.join(tmpDir, `seg.${o.format}`);
  const timescale = o.format === "mp4" ? ["-video_track_timescale", String(o.fps * 512)] : [];
  await runFfmpeg([...concatInputArgs(list), "-map", "0:v", "-c", "copy", ...timescale, "-f", o.format === "mp4" ? "mp4" : "webm", out], { signal });
  return out;
}

/**
 * The sound of a scene's segment: its voice-over tightened to its speech, after the voice's lead,
 * padded to exactly the scene's length (or silence), published at `p.audioFile`. Its own quick
 * process, made before the picture, so the ad's mix is made while the pictures are drawn.
 */
export async function renderSegmentAudio(
  p: PlannedScene,
  o: Pick<SegmentOptions, "fps" | "formats" | "jobDir">,
  signal: AbortSignal | undefined,
): Promise<void> {
  const D = p.frames / o.fps;
  const args = p.scene.voiceOver
    ? inputArgs(p.scene.voiceOver.path, formatOf(o.formats, p.scene.voiceOver.path))
    : lavfiInputArgs(`anullsrc=r=${AUDIO_RATE}:cl=stereo`, ["-t", D.toFixed(3)]);
  const samples = Math.round(D * AUDIO_RATE);
  const delayMs = p.voiceSec !== null ? Math.round(VOICE_LEAD * 1000) : 0;
  const voiceIn = `[0:a]aresample=${AUDIO_RATE},aformat=sample_fmts=s16:channel_layouts=stereo`;
  const filters = p.keep ? [`${voiceIn}[vin]`, keepFilter("vin", "speech", p.keep)] : [`${voiceIn}[speech]`];
  filters.push(`[speech]` + (delayMs ? `adelay=${delayMs}|${delayMs},` : "") + `apad,atrim=end_sample=${samples}[a]`);
  const audioTmp = path.join(o.jobDir, `seg-${p.index}-${randomUUID().slice(0, 6)}.wav`);
  try {
    await runFfmpeg([...args, "-filter_complex", filters.join(";"), "-map", "[a]", "-c:a", "pcm_s16le", audioTmp], { signal, durationSec: D });
  } catch (error) {
    await rm(audioTmp, { force: true });
    if (error instanceof MediaProcessError && !error.signal && !signal?.aborted && p.scene.voiceOver) {
      await checkInput(p.scene.voiceOver.path, formatOf(o.formats, p.scene.voiceOver.path), "voice-over", p.index + 1);
    }
    throw error;
  }
  await rename(audioTmp, p.audioFile);
}

/** The scene's picture as ffmpeg inputs and the filters that make [base]: a still with its motion (or parallax layers), or a clip fitted to the frame. */
async function pictureInput(p: PlannedScene, o: SegmentOptions, window?: FrameWindow): Promise<{ args: string[]; filters: string[]; inputs: number }> {
  const { size, fps } = o;
  const W = size.width;
  const H = size.height;
  const D = p.frames / fps;
  const args: string[] = [];
  const filters: string[] = [];
  let input = 0;
  if (p.scene.visual.kind === "image") {
    const picture = pictureInputs(await o.picture(p.index));
    args.push(...picture.args);
    input += picture.count - 1;
    const { still, layer, text, textAt } = picture.labels;
    const variant = p.scene.visual.motion ?? motionVariantFor(p.index, o.seed);
    const beats = p.scene.visual.beats ? shownBeats(p.scene.visual.beats.list, p.frames, fps) : null;
    // The text layer is laid over the moved picture, unmoved (ADR 381).
    const moved = text ? "moved" : "base";
    if (beats && p.scene.visual.beats) {
      // The motion clip's beats drawn here, in the segment's one encode (ADR 360), each over its own length as in the
      // clip (-frames:v stops the drawing at the scene's end, so a shortened scene is trimmed as the clip was).
      const frames = beatLengths(beats, p.frames, fps);
      filters.push(...beatFilters({ still, ...(layer ? { layer } : {}) }, beats, frames, size, fps, p.scene.visual.beats.transition, moved, window));
    } else if (layer) {
      filters.push(...parallaxFilters(still, layer, variant, p.frames, size, fps, moved, window));
    } else {
      // 4:2:0 before zoompan: the output is 4:2:0 anyway and the per-frame scaling halves.
      filters.push(`[${still}]format=yuv420p,${zoompanFilter(variant, p.frames, size, fps, undefined, undefined, window)},setsar=1[${moved}]`);
    }
    if (text) filters.push(...textOverFilters(moved, text, "base", textAt));
  } else {
    args.push(...inputArgs(p.scene.visual.path, formatOf(o.formats, p.scene.visual.path)));
    filters.push(
      `[${input}:v]fps=${fps},scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},setsar=1,` +
        `tpad=stop_mode=clone:stop_duration=${D.toFixed(3)},trim=duration=${D.toFixed(3)},setpts=PTS-STARTPTS[base]`,
    );
  }
  input++;
  return { args, filters, inputs: input };
}

/** The beats a segment of `frames` frames shows: those that start before its end (the renderer trims a scene's clip to its speech). */
export function shownBeats(beats: Beat[], frames: number, fps: number): Beat[] {
  const shown = beats.filter((b, i) => i === 0 || Math.round(b.start * fps) < frames);
  return shown.length ? shown : beats.slice(0, 1);
}

/** Whole frames of each beat as the clip had them; the last one longer when the scene outlasts the beats. */
export function beatLengths(beats: Beat[], frames: number, fps: number): number[] {
  const lengths = beats.map((b) => Math.max(1, Math.round(b.durationSec * fps)));
  const short = frames - lengths.reduce((a, n) => a + n, 0);
  if (short > 0) lengths[lengths.length - 1] += short;
  return lengths;
}

/** A scene's caption track: its images in order, each shown from `start` to `end` seconds (blank between words), and where the band sits. */
type CaptionTrack = { shown: Array<{ name: string; start: number; end: number }>; top: number };

/** The caption track of a scene: one PNG per word step (and a blank one), drawn into the segment's folder. */
async function captionTrack(p: PlannedScene, text: string, o: SegmentOptions, tmpDir: string): Promise<CaptionTrack> {
  const { size } = o;
  const W = size.width;
  const D = p.frames / o.fps;
  const style = sceneCaptionStyle(o);
  const islands = p.keep && p.silences ? speechIslands(p.silences, p.keep, VOICE_LEAD) : [{ start: 0.2, end: Math.max(0.3, D - 0.2) }];
  const groups = captionGroups(wordTimings(text, islands.length ? islands : [{ start: 0.2, end: Math.max(0.3, D - 0.2) }]), captionLineChars(size, style));
  const steps = captionSteps(groups, D);
  const band = captionBand(size, style);
  const blank = path.join(tmpDir, "cap-blank.png");
  await writeFile(
    blank,
    await sharp({ create: { width: W, height: band.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer(),
  );
  // The steps' images at once (sharp draws each on its own thread).
  await Promise.all(
    steps.map(async (step, k) =>
      writeFile(
        path.join(tmpDir, `cap-${k}.png`),
        await wordCaptionPng(
          groups[step.group].map((w) => w.text),
          step.word,
          size,
          style,
        ),
      ),
    ),
  );
  const shown: CaptionTrack["shown"] = [];
  let t = 0;
  for (const [k, step] of steps.entries()) {
    if (step.start > t + 0.001) shown.push({ name: "cap-blank.png", start: t, end: step.start });
    shown.push({ name: `cap-${k}.png`, start: Math.max(t, step.start), end: step.end });
    t = step.end;
  }
  if (t < D) shown.push({ name: "cap-blank.png", start: t, end: D });
  return { shown, top: band.top };
}

/**
 * The track's concat list for frames `from` to `to` of the scene (a part's own time starts at 0), written to `file`.
 * Each image starts and ends on a frame (the nearest to its time) and its duration is written to the microsecond,
 * so the images change on the same frames whether the scene is drawn whole or in parts.
 */
async function captionList(track: CaptionTrack, fps: number, from: number, to: number, file: string): Promise<string> {
  const lines = ["ffconcat version 1.0"];
  for (const { name, start, end } of track.shown) {
    const a = Math.max(Math.round(start * fps), from);
    const b = Math.min(Math.round(end * fps), to);
    if (b <= a) continue;
    lines.push(concatListLine(name), `duration ${((b - a) / fps).toFixed(6)}`);
  }
  lines.push(concatListLine("cap-blank.png"));
  await writeFile(file, lines.join("\n") + "\n");
  return file;
}

/** The Style's caption look, in the brand kit's colours and font when there is one. */
export function sceneCaptionStyle(o: Pick<SegmentOptions, "captionStyle" | "captionChoice" | "brand">): CaptionStyle {
  const base = captionStyleFor(o.captionStyle, o.captionChoice);
  return o.brand ? brandCaptionStyle(base, o.brand) : base;
}

/** The corner mark at the safe area's left edge, just above the captions' band (below it when the band is at the top). */
function cornerMarkAt(size: Size, mark: { width: number; height: number; margin: number }, band: { top: number; height: number }): { x: number; y: number } {
  const a = safeArea(size);
  const above = band.top - mark.height - mark.margin;
  return { x: Math.max(mark.margin, a.left), y: above >= a.top ? above : Math.min(a.bottom - mark.height, band.top + band.height + mark.margin) };
}

type CornerMark = { file: string; width: number; height: number; margin: number };

/**
 * The brand's logo as a small corner mark (PNG in the segment's folder, so ffmpeg opens only
 * files of the render's own folder): about 11% of the frame's short side (an opaque logo slightly
 * translucent), at the left edge just above the captions' band: the shots draw their headlines
 * at the top, and the platforms their buttons along the right edge and their own text below.
 */
async function cornerMark(logo: string, size: Size, tmpDir: string): Promise<CornerMark> {
  const side = Math.max(8, Math.round(Math.min(size.width, size.height) * 0.11));
  const margin = Math.round(Math.min(size.width, size.height) * 0.035);
  const file = path.join(tmpDir, "mark.png");
  try {
    const out = await sharp(logo, { failOn: "error", limitInputPixels: 4096 * 4096 })
      .resize(side, side, { fit: "inside" })
      .ensureAlpha(0.85)
      .png()
      .toBuffer({ resolveWithObject: true });
    await writeFile(file, out.data);
    return { file, width: out.info.width, height: out.info.height, margin };
  } catch (error) {
    throw new RenderInputError("asset", null, `the brand logo cannot be read: ${(error as Error).message}`, { cause: error });
  }
}

function encoderArgs(format: "mp4" | "webm", fps: number): string[] {
  if (format === "mp4") {
    // superfast with macroblock-tree rate control and a 10-frame look-ahead (veryfast's): the
    // same size and quality as veryfast at CRF 23 on these moves (PSNR within 0.3 dB) for
    // about 30% less encoding time (docs/decisions/222-render-speed.md).
    return [
      "-c:v",
      "libx264",
      "-preset",
      "superfast",
      "-x264-params",
      "mbtree=1:rc-lookahead=10",
      "-crf",
      "23",
      "-pix_fmt",
      "yuv420p",
      "-g",
      String(fps * 2),
      "-video_track_timescale",
      String(fps * 512),
    ];
  }
  return [
    "-c:v",
    "libvpx-vp9",
    "-deadline",
    "realtime",
    "-cpu-used",
    "8",
    "-row-mt",
    "1",
    "-crf",
    "33",
    "-b:v",
    "0",
    "-g",
    String(fps * 2),
    "-pix_fmt",
    "yuv420p",
  ];
}

/** After a segment's ffmpeg failed: throws a RenderInputError for the scene input that cannot be read, if one cannot. */
async function blameSceneInputs(p: PlannedScene, formats: ReadonlyMap<string, string>): Promise<void> {
  // The picture's process reads no voice-over (renderSegmentAudio does, and blames it itself).
  if (p.scene.visual.kind === "clip") await checkInput(p.scene.visual.path, formatOf(formats, p.scene.visual.path), "clip", p.index + 1);
}
