import type { AspectRatio, CallOptions, Size } from "~/providers/media/types";
import type { Beat, BeatTransition } from "~/providers/motion/beats";
import type { MotionVariant, PictureLayers } from "~/providers/motion/types";
import type { CaptionChoice } from "./caption-looks";

export type RenderFormat = "mp4" | "webm";

/**
 * What a scene shows: a video clip, or a still that gets a zoom/pan move. `url` is for hosted
 * renderers. An image may also come in layers (`layers`: the background plate, the product layer
 * and the text layer, PNGs with alpha): the local renderer then moves the product faster than the
 * background (docs/decisions/220-parallax-layers.md) and lays the text over the moved picture
 * unmoved (docs/decisions/381-text-layer-held-still.md); hosted renderers ignore them and show
 * the flat picture (`path` or `url`).
 */
export type RenderVisual =
  | {
      kind: "clip";
      path: string;
      url?: string;
      /**
       * What the local motion made this clip from (the scene's still, its layers, and
       * the beats). The local renderer then draws those beats from the still in the scene's one
       * encode instead of decoding the clip and encoding it again (every frame lossy-encoded once:
       * docs/decisions/360-encode-every-frame-once.md); the clip is still what the editors show,
       * what hosted renderers get (`url`) and what the next scene's soft cut starts from.
       * Ignored (the clip is used) when one of its files is missing.
       */
      madeFrom?: { image: string; layers?: PictureLayers; beats: { list: Beat[]; transition: BeatTransition } };
    }
  | {
      kind: "image";
      path: string;
      url?: string;
      motion?: MotionVariant;
      layers?: PictureLayers;
      /**
       * The local motion's beats (motion/local.server.ts localMotionPlan: framings, moves, times and
       * the Style's transition). The local renderer then draws them itself in the scene's one
       * encode, frame for frame what the scene's motion clip shows, instead of decoding that clip
       * and encoding it again (docs/decisions/360-encode-every-frame-once.md); `motion` is then unused.
       */
      beats?: { list: Beat[]; transition: BeatTransition };
    };

export type RenderScene = {
  visual: RenderVisual;
  /** The scene's voice-over; the scene lasts as long as its speech (plus a short lead-in and tail). */
  voiceOver?: { path: string; url?: string };
  /** Caption text, normally the voice-over text. */
  captionText?: string;
  /** Length when there is no voice-over (with one, the local renderer times the scene to its speech). */
  durationSec?: number;
  /** For logs and results. */
  id?: string;
  /**
   * Where the picture changes inside this scene's visual, in seconds from its start (a local motion
   * clip's beat cuts: MotionResult.cuts, or motion/cut-list.ts clipCuts for its length). Only recorded
   * in RenderResult.cuts; the picture is not changed by it.
   */
  cuts?: number[];
};

/**
 * The owner's brand kit as the renderer uses it (docs/decisions/310-brand-kit.md): captions in
 * its font, their panel and highlighted word in its colours (text contrast kept at 4.5:1 or
 * more), and its logo as a small mark in a corner of every scene when asked. Absent: today's look.
 */
export type RenderBrand = {
  /** A kit font id (app/providers/media/font-ids.ts); Devanagari is still drawn in Noto Sans Devanagari. */
  fontId: string;
  /** 2 or 3 "#rrggbb": [0] the caption panel, [1] the highlighted word. */
  colors: string[];
  /** The logo (a PNG file) drawn small in the top right corner of every scene. */
  cornerMark?: { path: string };
};

export type RenderRequest = {
  /** In play order. */
  scenes: RenderScene[];
  /** Background music: looped or trimmed to the video, ducked under the voice. */
  music?: { path: string; url?: string; /** 0..1, default 0.35 */ volume?: number };
  format: RenderFormat;
  /** Default 9:16. */
  aspectRatio?: AspectRatio;
  /** Output size; default the 720p-class size of the aspect ratio (RENDER_LONG_SIDE overrides). */
  size?: Size;
  fps?: number;
  /**
   * Burn captions in (default true): false for none; true or absent for the Style's own look;
   * { style, size, position } for that look, a part left out the Style's own (docs/decisions/350-caption-styles.md).
   */
  captions?: boolean | Partial<CaptionChoice>;
  /** Varies the camera moves chosen for still images (e.g. the project id). */
  seed?: string;
  /** The project's Style: the colours of the captions and, unless `captions` names one, their look (captions.server.ts CAPTION_STYLES). */
  captionStyle?: string;
  /** The owner's brand kit; absent without one. */
  brand?: RenderBrand;
};

export type RenderStage = "preparing" | "scenes" | "joining" | "done";

export type RenderProgress = (percent: number, stage: RenderStage) => void;

export type RenderSceneResult = { index: number; id?: string; durationSec: number; cached: boolean; hash?: string };

export type RenderResult = {
  /** The finished video in the work dir; the caller stores it. */
  path: string;
  mime: "video/mp4" | "video/webm";
  format: RenderFormat;
  durationSec: number;
  width: number;
  height: number;
  sizeBytes: number;
  provider: string;
  scenes: RenderSceneResult[];
  /**
   * The ad's cut list (docs/decisions/375-the-ad-cut-list.md): where the picture changes, in seconds from the
   * video's start: each scene's start after the first and its visual's cuts (RenderScene.cuts) inside its
   * rendered length (motion/cut-list.ts adCutList). Absent from renderers that do not know their scene lengths.
   */
  cuts?: number[];
  /** Hosted renderers: their project id and result URL. */
  requestId?: string;
  url?: string;
};

type RendererBase = {
  readonly name: string;
  readonly label: string;
  /** Whether the renderer can take work (API key valid, ffmpeg present). */
  checkReady(options?: CallOptions): Promise<{ ok: boolean; message: string }>;
};

/**
 * Renders in the calling process (ffmpeg). The compile runs it inside a durable workflow step
 * of its own, which writes the progress to the compile job (docs/decisions/140-renders-as-durable-jobs.md).
 */
export interface LocalRenderer extends RendererBase {
  readonly kind: "local";
  render(request: RenderRequest, onProgress?: RenderProgress, options?: CallOptions): Promise<RenderResult>;
}

/** What a render service says about a render it was given. */
export type RenderStatus =
  { state: "running"; /** 0..99 */ percent: number } | { state: "done"; percent: 100; result: RenderResult } | { state: "failed"; error: string };

/**
 * A render service (json2video): `start` hands it the work, `status` asks how it is going (and,
 * once done, fetches the video). The compile workflow's poll is the only poll loop.
 */
export interface HostedRenderer extends RendererBase {
  readonly kind: "hosted";
  start(request: RenderRequest, options?: CallOptions): Promise<{ renderId: string }>;
  /** `format` is the one asked for at start (a service that renders MP4 only is transcoded here). */
  status(renderId: string, options: CallOptions & { format: RenderFormat }): Promise<RenderStatus>;
}

export type RenderProvider = LocalRenderer | HostedRenderer;

/** Which input of a render a failure belongs to (the user is told which file to replace). */
export type RenderInputKind = "music" | "voice-over" | "clip" | "image" | "asset";

/**
 * An input of the render cannot be read as the media it claims to be. `detail` is for the
 * server log only (it may hold ffmpeg's words); people are told which file to replace
 * (docs/decisions/271-render-failures-in-users-words.md).
 */
export class RenderInputError extends Error {
  constructor(
    readonly input: RenderInputKind,
    readonly scene: number | null,
    readonly detail: string,
    options: { cause?: unknown } = {},
  ) {
    super(`${input}${scene ? ` of scene ${scene}` : ""} cannot be read: ${detail}`, options);
    this.name = "RenderInputError";
  }
}
