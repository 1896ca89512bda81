// The end card of an ad (docs/decisions/205-shots-from-one-product-photo.md): logo, product,
// name, call-to-action button and, with a brand kit, the website line
// (docs/decisions/310-brand-kit.md). Drawn on the frame shots.server.ts sets up.
import sharp from "sharp";
import { buttonRadius } from "./shot-looks.server";
import { dropShadow, fit } from "./shot-parts.server";
import { lineOfText, placeMark } from "./shot-text.server";
import type { ShotFrame } from "./shots.server";

/**
 * Logo, product, name, call-to-action button, above the captions and inside the platform-safe
 * area: stacked and centred in a portrait frame; in a square or landscape frame the name and the
 * button stand beside the product (docs/decisions/214-aspect-ratio-at-creation.md). The button's
 * shape and the type are the Style's (docs/decisions/341-five-style-looks.md).
 */
export async function endCardShot(f: ShotFrame): Promise<void> {
  const { request, product, palette, W, H, safe, portrait, unit, headline, layers, text, area, look } = f;
  const side = !portrait;
  // Beside the product, the text column runs from the middle of the frame to the safe area's right edge.
  const colX = side ? Math.round(W * 0.52) : area.x;
  const colW = side ? area.x + area.width - colX : area.width;
  const pcx = side ? W * 0.3 : area.x + area.width / 2;
  const tcx = colX + colW / 2;
  let y = area.y;
  if (request.logo) {
    const d = Math.round(unit * 0.14);
    const logo = request.brand ? await brandLogo(request.logo, Math.min(d, Math.round(area.width / 2.4))) : await circle(request.logo, d);
    if (logo) {
      const at = placeMark(f, "logo", logo, Math.round(pcx - logo.width / 2), y);
      text.push({ input: logo.png, ...at });
      y += logo.height + Math.round(H * 0.02);
    }
  }
  // Beside the product in a square frame, smaller type keeps the button to a few lines.
  const square = side && W < H * 1.2;
  const nameSize = unit * (square ? 0.08 : 0.1) * Math.min(1.2, look.type.scale);
  const ctaSize = unit * (square ? 0.06 : 0.08) * Math.min(1.2, look.type.scale);
  // The name and the button are measured first (the button's text may wrap to several lines)
  // and the product gets the height left, so nothing overlaps.
  const name = await lineOfText(f, request.productName, { sizePx: nameSize, color: palette.text, maxWidth: colW, maxHeight: area.height * 0.25 });
  const padX = Math.round(ctaSize * 0.8);
  const padY = Math.round(ctaSize * 0.45);
  const cta = await lineOfText(f, headline, {
    sizePx: ctaSize,
    color: palette.textOnAccent,
    maxWidth: Math.min(colW, W * (square ? 0.4 : side ? 0.34 : 0.7)) - padX * 2,
    maxHeight: area.height * 0.3,
  });
  const site = await lineOfText(f, request.brand?.website, { sizePx: ctaSize * 0.7, color: palette.muted, maxWidth: colW });
  const nameH = name ? name.height + Math.round(H * 0.02) : 0;
  const siteH = site ? site.height + Math.round(H * 0.015) : 0;
  const bw = cta ? cta.width + padX * 2 : 0;
  const bh = cta ? cta.height + padY * 2 : 0;
  const reserve = side ? H * 0.04 : nameH + bh + siteH + H * 0.04;
  const p = await fit(product, W * (side ? 0.4 : 0.6), Math.max(unit * 0.15, safe - y - reserve));
  layers.push({ input: await dropShadow(p.png, unit * 0.025), left: Math.round(pcx - p.width / 2), top: y + Math.round(unit * 0.015) });
  layers.push({ input: p.png, left: Math.round(pcx - p.width / 2), top: y });
  const bottom = area.y + area.height;
  let ty = side ? Math.round(area.y + Math.max(0, area.height - nameH - bh - siteH) / 2) : y + p.height + Math.round(H * 0.02);
  if (name) {
    text.push({ input: name.png, ...placeMark(f, "name", name, Math.round(tcx - name.width / 2), Math.min(ty, bottom - nameH - bh - siteH)) });
    ty += nameH;
  }
  if (cta) {
    const at = placeMark(f, "button", { width: bw, height: bh }, Math.round(tcx - bw / 2), Math.min(ty, bottom - bh - siteH));
    const r = buttonRadius(look, bh, ctaSize);
    // The band look's button is a strip of colour across a portrait frame (beside the product, a block).
    const strip = look.layout === "lower-band" && !side;
    text.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect x="${strip ? 0 : at.left}" y="${at.top}" width="${strip ? W : bw}" height="${bh}" rx="${r}" fill="${palette.accent}"/></svg>`,
      ),
      left: 0,
      top: 0,
    });
    text.push({ input: cta.png, left: at.left + padX, top: at.top + padY });
    ty = at.top + bh + Math.round(H * 0.015);
  }
  if (site) text.push({ input: site.png, ...placeMark(f, "website", site, Math.round(tcx - site.width / 2), Math.min(ty, bottom - site.height)) });
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
