// Product shots offline with sharp: cut the product out of its plain background, stand it on a
// background drawn from the prompt and style (scene, palette, surface), add soft shadows and an
// optional headline. v1 is a centred studio packshot; v2 an offset, tilted, colour-blocked
// editorial layout.
import { createHash } from "node:crypto";
import sharp, { type OverlayOptions } from "sharp";
import { FULL_SIZES, ProviderError, isAspectRatio, type CallOptions } from "~/providers/media/types";
import { keepAtMost } from "~/utils/bounded-map";
import { hashValue } from "~/providers/media/workdir.server";
import { cutOutProduct, type Cutout } from "./cutout.server";
import { mix, readableOn, rgbToHex } from "./color";
import { backgroundSvg, layoutFor, paletteFor, sceneKindFor, type Box, type Layout, type Palette } from "./design";
import { fitText, textArea, within } from "./shot-text.server";
import { composeShot, productHues } from "./shots.server";
import type { ProductImageProvider, ProductImageRequest, ProductImageResult, ShotLayers } from "./types";

export const MAX_HEADLINE_CHARS = 120;

/**
 * The layers of the shots drawn lately, by everything they were drawn from (docs/decisions/397-a-shots-layers-drawn-once.md):
 * Create Video draws each scene's shot in its image step, then plans its motion from the shot's
 * layers (and its clip after Ready asks again). Kept in this process only; a miss draws them again.
 */
const RECENT_LAYERS = 8;
const recentLayers = new Map<string, ShotLayers | null>();

function keepLayers(key: string | null, layers: ShotLayers | null): void {
  if (key === null) return;
  keepAtMost(recentLayers, key, layers, RECENT_LAYERS);
}

/** What a shot is drawn from, as a key: its pictures by their bytes' hash, everything else as it is; null for a picture given by path (it may change). */
function shotKey(request: ProductImageRequest): string | null {
  const { layers: _layers, productImage, photo, logo, ...rest } = request;
  if (typeof productImage === "string") return null;
  const bytes = (b: Buffer | undefined) => (b === undefined ? null : createHash("sha256").update(b).digest("hex"));
  return hashValue(sortedKeys({ ...rest, productImage: bytes(productImage), photo: bytes(photo), logo: bytes(logo) }));
}

/** The value with every object's keys in order (undefined ones dropped), so two requests built in another order key the same. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, sortedKeys(v)]),
  );
}

export class LocalProductImageProvider implements ProductImageProvider {
  readonly name = "local-compositor";
  readonly label = "sharp product-shot compositor (offline)";

  async shotLayers(request: ProductImageRequest, options: CallOptions = {}): Promise<ShotLayers | null> {
    if (!request.shot) return null;
    const key = shotKey(request);
    const kept = key === null ? undefined : recentLayers.get(key);
    if (kept !== undefined) return kept;
    const layers = (await this.draw({ ...request, layers: true }, options)).layers ?? null;
    keepLayers(key, layers);
    return layers;
  }

  async generate(request: ProductImageRequest, options: CallOptions = {}): Promise<ProductImageResult> {
    const key = request.shot ? shotKey(request) : null;
    if (key === null) return this.draw(request, options);
    // An ad's shot is drawn with its layers, kept for the motion that asks for them next (the same picture either way).
    const drawn = await this.draw({ ...request, layers: true }, options);
    keepLayers(key, drawn.layers ?? null);
    if (request.layers) return drawn;
    const { layers: _layers, ...image } = drawn;
    return image;
  }

  private async draw(request: ProductImageRequest, options: CallOptions): Promise<ProductImageResult> {
    if (!isAspectRatio(request.aspectRatio)) throw new ProviderError(this.name, "bad_input", "Aspect ratio must be 16:9, 9:16 or 1:1");
    if (request.version !== "v1" && request.version !== "v2") throw new ProviderError(this.name, "bad_input", "Version must be v1 or v2");
    const headline = request.headline?.trim() ?? "";
    if (headline.length > MAX_HEADLINE_CHARS) throw new ProviderError(this.name, "bad_input", `The headline is longer than ${MAX_HEADLINE_CHARS} characters`);
    const { width: W, height: H } = request.size ?? FULL_SIZES[request.aspectRatio];
    options.signal?.throwIfAborted();

    let cut: Cutout;
    try {
      cut = await cutOutProduct(request.productImage);
    } catch (error) {
      throw new ProviderError(this.name, "bad_input", `The product image cannot be read: ${(error as Error).message}`, { cause: error });
    }
    if (request.shot) {
      const product = cut.backgroundRemoved ? cut.png : await photoCard(cut, { dark: request.tone === "dark" });
      const { image, layers } = await composeShot(
        {
          shot: request.shot,
          size: { width: W, height: H },
          headline,
          productName: request.productName,
          logo: request.logo,
          ...(request.brand ? { brand: request.brand } : {}),
          photo: request.photo,
          tone: request.tone ?? "light",
          stylePalette: request.palette,
          ...(request.style ? { style: request.style } : {}),
          layers: request.layers,
        },
        product,
        await productHues(cut),
      );
      return { image, mime: "image/jpeg", width: W, height: H, provider: this.name, backgroundRemoved: cut.backgroundRemoved, ...(layers ? { layers } : {}) };
    }
    const prompt = request.prompt ?? "";
    const style = request.style ?? "";
    const kind = sceneKindFor(prompt, style);
    const palette = paletteFor(kind, prompt, style, request.palette, cut.dominant);
    const layout = layoutFor(request.version, W, H, Boolean(headline));
    const seed = parseInt(hashValue([prompt, style, request.version]).slice(0, 8), 16);

    // The product, fitted into its box and standing on the floor line.
    const product = cut.backgroundRemoved ? cut.png : await photoCard(cut, palette);
    const meta = await sharp(product).metadata();
    const pw0 = meta.width ?? cut.width;
    const ph0 = meta.height ?? cut.height;
    const scale = Math.min(layout.productBox.width / pw0, layout.productBox.height / ph0);
    const pw = Math.max(1, Math.round(pw0 * scale));
    const ph = Math.max(1, Math.round(ph0 * scale));
    let productPng = await sharp(product).resize(pw, ph).png().toBuffer();
    let rw = pw;
    let rh = ph;
    if (layout.rotate) {
      const rotated = await sharp(productPng)
        .rotate(layout.rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer({ resolveWithObject: true });
      productPng = rotated.data;
      rw = rotated.info.width;
      rh = rotated.info.height;
    }
    const centreX = layout.productBox.x + layout.productBox.width / 2;
    // Rotation grows the box; the lowest corner should still touch the floor.
    const left = Math.round(centreX - rw / 2);
    const top = Math.round(layout.floorY - rh + (rh - ph) * 0.35);
    const placed: Box = { x: left, y: top, width: rw, height: rh };

    const background = await sharp(
      Buffer.from(
        backgroundSvg({
          version: request.version,
          kind,
          palette,
          width: W,
          height: H,
          product: { x: centreX - pw / 2, y: layout.floorY - ph, width: pw, height: ph },
          floorY: layout.floorY,
          seed,
        }),
      ),
    )
      .resize(W, H)
      .png()
      .toBuffer();

    const layers: OverlayOptions[] = [];
    layers.push(...(await shadows(productPng, placed, layout, pw, W, H)));
    layers.push({ input: productPng, left: clampPos(left, rw, W), top: clampPos(top, rh, H) });
    if (headline) layers.push(...(await headlineLayers(headline, layout, palette, W, H, request.version)));
    options.signal?.throwIfAborted();

    const image = await sharp(background).composite(layers).flatten({ background: palette.bgTop }).jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer();
    return { image, mime: "image/jpeg", width: W, height: H, provider: this.name, backgroundRemoved: cut.backgroundRemoved };
  }
}

/**
 * Draws a headline on a finished image (used for hosted model outputs): on an accent panel in
 * the image's own dominant colour, placed as the version's layout places it.
 */
export async function drawHeadline(image: Buffer, headline: string, version: "v1" | "v2"): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const W = meta.width ?? 1080;
  const H = meta.height ?? 1920;
  const { dominant } = await sharp(image).stats();
  const accent = mix(rgbToHex(dominant), "#000000", 0.35);
  const palette: Palette = {
    bgTop: accent,
    bgBottom: accent,
    accent,
    accent2: accent,
    floor: accent,
    text: "#ffffff",
    textOnAccent: readableOn(accent),
    dark: true,
  };
  const layout = layoutFor(version, W, H, true);
  layout.headline.panel = true;
  const layers = await headlineLayers(headline, layout, palette, W, H, version);
  return sharp(image).composite(layers).jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer();
}

/** sharp's composite needs the overlay inside the canvas: keep positions in range. */
function clampPos(pos: number, size: number, canvas: number): number {
  return Math.max(Math.min(pos, canvas - Math.min(size, canvas)), 0);
}

/** A photo whose background could not be removed becomes a framed print with rounded corners. */
export async function photoCard(cut: Cutout, palette: Pick<Palette, "dark">): Promise<Buffer> {
  const border = Math.round(Math.min(cut.width, cut.height) * 0.035);
  const radius = border * 1.6;
  const w = cut.width + border * 2;
  const h = cut.height + border * 2;
  const frame = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${radius}" fill="${palette.dark ? "#f5f5f4" : "#ffffff"}"/></svg>`,
  );
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cut.width}" height="${cut.height}"><rect width="${cut.width}" height="${cut.height}" rx="${radius * 0.6}" fill="#fff"/></svg>`,
  );
  const photo = await sharp(cut.png)
    .composite([{ input: mask, blend: "dest-in" }])
    .png()
    .toBuffer();
  return sharp(frame)
    .composite([{ input: photo, left: border, top: border }])
    .png()
    .toBuffer();
}

/** A soft drop shadow from the product's own silhouette and a contact shadow on the floor. */
async function shadows(productPng: Buffer, placed: Box, layout: Layout, productWidth: number, W: number, H: number): Promise<OverlayOptions[]> {
  const unit = Math.min(W, H);
  const blur = Math.max(1, unit * layout.shadow.blur);
  const pad = Math.ceil(blur * 3);
  const alpha = await sharp(productPng).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  const a = alpha.data;
  const op = layout.shadow.opacity;
  for (let i = 0; i < a.length; i++) a[i] = Math.round(a[i] * op);
  const black = Buffer.alloc(alpha.info.width * alpha.info.height * 3, 0);
  const silhouette = await sharp(black, { raw: { width: alpha.info.width, height: alpha.info.height, channels: 3 } })
    .joinChannel(a, { raw: { width: alpha.info.width, height: alpha.info.height, channels: 1 } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .blur(blur)
    .png()
    .toBuffer({ resolveWithObject: true });
  const out: OverlayOptions[] = [];
  const dx = Math.round(layout.shadow.dx * placed.height);
  const dy = Math.round(layout.shadow.dy * placed.height);
  const sl = placed.x - pad + dx;
  const st = placed.y - pad + dy;
  const cropped = await cropInto(silhouette.data, silhouette.info.width, silhouette.info.height, sl, st, W, H);
  if (cropped) out.push(cropped);

  // Contact shadow: a flat blurred ellipse where the product meets the floor.
  const rx = productWidth * 0.46;
  const ry = Math.max(4, productWidth * 0.07);
  const cw = Math.ceil(rx * 2 + ry * 6);
  const chh = Math.ceil(ry * 8);
  const ellipse = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${cw}" height="${chh}"><ellipse cx="${cw / 2}" cy="${chh / 2}" rx="${rx}" ry="${ry}" fill="#000" fill-opacity="0.42"/></svg>`,
    ),
  )
    .blur(Math.max(1, ry * 0.8))
    .png()
    .toBuffer();
  const cx = layout.productBox.x + layout.productBox.width / 2;
  const contact = await cropInto(ellipse, cw, chh, Math.round(cx - cw / 2), Math.round(layout.floorY - chh / 2), W, H);
  if (contact) out.push(contact);
  return out;
}

/** Crops an overlay to the canvas so sharp accepts it wherever it was placed. */
async function cropInto(png: Buffer, w: number, h: number, left: number, top: number, W: number, H: number): Promise<OverlayOptions | null> {
  const x0 = Math.max(0, -left);
  const y0 = Math.max(0, -top);
  const x1 = Math.min(w, W - left);
  const y1 = Math.min(h, H - top);
  if (x1 - x0 < 1 || y1 - y0 < 1) return null;
  const input = await sharp(png)
    .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
    .png()
    .toBuffer();
  return { input, left: left + x0, top: top + y0 };
}

async function headlineLayers(text: string, layout: Layout, palette: Palette, W: number, H: number, version: "v1" | "v2"): Promise<OverlayOptions[]> {
  // The block, cut to the platform-safe area above the captions (docs/decisions/341-five-style-looks.md).
  const box = { ...layout.headline, ...within(layout.headline, textArea({ width: W, height: H })) };
  const padX = box.panel ? Math.round(box.sizePx * 0.7) : 0;
  const padY = box.panel ? Math.round(box.sizePx * 0.55) : 0;
  const colour = box.panel ? palette.textOnAccent : palette.text;
  // Shrunk until it fits its block.
  const img = await fitText({ text, sizePx: box.sizePx, color: colour, align: box.align }, box.width - padX * 2, box.height - padY * 2);
  const size = img.sizePx;
  const out: OverlayOptions[] = [];
  if (box.panel) {
    const pw = Math.min(W, Math.round(img.width + padX * 2));
    const ph = Math.min(H, Math.round(img.height + padY * 2));
    const r = Math.round(size * 0.35);
    const bar = Math.max(4, Math.round(size * 0.16));
    const panel = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${ph}"><rect width="${pw}" height="${ph}" rx="${r}" fill="${palette.accent}"/><rect x="0" y="${r}" width="${bar}" height="${ph - 2 * r}" fill="${mix(palette.accent, "#000000", 0.35)}"/></svg>`,
    );
    const left = Math.round(box.x);
    const top = Math.round(box.y);
    out.push({ input: panel, left: clampPos(left, pw, W), top: clampPos(top, ph, H) });
    out.push({ input: img.png, left: clampPos(left + padX, img.width, W), top: clampPos(top + padY, img.height, H) });
  } else {
    const left = Math.round(box.x + (box.width - img.width) / 2);
    const top = Math.round(box.y);
    out.push({ input: img.png, left: clampPos(left, img.width, W), top: clampPos(top, img.height, H) });
    // A short accent rule under a v1 headline.
    const rw = Math.round(Math.min(W * 0.16, img.width * 0.5));
    const rh = Math.max(3, Math.round(size * 0.12));
    const rule = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${rw}" height="${rh}"><rect width="${rw}" height="${rh}" rx="${rh / 2}" fill="${palette.accent}"/></svg>`,
    );
    if (version === "v1") out.push({ input: rule, left: Math.round((W - rw) / 2), top: clampPos(top + img.height + Math.round(size * 0.25), rh, H) });
  }
  return out;
}
