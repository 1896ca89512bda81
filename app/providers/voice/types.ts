import type { CallOptions } from "~/providers/media/types";

export type VoiceRequest = {
  text: string;
  /** Provider voice id, e.g. Voice.providerVoice from the database ("slt", "rms", "awb", "kal", "hi"). */
  voice: string;
  /** BCP-47-ish language code ("en", "hi"); Devanagari text is spoken as Hindi regardless. */
  language?: string;
  /** Speaking rate, 1 = normal (0.5 .. 2). */
  speed?: number;
};

export type VoiceResult = {
  /** An audio file in the work dir; the caller stores it. */
  path: string;
  mime: string;
  /** Measured from the audio itself. */
  durationSec: number;
  /** The engine voice that spoke (after fallbacks). */
  voice: string;
  provider: string;
};

export type VoiceInfo = { id: string; label: string; language: string; gender?: "female" | "male" };

export interface VoiceProvider {
  readonly name: string;
  /** Human label for /healthz and the UI. */
  readonly label: string;
  voices(): VoiceInfo[];
  synthesize(request: VoiceRequest, options?: CallOptions): Promise<VoiceResult>;
}
