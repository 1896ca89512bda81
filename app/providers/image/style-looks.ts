// The look of each Style (docs/decisions/341-five-style-looks.md): one place that says how an ad
// in that Style is drawn, moved, joined and scored, so five ads of one script are told apart at a
// glance. Read by the shot compositor (layout family, type, background), the beat planner (moves,
// framings, transition) and the music composer (mood, tempo, lead). Plain data, safe in the browser.
import type { BrandFontId } from "~/providers/media/font-ids";
import type { BeatFraming, BeatTransition } from "~/providers/motion/beats";
import type { MotionVariant } from "~/providers/motion/types";
import type { Mood } from "~/providers/music/composer";

/** The Styles, as the planner names them (llm/planner/ad-structure.ts AD_STYLES). */
export const STYLE_LOOK_NAMES = ["Product Showcase", "UGC Testimonial", "Unboxing", "Problem / Solution", "Lifestyle"] as const;
export type StyleLookName = (typeof STYLE_LOOK_NAMES)[number];

/**
 * Where product, headline, call-out and call to action sit:
 * centred-hero: product centred on a surface, centred headline above it;
 * polaroid: a warm paper background, the product in a tilted white photo card, text on a note card;
 * lower-band: deep full-bleed colour, the text on a solid colour band across the frame;
 * magazine: near-black page, very large condensed capitals flush left with an accent rule;
 * editorial: soft pastel page inside a thin frame, a serif headline on a light card.
 */
export type StyleLayout = "centred-hero" | "polaroid" | "lower-band" | "magazine" | "editorial";

export type StyleLook = {
  style: StyleLookName;
  layout: StyleLayout;
  type: {
    /** A shipped font (media/font-ids.ts); a brand kit's font replaces it. */
    fontId: BrandFontId;
    /** Headline size, as a multiple of the shot's own size. */
    scale: number;
    uppercase: boolean;
    align: "centre" | "left";
  };
  /** Background lightness and saturation (0-1) at the top and bottom, light or dark by the Style's tone; hue from the product unless `hue`. */
  background: { saturation: number; top: number; bottom: number; hue?: number };
  /** The beats' camera moves in turn (never the same twice in a row), framings in turn (the first wide), and how beats are joined (<= 0.3 s). */
  motion: { moves: MotionVariant[]; framings: BeatFraming[]; transition: BeatTransition };
  /** The music bed's character (music/composer.ts): mood recipe, tempo and the lead instrument (General MIDI program). */
  music: { mood: Mood; bpm: number; lead: number };
};

export const STYLE_LOOKS: Record<StyleLookName, StyleLook> = {
  "Product Showcase": {
    style: "Product Showcase",
    layout: "centred-hero",
    type: { fontId: "montserrat", scale: 1, uppercase: false, align: "centre" },
    background: { saturation: 0.5, top: 0.93, bottom: 0.8 },
    motion: {
      moves: ["zoom-in", "pan-left", "zoom-out", "pan-right"],
      framings: ["wide", "close", "medium", "close", "wide", "medium"],
      transition: { kind: "flash", seconds: 0.1 },
    },
    music: { mood: "confident", bpm: 104, lead: 11 },
  },
  "UGC Testimonial": {
    style: "UGC Testimonial",
    layout: "polaroid",
    type: { fontId: "poppins", scale: 0.78, uppercase: false, align: "left" },
    background: { saturation: 0.45, top: 0.95, bottom: 0.88, hue: 38 },
    motion: { moves: ["pan-right", "zoom-in", "pan-left", "zoom-out"], framings: ["wide", "close"], transition: { kind: "cut" } },
    music: { mood: "warm", bpm: 88, lead: 25 },
  },
  Unboxing: {
    style: "Unboxing",
    layout: "lower-band",
    type: { fontId: "oswald", scale: 1.05, uppercase: true, align: "centre" },
    background: { saturation: 0.55, top: 0.2, bottom: 0.08 },
    motion: { moves: ["zoom-in", "zoom-out"], framings: ["wide", "close", "medium", "close"], transition: { kind: "flash", seconds: 0.16 } },
    music: { mood: "playful", bpm: 120, lead: 12 },
  },
  "Problem / Solution": {
    style: "Problem / Solution",
    layout: "magazine",
    type: { fontId: "bebas-neue", scale: 1.45, uppercase: true, align: "left" },
    background: { saturation: 0.12, top: 0.1, bottom: 0.04 },
    motion: {
      moves: ["zoom-in", "pan-left", "zoom-in", "pan-right"],
      framings: ["wide", "close", "wide", "close"],
      transition: { kind: "dip", seconds: 0.12 },
    },
    music: { mood: "dramatic", bpm: 80, lead: 0 },
  },
  Lifestyle: {
    style: "Lifestyle",
    layout: "editorial",
    type: { fontId: "playfair-display", scale: 1, uppercase: false, align: "centre" },
    background: { saturation: 0.38, top: 0.9, bottom: 0.83 },
    motion: {
      moves: ["pan-left", "zoom-out", "pan-right", "zoom-in"],
      framings: ["wide", "medium", "wide", "close"],
      transition: { kind: "dip", seconds: 0.25 },
    },
    music: { mood: "upbeat", bpm: 112, lead: 73 },
  },
};

/** The Style a name or words stand for, as the planner reads it (ad-structure.ts adStyleOf); null for words that name none. */
export function styleLookNameOf(style: string | null | undefined): StyleLookName | null {
  const s = (style ?? "").toLowerCase();
  if (/ugc|testimonial|review/.test(s)) return "UGC Testimonial";
  if (/unbox/.test(s)) return "Unboxing";
  if (/problem|solution/.test(s)) return "Problem / Solution";
  if (/lifestyle/.test(s)) return "Lifestyle";
  if (/showcase/.test(s)) return "Product Showcase";
  return null;
}

/** The look of a Style; any other words (or none) get the Product Showcase look, as the planner does. */
export function styleLookFor(style: string | null | undefined): StyleLook {
  return STYLE_LOOKS[styleLookNameOf(style) ?? "Product Showcase"];
}
