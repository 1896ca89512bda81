// A scene picture without a product photo: the style's palette as a gradient with the scene's
// words set large (kinetic-type ads do the same). Create Video allows a request without an
// image (docs/decisions/100-scene-asset-generation.md).
import sharp, { type OverlayOptions } from "sharp";
import type { Size } from "~/providers/media/types";
import { luminance } from "./color";
import { fitText, textArea } from "./shot-text.server";

const DEFAULT_CARD_PALETTE = ["#1e1b4b", "#7c3aed", "#f5f3ff"];

/** A JPEG of `size` with `text` (its first 14 words) on a gradient of `palette` (3+ colours). */
export async function textCardImage(text: string, size: Size, palette?: string[]): Promise<Buffer> {
  const colours = palette && palette.length >= 3 ? palette : DEFAULT_CARD_PALETTE;
  const sorted = [...colours].sort((a, b) => luminance(a) - luminance(b));
  const [dark, light] = [sorted[0], sorted[sorted.length - 1]];
  const accent = colours[1];
  const { width: W, height: H } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  <circle cx="${W * 0.85}" cy="${H * 0.12}" r="${Math.min(W, H) * 0.28}" fill="${light}" opacity="0.12"/>
  <circle cx="${W * 0.1}" cy="${H * 0.9}" r="${Math.min(W, H) * 0.36}" fill="${light}" opacity="0.08"/>
</svg>`;
  const words = text.replace(/\s+/g, " ").trim().split(" ").slice(0, 14).join(" ");
  const layers: OverlayOptions[] = [];
  if (words) {
    // Inside the platform-safe area above the captions (docs/decisions/341-five-style-looks.md), shrunk to fit.
    const area = textArea(size);
    const label = await fitText({ text: words, sizePx: Math.max(12, Math.round(W * 0.085)), color: light, align: "centre" }, area.width, area.height);
    const top = Math.min(Math.max(area.y, Math.round(H * 0.42 - label.height / 2)), area.y + area.height - label.height);
    layers.push({ input: label.png, left: Math.round(area.x + (area.width - label.width) / 2), top: Math.max(0, top) });
  }
  return sharp(Buffer.from(svg)).composite(layers).flatten({ background: dark }).jpeg({ quality: 90 }).toBuffer();
}
