// The shots of an ad from one product photo (docs/decisions/205-shots-from-one-product-photo.md):
// hero on a surface, close-up crop, product beside a feature call-out, split layout with text,
// full-bleed colour with large type, and the end card (product, name, call to action, logo).
// Colours come from the product (shot-design.ts), the layout family, type and page from the Style
// (style-looks.ts, docs/decisions/341-five-style-looks.md); everything stays above the caption
// band, and every text inside the platform-safe area (shot-text.server.ts, ADR 340).
import sharp, { type OverlayOptions } from "sharp";
import type { Size } from "~/providers/media/types";
import { huesOf, mix } from "./color";
import type { Cutout } from "./cutout.server";
import { endCardShot } from "./end-card.server";
import { brandPalette, captionSafeTop, shotPalette, type ShotBrand, type ShotPalette } from "./shot-design";
import { lookBackdrop, polaroidCard } from "./shot-looks.server";
import { clamp, dropShadow, fit } from "./shot-parts.server";
import { styledText, textArea, type Rect, type ShotMark, type TextFrame } from "./shot-text.server";
import { styleLookFor } from "./style-looks";
import type { ShotLayers } from "./types";

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
  /** The project's Style (story type name): its layout family, type, page and button (style-looks.ts); without it Product Showcase's. */
  style?: string;
  /**
   * Also return the shot's layers: for a parallax move (docs/decisions/220-parallax-layers.md)
   * the background plate and the product layer (cut-out and its shadow, full frame with alpha;
   * only the hero and the close-up have one), and the text layer (every headline, call-out,
   * button, logo and their panels, full frame with alpha) that the camera does not move
   * (docs/decisions/381-text-layer-held-still.md).
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

/**
 * Draws the shot as a JPEG. `product` is the cut-out (or framed photo) as a PNG. `marks`: every
 * text and logo drawn, where (inside the platform-safe area: docs/decisions/340-platform-safe-zones.md).
 */
export async function composeShot(
  request: ShotRequest,
  product: Buffer,
  hues: { main: number; accent: number } | null,
): Promise<{ image: Buffer; palette: ShotPalette; layers?: ShotLayers; marks: ShotMark[] }> {
  const { width: W, height: H } = request.size;
  const look = styleLookFor(request.style);
  // The end card is always dark (the product's hue, deep): it closes the ad with a clear change
  // of picture after a light body, and the call-to-action button stands out on it.
  const tone = request.shot === "end-card" ? "dark" : request.tone;
  // The Style's own page where its tone is the one asked for (a dark Style's end card too).
  const lookTone = look.background.top > 0.5 ? "light" : "dark";
  const palette = request.brand
    ? brandPalette(request.brand, tone)
    : shotPalette(hues, tone, request.stylePalette, lookTone === tone ? look.background : undefined);
  const safe = captionSafeTop(request.size);
  const portrait = H > W * 1.2;
  const unit = Math.min(W, H);
  const layers: OverlayOptions[] = [];
  const front: OverlayOptions[] = [];
  const text: OverlayOptions[] = [];
  const headline = request.headline?.trim() ?? "";
  const photo = request.shot === "photo" && request.photo ? await coverPhoto(request.photo, W, H) : null;
  const kind = photo ? "photo" : request.shot === "photo" ? "kinetic" : request.shot;
  // The polaroid look shows the product as a photo card (not in a close-up crop or over a photo).
  const framed = look.layout === "polaroid" && kind !== "close-up" && kind !== "photo" ? await polaroidCard(product, kind === "end-card" ? 3 : -4) : product;
  const backdrop = lookBackdrop(look, palette, W, H);
  const f: ShotFrame = {
    request,
    product: framed,
    palette,
    look,
    W,
    H,
    safe,
    area: textArea(request.size),
    marks: [],
    portrait,
    unit,
    headline,
    layers,
    front,
    text,
    photo,
    background: gradientSvg(W, H, palette.bgTop, palette.bgBottom, backdrop),
    paint: (top, bottom, extra) => gradientSvg(W, H, top, bottom, backdrop + extra),
  };
  await drawLayout(kind, f);
  const flat = (overlays: OverlayOptions[]) =>
    sharp(Buffer.from(f.background))
      .resize(W, H)
      .composite(overlays)
      .flatten({ background: palette.bgTop })
      .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
      .toBuffer();
  const image = await flat([...layers, ...front, ...text]);
  const parallax = LAYERED_SHOTS.has(request.shot) && front.length > 0;
  if (!request.layers || (!parallax && !text.length)) return { image, palette, marks: f.marks };
  const clear = (overlays: OverlayOptions[]) =>
    sharp({ create: { width: W, height: H, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite(overlays)
      .png()
      .toBuffer();
  return {
    image,
    palette,
    marks: f.marks,
    layers: {
      background: await flat(parallax ? layers : [...layers, ...front]),
      ...(parallax ? { foreground: await clear(front) } : {}),
      ...(text.length ? { text: await clear(text) } : {}),
    },
  };
}

/** What a layout draws on: the frame's measures, the Style's look, and the background and layers it sets. */
export type ShotFrame = TextFrame & {
  request: ShotRequest;
  product: Buffer;
  /** Where the captions begin: the picture's content stays above it. */
  safe: number;
  portrait: boolean;
  unit: number;
  headline: string;
  layers: OverlayOptions[];
  /** The product and its shadow: drawn over `layers`, and the layer that moves faster in a parallax move. */
  front: OverlayOptions[];
  /** Every text, logo and button with its panel: drawn last, and held still while the camera moves the picture. */
  text: OverlayOptions[];
  /** The user's own picture, covering the frame (the photo shot). */
  photo: Buffer | null;
  background: string;
  /** A background gradient with the Style's page over it and `extra` (SVG) on top. */
  paint: (top: string, bottom: string, extra: string) => string;
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

/** A call-out: the Style's text treatment; in the centred-hero look an accent panel with a dot-and-line pointer to `target`. */
async function callOut(f: ShotFrame, text: string, box: Rect, sizePx: number, target: { x: number; y: number } | null): Promise<OverlayOptions[]> {
  if (f.look.layout !== "centred-hero") return styledText(f, text, box, sizePx, { align: "left", ground: "background", what: "call-out" });
  const { palette, W, H } = f;
  const pad = Math.round(sizePx * 0.6);
  const inner = await styledText(f, text, { x: box.x + pad, y: box.y + pad, width: box.width - pad * 2, height: box.height - pad * 2 }, sizePx, {
    align: "left",
    ground: "accent",
    what: "call-out",
  });
  const mark = f.marks[f.marks.length - 1];
  // The panel hugs the text, right-aligned in the box, and the text moves with it.
  const pw = mark.width + pad * 2;
  const ph = mark.height + pad * 2;
  const px = Math.round(Math.min(box.x + box.width, f.area.x + f.area.width) - pw);
  const py = mark.top - pad;
  const dx = px + pad - mark.left;
  mark.left += dx;
  const r = Math.round(sizePx * 0.4);
  const line = !target
    ? ""
    : `<line x1="${px + pw * 0.2}" y1="${py + ph}" x2="${target.x}" y2="${target.y}" stroke="${palette.accent}" stroke-width="${Math.max(3, sizePx * 0.12)}"/><circle cx="${target.x}" cy="${target.y}" r="${sizePx * 0.28}" fill="${palette.accent}"/>`;
  const panel = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${line}<rect x="${px}" y="${py}" width="${pw}" height="${ph}" rx="${r}" fill="${palette.accent}"/></svg>`,
  );
  const text0 = inner[inner.length - 1];
  return [
    { input: panel, left: 0, top: 0 },
    { ...text0, left: mark.left, top: mark.top },
  ];
}

/** The user's own picture, full bleed; the call-out at the top of the safe area. */
async function photoShot(f: ShotFrame): Promise<void> {
  const { palette, W, H, safe, unit, headline, layers, text, photo, area } = f;
  if (!photo) return;
  f.background = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${palette.bgBottom}"/></svg>`;
  layers.push({ input: photo, left: 0, top: 0 });
  if (headline) text.push(...(await callOut(f, headline, { x: area.x, y: area.y, width: area.width, height: (safe - area.y) * 0.35 }, unit * 0.075, null)));
}

/**
 * On a surface: a wide ellipse "table top" the product stands on, the headline above. In a
 * landscape frame (16:9) the headline goes beside the product, not above it, so the product keeps
 * its height (docs/decisions/214-aspect-ratio-at-creation.md).
 */
async function heroShot(f: ShotFrame): Promise<void> {
  const { product, palette, W, H, safe, portrait, unit, headline, text, front, area } = f;
  const floorY = Math.round(safe * 0.94);
  const beside = headline !== "" && W > H * 1.2;
  const top = headline && !beside ? Math.round(H * (portrait ? 0.33 : 0.36)) : Math.round(H * 0.1);
  const cx = beside ? W * 0.7 : area.x + area.width / 2;
  const p = await fit(product, W * (portrait ? 0.72 : 0.42), floorY - top);
  const surface = mix(palette.bgBottom, palette.dark ? "#ffffff" : "#000000", 0.1);
  f.background = f.paint(
    palette.bgTop,
    palette.bgBottom,
    `<ellipse cx="${cx}" cy="${floorY}" rx="${beside ? W * 0.28 : W * 0.48}" ry="${unit * 0.07}" fill="${surface}"/>`,
  );
  front.push(...(await contactShadow(p.width, cx, floorY, W, H)));
  front.push({ input: p.png, left: Math.round(cx - p.width / 2), top: Math.max(0, floorY - p.height) });
  if (beside)
    text.push(
      ...(await styledText(f, headline, { x: area.x, y: area.y, width: W * 0.5 - area.x, height: safe - area.y - H * 0.04 }, unit * 0.13, {
        align: "left",
        ground: "background",
      })),
    );
  else if (headline)
    text.push(
      ...(await styledText(f, headline, { x: area.x, y: area.y, width: area.width, height: top - area.y - H * 0.02 }, unit * 0.115, {
        align: "centre",
        ground: "background",
      })),
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

/** The product on one side, a call-out on the other. */
async function featureShot(f: ShotFrame): Promise<void> {
  const { product, W, H, safe, portrait, unit, headline, layers, text, area } = f;
  const p = await fit(product, W * (portrait ? 0.62 : 0.4), safe * (W > H * 1.2 ? 0.8 : 0.62));
  const px = Math.round(W * (portrait ? 0.04 : 0.08));
  const py = Math.round(safe - p.height - H * 0.03);
  layers.push({ input: await dropShadow(p.png, unit * 0.03), left: px, top: Math.max(0, py + Math.round(unit * 0.02)) });
  layers.push({ input: p.png, left: px, top: Math.max(0, py) });
  if (headline) {
    const x = W * (portrait ? 0.42 : 0.5);
    const y = Math.max(area.y, H * (portrait ? 0.09 : 0.12));
    const box = { x, y, width: area.x + area.width - x, height: safe * 0.42 };
    text.push(...(await callOut(f, headline, box, unit * 0.075, { x: px + p.width * 0.7, y: py + p.height * 0.3 })));
  }
}

/**
 * Half colour panel with the text, half the product on the background. The panel belongs to the
 * text layer: the text stays on it while the camera moves the picture.
 */
async function splitShot(f: ShotFrame): Promise<void> {
  const { product, palette, W, H, safe, portrait, unit, headline, layers, text, area } = f;
  const panel = (width: number, height: number) => ({
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${width}" height="${height}" fill="${palette.accent}"/></svg>`,
    ),
    left: 0,
    top: 0,
  });
  f.background = f.paint(palette.bgTop, palette.bgBottom, "");
  if (portrait) {
    // The panel covers the safe area's top 44% above the captions.
    const panelH = Math.round(f.area.y + (safe - f.area.y) * 0.44);
    text.push(panel(W, panelH));
    if (headline)
      text.push(
        ...(await styledText(f, headline, { x: area.x, y: area.y, width: area.width, height: panelH - area.y - H * 0.02 }, unit * 0.095, {
          align: "left",
          ground: "accent",
        })),
      );
    const p = await fit(product, W * 0.7, safe - panelH - H * 0.05);
    layers.push({ input: p.png, left: Math.round(W * 0.56 - p.width / 2), top: Math.round(panelH + H * 0.03) });
  } else {
    const panelW = Math.round(W * 0.5);
    text.push(panel(panelW, H));
    if (headline)
      text.push(
        ...(await styledText(f, headline, { x: area.x, y: area.y, width: panelW - W * 0.04 - area.x, height: safe - area.y - H * 0.04 }, unit * 0.1, {
          align: "left",
          ground: "accent",
        })),
      );
    const p = await fit(product, W * 0.42, safe - H * 0.1);
    layers.push({ input: p.png, left: Math.round(panelW + (W - panelW - p.width) / 2), top: Math.round(safe - p.height - H * 0.03) });
  }
}

/**
 * Very large type and the product small and tilted below it: on full-bleed accent colour in the
 * centred-hero look, on the Style's own page in the others.
 */
async function kineticShot(f: ShotFrame): Promise<void> {
  const { product, palette, W, H, safe, portrait, unit, headline, layers, text, area, look } = f;
  const onAccent = look.layout === "centred-hero";
  if (onAccent) f.background = f.paint(palette.accent, mix(palette.accent, "#000000", 0.25), "");
  // The magazine look gives its capitals more of the frame.
  const textH = (portrait ? safe * (look.layout === "magazine" ? 0.56 : 0.5) : safe * 0.55) - area.y + H * 0.08;
  if (headline)
    text.push(
      ...(await styledText(f, headline, { x: area.x, y: area.y, width: portrait ? area.width : W * 0.6 - area.x, height: textH }, unit * 0.13, {
        align: "left",
        ground: onAccent ? "accent" : "background",
      })),
    );
  const p = await fit(product, W * (portrait ? 0.5 : 0.3), portrait ? safe - area.y - textH - H * 0.04 : safe * 0.8);
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
