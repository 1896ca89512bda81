// Types shared by every media provider (voice, image, motion, music, render).

export const ASPECT_RATIOS = ["9:16", "16:9", "1:1"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export type Size = { width: number; height: number };

/** Full-quality sizes (product images, hosted outputs). */
export const FULL_SIZES: Record<AspectRatio, Size> = {
  "9:16": { width: 1080, height: 1920 },
  "16:9": { width: 1920, height: 1080 },
  "1:1": { width: 1080, height: 1080 },
};

/** 720p-class sizes: the default for rendered videos and motion clips (fast on small CPUs). */
export const VIDEO_SIZES: Record<AspectRatio, Size> = {
  "9:16": { width: 720, height: 1280 },
  "16:9": { width: 1280, height: 720 },
  "1:1": { width: 720, height: 720 },
};

export function isAspectRatio(value: unknown): value is AspectRatio {
  return typeof value === "string" && (ASPECT_RATIOS as readonly string[]).includes(value);
}

/** Scales a size so its longer side is `longSide`, keeping both sides even (x264/VP9 need that). */
export function sizeWithLongSide(aspect: AspectRatio, longSide: number): Size {
  const base = FULL_SIZES[aspect];
  const f = longSide / Math.max(base.width, base.height);
  return { width: even(base.width * f), height: even(base.height * f) };
}

export function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}

/** Optional call options every provider accepts. */
export type CallOptions = {
  signal?: AbortSignal;
};

/** A provider failure with a message fit for the user and the provider that raised it. */
export class ProviderError extends Error {
  readonly provider: string;
  readonly code: "bad_input" | "upstream" | "timeout" | "failed" | "unavailable";
  readonly status?: number;
  constructor(provider: string, code: ProviderError["code"], message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "ProviderError";
    this.provider = provider;
    this.code = code;
    this.status = options.status;
  }
}
