// Fault injection for tests: a wrapper around each media provider that the registry applies
// when PROVIDER_FAULTS is set, and never on a deployment (HOST, APP_URL, REELFORGE_DEPLOYMENT:
// ADR 325; NODE_ENV does not decide, so `npm start` on loopback takes it). PROVIDER_FAULTS is a
// comma-separated list of `capability=trigger` entries (or a bare `capability`): that
// capability fails, as a provider failure would, for an input whose text contains the trigger
// (case-insensitive; a bare capability fails every call). The text looked at: voice, the words
// spoken; image and motion, the prompt; music, the mood; render, the scenes' captions.
// The trigger is an ordinary word of the test's script (e.g. "voice=Faultline" for a script
// about "Faultline serum"): the planner keeps such a word as it is, so it reaches the provider,
// and nothing meant only for the test is ever spoken, drawn or captioned.
// `ffmpeg` is not a failure of the renderer but of its process: the local render's ffmpeg is
// killed (SIGKILL) mid-render, as the OOM killer would (docs/decisions/230-ffmpeg-killed-mid-render.md).
// See docs/decisions/141-test-faults-in-the-provider-registry.md.
import { killingFfmpeg } from "./media/ffmpeg.server";
import type { ProductImageProvider } from "./image/types";
import { ProviderError } from "./media/types";
import type { MotionProvider } from "./motion/types";
import type { MusicProvider } from "./music/types";
import type { HostedRenderer, LocalRenderer, RenderProvider, RenderRequest } from "./render/types";
import type { VoiceProvider } from "./voice/types";

export const FAULT_CAPABILITIES = ["voice", "image", "motion", "music", "render", "ffmpeg"] as const;
export type FaultCapability = (typeof FAULT_CAPABILITIES)[number];

/** Per failing capability, its trigger (lower case; "" = every call). */
export type FaultPlan = Map<FaultCapability, string>;

/** Reads PROVIDER_FAULTS; entries naming no known capability are returned in `invalid`. */
export function parseProviderFaults(value: string | undefined): { plan: FaultPlan; invalid: string[] } {
  const plan: FaultPlan = new Map();
  const invalid: string[] = [];
  for (const entry of (value ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name, ...rest] = entry.split("=");
    const capability = name.trim().toLowerCase();
    if ((FAULT_CAPABILITIES as readonly string[]).includes(capability)) plan.set(capability as FaultCapability, rest.join("=").trim().toLowerCase());
    else invalid.push(entry);
  }
  return { plan, invalid };
}

class Faults {
  constructor(private readonly plan: FaultPlan) {}

  matches(capability: FaultCapability, texts: (string | undefined)[]): boolean {
    const trigger = this.plan.get(capability);
    if (trigger === undefined) return false;
    return trigger === "" || texts.some((t) => t?.toLowerCase().includes(trigger));
  }

  check(capability: FaultCapability, provider: string, texts: (string | undefined)[]): void {
    if (this.matches(capability, texts)) {
      throw new ProviderError(provider, "failed", `The ${capability} provider failed (a fault injected by PROVIDER_FAULTS)`);
    }
  }
}

const label = (inner: { label: string }) => `${inner.label}, with injected faults`;

function voice(inner: VoiceProvider, faults: Faults): VoiceProvider {
  return {
    name: inner.name,
    label: label(inner),
    voices: () => inner.voices(),
    async synthesize(request, options) {
      faults.check("voice", inner.name, [request.text]);
      return inner.synthesize(request, options);
    },
  };
}

function image(inner: ProductImageProvider, faults: Faults): ProductImageProvider {
  return {
    name: inner.name,
    label: label(inner),
    async generate(request, options) {
      faults.check("image", inner.name, [request.prompt, request.headline]);
      return inner.generate(request, options);
    },
  };
}

function motion(inner: MotionProvider, faults: Faults): MotionProvider {
  return {
    name: inner.name,
    label: label(inner),
    async animate(request, options) {
      faults.check("motion", inner.name, [request.prompt]);
      return inner.animate(request, options);
    },
  };
}

function music(inner: MusicProvider, faults: Faults): MusicProvider {
  return {
    name: inner.name,
    label: label(inner),
    async generate(request, options) {
      faults.check("music", inner.name, [request.mood]);
      return inner.generate(request, options);
    },
  };
}

const captions = (request: RenderRequest) => request.scenes.map((s) => s.captionText);

function localRenderer(inner: LocalRenderer, faults: Faults): LocalRenderer {
  return {
    kind: "local",
    name: inner.name,
    label: label(inner),
    checkReady: (options) => inner.checkReady(options),
    async render(request, onProgress, options) {
      faults.check("render", inner.name, captions(request));
      if (faults.matches("ffmpeg", captions(request))) return killingFfmpeg(() => inner.render(request, onProgress, options));
      return inner.render(request, onProgress, options);
    },
  };
}

function hostedRenderer(inner: HostedRenderer, faults: Faults): HostedRenderer {
  return {
    kind: "hosted",
    name: inner.name,
    label: label(inner),
    checkReady: (options) => inner.checkReady(options),
    async start(request, options) {
      faults.check("render", inner.name, captions(request));
      return inner.start(request, options);
    },
    status: (renderId, options) => inner.status(renderId, options),
  };
}

export type MediaProviders = {
  voice: VoiceProvider;
  image: ProductImageProvider;
  motion: MotionProvider;
  music: MusicProvider;
  render: RenderProvider;
  localRender: LocalRenderer;
};

/** Every provider wrapped with the faults of `plan`. */
export function withFaults(providers: MediaProviders, plan: FaultPlan): MediaProviders {
  const faults = new Faults(plan);
  const localRender = localRenderer(providers.localRender, faults);
  return {
    voice: voice(providers.voice, faults),
    image: image(providers.image, faults),
    motion: motion(providers.motion, faults),
    music: music(providers.music, faults),
    render: providers.render.kind === "local" ? localRender : hostedRenderer(providers.render, faults),
    localRender,
  };
}
