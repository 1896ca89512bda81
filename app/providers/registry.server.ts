// Which media provider serves each capability, chosen by environment variables (documented in
// docs/decisions/040-media-provider-layer.md). Local providers are the default and need no
// keys or network; a hosted one is used when selected AND configured, otherwise the local one
// serves and providerStatus() says why (shown on /healthz and in the UI). Outside production,
// PROVIDER_FAULTS wraps every provider with fault injection for tests (faults.server.ts,
// docs/decisions/141-test-faults-in-the-provider-registry.md).
import { z } from "zod";
import { isDeployment } from "~/utils/conveniences.server";
import { parseProviderFaults, withFaults, type MediaProviders } from "./faults.server";
import { ffmpegPath, ffprobePath, runProcess } from "./media/ffmpeg.server";
import { mediaLimiter } from "./media/limiter.server";
import { FalProductImageProvider } from "./image/fal.server";
import { LocalProductImageProvider } from "./image/local.server";
import type { ProductImageProvider } from "./image/types";
import { FalMotionProvider } from "./motion/fal.server";
import { LocalMotionProvider } from "./motion/local.server";
import type { MotionProvider } from "./motion/types";
import { FalMusicProvider } from "./music/fal.server";
import { LocalMusicProvider } from "./music/local.server";
import type { MusicProvider } from "./music/types";
import { Json2VideoRenderProvider } from "./render/json2video.server";
import { LocalRenderProvider } from "./render/local.server";
import type { LocalRenderer, RenderProvider } from "./render/types";
import { OpenAiVoiceProvider, parseVoiceMap } from "./voice/openai.server";
import { LocalVoiceProvider } from "./voice/local.server";
import type { VoiceProvider } from "./voice/types";

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  VOICE_PROVIDER: z.enum(["local", "openai"]).default("local"),
  VOICE_API_URL: z.string().url().default("https://api.openai.com"),
  VOICE_API_KEY: z.string().optional(),
  VOICE_MODEL: z.string().default("gpt-4o-mini-tts"),
  VOICE_MAP: z.string().optional(),
  VOICE_FORMAT: z.enum(["wav", "mp3", "opus", "aac", "flac"]).default("wav"),
  VOICE_TIMEOUT_MS: int(60_000),

  FAL_KEY: z.string().optional(),
  IMAGE_PROVIDER: z.enum(["local", "fal"]).default("local"),
  IMAGE_API_URL: z.string().url().default("https://queue.fal.run"),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_MODEL_V1: z.string().default("fal-ai/bria/product-shot"),
  IMAGE_MODEL_V2: z.string().default("fal-ai/bria/product-shot"),
  IMAGE_POLL_MS: int(2_000),
  IMAGE_TIMEOUT_MS: int(300_000),

  MOTION_PROVIDER: z.enum(["local", "fal"]).default("local"),
  MOTION_API_URL: z.string().url().default("https://queue.fal.run"),
  MOTION_API_KEY: z.string().optional(),
  MOTION_MODEL: z.string().default("fal-ai/kling-video/v1.6/standard/image-to-video"),
  MOTION_POLL_MS: int(5_000),
  MOTION_TIMEOUT_MS: int(900_000),

  MUSIC_PROVIDER: z.enum(["local", "fal"]).default("local"),
  MUSIC_API_URL: z.string().url().default("https://queue.fal.run"),
  MUSIC_API_KEY: z.string().optional(),
  MUSIC_MODEL: z.string().default("fal-ai/stable-audio"),
  MUSIC_POLL_MS: int(3_000),
  MUSIC_TIMEOUT_MS: int(300_000),

  RENDER_PROVIDER: z.enum(["local", "json2video"]).default("local"),
  JSON2VIDEO_API_URL: z.string().url().default("https://api.json2video.com/v2"),
  JSON2VIDEO_API_KEY: z.string().optional(),

  PROVIDER_REQUEST_TIMEOUT_MS: int(60_000),
  /** Tests only: "capability=trigger" entries, e.g. "voice=Faultline" (faults.server.ts). */
  PROVIDER_FAULTS: z.string().optional(),
  // Whether this is a deployment (fault injection is refused there): conveniences.server.ts, ADR 325.
  HOST: z.string().optional(),
  APP_URL: z.string().optional(),
  REELFORGE_DEPLOYMENT: z.string().optional(),
});

export type MediaEnv = z.infer<typeof schema>;

export type Capability = "voice" | "image" | "motion" | "music" | "render";

export type ProviderStatus = {
  capability: Capability;
  /** Provider id, e.g. "local-tts", "openai-tts". */
  provider: string;
  /** Human label for the UI. */
  label: string;
  local: boolean;
  /** What the environment asked for ("local", "openai", "fal", "json2video"). */
  requested: string;
  /** Why the requested provider is not the one serving, or a configuration problem. */
  problem?: string;
};

type Registry = MediaProviders & { status: ProviderStatus[] };

let cached: { key: string; registry: Registry } | null = null;

const SETTING_PREFIXES: Record<Capability, string[]> = {
  voice: ["VOICE_"],
  image: ["IMAGE_"],
  motion: ["MOTION_"],
  music: ["MUSIC_"],
  render: ["RENDER_", "JSON2VIDEO_"],
};

function readEnv(): { env: MediaEnv; problems: string[] } {
  const parsed = schema.safeParse(process.env);
  if (parsed.success) return { env: parsed.data, problems: [] };
  // A bad value must not take the app down: fall back to defaults for the bad keys and report them.
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const cleaned = Object.fromEntries(Object.entries(process.env).filter(([k]) => !bad.has(k)));
  return { env: schema.parse(cleaned), problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
}

/** The provider chosen for a capability, and why the requested one does not serve when it does not. */
type Choice<P> = { provider: P; problem?: string };
type Timeouts = { requestTimeoutMs: number };

/** Voice-over: offline TTS, or an OpenAI-compatible speech API (a key is needed for openai.com). */
function chooseVoice(env: MediaEnv): Choice<VoiceProvider> {
  let voice: VoiceProvider = new LocalVoiceProvider();
  let voiceProblem: string | undefined;
  if (env.VOICE_PROVIDER === "openai") {
    const key = env.VOICE_API_KEY ?? process.env.OPENAI_API_KEY;
    const isOpenAi = new URL(env.VOICE_API_URL).host.endsWith("openai.com");
    if (isOpenAi && !key) voiceProblem = "VOICE_API_KEY is not set: using offline TTS";
    else
      voice = new OpenAiVoiceProvider({
        baseUrl: env.VOICE_API_URL,
        apiKey: key,
        model: env.VOICE_MODEL,
        voiceMap: parseVoiceMap(env.VOICE_MAP),
        format: env.VOICE_FORMAT,
        timeoutMs: env.VOICE_TIMEOUT_MS,
      });
  }
  return { provider: voice, problem: voiceProblem };
}

/** Product images: the local compositor, or the fal queue with a key. */
function chooseImage(env: MediaEnv, timeouts: Timeouts): Choice<ProductImageProvider> {
  let image: ProductImageProvider = new LocalProductImageProvider();
  let imageProblem: string | undefined;
  if (env.IMAGE_PROVIDER === "fal") {
    const key = env.IMAGE_API_KEY ?? env.FAL_KEY;
    if (!key) imageProblem = "IMAGE_API_KEY (or FAL_KEY) is not set: using the local compositor";
    else
      image = new FalProductImageProvider({
        provider: "fal-image",
        baseUrl: env.IMAGE_API_URL,
        apiKey: key,
        modelV1: env.IMAGE_MODEL_V1,
        modelV2: env.IMAGE_MODEL_V2,
        pollIntervalMs: env.IMAGE_POLL_MS,
        timeoutMs: env.IMAGE_TIMEOUT_MS,
        ...timeouts,
      });
  }
  return { provider: image, problem: imageProblem };
}

/** Image to video: local ffmpeg motion, or the fal queue with a key. */
function chooseMotion(env: MediaEnv, timeouts: Timeouts): Choice<MotionProvider> {
  let motion: MotionProvider = new LocalMotionProvider();
  let motionProblem: string | undefined;
  if (env.MOTION_PROVIDER === "fal") {
    const key = env.MOTION_API_KEY ?? env.FAL_KEY;
    if (!key) motionProblem = "MOTION_API_KEY (or FAL_KEY) is not set: using local ffmpeg motion";
    else
      motion = new FalMotionProvider({
        provider: "fal-video",
        baseUrl: env.MOTION_API_URL,
        apiKey: key,
        model: env.MOTION_MODEL,
        pollIntervalMs: env.MOTION_POLL_MS,
        timeoutMs: env.MOTION_TIMEOUT_MS,
        ...timeouts,
      });
  }
  return { provider: motion, problem: motionProblem };
}

/** Music: the offline composer, or the fal queue with a key. */
function chooseMusic(env: MediaEnv, timeouts: Timeouts): Choice<MusicProvider> {
  let music: MusicProvider = new LocalMusicProvider();
  let musicProblem: string | undefined;
  if (env.MUSIC_PROVIDER === "fal") {
    const key = env.MUSIC_API_KEY ?? env.FAL_KEY;
    if (!key) musicProblem = "MUSIC_API_KEY (or FAL_KEY) is not set: using the offline composer";
    else
      music = new FalMusicProvider({
        provider: "fal-music",
        baseUrl: env.MUSIC_API_URL,
        apiKey: key,
        model: env.MUSIC_MODEL,
        pollIntervalMs: env.MUSIC_POLL_MS,
        timeoutMs: env.MUSIC_TIMEOUT_MS,
        ...timeouts,
      });
  }
  return { provider: music, problem: musicProblem };
}

/** The compile: the local ffmpeg renderer (always there, for renders of their own), or json2video with a key. */
function chooseRender(env: MediaEnv, timeouts: Timeouts): Choice<RenderProvider> & { localRender: LocalRenderer } {
  const localRender: LocalRenderer = new LocalRenderProvider();
  let render: RenderProvider = localRender;
  let renderProblem: string | undefined;
  if (env.RENDER_PROVIDER === "json2video") {
    if (!env.JSON2VIDEO_API_KEY) renderProblem = "JSON2VIDEO_API_KEY is not set: using the local ffmpeg renderer";
    else render = new Json2VideoRenderProvider({ baseUrl: env.JSON2VIDEO_API_URL, apiKey: env.JSON2VIDEO_API_KEY, ...timeouts });
  }
  return { provider: render, localRender, problem: renderProblem };
}

function build(): Registry {
  const { env, problems } = readEnv();
  const status: ProviderStatus[] = [];
  const timeouts = { requestTimeoutMs: env.PROVIDER_REQUEST_TIMEOUT_MS };
  const note = (capability: Capability, provider: { name: string; label: string }, requested: string, problem?: string) => {
    const configProblem = problems.find((p) => SETTING_PREFIXES[capability].some((prefix) => p.startsWith(prefix)));
    status.push({
      capability,
      provider: provider.name,
      label: provider.label,
      local: provider.name.startsWith("local"),
      requested,
      ...(problem || configProblem ? { problem: problem ?? `Invalid setting ${configProblem}` } : {}),
    });
  };

  const voice = chooseVoice(env);
  note("voice", voice.provider, env.VOICE_PROVIDER, voice.problem);

  const image = chooseImage(env, timeouts);
  note("image", image.provider, env.IMAGE_PROVIDER, image.problem);

  const motion = chooseMotion(env, timeouts);
  note("motion", motion.provider, env.MOTION_PROVIDER, motion.problem);

  const music = chooseMusic(env, timeouts);
  note("music", music.provider, env.MUSIC_PROVIDER, music.problem);

  const render = chooseRender(env, timeouts);
  note("render", render.provider, env.RENDER_PROVIDER, render.problem);

  const providers: MediaProviders = {
    voice: voice.provider,
    image: image.provider,
    motion: motion.provider,
    music: music.provider,
    render: render.provider,
    localRender: render.localRender,
  };
  const faults = parseProviderFaults(env.PROVIDER_FAULTS);
  if (faults.invalid.length) for (const s of status) s.problem ??= `Invalid setting PROVIDER_FAULTS: ${faults.invalid.join(", ")} names no capability`;
  if (faults.plan.size === 0) return { ...providers, status };
  if (isDeployment(env)) {
    // Fault injection is a test tool: refused on a deployment, and said so on /healthz.
    for (const s of status) s.problem ??= "PROVIDER_FAULTS is ignored in production";
    return { ...providers, status };
  }
  const faulty = withFaults(providers, faults.plan);
  for (const s of status) s.label = faulty[s.capability].label;
  return { ...faulty, status };
}

/**
 * The variables the providers are built from: the schema's, the OpenAI key the voice falls back
 * to, and those the local providers read when made (DATA_DIR, MUSIC_SOUNDFONT).
 */
const BUILT_FROM = [...Object.keys(schema.shape), "OPENAI_API_KEY", "DATA_DIR", "MUSIC_SOUNDFONT"];

function registry(): Registry {
  // Rebuilt when one of them changes (tests switch providers by editing process.env). They are read
  // by name: walking the whole environment cost about 0.1 ms on every page that names a provider (ADR 399).
  let key = "";
  for (const name of BUILT_FROM) {
    const value = process.env[name];
    if (value !== undefined) key += `${name}=${value}\n`;
  }
  if (!cached || cached.key !== key) cached = { key, registry: build() };
  return cached.registry;
}

export const voiceProvider = (): VoiceProvider => registry().voice;
export const productImageProvider = (): ProductImageProvider => registry().image;
export const motionProvider = (): MotionProvider => registry().motion;
export const musicProvider = (): MusicProvider => registry().music;
export const renderProvider = (): RenderProvider => registry().render;
/** The local ffmpeg renderer, whatever RENDER_PROVIDER says (for work files no service can fetch). */
export const localRenderProvider = (): LocalRenderer => registry().localRender;

/** The active provider per capability, for /healthz and the UI. */
export function providerStatus(): ProviderStatus[] {
  return registry().status.map((s) => ({ ...s }));
}

export type MediaToolsStatus = {
  ok: boolean;
  ffmpeg: { source: "npm" | "FFMPEG_PATH"; version?: string; error?: string };
  ffprobe: { source: "npm" | "FFPROBE_PATH"; version?: string; error?: string };
  renderConcurrency: number;
  rendersRunning: number;
  rendersQueued: number;
};

let toolsCache: { at: number; key: string; value: Pick<MediaToolsStatus, "ok" | "ffmpeg" | "ffprobe"> } | null = null;
const TOOLS_CACHE_MS = 60_000;

/**
 * Whether ffmpeg and ffprobe start here (~50 ms; remembered for a minute so a polled /healthz
 * does not spawn processes every time). Reports versions and short error codes, never paths.
 */
export async function mediaToolsStatus(): Promise<MediaToolsStatus> {
  const limiter = mediaLimiter();
  const live = { renderConcurrency: limiter.limit, rendersRunning: limiter.running, rendersQueued: limiter.queued };
  const key = `${process.env.FFMPEG_PATH ?? ""}|${process.env.FFPROBE_PATH ?? ""}`;
  if (toolsCache && toolsCache.key === key && Date.now() - toolsCache.at < TOOLS_CACHE_MS) return { ...toolsCache.value, ...live };
  const check = async (resolve: () => string, name: string) => {
    try {
      const { stdout } = await runProcess(resolve(), ["-version"], { timeoutMs: 10_000, nice: 0 });
      return { version: /version (\S+)/.exec(stdout.toString("utf8"))?.[1] ?? "unknown" };
    } catch {
      return { error: `${name}_unavailable` };
    }
  };
  const [ffmpeg, ffprobe] = await Promise.all([check(ffmpegPath, "ffmpeg"), check(ffprobePath, "ffprobe")]);
  const value = {
    ok: !("error" in ffmpeg) && !("error" in ffprobe),
    ffmpeg: { source: process.env.FFMPEG_PATH ? ("FFMPEG_PATH" as const) : ("npm" as const), ...ffmpeg },
    ffprobe: { source: process.env.FFPROBE_PATH ? ("FFPROBE_PATH" as const) : ("npm" as const), ...ffprobe },
  };
  toolsCache = { at: Date.now(), key, value };
  return { ...value, ...live };
}

export type ProviderHealth = { ok: boolean; provider: string; label: string; local: boolean; requested: string; warning?: string };

/**
 * The `providers` part of /healthz: one entry per capability plus `media` (ffmpeg/ffprobe).
 * A hosted provider that was asked for but is not configured is a warning, not a failure: the
 * local provider serves meanwhile. Local media capabilities fail when ffmpeg cannot start.
 */
export async function providersHealth(): Promise<Record<Capability | "media", ProviderHealth | (MediaToolsStatus & { ok: boolean })>> {
  const tools = await mediaToolsStatus();
  const needsFfmpeg: Capability[] = ["motion", "render", "voice", "music"];
  const out: Record<string, ProviderHealth | MediaToolsStatus> = {};
  for (const s of providerStatus()) {
    out[s.capability] = {
      ok: !(s.local && needsFfmpeg.includes(s.capability) && !tools.ok),
      provider: s.provider,
      label: s.label,
      local: s.local,
      requested: s.requested,
      ...(s.problem ? { warning: s.problem } : {}),
    };
  }
  out.media = tools;
  return out as Record<Capability | "media", ProviderHealth | MediaToolsStatus>;
}
