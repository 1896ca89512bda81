// Composes the media providers into one offline run: script + product photo -> finished video
// (voice-over, product shots, motion, captions, music). The real workflow (planner, storage,
// credits, progress in the database) wires the same providers; this is its media skeleton,
// used by the end-to-end check, its test and the benchmark.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AspectRatio, Size } from "~/providers/media/types";
import { ensureDir } from "~/providers/media/workdir.server";
import { localRenderProvider, motionProvider, musicProvider, productImageProvider, voiceProvider } from "~/providers/registry.server";
import { sceneDurationFor } from "~/providers/render/local.server";
import type { MotionResult } from "~/providers/motion/types";
import type { RenderFormat, RenderProgress, RenderResult } from "~/providers/render/types";
import type { VoiceResult } from "~/providers/voice/types";

/** Paragraphs, or else groups of sentences of about `targetWords` words, at most `maxScenes`. */
export function splitScript(script: string, targetWords = 16, maxScenes = 6): string[] {
  const paragraphs = script
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  if (paragraphs.length > 1) return paragraphs.slice(0, maxScenes);
  const sentences = (
    script
      .replace(/\s+/g, " ")
      .trim()
      .match(/[^.!?।]+[.!?।]+["”’)]*|[^.!?।]+$/g) ?? []
  )
    .map((s) => s.trim())
    .filter(Boolean);
  const scenes: string[] = [];
  let current = "";
  for (const s of sentences) {
    const words = (current + " " + s).trim().split(" ").length;
    if (current && words > targetWords) {
      scenes.push(current);
      current = s;
    } else current = (current + " " + s).trim();
  }
  if (current) scenes.push(current);
  while (scenes.length > maxScenes) {
    const last = scenes.pop()!;
    scenes[scenes.length - 1] += ` ${last}`;
  }
  return scenes;
}

export type OfflineAdOptions = {
  script: string;
  productPhoto: string | Buffer;
  voice?: string;
  style?: string;
  prompt?: string;
  headline?: string;
  format?: RenderFormat;
  aspectRatio?: AspectRatio;
  /** Video size (default 720p-class); product images are made at full size unless given. */
  videoSize?: Size;
  imageSize?: Size;
  outDir: string;
  onStep?: (step: string) => void;
  onProgress?: RenderProgress;
};

export async function makeOfflineAd(o: OfflineAdOptions): Promise<RenderResult & { sceneTexts: string[]; images: string[] }> {
  const aspectRatio = o.aspectRatio ?? "9:16";
  const step = o.onStep ?? (() => undefined);
  await ensureDir(o.outDir);
  const photo = typeof o.productPhoto === "string" ? await readFile(o.productPhoto) : o.productPhoto;
  const texts = splitScript(o.script);
  if (!texts.length) throw new Error("The script is empty");

  step(`voice-over for ${texts.length} scenes`);
  const voices: VoiceResult[] = [];
  for (const text of texts) voices.push(await voiceProvider().synthesize({ text, voice: o.voice ?? "slt" }));

  step("product shots");
  const images: string[] = [];
  for (const [i, text] of texts.entries()) {
    const shot = await productImageProvider().generate({
      productImage: photo,
      prompt: o.prompt ?? text,
      style: o.style,
      aspectRatio,
      version: i % 2 === 0 ? "v1" : "v2",
      headline: i === 0 ? o.headline : undefined,
      size: o.imageSize,
    });
    const file = path.join(o.outDir, `scene-${i + 1}.jpg`);
    await writeFile(file, shot.image);
    images.push(file);
  }

  step("motion");
  const clips: MotionResult[] = [];
  for (const [i, file] of images.entries()) {
    clips.push(
      await motionProvider().animate({ image: file, durationSec: sceneDurationFor(voices[i].durationSec), aspectRatio, sceneIndex: i, size: o.videoSize }),
    );
  }

  step("music");
  const total = voices.reduce((a, v) => a + sceneDurationFor(v.durationSec), 0);
  const music = await musicProvider().generate({ mood: o.style, durationSec: Math.ceil(total) + 1 });

  step("compile");
  const result = await localRenderProvider().render(
    {
      format: o.format ?? "mp4",
      aspectRatio,
      size: o.videoSize,
      scenes: texts.map((text, i) => ({
        id: `scene-${i + 1}`,
        visual: { kind: "clip", path: clips[i].path },
        voiceOver: { path: voices[i].path },
        captionText: text,
      })),
      music: { path: music.path },
    },
    o.onProgress,
  );
  return { ...result, sceneTexts: texts, images };
}
