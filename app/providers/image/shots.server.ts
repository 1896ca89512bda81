// The shots of an ad from one product photo (docs/decisions/205-shots-from-one-product-photo.md):
// hero on a surface, close-up crop, product beside a feature call-out, split layout with text,
// full-bleed colour with large type, and the end card (product, name, call to action, logo).
// Colours come from the product (shot-design.ts); everything stays above the caption band, and
// text stays inside the middle 80% of the frame, where the camera moves never crop it.
import sharp, { type OverlayOptions } from "sharp";
import { renderTextImage } from "~/providers/media/text.server";
import type { Size } from "~/providers/media/types";
import { huesOf, mix } from "./color";
import type { Cutout } from "./cutout.server";
import { brandPalette, captionSafeTop, shotPalette, type ShotBrand, type ShotPalette } from "./shot-design";
import type { ShotLayers } from "./types";
import { endCardShot } from "./end-card.server";
import { clamp, dropShadow, fit } from "./shot-parts.server";

export type ShotKind = "hero" | "close-up" | "feature" | "split" | "kinetic" | "end-card" | "photo";

export type ShotRequest = {
  shot: ShotKind;
  size: Size;
  /** Large text of the shot: hook, call-out or call to action. */
  headline?: string;
  /** End card: the product's name. */
  productName?: string;
  /** End card: the brand's logo or avatar (any image sharp reads). */
  logo?: Buffer;
  /**
   * The owner's brand kit (docs/decisions/310-brand-kit.md): its colours make the palette, its
   * font draws the text; on the end card `logo` is the kit's logo (shown whole, not cropped to a
   * circle) and `website` a line under the button.
   */
  brand?: ShotBrand & { website?: string };
  /** Photo shot: the user's own picture (any image sharp reads); without one it is drawn as kinetic. */
  photo?: Buffer;
  tone: "light" | "dark";
  stylePalette?: string[];
  /**
   * Also return the shot's layers, for a parallax move (docs/decisions/220-parallax-layers.md):
   * the background plate (everything but the product) and the product layer (cut-out and its
   * shadow, full frame with alpha). Only the hero and the close-up have them.
   */
  layers?: boolean;
};

/** Shots drawn as a background plate and a product layer (the others are one flat picture). */
export const LAYERED_SHOTS: ReadonlySet<ShotRequest["shot"]> = new Set(["hero", "close-up"]);

/** The product's main and accent hue from its visible pixels. */
export async function productHues(cut: Cutout): Promise<{ main: number; accent: number } | null> {
  const { data } = await sharp(cut.png).resize(64, 64, { fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return huesOf(data, cut.backgroundRemoved ? 128 : 0);
}

/** Draws the shot as a JPEG. `product` is the cut-out (or framed photo) as a PNG. */
export async function composeShot(
  request: ShotRequest,
  product: Buffer,
  hues: { main: number; accent: number } | null,
): Promise<{ image: Buffer; palette: ShotPalette; layers?: ShotLayers }> {
  const { width: W, height: H } = request.size;
  // The end card is always dark (the product's hue, deep): it closes the ad with a clear change
  // of picture after a light body, and the call-to-action button stands out on it.
  const tone = request.shot === "end-card" ? "dark" : request.tone;
  const palette = request.brand ? brandPalette(request.brand, tone) : shotPalette(hues, tone, request.stylePalette);
  const safe = captionSafeTop(request.size);
  const portrait = H > W * 1.2;
  const unit = Math.min(W, H);
  const layers: OverlayOptions[] = [];
  const front: OverlayOptions[] = [];
  const headline = request.headline?.trim() ?? "";
  const photo = request.shot === "photo" && request.photo ? await coverPhoto(request.photo, W, H) : null;
  const f: ShotFrame = {
    request,
    product,
    palette,
    W,
    H,
    safe,
    portrait,
    unit,
    headline,
    layers,
    front,
    photo,
    background: gradientSvg(W, H, palette.bgTop, palette.bgBottom, ""),
  };
  await drawLayout(photo ? "photo" : request.shot === "photo" ? "kinetic" : request.shot, f);
  const flat = (overlays: OverlayOptions[]) =>
    sharp(Buffer.from(f.background))
      .resize(W, H)
      .composite(overlays)
      .flatten({ background: palette.bgTop })
      .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
      .toBuffer();
  const image = await flat([...layers, ...front]);
  if (!request.layers || !LAYERED_SHOTS.has(request.shot) || !front.length) return { image, palette };
  const foreground = await sharp({ create: { width: W, height: H, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(front)
    .png()
    .toBuffer();
  return { image, palette, layers: { background: await flat(layers), foreground } };
}

/** What a layout draws on: the frame's measures, and the background and layers it sets. */
export type ShotFrame = {
  request: ShotRequest;
  product: Buffer;
  palette: ShotPalette;
  W: number;
  H: number;
  /** Where the captions begin: the picture's content stays above it. */
  safe: number;
  portrait: boolean;
  unit: number;
  headline: string;
  layers: OverlayOptions[];
  /** The product and its shadow: drawn last, and the layer that moves faster in a parallax move. */
  front: OverlayOptions[];
  /** The user's own picture, covering the frame (the photo shot). */
  photo: Buffer | null;
  background: string;
};

function drawLayout(shot: ShotRequest["shot"], f: ShotFrame): Promise<void> {
  switch (shot) {
    case "photo":
      return photoShot(f);
    case "hero":
      return heroShot(f);
    case "close-up":
      return closeUpShot(f);
    case "feature":
      return featureShot(f);
    case "split":
      return splitShot(f);
    case "kinetic":
      return kineticShot(f);
    case "end-card":
      return endCardShot(f);
  }
}

/** The user's own picture, full bleed; the call-out on an accent panel at the top. */
async function photoShot(f: ShotFrame): Promise<void> {
  const { palette, W, H, safe, unit, headline, layers, photo } = f;
  if (!photo) return;
  f.background = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${palette.bgBottom}"/></svg>`;
  layers.push({ input: photo, left: 0, top: 0 });
  if (headline) layers.push(...(await panelText(headline, { x: W * 0.1, y: H * 0.08, width: W * 0.8, height: safe * 0.3 }, unit * 0.075, palette, W, H, null)));
}

/**
 * On a surface: a wide ellipse "table top" the product stands on, the headline above. In a
 * landscape frame (16:9) the headline goes beside the product, not above it, so the product keeps
 * its height (docs/decisions/214-aspect-ratio-at-creation.md).
 */
async function heroShot(f: ShotFrame): Promise<void> {
  const { product, palette, W, H, safe, portrait, unit, headline, layers, front } = f;
  const floorY = Math.round(safe * 0.94);
  const beside = headline !== "" && W > H * 1.2;
  const top = headline && !beside ? Math.round(H * (portrait ? 0.3 : 0.32)) : Math.round(H * 0.1);
  const cx = beside ? W * 0.7 : W / 2;
  const p = await fit(product, W * (portrait ? 0.72 : 0.42), floorY - top);
  const surface = mix(palette.bgBottom, palette.dark ? "#ffffff" : "#000000", 0.1);
  f.background = gradientSvg(
    W,
    H,
    palette.bgTop,
    palette.bgBottom,
    `<ellipse cx="${cx}" cy="${floorY}" rx="${beside ? W * 0.28 : W * 0.48}" ry="${unit * 0.07}" fill="${surface}"/>`,
  );
  front.push(...(await contactShadow(p.width, cx, floorY, W, H)));
  front.push({ input: p.png, left: Math.round(cx - p.width / 2), top: Math.max(0, floorY - p.height) });
  if (beside)
    layers.push(
      ...(await textBlock(
        headline,
        { x: W * 0.06, y: H * 0.1, width: W * 0.44, height: safe - H * 0.16 },
        unit * 0.13,
        palette.text,
        "left",
        W,
        H,
        palette.fontId,
      )),
    );
  else if (headline)
    layers.push(
      ...(await textBlock(
        headline,
        { x: W * 0.1, y: H * 0.08, width: W * 0.8, height: top - H * 0.1 },
        unit * 0.115,
        palette.text,
        "centre",
        W,
        H,
        palette.fontId,
      )),
    );
}

/** A tight crop: the product about 1.3x the safe height, its middle (label, texture) in view. */
async function closeUpShot(f: ShotFrame): Promise<void> {
  const { product, W, safe, front } = f;
  const meta = await sharp(product).metadata();
  const pw = meta.width ?? 1;
  const ph = meta.height ?? 1;
  const scale = Math.min((safe * 1.3) / ph, (W * 1.5) / pw);
  const big = await sharp(product)
    .resize(Math.max(1, Math.round(pw * scale)))
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((W - big.info.width) / 2);
  const top = Math.round(safe * 0.5 - big.info.height * 0.5);
  front.push(await cropInto(big.data, big.info.width, big.info.height, left, top, W, safe));
}

/** The product on one side, a call-out panel with a pointer on the other. */
async function featureShot(f: ShotFrame): Promise<void> {
  const { product, palette, W, H, safe, portrait, unit, headline, layers } = f;
  const p = await fit(product, W * (portrait ? 0.62 : 0.4), safe * (W > H * 1.2 ? 0.8 : 0.62));
  const px = Math.round(W * (portrait ? 0.04 : 0.08));
  const py = Math.round(safe - p.height - H * 0.03);
  layers.push({ input: await dropShadow(p.png, unit * 0.03), left: px, top: Math.max(0, py + Math.round(unit * 0.02)) });
  layers.push({ input: p.png, left: px, top: Math.max(0, py) });
  if (headline) {
    const box = { x: W * (portrait ? 0.42 : 0.5), y: H * (portrait ? 0.09 : 0.12), width: W * (portrait ? 0.48 : 0.4), height: safe * 0.42 };
    layers.push(...(await panelText(headline, box, unit * 0.075, palette, W, H, { x: px + p.width * 0.7, y: py + p.height * 0.3 })));
  }
}

/** Half colour panel with the text, half the product on the background. */
async function splitShot(f: ShotFrame): Promise<void> {
  const { product, palette, W, H, safe, portrait, unit, headline, layers } = f;
  if (portrait) {
    const panelH = Math.round(safe * 0.46);
    f.background = gradientSvg(W, H, palette.bgTop, palette.bgBottom, `<rect width="${W}" height="${panelH}" fill="${palette.accent}"/>`);
    if (headline)
      layers.push(
        ...(await textBlock(
          headline,
          { x: W * 0.1, y: H * 0.08, width: W * 0.8, height: panelH - H * 0.1 },
          unit * 0.095,
          palette.textOnAccent,
          "left",
          W,
          H,
          palette.fontId,
        )),
      );
    const p = await fit(product, W * 0.7, safe - panelH - H * 0.05);
    layers.push({ input: p.png, left: Math.round(W * 0.56 - p.width / 2), top: Math.round(panelH + H * 0.03) });
  } else {
    const panelW = Math.round(W * 0.5);
    f.background = gradientSvg(W, H, palette.bgTop, palette.bgBottom, `<rect width="${panelW}" height="${H}" fill="${palette.accent}"/>`);
    if (headline)
      layers.push(
        ...(await textBlock(
          headline,
          { x: W * 0.1, y: H * 0.12, width: panelW - W * 0.14, height: safe - H * 0.16 },
          unit * 0.1,
          palette.textOnAccent,
          "left",
          W,
          H,
          palette.fontId,
        )),
      );
    const p = await fit(product, W * 0.42, safe - H * 0.1);
    layers.push({ input: p.png, left: Math.round(panelW + (W - panelW - p.width) / 2), top: Math.round(safe - p.height - H * 0.03) });
  }
}

/** Full-bleed accent colour, very large type, the product small and tilted below it. */
async function kineticShot(f: ShotFrame): Promise<void> {
  const { product, palette, W, H, safe, portrait, unit, headline, layers } = f;
  f.background = gradientSvg(W, H, palette.accent, mix(palette.accent, "#000000", 0.25), "");
  const textColour = palette.textOnAccent;
  const textH = portrait ? safe * 0.5 : safe * 0.55;
  if (headline)
    layers.push(
      ...(await textBlock(
        headline,
        { x: W * 0.1, y: H * 0.08, width: W * (portrait ? 0.8 : 0.5), height: textH },
        unit * 0.13,
        textColour,
        "left",
        W,
        H,
        palette.fontId,
      )),
    );
  const p = await fit(product, W * (portrait ? 0.5 : 0.3), portrait ? safe - textH - H * 0.1 : safe * 0.8);
  const rotated = await sharp(p.png)
    .rotate(-8, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = portrait ? Math.round(W * 0.62 - rotated.info.width / 2) : Math.round(W * 0.8 - rotated.info.width / 2);
  layers.push({
    input: rotated.data,
    left: clamp(left, rotated.info.width, W),
    top: clamp(Math.round(safe - rotated.info.height - H * 0.02), rotated.info.height, H),
  });
}

function gradientSvg(W: number, H: number, top: string, bottom: string, extra: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>${extra}</svg>`;
}

/** Text fitted into a box (shrunk until it fits). */
async function textBlock(
  text: string,
  box: { x: number; y: number; width: number; height: number },
  sizePx: number,
  color: string,
  align: "left" | "centre",
  W: number,
  H: number,
  fontId?: string,
): Promise<OverlayOptions[]> {
  let size = sizePx;
  let img = await renderTextImage({ text, sizePx: size, color, maxWidth: box.width, align, fontId });
  // Shrunk while too tall, or too wide (a long word in a narrow panel cannot wrap).
  for (let i = 0; i < 6 && (img.height > box.height || img.width > box.width * 1.01); i++) {
    size *= 0.85;
    img = await renderTextImage({ text, sizePx: size, color, maxWidth: box.width, align, fontId });
  }
  const left = align === "centre" ? Math.round(box.x + (box.width - img.width) / 2) : Math.round(box.x);
  const top = Math.round(box.y + Math.max(0, (box.height - img.height) / 2));
  return [{ input: img.png, left: clamp(left, img.width, W), top: clamp(top, img.height, H) }];
}

/** A call-out: text on an accent panel with a dot-and-line pointer to `target`. */
async function panelText(
  text: string,
  box: { x: number; y: number; width: number; height: number },
  sizePx: number,
  palette: ShotPalette,
  W: number,
  H: number,
  target: { x: number; y: number } | null,
): Promise<OverlayOptions[]> {
  const pad = Math.round(sizePx * 0.6);
  let size = sizePx;
  let img = await renderTextImage({ text, sizePx: size, color: palette.textOnAccent, maxWidth: box.width - pad * 2, align: "left", fontId: palette.fontId });
  for (let i = 0; i < 5 && img.height > box.height - pad * 2; i++) {
    size *= 0.85;
    img = await renderTextImage({ text, sizePx: size, color: palette.textOnAccent, maxWidth: box.width - pad * 2, align: "left", fontId: palette.fontId });
  }
  const pw = Math.min(W, img.width + pad * 2);
  const ph = Math.min(H, img.height + pad * 2);
  const px = Math.round(box.x + box.width - pw);
  const py = Math.round(box.y);
  const r = Math.round(size * 0.4);
  const line = !target
    ? ""
    : `<line x1="${px + pw * 0.2}" y1="${py + ph}" x2="${target.x}" y2="${target.y}" stroke="${palette.accent}" stroke-width="${Math.max(3, size * 0.12)}"/><circle cx="${target.x}" cy="${target.y}" r="${size * 0.28}" fill="${palette.accent}"/>`;
  const pointer = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${line}<rect x="${px}" y="${py}" width="${pw}" height="${ph}" rx="${r}" fill="${palette.accent}"/></svg>`,
  );
  return [
    { input: pointer, left: 0, top: 0 },
    { input: img.png, left: clamp(px + pad, img.width, W), top: clamp(py + pad, img.height, H) },
  ];
}

async function contactShadow(productWidth: number, cx: number, floorY: number, W: number, H: number): Promise<OverlayOptions[]> {
  const rx = productWidth * 0.46;
  const ry = Math.max(4, productWidth * 0.06);
  const cw = Math.ceil(rx * 2 + ry * 6);
  const ch = Math.ceil(ry * 8);
  const png = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${cw}" height="${ch}"><ellipse cx="${cw / 2}" cy="${ch / 2}" rx="${rx}" ry="${ry}" fill="#000" fill-opacity="0.4"/></svg>`,
    ),
  )
    .blur(Math.max(1, ry * 0.8))
    .png()
    .toBuffer();
  return [await cropInto(png, cw, ch, Math.round(cx - cw / 2), Math.round(floorY - ch / 2), W, H)];
}

/** An overlay cropped to the canvas (sharp refuses overlays that stick out). */
async function cropInto(png: Buffer, w: number, h: number, left: number, top: number, W: number, H: number): Promise<OverlayOptions> {
  const x0 = Math.max(0, -left);
  const y0 = Math.max(0, -top);
  const x1 = Math.max(x0 + 1, Math.min(w, W - left));
  const y1 = Math.max(y0 + 1, Math.min(h, H - top));
  const input = await sharp(png)
    .extract({ left: x0, top: y0, width: Math.min(w - x0, x1 - x0), height: Math.min(h - y0, y1 - y0) })
    .png()
    .toBuffer();
  return { input, left: Math.max(0, left + x0), top: Math.max(0, top + y0) };
}

/** A picture cropped to cover W x H (the interesting part kept), as a JPEG; null when it cannot be read. */
async function coverPhoto(image: Buffer, W: number, H: number): Promise<Buffer | null> {
  try {
    return await sharp(image, { failOn: "error" })
      .rotate()
      .resize(W, H, { fit: "cover", position: sharp.strategy.attention })
      .flatten({ background: "#111111" })
      .jpeg({ quality: 92 })
      .toBuffer();
  } catch {
    return null;
  }
}
