// The fixed 3-scene script of the sound and finish checks (tests and `npm run bench`), with a
// product photo, offline voice-overs and a music bed made in code.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import type { Size } from "~/providers/media/types";
import { LocalMusicProvider } from "~/providers/music/local.server";
import type { RenderRequest } from "~/providers/render/types";
import { LocalVoiceProvider } from "~/providers/voice/local.server";
import { productPhoto } from "./fixtures";

export const SOUND_SCRIPT = [
  "Tired of soggy salads by lunchtime? Meet CrispBox.",
  "Its sealed dressing pod keeps your greens crisp for hours. It is leak proof and dishwasher safe.",
  "Order CrispBox today and get free shipping across India.",
];

/** Inputs: voice-overs, product shots and a music bed for the fixed script, under `dir`. */
export async function soundFinishInputs(dir: string, size: Size, voice = "slt") {
  mkdirSync(dir, { recursive: true });
  const tts = new LocalVoiceProvider({ workDir: dir });
  const images = new LocalProductImageProvider();
  const photo = await productPhoto();
  const scenes: RenderRequest["scenes"] = [];
  let total = 0;
  for (const [i, text] of SOUND_SCRIPT.entries()) {
    const v = await tts.synthesize({ text, voice });
    total += v.durationSec;
    const shot = await images.generate({
      productImage: photo,
      prompt: ["fresh kitchen", "picnic", "studio"][i],
      aspectRatio: "9:16",
      version: i % 2 ? "v2" : "v1",
      size,
    });
    const file = path.join(dir, `shot-${i}.jpg`);
    writeFileSync(file, shot.image);
    scenes.push({ id: `scene-${i + 1}`, visual: { kind: "image", path: file }, voiceOver: { path: v.path }, captionText: text });
  }
  const music = await new LocalMusicProvider({ workDir: dir }).generate({ mood: "upbeat", durationSec: Math.ceil(total) + 2 });
  return { scenes, music: { path: music.path } };
}
