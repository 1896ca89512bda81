// What each Style's layout family adds to a shot's picture (docs/decisions/341-five-style-looks.md):
// the product as a tilted photo card (polaroid), and the page behind everything: ruled paper,
// a light burst, magazine column rules, an editorial frame. The text treatments are in shot-text.server.ts.
import sharp from "sharp";
import { mix } from "./color";
import type { ShotPalette } from "./shot-design";
import type { StyleLook } from "./style-looks";

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The product in a white photo card with a deep bottom margin, tilted a little (the polaroid look). */
export async function polaroidCard(png: Buffer, tilt = -4): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  const side = Math.round(Math.max(w, h) * 0.07);
  const bottom = Math.round(Math.max(w, h) * 0.24);
  const cw = w + side * 2;
  const ch = h + side + bottom;
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cw}" height="${ch}"><rect width="${cw}" height="${ch}" fill="#fffdf8"/><rect x="${side}" y="${side}" width="${w}" height="${h}" fill="#f1ece2"/></svg>`,
  );
  const flat = await sharp(card)
    .composite([{ input: png, left: side, top: side }])
    .png()
    .toBuffer();
  return sharp(flat)
    .rotate(tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** The page of the Style, drawn over the background gradient and under everything else (SVG elements). */
export function lookBackdrop(look: StyleLook, p: ShotPalette, W: number, H: number): string {
  const unit = Math.min(W, H);
  switch (look.layout) {
    case "polaroid": {
      // Ruled note paper.
      const step = unit * 0.06;
      const lines: string[] = [];
      for (let y = step * 2; y < H; y += step)
        lines.push(`<line x1="0" y1="${r1(y)}" x2="${W}" y2="${r1(y)}" stroke="${p.accent}" stroke-opacity="0.13" stroke-width="${r1(unit * 0.002)}"/>`);
      lines.push(
        `<line x1="${r1(W * 0.05)}" y1="0" x2="${r1(W * 0.05)}" y2="${H}" stroke="#e11d48" stroke-opacity="0.22" stroke-width="${r1(unit * 0.003)}"/>`,
      );
      return lines.join("");
    }
    case "lower-band": {
      // A light burst from the middle of the frame, as when a box is opened.
      const cx = W / 2;
      const cy = H * 0.45;
      const R = Math.hypot(W, H);
      const rays: string[] = [];
      for (let i = 0; i < 18; i++) {
        const a0 = (i / 18) * Math.PI * 2;
        const a1 = a0 + Math.PI / 36;
        rays.push(
          `<polygon points="${r1(cx)},${r1(cy)} ${r1(cx + R * Math.cos(a0))},${r1(cy + R * Math.sin(a0))} ${r1(cx + R * Math.cos(a1))},${r1(cy + R * Math.sin(a1))}" fill="${p.accent}" fill-opacity="0.14"/>`,
        );
      }
      return rays.join("");
    }
    case "magazine": {
      // Column rules and a folio bar: a printed page.
      const out: string[] = [];
      for (const x of [0.33, 0.66])
        out.push(`<line x1="${r1(W * x)}" y1="0" x2="${r1(W * x)}" y2="${H}" stroke="${p.text}" stroke-opacity="0.07" stroke-width="${r1(unit * 0.002)}"/>`);
      out.push(`<rect x="0" y="${r1(H * 0.985)}" width="${W}" height="${r1(H * 0.015)}" fill="${p.accent}"/>`);
      return out.join("");
    }
    case "editorial": {
      // A soft sun and a thin frame inset from the edges.
      const i = unit * 0.035;
      return (
        `<circle cx="${r1(W * 0.9)}" cy="${r1(H * 0.1)}" r="${r1(unit * 0.3)}" fill="${mix(p.accent, "#ffffff", 0.55)}" fill-opacity="0.45"/>` +
        `<rect x="${r1(i)}" y="${r1(i)}" width="${r1(W - i * 2)}" height="${r1(H - i * 2)}" fill="none" stroke="${p.text}" stroke-opacity="0.35" stroke-width="${r1(unit * 0.003)}"/>`
      );
    }
    default:
      return "";
  }
}

/** The call-to-action button's corner radius in the Style: a pill, a soft card, a square block. */
export function buttonRadius(look: StyleLook, height: number, sizePx: number): number {
  switch (look.layout) {
    case "centred-hero":
      return Math.min(height / 2, sizePx * 1.1);
    case "polaroid":
      return sizePx * 0.35;
    case "editorial":
      return sizePx * 0.1;
    default:
      return 0;
  }
}
