// Drawing a caption look (docs/decisions/350-caption-styles.md): the band a caption sits in (one
// of the safe area's thirds, media/safe-zones.ts) and one PNG per word step, the block always
// inside the safe area. bold-pop: big outlined capitals, the spoken word bigger and in colour;
// lower-third: a strip across the safe area with a colour bar; boxed: a solid light box; karaoke:
// a panel whose words fill with colour as they are said; minimal: small text with a soft shadow.
import sharp, { type OverlayOptions } from "sharp";
import { bandCentreY, safeArea } from "~/providers/media/safe-zones";
import { renderTextRaw, type RawTextImage } from "~/providers/media/text.server";
import type { Size } from "~/providers/media/types";
import type { CaptionLook } from "./caption-looks";

/** What the renderer needs of a caption look (captions.server.ts CaptionStyle). */
export type CaptionDrawStyle = {
  look: CaptionLook;
  position: "upper" | "middle" | "lower";
  text: string;
  highlight: string;
  panel: string;
  panelOpacity: number;
  sizeScale: number;
  /** boxed: the colour of the marker behind the spoken word (drawn in `highlight`). */
  marker?: string;
  fontId?: string;
};

type LookShape = {
  /** The backing: a panel behind the line, a strip across the safe area, an outline or a shadow around the glyphs. */
  backing: "panel" | "strip" | "outline" | "shadow";
  /** Corner radius and padding, in ems of the font. */
  radius: number;
  padX: number;
  padY: number;
  /** How much bigger the spoken word is drawn. */
  pop: number;
  /** Average advance of a character, in ems (for how many fit a line). */
  charEm: number;
  upper: boolean;
};

const SHAPES: Record<CaptionLook, LookShape> = {
  "bold-pop": { backing: "outline", radius: 0, padX: 0.3, padY: 0.25, pop: 1.18, charEm: 0.72, upper: true },
  "lower-third": { backing: "strip", radius: 0.08, padX: 0.55, padY: 0.32, pop: 1, charEm: 0.66, upper: false },
  boxed: { backing: "panel", radius: 0.14, padX: 0.4, padY: 0.2, pop: 1, charEm: 0.66, upper: false },
  karaoke: { backing: "panel", radius: 0.4, padX: 0.5, padY: 0.25, pop: 1, charEm: 0.66, upper: false },
  minimal: { backing: "shadow", radius: 0, padX: 0.3, padY: 0.25, pop: 1, charEm: 0.62, upper: false },
};

/** The caption's font size in px. */
export function wordCaptionFontPx(size: Size, style: Pick<CaptionDrawStyle, "sizeScale">): number {
  return Math.round(Math.min(size.width, size.height) * 0.062 * style.sizeScale);
}

/** Where the block may be drawn across: the safe area's width, less the strip's colour bar. */
function textArea(size: Size, style: CaptionDrawStyle): { left: number; right: number; maxText: number; bar: number; padX: number } {
  const a = safeArea(size);
  const font = wordCaptionFontPx(size, style);
  const shape = SHAPES[style.look];
  const padX = Math.round(font * shape.padX);
  const bar = shape.backing === "strip" ? Math.max(3, Math.round(font * 0.16)) : 0;
  return { left: a.left, right: a.right, maxText: Math.max(10, a.width - padX * 2 - bar), bar, padX };
}

/** Characters that fit one caption line. */
export function captionLineChars(size: Size, style: CaptionDrawStyle): number {
  const font = wordCaptionFontPx(size, style);
  return Math.max(8, Math.floor(textArea(size, style).maxText / (font * SHAPES[style.look].charEm)));
}

/** The caption band: a full-width strip of rows against the top or bottom edge of the safe area, or centred in it (its top and height). */
export function captionBand(size: Size, style: CaptionDrawStyle): { top: number; height: number } {
  const font = wordCaptionFontPx(size, style);
  const shape = SHAPES[style.look];
  const raw = Math.round(font * (1.35 * shape.pop + shape.padY * 2));
  const height = Math.min(safeArea(size).height, raw + (raw % 2));
  const centre = bandCentreY(size, style.position, height);
  return { top: Math.round(centre - height / 2), height };
}

/**
 * The runs of a group: each word in its colour (the spoken word, karaoke: every word said so far,
 * in the highlight; boxed: on a marker), the spoken word bigger where the look pops it.
 */
function wordRuns(group: string[], active: number, style: CaptionDrawStyle): Array<[string, string, number] | [string, string, number, string]> {
  const shape = SHAPES[style.look];
  return group.flatMap((word, i) => {
    const text = shape.upper ? word.toLocaleUpperCase() : word;
    const lit = style.look === "karaoke" ? i <= active : style.look !== "minimal" && i === active;
    const run: [string, string, number] | [string, string, number, string] =
      i === active && style.marker
        ? [`\u2009${text}\u2009`, style.highlight, 1, style.marker]
        : [text, lit ? style.highlight : style.text, i === active ? shape.pop : 1];
    return i < group.length - 1 ? [run, [" ", style.text, 1] as [string, string, number]] : [run];
  });
}

/** A caption band image (full width, transparent but for the block): the group, word `active` highlighted. */
export async function wordCaptionPng(group: string[], active: number, size: Size, style: CaptionDrawStyle): Promise<Buffer> {
  const font = wordCaptionFontPx(size, style);
  const shape = SHAPES[style.look];
  const band = captionBand(size, style);
  const area = textArea(size, style);
  const padY = Math.round(font * shape.padY);
  const runs = wordRuns(group, active, style);
  const drawn = await renderTextRaw({
    text: runs.map((r) => r[0]).join(""),
    runs,
    sizePx: font,
    color: style.text,
    // One line: a group too long for the area is scaled down to fit, never wrapped.
    maxWidth: size.width * 4,
    align: "left",
    fontId: style.fontId,
  });
  const fit = await fitInside(drawn, area.maxText, band.height - padY * 2);
  const blockW = shape.backing === "strip" ? area.right - area.left : Math.min(area.right - area.left, fit.width + area.padX * 2);
  const blockH = Math.min(band.height, fit.height + padY * 2);
  const blockLeft = shape.backing === "strip" ? area.left : Math.round((area.left + area.right - blockW) / 2);
  const blockTop = Math.round((band.height - blockH) / 2);
  const textLeft = shape.backing === "strip" ? blockLeft + area.bar + area.padX : Math.round(blockLeft + (blockW - fit.width) / 2);
  const textTop = Math.round((band.height - fit.height) / 2);

  const layers: OverlayOptions[] = [];
  let svg = "";
  if (shape.backing === "panel" || shape.backing === "strip") {
    const r = Math.round(font * shape.radius);
    svg += `<rect x="${blockLeft}" y="${blockTop}" width="${blockW}" height="${blockH}" rx="${r}" fill="${style.panel}" fill-opacity="${style.panelOpacity}"/>`;
    if (shape.backing === "strip") svg += `<rect x="${blockLeft}" y="${blockTop}" width="${area.bar}" height="${blockH}" fill="${style.highlight}"/>`;
  } else {
    layers.push(await halo(fit, style, font, shape.backing, { left: textLeft, top: textTop }, { width: size.width, height: band.height }));
  }
  layers.push({ input: fit.rgba, raw: rawOf(fit), left: textLeft, top: textTop });
  return (
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${band.height}">${svg}</svg>`))
      .composite(layers)
      // Uncompressed: lossless either way, and both the encode here and ffmpeg's decode are cheaper.
      .png({ compressionLevel: 0 })
      .toBuffer()
  );
}

/** How sharp reads one of these raw images. */
const rawOf = (img: { width: number; height: number }) => ({ width: img.width, height: img.height, channels: 4 as const });

async function fitInside(img: RawTextImage, maxW: number, maxH: number): Promise<RawTextImage> {
  if (img.width <= maxW && img.height <= maxH) return img;
  const out = await sharp(img.rgba, { raw: rawOf(img) })
    .resize({ width: Math.max(1, Math.floor(maxW)), height: Math.max(1, Math.floor(maxH)), fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba: out.data, width: out.info.width, height: out.info.height };
}

/**
 * An outline (a thick, solid edge round every glyph) or a soft shadow (a blurred, slightly lower
 * copy) in the backing colour, made from the text's own alpha and clipped to the band.
 */
async function halo(
  text: RawTextImage,
  style: CaptionDrawStyle,
  font: number,
  kind: "outline" | "shadow",
  at: { left: number; top: number },
  band: Size,
): Promise<OverlayOptions> {
  const m = Math.ceil(font * 0.3);
  const sigma = Math.max(0.5, font * (kind === "outline" ? 0.05 : 0.09));
  const gain = kind === "outline" ? 9 : 2.6;
  const blurred = await sharp(text.rgba, { raw: rawOf(text) })
    .extend({ top: m, bottom: m, left: m, right: m, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .extractChannel(3)
    .blur(sigma)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = blurred.info;
  // A second pass: sharp applies `linear` before `blur` within one pipeline.
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.min(255, Math.round(v * gain * style.panelOpacity));
  const mask = Buffer.allocUnsafe(blurred.data.length);
  for (let i = 0; i < mask.length; i++) mask[i] = lut[blurred.data[i]];
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(style.panel.slice(i, i + 2), 16));
  const dy = kind === "shadow" ? Math.round(font * 0.05) : 0;
  // Cropped to the band, so the overlay never reaches past the caption's own image.
  const left = at.left - m;
  const top = at.top - m + dy;
  const crop = { left: Math.max(0, -left), top: Math.max(0, -top) };
  const w = Math.min(width - crop.left, band.width - Math.max(0, left));
  const h = Math.min(height - crop.top, band.height - Math.max(0, top));
  const full = await sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .joinChannel(mask, { raw: { width, height, channels: 1 } })
    .raw()
    .toBuffer();
  const shown = { width: Math.max(1, w), height: Math.max(1, h) };
  const rgba = await sharp(full, { raw: { width, height, channels: 4 } })
    .extract({ left: crop.left, top: crop.top, ...shown })
    .raw()
    .toBuffer();
  return { input: rgba, raw: rawOf(shown), left: Math.max(0, left), top: Math.max(0, top) };
}
