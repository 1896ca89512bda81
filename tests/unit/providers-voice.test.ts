import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { ProviderError } from "~/providers/media/types";
import { LOCAL_VOICES, LocalVoiceProvider, speakableEnglish } from "~/providers/voice/local.server";
import { tmpWorkDir } from "../providers/helpers";

vi.setConfig({ testTimeout: 60_000 });

let work: ReturnType<typeof tmpWorkDir>;
let tts: LocalVoiceProvider;
beforeAll(() => {
  work = tmpWorkDir("voice");
  tts = new LocalVoiceProvider({ workDir: work.dir });
});
afterAll(() => work.cleanup());

const LINE = "Meet Aurora, the bottle that keeps water cold all day.";

/** Median pitch (Hz) of the voiced frames, by autocorrelation: tells voices apart. */
function medianPitch(file: string): number {
  const buf = readFileSync(file);
  const rate = buf.readUInt32LE(24);
  const data = new Int16Array(buf.buffer.slice(buf.byteOffset + 44, buf.byteOffset + buf.length - ((buf.length - 44) % 2)));
  const frame = Math.round(rate * 0.04);
  const pitches: number[] = [];
  for (let start = 0; start + frame < data.length; start += frame) {
    let energy = 0;
    for (let i = 0; i < frame; i++) energy += data[start + i] ** 2;
    if (Math.sqrt(energy / frame) < 1500) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.floor(rate / 400); lag < Math.floor(rate / 60); lag++) {
      let s = 0;
      for (let i = 0; i + lag < frame; i++) s += data[start + i] * data[start + i + lag];
      if (s > best) {
        best = s;
        bestLag = lag;
      }
    }
    if (bestLag) pitches.push(rate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[pitches.length >> 1];
}

describe("local TTS", () => {
  it("offers the seeded voice ids", () => {
    expect(tts.voices().map((v) => v.id)).toEqual(["slt", "rms", "awb", "kal", "hi"]);
  });

  it("speaks English with at least 3 distinct voices and reports the real duration", async () => {
    const results = [];
    for (const voice of ["slt", "rms", "awb", "kal"]) {
      const r = await tts.synthesize({ text: LINE, voice, language: "en" });
      const info = await probeMedia(r.path);
      expect(info.streams[0]).toMatchObject({ type: "audio", codec: "pcm_s16le", channels: 1 });
      expect(Math.abs(info.durationSec - r.durationSec)).toBeLessThan(0.02);
      expect(r.durationSec).toBeGreaterThan(1.5);
      expect(r.durationSec).toBeLessThan(8);
      expect(r.mime).toBe("audio/wav");
      results.push({ voice, hash: createHash("sha256").update(readFileSync(r.path)).digest("hex"), pitch: medianPitch(r.path) });
    }
    expect(new Set(results.map((r) => r.hash)).size).toBe(4);
    // The female voice is clearly higher than the male ones.
    const pitch = Object.fromEntries(results.map((r) => [r.voice, r.pitch]));
    expect(pitch.slt).toBeGreaterThan(pitch.rms * 1.3);
    expect(pitch.slt).toBeGreaterThan(pitch.kal * 1.3);
    expect(Math.abs(pitch.rms - pitch.awb)).toBeGreaterThan(8);
  });

  it("speaks Hindi with espeak-ng, also when the text is Devanagari under another voice", async () => {
    const a = await tts.synthesize({ text: "नमस्ते! यह बोतल पानी को ठंडा रखती है।", voice: "hi", language: "hi" });
    expect(a.voice).toBe("hi");
    const info = await probeMedia(a.path);
    expect(info.streams[0].type).toBe("audio");
    expect(info.durationSec).toBeGreaterThan(1);
    const b = await tts.synthesize({ text: "आज ही ऑर्डर करें", voice: "slt" });
    expect(b.voice).toBe("hi");
  });

  it("speaks slower when asked", async () => {
    const normal = await tts.synthesize({ text: LINE, voice: "rms" });
    const slow = await tts.synthesize({ text: LINE, voice: "rms", speed: 0.7 });
    expect(slow.durationSec).toBeGreaterThan(normal.durationSec * 1.2);
  });

  it("rejects empty text, unknown voices and bad speeds", async () => {
    await expect(tts.synthesize({ text: "  ", voice: "slt" })).rejects.toBeInstanceOf(ProviderError);
    await expect(tts.synthesize({ text: "Hello", voice: "nope" })).rejects.toThrow(/Unknown voice "nope"/);
    await expect(tts.synthesize({ text: "Hello", voice: "slt", speed: 5 })).rejects.toThrow(/Speed/);
  });

  it("makes symbols speakable for Flite", () => {
    expect(speakableEnglish("Only ₹1,499 — 20% off & free “shipping” #summer 🎉")).toBe('Only 1499 rupees , 20 percent off and free "shipping" summer');
    expect(LOCAL_VOICES.filter((v) => v.engine === "flite")).toHaveLength(4);
  });
});
