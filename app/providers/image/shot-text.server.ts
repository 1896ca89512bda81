// The text of the ad shots (docs/decisions/341-five-style-looks.md): every headline, call-out,
// button and end-card line is fitted inside the frame's text area (the platform-safe area of ADR
// 340, above the caption band) and drawn in the Style's type and treatment: plain, on a note card,
// on a colour band, beside a magazine rule, or on an editorial card. Each drawn box is recorded
// as a mark, so tests and the bench can check it against the safe area.
import type { OverlayOptions } from "sharp";
import { safeArea } from "~/providers/media/safe-zones";
import type { Size } from "~/providers/media/types";
import { renderTextImage, type TextImage } from "~/providers/media/text.server";
import { contrastRatio, ensureContrast, mix } from "./color";
import { captionSafeTop, type ShotPalette } from "./shot-design";
import type { StyleLook } from "./style-looks";

export type Rect = { x: number; y: number; width: number; height: number };

/** A text or logo drawn on a shot, where it was drawn (px of the frame). */
export type ShotMark = { what: "headline" | "call-out" | "button" | "name" | "website" | "logo"; left: number; top: number; width: number; height: number };

/** What the text helpers draw on: the frame's size, palette, look, the area text must stay in, and the marks made so far. */
export type TextFrame = { W: number; H: number; palette: ShotPalette; look: StyleLook; area: Rect; marks: ShotMark[] };

/**
 * Where a shot's text may go: the platform-safe area (ADR 340), above the caption band, and at
 * least 8% in from the left edge (a close framing of the camera keeps it in view).
 */
export function textArea(size: Size): Rect {
  const a = safeArea(size);
  const left = Math.max(a.left, Math.ceil(size.width * 0.08));
  const bottom = Math.min(a.bottom, captionSafeTop(size));
  return { x: left, y: a.top, width: a.right - left, height: bottom - a.top };
}

/** `box` cut to the area (a box wholly outside it becomes the area's nearest edge strip, at least 1 px). */
export function within(box: Rect, area: Rect): Rect {
  const x0 = Math.min(Math.max(box.x, area.x), area.x + area.width - 1);
  const y0 = Math.min(Math.max(box.y, area.y), area.y + area.height - 1);
  const x1 = Math.max(x0 + 1, Math.min(box.x + box.width, area.x + area.width));
  const y1 = Math.max(y0 + 1, Math.min(box.y + box.height, area.y + area.height));
  return { x: Math.ceil(x0), y: Math.ceil(y0), width: Math.floor(x1 - Math.ceil(x0)), height: Math.floor(y1 - Math.ceil(y0)) };
}

/** The text the Style shows (capitals in the magazine and band looks). */
export function styled(look: StyleLook, text: string): string {
  return look.type.uppercase ? text.toLocaleUpperCase() : text;
}

/** Text shrunk until it fits `maxWidth` x `maxHeight` (a long word that cannot wrap too). */
export async function fitText(
  options: { text: string; sizePx: number; color: string; align: "left" | "centre"; fontId?: string },
  maxWidth: number,
  maxHeight: number,
): Promise<TextImage & { sizePx: number }> {
  let size = options.sizePx;
  const draw = () => renderTextImage({ ...options, sizePx: size, maxWidth: Math.max(10, maxWidth) });
  let img = await draw();
  for (let i = 0; i < 16 && (img.height > maxHeight || img.width > maxWidth) && size > 8; i++) {
    size *= 0.87;
    img = await draw();
  }
  return { ...img, sizePx: size };
}

/** Where the Style draws its text on: the shot's background, or an accent panel it painted. */
export type TextGround = "background" | "accent";

/**
 * A headline or call-out in the Style's type and treatment, fitted into `box` (cut to the text
 * area). `align` is the shot's own alignment; a Style with its own layout family uses its own.
 * Returns the overlays (backing first) and records the marks.
 */
export async function styledText(
  f: TextFrame,
  text: string,
  box: Rect,
  sizePx: number,
  o: { align: "left" | "centre"; ground: TextGround; what?: ShotMark["what"] },
): Promise<OverlayOptions[]> {
  const { look, palette: p, W, H } = f;
  const b = within(box, f.area);
  const size = sizePx * look.type.scale;
  const align = look.layout === "centred-hero" ? o.align : look.type.align;
  const fontId = p.fontId ?? look.type.fontId;
  const treatment = TREATMENTS[look.layout];
  const t = treatment(p, o.ground, size);
  const img = await fitText({ text: styled(look, text), sizePx: size, color: t.color, align, fontId }, b.width - t.padX * 2, b.height - t.padY * 2);
  const bw = img.width + t.padX * 2;
  const bh = img.height + t.padY * 2;
  const bx = align === "centre" ? Math.round(b.x + (b.width - bw) / 2) : b.x;
  const by = Math.round(b.y + Math.max(0, (b.height - bh) / 2));
  const tx = bx + t.padX;
  const ty = by + t.padY;
  f.marks.push({ what: o.what ?? "headline", left: tx, top: ty, width: img.width, height: img.height });
  const out: OverlayOptions[] = [];
  const backing = t.backing({ x: bx, y: by, width: bw, height: bh }, W, H, img.sizePx);
  if (backing) out.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${backing}</svg>`), left: 0, top: 0 });
  out.push({ input: img.png, left: tx, top: ty });
  return out;
}

type Treatment = (
  p: ShotPalette,
  ground: TextGround,
  size: number,
) => {
  color: string;
  /** The solid colour right behind the text (a card or band); null: the ground itself. */
  behind: string | null;
  padX: number;
  padY: number;
  backing: (r: Rect, W: number, H: number, size: number) => string | null;
};

const r1 = (n: number) => Math.round(n * 10) / 10;

/** How each layout family sets its text: colour, padding and what is drawn behind it (SVG). */
const TREATMENTS: Record<StyleLook["layout"], Treatment> = {
  // Plain type on the picture.
  "centred-hero": (p, ground) => ({ color: ground === "accent" ? p.textOnAccent : p.text, behind: null, padX: 0, padY: 0, backing: () => null }),
  // A white note card with a quote mark, a soft shadow.
  polaroid: (p, _ground, size) => {
    const card = "#fffdf6";
    const color = ensureContrast(p.dark ? "#1f2937" : mix(p.text, "#000000", 0.2), card);
    return {
      color,
      behind: card,
      padX: Math.round(size * 0.55),
      padY: Math.round(size * 0.5),
      backing: (r, _W, _H, s) =>
        `<rect x="${r.x + r1(s * 0.08)}" y="${r.y + r1(s * 0.1)}" width="${r.width}" height="${r.height}" rx="${r1(s * 0.18)}" fill="#000000" fill-opacity="0.18"/>` +
        `<rect x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" rx="${r1(s * 0.18)}" fill="${card}"/>` +
        `<rect x="${r.x + r.width * 0.38}" y="${r.y - r1(s * 0.22)}" width="${r1(r.width * 0.24)}" height="${r1(s * 0.42)}" fill="${p.accent}" fill-opacity="0.55"/>`,
    };
  },
  // A solid colour band across the frame behind the capitals.
  "lower-band": (p, ground, size) => {
    const band = ground === "accent" ? p.bgTop : p.accent;
    return {
      color: ground === "accent" ? ensureContrast(p.text, band) : p.textOnAccent,
      behind: band,
      padX: 0,
      padY: Math.round(size * 0.35),
      // Across the frame behind wide text; from the text to the nearer edge beside a product.
      backing: (r, W) => {
        const x0 = r.width > W * 0.6 || r.x + r.width / 2 < W / 2 ? 0 : r.x - size * 0.3;
        const x1 = r.width > W * 0.6 || r.x + r.width / 2 >= W / 2 ? W : r.x + r.width + size * 0.3;
        return `<rect x="${r1(x0)}" y="${r.y}" width="${r1(x1 - x0)}" height="${r.height}" fill="${band}"/>`;
      },
    };
  },
  // Very large capitals with a thick accent rule beside them and a thin one under them.
  magazine: (p, ground, size) => {
    const rule = ground === "accent" ? p.textOnAccent : p.accent;
    return {
      color: ground === "accent" ? p.textOnAccent : p.text,
      behind: null,
      padX: Math.round(size * 0.22),
      padY: Math.round(size * 0.12),
      backing: (r, _W, _H, s) =>
        `<rect x="${r.x}" y="${r.y}" width="${r1(Math.max(4, s * 0.1))}" height="${r.height}" fill="${rule}"/>` +
        `<rect x="${r.x}" y="${r.y + r.height - r1(Math.max(2, s * 0.04))}" width="${r1(r.width * 0.5)}" height="${r1(Math.max(2, s * 0.04))}" fill="${rule}"/>`,
    };
  },
  // A light card with a thin double frame line, a serif inside.
  editorial: (p, _ground, size) => {
    const card = mix(p.dark ? p.bgTop : p.bgTop, "#ffffff", p.dark ? 0.12 : 0.72);
    const color = ensureContrast(p.dark ? "#ffffff" : p.text, card);
    return {
      color,
      behind: card,
      padX: Math.round(size * 0.6),
      padY: Math.round(size * 0.45),
      backing: (r, _W, _H, s) => {
        const i = r1(Math.max(3, s * 0.14));
        return (
          `<rect x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" fill="${card}"/>` +
          `<rect x="${r.x + i}" y="${r.y + i}" width="${r1(r.width - i * 2)}" height="${r1(r.height - i * 2)}" fill="none" stroke="${color}" stroke-opacity="0.55" stroke-width="${r1(Math.max(1, s * 0.03))}"/>`
        );
      },
    };
  },
};

/**
 * The contrast of a Style's text with what it is drawn on (its card or band, else the ground's
 * colours), for tests and the bench: at least 4.5:1 (color.ts MIN_TEXT_CONTRAST).
 */
export function treatmentContrast(layout: StyleLook["layout"], p: ShotPalette, ground: TextGround): number {
  const t = TREATMENTS[layout](p, ground, 40);
  const behind = t.behind ? [t.behind] : ground === "accent" ? [p.accent] : [p.bgTop, p.bgBottom];
  return Math.min(...behind.map((b) => contrastRatio(t.color, b)));
}

/** A plain centred line of text (end card name, button, website) fitted to a width and height (placed with placeMark); null for no text. */
export async function lineOfText(
  f: TextFrame,
  text: string | undefined,
  o: { sizePx: number; color: string; maxWidth: number; maxHeight?: number },
): Promise<(TextImage & { sizePx: number }) | null> {
  const line = text?.trim();
  if (!line) return null;
  const fontId = f.palette.fontId ?? f.look.type.fontId;
  return fitText({ text: styled(f.look, line), sizePx: o.sizePx, color: o.color, align: "centre", fontId }, o.maxWidth, o.maxHeight ?? f.area.height);
}

/** Places an image at (left, top) inside the text area (moved in where it would reach out) and records it. */
export function placeMark(
  f: TextFrame,
  what: ShotMark["what"],
  img: { width: number; height: number },
  left: number,
  top: number,
): { left: number; top: number } {
  const a = f.area;
  const l = Math.round(Math.max(a.x, Math.min(left, a.x + a.width - img.width)));
  const t = Math.round(Math.max(a.y, Math.min(top, a.y + a.height - img.height)));
  f.marks.push({ what, left: l, top: t, width: img.width, height: img.height });
  return { left: l, top: t };
}
