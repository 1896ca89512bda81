// The fixed 3-scene ad of the visual checks (issue 14 §7; tests, `npm run bench`, the contact
// sheet): the same script and product photo in each Style, made as the Create Video pipeline
// makes them (ADR 204): the ad's shot per scene from the local compositor, its camera move as a
// motion clip, the offline voice-over, and the Style's captions in the render.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { planAdStructure, styleTone, type AdStructure } from "~/providers/llm/planner/ad-structure";
import type { Size } from "~/providers/media/types";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import type { RenderRequest } from "~/providers/render/types";
import { LocalVoiceProvider } from "~/providers/voice/local.server";
import { productPhoto } from "./fixtures";
import { SOUND_SCRIPT } from "./sound-inputs";

export { SOUND_SCRIPT as AD_SCRIPT };

/** Voice-overs of the fixed script (the same in every Style). */
export async function adVoices(dir: string, voice = "slt"): Promise<Array<{ path: string; durationSec: number }>> {
  mkdirSync(dir, { recursive: true });
  const tts = new LocalVoiceProvider({ workDir: dir });
  const out = [];
  for (const text of SOUND_SCRIPT) out.push(await tts.synthesize({ text, voice }));
  return out;
}

/** The render request of the fixed script in `style` (its plan too), files under `dir`. */
export async function adInputs(dir: string, style: string, size: Size, voices: Array<{ path: string; durationSec: number }>): Promise<{ plan: AdStructure; request: RenderRequest }> {
  mkdirSync(dir, { recursive: true });
  const plan = planAdStructure({ scenes: SOUND_SCRIPT, style });
  const images = new LocalProductImageProvider();
  const motion = new LocalMotionProvider({ workDir: dir });
  const photo = await productPhoto();
  const scenes: RenderRequest["scenes"] = [];
  for (const [i, text] of SOUND_SCRIPT.entries()) {
    const shot = plan.shots[i];
    const image = await images.generate({
      productImage: photo,
      prompt: text,
      aspectRatio: "9:16",
      version: "v1",
      size,
      shot: shot.shot,
      headline: shot.headline || undefined,
      productName: shot.shot === "end-card" ? plan.product : undefined,
      tone: styleTone(style),
    });
    const file = path.join(dir, `shot-${i + 1}.jpg`);
    writeFileSync(file, image.image);
    const clip = await motion.animate({ image: file, durationSec: voices[i].durationSec + 0.7, aspectRatio: "9:16", variant: shot.motion, size });
    scenes.push({ id: `scene-${i + 1}`, visual: { kind: "clip", path: clip.path }, voiceOver: { path: voices[i].path }, captionText: text });
  }
  return { plan, request: { scenes, format: "mp4", size, captionStyle: style } };
}
