// Hosted TTS over the OpenAI-compatible speech API: POST {base}/v1/audio/speech with
// {model, input, voice, response_format, speed} -> audio bytes. Spoken by OpenAI and by many
// self-hosted servers (openedai-speech, Kokoro-FastAPI, LocalAI ...).
import { writeFile, rm } from "node:fs/promises";
import { mediaDuration } from "~/providers/media/ffmpeg.server";
import { expectOk, fetchWithTimeout } from "~/providers/media/http.server";
import { ProviderError, type CallOptions } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import type { VoiceInfo, VoiceProvider, VoiceRequest, VoiceResult } from "./types";

export type OpenAiVoiceConfig = {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Our voice ids (Voice.providerVoice) -> the API's voice names; unknown ids pass through. */
  voiceMap: Record<string, string>;
  format: "wav" | "mp3" | "opus" | "aac" | "flac";
  timeoutMs: number;
  workDir?: string;
};

export const DEFAULT_OPENAI_VOICE_MAP: Record<string, string> = {
  slt: "nova",
  rms: "echo",
  awb: "onyx",
  kal: "ash",
  hi: "shimmer",
};

const MIME: Record<OpenAiVoiceConfig["format"], string> = {
  wav: "audio/wav",
  mp3: "audio/mpeg",
  opus: "audio/ogg",
  aac: "audio/aac",
  flac: "audio/flac",
};

/** Parses "slt=nova,rms=echo" into a map. */
export function parseVoiceMap(value: string | undefined): Record<string, string> {
  const map: Record<string, string> = { ...DEFAULT_OPENAI_VOICE_MAP };
  for (const pair of (value ?? "").split(",")) {
    const [from, to] = pair.split("=").map((s) => s.trim());
    if (from && to) map[from] = to;
  }
  return map;
}

export class OpenAiVoiceProvider implements VoiceProvider {
  readonly name = "openai-tts";
  readonly label: string;
  private readonly root: string;

  constructor(private readonly config: OpenAiVoiceConfig) {
    this.root = workRoot(config.workDir);
    this.label = `Hosted TTS (${new URL(config.baseUrl).host}, ${config.model})`;
  }

  voices(): VoiceInfo[] {
    return Object.entries(this.config.voiceMap).map(([id, v]) => ({ id, label: `${id} (${v})`, language: id === "hi" ? "hi" : "en" }));
  }

  async synthesize(request: VoiceRequest, options: CallOptions = {}): Promise<VoiceResult> {
    const text = request.text.trim();
    if (!text) throw new ProviderError(this.name, "bad_input", "There is no text to speak");
    if (text.length > 4096) throw new ProviderError(this.name, "bad_input", "The text is longer than 4096 characters");
    const voice = this.config.voiceMap[request.voice] ?? request.voice;
    const url = `${this.config.baseUrl.replace(/\/$/, "")}/v1/audio/speech`;
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (this.config.apiKey) headers.Authorization = `Bearer ${this.config.apiKey}`;
    const body = JSON.stringify({
      model: this.config.model,
      input: text,
      voice,
      response_format: this.config.format,
      ...(request.speed && request.speed !== 1 ? { speed: request.speed } : {}),
    });
    const http = { provider: this.name, timeoutMs: this.config.timeoutMs, signal: options.signal };
    const res = await expectOk(await fetchWithTimeout(url, { method: "POST", headers, body }, http), this.name, "Speech synthesis");
    const type = res.headers.get("content-type") ?? "";
    if (/json|text\/html/.test(type)) {
      throw new ProviderError(this.name, "upstream", `Speech synthesis answered ${type} instead of audio`);
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw new ProviderError(this.name, "timeout", `Speech synthesis did not finish sending audio: ${(error as Error).message}`, { cause: error });
    }
    if (bytes.length === 0) throw new ProviderError(this.name, "upstream", "Speech synthesis returned no audio");
    const out = await newWorkFile(this.root, "voice", this.config.format === "opus" ? "ogg" : this.config.format);
    await writeFile(out, bytes);
    try {
      const durationSec = await mediaDuration(out);
      return { path: out, mime: MIME[this.config.format], durationSec, voice, provider: this.name };
    } catch (error) {
      await rm(out, { force: true });
      throw new ProviderError(this.name, "upstream", "Speech synthesis returned audio that cannot be read", { cause: error });
    }
  }
}
