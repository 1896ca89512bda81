// The end card of an ad (docs/decisions/205-shots-from-one-product-photo.md): logo, product,
// name, call-to-action button and, with a brand kit, the website line
// (docs/decisions/310-brand-kit.md). Drawn on the frame shots.server.ts sets up.
import sharp from "sharp";
import { renderTextImage } from "~/providers/media/text.server";
import { clamp, dropShadow, fit } from "./shot-parts.server";
import type { ShotPalette } from "./shot-design";
import type { ShotFrame } from "./shots.server";

/**
 * Logo, product, name, call-to-action button, above the captions: stacked and centred in a
 * portrait frame; in a square or landscape frame the name and the button stand beside the product
 * (docs/decisions/214-aspect-ratio-at-creation.md).
 */
export async function endCardShot(f: ShotFrame): Promise<void> {
  const { request, product, palette, W, H, safe, portrait, unit, headline, layers } = f;
  const side = !portrait;
  const pcx = side ? W * 0.3 : W / 2;
  const tcx = side ? W * 0.7 : W / 2;
  let y = Math.round(H * 0.08);
  if (request.logo) {
    const d = Math.round(unit * 0.14);
    const logo = request.brand ? await brandLogo(request.logo, d) : await circle(request.logo, d);
    if (logo) {
      layers.push({ input: logo.png, left: Math.round(pcx - logo.width / 2), top: y });
      y += logo.height + Math.round(H * 0.02);
    }
  }
  // Beside the product in a square frame, smaller type keeps the button to a few lines.
  const square = side && W < H * 1.2;
  const nameSize = unit * (square ? 0.08 : 0.1);
  const ctaSize = unit * (square ? 0.06 : 0.08);
  // The name and the button are measured first (the button's text may wrap to several lines)
  // and the product gets the height left, so nothing overlaps.
  const name = request.productName
    ? await renderTextImage({
        text: request.productName,
        sizePx: nameSize,
        color: palette.text,
        maxWidth: W * (side ? 0.42 : 0.8),
        align: "centre",
        fontId: palette.fontId,
      })
    : null;
  const cta = headline
    ? await renderTextImage({
        text: headline,
        sizePx: ctaSize,
        color: palette.textOnAccent,
        maxWidth: W * (square ? 0.4 : side ? 0.34 : 0.7),
        align: "centre",
        fontId: palette.fontId,
      })
    : null;
  const site = await websiteLine(request.brand?.website, ctaSize * 0.7, palette, W * (side ? 0.42 : 0.8));
  const nameH = name ? name.height + Math.round(H * 0.02) : 0;
  const siteH = site ? site.height + Math.round(H * 0.015) : 0;
  const bw = cta ? Math.min(W, cta.width + Math.round(ctaSize * 1.6)) : 0;
  const bh = cta ? Math.min(H, cta.height + Math.round(ctaSize * 0.9)) : 0;
  const reserve = side ? H * 0.04 : nameH + bh + siteH + H * 0.04;
  const p = await fit(product, W * (side ? 0.4 : 0.6), Math.max(unit * 0.15, safe - y - reserve));
  layers.push({ input: await dropShadow(p.png, unit * 0.025), left: Math.round(pcx - p.width / 2), top: y + Math.round(unit * 0.015) });
  layers.push({ input: p.png, left: Math.round(pcx - p.width / 2), top: y });
  let ty = side ? Math.round(H * 0.08 + Math.max(0, safe - H * 0.08 - nameH - bh - siteH) / 2) : y + p.height + Math.round(H * 0.02);
  if (name) {
    layers.push({ input: name.png, left: clamp(Math.round(tcx - name.width / 2), name.width, W), top: clamp(ty, name.height, H) });
    ty += nameH;
  }
  if (cta) {
    const bx = Math.round(tcx - bw / 2);
    const by = Math.min(ty, safe - bh - siteH);
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${bw}" height="${bh}"><rect width="${bw}" height="${bh}" rx="${Math.min(bh / 2, ctaSize * 1.1)}" fill="${palette.accent}"/></svg>`,
      ),
      left: clamp(bx, bw, W),
      top: clamp(by, bh, H),
    });
    layers.push({
      input: cta.png,
      left: clamp(Math.round(tcx - cta.width / 2), cta.width, W),
      top: clamp(by + Math.round((bh - cta.height) / 2), cta.height, H),
    });
    ty = by + bh + Math.round(H * 0.015);
  }
  if (site)
    layers.push({
      input: site.png,
      left: clamp(Math.round(tcx - site.width / 2), site.width, W),
      top: clamp(Math.min(ty, safe - site.height), site.height, H),
    });
}

/** The brand's website or handle, small, under the button (muted text, readable on the background). */
async function websiteLine(text: string | undefined, sizePx: number, palette: ShotPalette, maxWidth: number) {
  const line = text?.trim();
  return line ? renderTextImage({ text: line, sizePx, color: palette.muted, maxWidth, align: "centre", fontId: palette.fontId }) : null;
}

/** A brand kit's logo, whole (not cropped), fitted into a box `d` high and up to 2.4 d wide. */
async function brandLogo(image: Buffer, d: number): Promise<{ png: Buffer; width: number; height: number } | null> {
  try {
    const out = await sharp(image, { failOn: "error" })
      .resize(Math.round(d * 2.4), d, { fit: "inside" })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: out.data, width: out.info.width, height: out.info.height };
  } catch {
    return null;
  }
}

/** A logo in a circle of diameter `d` (null when it cannot be read). */
async function circle(image: Buffer, d: number): Promise<{ png: Buffer; width: number; height: number } | null> {
  try {
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${d}" height="${d}"><circle cx="${d / 2}" cy="${d / 2}" r="${d / 2}" fill="#fff"/></svg>`,
    );
    const png = await sharp(image, { failOn: "error" })
      .rotate()
      .resize(d, d, { fit: "cover" })
      .ensureAlpha()
      .composite([{ input: mask, blend: "dest-in" }])
      .png()
      .toBuffer();
    return { png, width: d, height: d };
  } catch {
    return null;
  }
}
