// The fixed ads of the visual checks (issue 14 §7; tests, `npm run bench`, the contact sheet):
// a 3-scene and a 6-scene script with the same product photo, in each Style, made as the Create
// Video pipeline makes them (ADR 204): the ad's shot per scene from the local compositor, its
// camera move as a motion clip (hero and close-up as two layers in parallax, ADR 220), the offline voice-over, a music bed, and the Style's captions.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { planAdStructure, styleTone, type AdStructure } from "~/providers/llm/planner/ad-structure";
import type { AspectRatio, Size } from "~/providers/media/types";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import type { PictureLayers } from "~/providers/motion/types";
import { LocalMusicProvider } from "~/providers/music/local.server";
import type { RenderRequest } from "~/providers/render/types";
import { LocalVoiceProvider } from "~/providers/voice/local.server";
import { productPhoto } from "./fixtures";
import { SOUND_SCRIPT } from "./sound-inputs";

export { SOUND_SCRIPT as AD_SCRIPT };

/** The fixed 6-scene script: hook, four body beats, call to action. */
export const AD_SCRIPT_6 = [
  "Tired of soggy salads by lunchtime? Meet CrispBox.",
  "Its sealed dressing pod keeps your greens crisp for hours.",
  "The leak proof lid snaps shut, so nothing spills in your bag.",
  "Three compartments keep grains, greens and toppings apart.",
  "It is dishwasher safe and made from recycled plastic.",
  "Order CrispBox today and get free shipping across India.",
];

export const AD_SCRIPTS = { "3 scenes": SOUND_SCRIPT, "6 scenes": AD_SCRIPT_6 } as const;
export type AdScriptName = keyof typeof AD_SCRIPTS;

export type AdVoices = { script: string[]; voices: Array<{ path: string; durationSec: number }>; music: { path: string } };

/** Voice-overs of a fixed script (the same in every Style) and a music bed as long as the ad. */
export async function adVoices(dir: string, script: string[] = SOUND_SCRIPT, voice = "slt"): Promise<AdVoices> {
  mkdirSync(dir, { recursive: true });
  const tts = new LocalVoiceProvider({ workDir: dir });
  const voices = [];
  for (const text of script) voices.push(await tts.synthesize({ text, voice }));
  const total = voices.reduce((a, v) => a + v.durationSec, 0);
  const music = await new LocalMusicProvider({ workDir: dir }).generate({ mood: "upbeat", durationSec: Math.ceil(total) + 2 });
  return { script, voices, music: { path: music.path } };
}

/**
 * The render request of the script of `voices` in `style` (its plan too, and each scene clip's beat cuts in seconds from
 * its start, also given to the renderer as RenderScene.cuts), files under `dir`; with the music bed unless `music: false`;
 * in `aspectRatio` (default 9:16; `size` must have that ratio).
 */
export async function adInputs(
  dir: string,
  style: string,
  size: Size,
  voices: AdVoices,
  o: { music?: boolean; aspectRatio?: AspectRatio } = {},
): Promise<{ plan: AdStructure; request: RenderRequest; cuts: number[][] }> {
  mkdirSync(dir, { recursive: true });
  const script = voices.script;
  const aspectRatio = o.aspectRatio ?? "9:16";
  const plan = planAdStructure({ scenes: script, style });
  const images = new LocalProductImageProvider();
  const motion = new LocalMotionProvider({ workDir: dir });
  const photo = await productPhoto();
  const scenes: RenderRequest["scenes"] = [];
  const cuts: number[][] = [];
  for (const [i, text] of script.entries()) {
    const shot = plan.shots[i];
    const image = await images.generate({
      productImage: photo,
      prompt: text,
      aspectRatio,
      version: "v1",
      size,
      style,
      shot: shot.shot,
      headline: shot.headline || undefined,
      productName: shot.shot === "end-card" ? plan.product : undefined,
      tone: styleTone(style),
      layers: true,
    });
    const file = path.join(dir, `shot-${i + 1}.jpg`);
    writeFileSync(file, image.image);
    const clip = await motion.animate({
      image: file,
      layers: image.layers,
      durationSec: voices.voices[i].durationSec + 0.7,
      aspectRatio,
      variant: shot.motion,
      size,
      // As the pipeline asks (scene-assets videoStep): the last scene holds the end card, the Style joins the beats.
      sceneIndex: i,
      endCard: script.length > 1 && i === script.length - 1,
      style,
    });
    cuts.push(clip.cuts ?? []);
    // As the compile hands it over (ADR 360): the clip with the still, layers and beats it was drawn from, drawn again in the render's one encode.
    let layers: PictureLayers | undefined;
    if (image.layers) {
      const part = (name: string, bytes: Buffer | undefined) => {
        if (!bytes) return {};
        const file = path.join(dir, `shot-${i + 1}-${name}.png`);
        writeFileSync(file, bytes);
        return { [name]: file };
      };
      layers = {
        background: part("background", image.layers.background).background!,
        ...part("foreground", image.layers.foreground),
        ...part("text", image.layers.text),
      };
    }
    const madeFrom =
      clip.beats && clip.transition
        ? { madeFrom: { image: file, ...(layers ? { layers } : {}), beats: { list: clip.beats, transition: clip.transition } } }
        : {};
    scenes.push({
      id: `scene-${i + 1}`,
      visual: { kind: "clip", path: clip.path, ...madeFrom },
      voiceOver: { path: voices.voices[i].path },
      captionText: text,
      cuts: clip.cuts ?? [],
    });
  }
  return { plan, cuts, request: { scenes, format: "mp4", size, aspectRatio, captionStyle: style, ...(o.music === false ? {} : { music: voices.music }) } };
}
