// Captions from the voice-over text: split into short chunks timed across the spoken part of
// the scene, each drawn as a PNG (shipped fonts, wrapped to the frame, dark rounded backing)
// that ffmpeg overlays while it is being said.
import sharp from "sharp";
import { renderTextImage } from "~/providers/media/text.server";
import type { Size } from "~/providers/media/types";

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
  const img = await renderTextImage({ text, sizePx: fontPx, color: "#ffffff", maxWidth: frame.width * 0.84 - padX * 2, align: "centre", lineSpacing: Math.round(fontPx * 0.08) });
  const w = Math.min(frame.width, img.width + padX * 2);
  const h = Math.min(frame.height, img.height + padY * 2);
  const r = Math.round(fontPx * 0.4);
  const panel = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${r}" fill="#000000" fill-opacity="0.58"/></svg>`);
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
