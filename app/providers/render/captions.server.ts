// Captions from the voice-over text: split into short chunks timed across the spoken part of
// the scene, each drawn as a PNG (shipped fonts, wrapped to the frame, dark rounded backing)
// that ffmpeg overlays while it is being said.
import sharp from "sharp";
import { ensureContrast, mix, MIN_TEXT_CONTRAST } from "~/providers/image/color";
import { renderTextImage } from "~/providers/media/text.server";
import type { Size } from "~/providers/media/types";
import type { CaptionDrawStyle } from "./caption-draw.server";
import {
  captionStyleName,
  isCaptionLook,
  isCaptionPosition,
  isCaptionSize,
  STYLE_CAPTION_DEFAULTS,
  type CaptionChoice,
  type CaptionSize,
} from "./caption-looks";

export { captionBand, captionLineChars, wordCaptionFontPx, wordCaptionPng } from "./caption-draw.server";

export type CaptionChunk = { text: string; start: number; end: number };

/** Characters per caption (two lines) for a frame size at the caption font size. */
export function captionCapacity(size: Size): number {
  const fontPx = captionFontPx(size);
  // DejaVu Sans Bold averages about 0.66 em per character in running text.
  const perLine = Math.floor((size.width * 0.84) / (fontPx * 0.66));
  return Math.max(12, perLine * 2);
}

export function captionFontPx(size: Size): number {
  return Math.round(Math.min(size.width, size.height) * 0.058);
}

/**
 * Splits the text into chunks of at most `capacity` characters, breaking after sentence
 * punctuation where possible, and spreads them over [start, end] in proportion to their length.
 */
export function captionChunks(text: string, start: number, end: number, capacity: number): CaptionChunk[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  if (!words.length || end <= start) return [];
  const chunks: string[] = [];
  let current: string[] = [];
  const len = (ws: string[]) => ws.join(" ").length;
  for (const word of words) {
    if (current.length && len([...current, word]) > capacity) {
      // Prefer to break after a comma or colon in the second half of the chunk.
      let cut = -1;
      for (let i = current.length - 1; i > 0; i--) {
        if (/[,:;]$/.test(current[i - 1]) && len(current.slice(0, i)) >= capacity * 0.45) {
          cut = i;
          break;
        }
      }
      if (cut > 0) {
        chunks.push(current.slice(0, cut).join(" "));
        current = current.slice(cut);
      } else {
        chunks.push(current.join(" "));
        current = [];
      }
    }
    current.push(word);
    // Close a chunk at the end of a sentence once it has some substance.
    if (/[.!?।…]$/.test(word) && len(current) >= capacity * 0.35) {
      chunks.push(current.join(" "));
      current = [];
    }
  }
  if (current.length) chunks.push(current.join(" "));

  const weights = chunks.map((c) => c.length + 4);
  const total = weights.reduce((a, b) => a + b, 0);
  const span = end - start;
  const out: CaptionChunk[] = [];
  let t = start;
  chunks.forEach((c, i) => {
    const d = (span * weights[i]) / total;
    out.push({ text: c, start: round3(t), end: round3(t + d) });
    t += d;
  });
  return out;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** One caption as a PNG: white bold text on a translucent dark rounded panel. */
export async function captionPng(text: string, frame: Size): Promise<{ png: Buffer; width: number; height: number }> {
  const fontPx = captionFontPx(frame);
  const padX = Math.round(fontPx * 0.55);
  const padY = Math.round(fontPx * 0.3);
  const img = await renderTextImage({
    text,
    sizePx: fontPx,
    color: "#ffffff",
    maxWidth: frame.width * 0.84 - padX * 2,
    align: "centre",
    lineSpacing: Math.round(fontPx * 0.08),
  });
  const w = Math.min(frame.width, img.width + padX * 2);
  const h = Math.min(frame.height, img.height + padY * 2);
  const r = Math.round(fontPx * 0.4);
  const panel = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${r}" fill="#000000" fill-opacity="0.58"/></svg>`,
  );
  const png = await sharp(panel)
    .composite([{ input: img.png, left: Math.round((w - img.width) / 2), top: Math.round((h - img.height) / 2) }])
    .png({ compressionLevel: 3 })
    .toBuffer();
  return { png, width: w, height: h };
}

/** Where the caption's centre sits: low in the frame, clear of the bottom edge and app UI. */
export function captionCentreY(frame: Size): number {
  const portrait = frame.height > frame.width * 1.2;
  return Math.round(frame.height * (portrait ? 0.76 : 0.82));
}

// ───────────── word-by-word captions (docs/decisions/206-word-by-word-captions.md) ─────────────
// Short groups of words (one line), the word being said highlighted, timed to the voice-over's
// own speech: words are spread over the voiced parts of the audio (its silences measured by
// silencedetect) by syllables, phrase by phrase when the pauses match the punctuation.

export type CaptionWord = { text: string; start: number; end: number };
export type Span = { start: number; end: number };

export type CaptionStyle = CaptionDrawStyle & {
  size: CaptionSize;
  /** A brand kit font id (font-ids.ts); absent: the shipped DejaVu Sans Bold. */
  fontId?: string;
};

/** Each Style's colours (ADR 206): white words, the spoken one in the Style's colour, on a dark panel. */
const STYLE_COLOURS: Record<string, { highlight: string; panel: string }> = {
  "Product Showcase": { highlight: "#fde047", panel: "#000000" },
  "UGC Testimonial": { highlight: "#86efac", panel: "#000000" },
  Unboxing: { highlight: "#fdba74", panel: "#1c1917" },
  "Problem / Solution": { highlight: "#67e8f9", panel: "#0f172a" },
  Lifestyle: { highlight: "#f9a8d4", panel: "#000000" },
};

/** How big each size is, against the look's own scale. */
const SIZE_SCALE: Record<CaptionSize, number> = { small: 0.8, medium: 1, large: 1.2 };

/**
 * A look in a Style's colours (docs/decisions/350-caption-styles.md). The backing (panel, strip,
 * outline or shadow) is what the words are read against: its colour and opacity give the contrast.
 */
function lookStyle(colours: { highlight: string; panel: string }, choice: CaptionChoice): CaptionStyle {
  const base = { look: choice.style, size: choice.size, position: choice.position, text: "#ffffff", highlight: colours.highlight };
  const scale = SIZE_SCALE[choice.size];
  switch (choice.style) {
    case "bold-pop":
      return { ...base, panel: "#000000", panelOpacity: 1, sizeScale: 1.3 * scale };
    case "lower-third":
      return { ...base, panel: colours.panel, panelOpacity: 0.8, sizeScale: 0.95 * scale };
    case "boxed":
      // A solid light box, near-black words, the spoken word on a marker of the Style's colour.
      return { ...base, text: "#111111", highlight: "#111111", marker: colours.highlight, panel: "#ffffff", panelOpacity: 1, sizeScale: 1.05 * scale };
    case "karaoke":
      return { ...base, panel: colours.panel, panelOpacity: 0.78, sizeScale: 1.15 * scale };
    case "minimal":
      // Plain: no highlight; the soft shadow is dense enough next to the glyphs to read on white.
      return { ...base, highlight: "#ffffff", panel: "#000000", panelOpacity: 0.85, sizeScale: 0.8 * scale };
  }
}

/** Per Style: its own caption look (STYLE_CAPTION_DEFAULTS) in its colours. */
export const CAPTION_STYLES: Record<string, CaptionStyle> = Object.fromEntries(
  Object.entries(STYLE_COLOURS).map(([name, colours]) => [name, lookStyle(colours, STYLE_CAPTION_DEFAULTS[name])]),
);

/** The caption look of a Style, or the look, size and position chosen, in the Style's colours. */
export function captionStyleFor(style: string | null | undefined, choice?: Partial<CaptionChoice> | null): CaptionStyle {
  const name = captionStyleName(style);
  return lookStyle(STYLE_COLOURS[name], { ...STYLE_CAPTION_DEFAULTS[name], ...definedOnly(choice) });
}

function definedOnly(choice: Partial<CaptionChoice> | null | undefined): Partial<CaptionChoice> {
  const out: Partial<CaptionChoice> = {};
  if (isCaptionLook(choice?.style)) out.style = choice.style;
  if (isCaptionSize(choice?.size)) out.size = choice.size;
  if (isCaptionPosition(choice?.position)) out.position = choice.position;
  return out;
}

/**
 * The Style's caption look in a brand kit's colours and font (docs/decisions/310-brand-kit.md):
 * the panel in the kit's first colour, the spoken word in its second. The panel is translucent,
 * so contrast is measured over the brightest and the darkest picture under it; the panel is
 * shaded towards black until white or near-black words reach 4.5:1, and the highlight colour is
 * moved towards black or white until it does too.
 */
export function brandCaptionStyle(base: CaptionStyle, brand: { colors: string[]; fontId: string }): CaptionStyle {
  const [first = base.panel, second = base.highlight] = brand.colors;
  const panelOpacity = Math.max(base.panelOpacity, 0.85);
  const backs = (panel: string) => [mix("#ffffff", panel, panelOpacity), mix("#000000", panel, panelOpacity)];
  // A little above the minimum: the backgrounds here are rounded to whole colour values.
  const target = MIN_TEXT_CONTRAST + 0.1;
  // An outline or a shadow keeps white words (dark words in a coloured edge do not read as
  // captions): only its colour is shaded. A panel, strip or box takes white or near-black words.
  const edge = base.look === "bold-pop" || base.look === "minimal";
  const shade = (words: string[]): { panel: string; text: string } | null => {
    for (let t = 0; t <= 1.0001; t += 0.1) {
      const panel = mix(first, "#000000", Math.min(1, t));
      const best = words.find((c) => backs(panel).every((b) => contrast(hexRgb(c), hexRgb(b)) >= target));
      if (best) return { panel, text: best };
    }
    return null;
  };
  const { panel, text } = (edge ? shade(["#ffffff"]) : shade(["#ffffff", "#111111"])) ?? { panel: "#000000", text: "#ffffff" };
  // minimal has no highlight; boxed marks the spoken word with the second colour behind its words.
  if (base.look === "minimal") return { ...base, panel, panelOpacity, text, highlight: text, fontId: brand.fontId };
  if (base.marker) return { ...base, panel, panelOpacity, text, highlight: text, marker: ensureContrast(second, [text], target), fontId: brand.fontId };
  const highlight = ensureContrast(second, backs(panel), target);
  return { ...base, panel, panelOpacity, text, highlight, fontId: brand.fontId };
}

/**
 * The lowest contrast of a caption's words (plain and highlighted) on its panel, over the
 * brightest and the darkest picture it may sit on (the panel is translucent).
 */
export function captionContrast(style: CaptionStyle): number {
  const over = (under: number) => {
    const p = hexRgb(style.panel);
    return p.map((c) => c * style.panelOpacity + under * (1 - style.panelOpacity));
  };
  let min = Infinity;
  for (const under of [255, 0]) {
    const back = over(under);
    for (const fg of [style.text, style.highlight]) min = Math.min(min, contrast(hexRgb(fg), back));
  }
  // The spoken word on its marker (opaque).
  if (style.marker) min = Math.min(min, contrast(hexRgb(style.highlight), hexRgb(style.marker)));
  return Math.round(min * 100) / 100;
}

function hexRgb(hex: string): number[] {
  const n = parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const f = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * Where the voice speaks in the rendered scene: the kept spans of the voice-over (placed end to
 * end from `offset`) minus the silences inside them, in the scene's time.
 */
export function speechIslands(silences: Span[], keep: Span[], offset: number): Span[] {
  const out: Span[] = [];
  let o = offset;
  for (const k of keep) {
    let cursor = k.start;
    const inside = silences.filter((s) => s.end > k.start && s.start < k.end).sort((a, b) => a.start - b.start);
    for (const s of inside) {
      if (s.start > cursor) out.push({ start: o + (cursor - k.start), end: o + (s.start - k.start) });
      cursor = Math.max(cursor, s.end);
    }
    if (k.end > cursor) out.push({ start: o + (cursor - k.start), end: o + (k.end - k.start) });
    o += k.end - k.start;
  }
  return out.filter((s) => s.end - s.start >= 0.04).map((s) => ({ start: round3(s.start), end: round3(s.end) }));
}

function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  const digits = (w.match(/\p{N}/gu) ?? []).length;
  const groups = (w.replace(/e$/, "").match(/[aeiouy]+/g) ?? []).length;
  const other = /[^\x00-\x7f]/.test(w) ? Math.ceil(w.length / 2) : 0;
  return Math.max(1, groups + digits * 1.5 + other);
}

/** Maps a weight position (0..total) onto the voiced timeline of `islands`. */
function placeOnIslands(islands: Span[], fraction: number): number {
  const voiced = islands.reduce((a, s) => a + (s.end - s.start), 0);
  let left = fraction * voiced;
  for (const s of islands) {
    const len = s.end - s.start;
    if (left <= len + 1e-9) return s.start + left;
    left -= len;
  }
  return islands[islands.length - 1].end;
}

/**
 * Start and end of each word of `text` over the voiced `islands`. When the voice pauses as
 * often as the text has phrases (punctuation), each phrase gets its own stretch of speech.
 */
export function wordTimings(text: string, islands: Span[]): CaptionWord[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  if (!words.length || !islands.length) return [];
  const phrases: string[][] = [[]];
  for (const w of words) {
    phrases[phrases.length - 1].push(w);
    if (/[,.!?;:…।]$/.test(w)) phrases.push([]);
  }
  if (!phrases[phrases.length - 1].length) phrases.pop();
  const spread = (ws: string[], on: Span[]): CaptionWord[] => {
    const weights = ws.map((w) => syllables(w) + 0.3);
    const total = weights.reduce((a, b) => a + b, 0);
    let acc = 0;
    return ws.map((w, i) => {
      const start = placeOnIslands(on, acc / total);
      acc += weights[i];
      return { text: w, start: round3(start), end: round3(placeOnIslands(on, acc / total)) };
    });
  };
  if (phrases.length > 1 && phrases.length === islands.length) return phrases.flatMap((ph, i) => spread(ph, [islands[i]]));
  return spread(words, islands);
}

/** One-line groups of at most 3 words and `maxChars` characters, broken after punctuation. */
export function captionGroups(words: CaptionWord[], maxChars: number): CaptionWord[][] {
  const groups: CaptionWord[][] = [];
  let current: CaptionWord[] = [];
  const len = (ws: CaptionWord[]) => ws.map((w) => w.text).join(" ").length;
  for (const w of words) {
    if (current.length && (current.length >= 3 || len([...current, w]) > maxChars)) {
      groups.push(current);
      current = [];
    }
    current.push(w);
    if (/[,.!?;:…।]$/.test(w.text)) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length) groups.push(current);
  return groups;
}

/**
 * The caption track of a scene of `duration` seconds: [image index, seconds] steps from 0 to
 * the end (-1: nothing shown), each group's words highlighted in turn. A group stays up until
 * the next starts when the pause between them is short.
 */
export function captionSteps(groups: CaptionWord[][], duration: number): Array<{ group: number; word: number; start: number; end: number }> {
  const steps: Array<{ group: number; word: number; start: number; end: number }> = [];
  groups.forEach((g, gi) => {
    const nextStart = groups[gi + 1]?.[0].start ?? Infinity;
    const groupEnd = Math.min(duration, nextStart - g[g.length - 1].end < 0.8 ? nextStart : g[g.length - 1].end + 0.3);
    g.forEach((w, wi) => {
      const end = wi < g.length - 1 ? g[wi + 1].start : groupEnd;
      if (end - w.start > 0.001) steps.push({ group: gi, word: wi, start: round3(w.start), end: round3(end) });
    });
  });
  return steps;
}
