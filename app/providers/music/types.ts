import type { CallOptions } from "~/providers/media/types";

export type MusicRequest = {
  /** Mood or style words, e.g. "confident", "warm", "UGC Testimonial", "calm luxury". */
  mood?: string;
  durationSec: number;
  /** Varies the arrangement reproducibly (e.g. the project id). */
  seed?: string;
};

export type MusicResult = {
  /** An audio file in the work dir; the caller stores it. */
  path: string;
  mime: string;
  durationSec: number;
  provider: string;
  /** What was played, e.g. "warm, 88 bpm, G major". */
  description?: string;
  requestId?: string;
};

export interface MusicProvider {
  readonly name: string;
  readonly label: string;
  generate(request: MusicRequest, options?: CallOptions): Promise<MusicResult>;
}
