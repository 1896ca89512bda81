// The brand kit's preview frame (docs/decisions/310-brand-kit.md): the end card of an ad as the
// compositor draws it with the kit (logo, palette, font, call to action, website line), with a
// caption over it as the renderer draws captions in the kit's colours and font, and the corner
// mark when it is on. Same code as the ad; only the product is a neutral sample shape.
import sharp, { type OverlayOptions } from "sharp";
import type { Actor } from "~/models/access/actor.server";
import { composeShot } from "~/providers/image/shots.server";
import { brandCaptionStyle, captionBand, captionStyleFor, wordCaptionPng } from "~/providers/render/captions.server";
import type { BrandFieldErrors, BrandKitInput } from "./brand-rules";
import { assertActor } from "~/models/access/actor.server";
import { brandLogoBytes, checkBrandKit, getBrandKit, type LogoChange } from "./brand-kit.server";

const SIZE = { width: 360, height: 640 };

/** A plain bottle-like sample product (the preview has no product photo). */
function sampleProduct(): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="400"><rect x="75" y="10" width="50" height="60" rx="8" fill="#d4d4d8"/><rect x="30" y="60" width="140" height="330" rx="36" fill="#f4f4f5"/><rect x="30" y="170" width="140" height="110" fill="#a1a1aa"/></svg>`,
  );
}

/** The preview frame (JPEG) of a kit, saved or not; `logo` is a rasterised logo PNG. */
export async function renderBrandPreview(kit: BrandKitInput, logo: Buffer | null): Promise<Buffer> {
  const product = await sharp(sampleProduct()).png().toBuffer();
  const { image } = await composeShot(
    {
      shot: "end-card",
      size: SIZE,
      headline: kit.callToAction || "Shop now",
      productName: "Your product",
      ...(logo ? { logo } : {}),
      brand: { colors: kit.colors, fontId: kit.fontId, website: kit.website || undefined },
      tone: "dark",
    },
    product,
    null,
  );
  const style = brandCaptionStyle(captionStyleFor(null), kit);
  const band = captionBand(SIZE, style);
  const caption = await wordCaptionPng(["Made", "for", "you"], 1, SIZE, style);
  const layers: OverlayOptions[] = [{ input: caption, left: 0, top: band.top }];
  if (logo && kit.cornerMark) {
    const side = Math.round(Math.min(SIZE.width, SIZE.height) * 0.11);
    const margin = Math.round(Math.min(SIZE.width, SIZE.height) * 0.035);
    const mark = await sharp(logo).resize(side, side, { fit: "inside" }).png().toBuffer({ resolveWithObject: true });
    layers.push({ input: mark.data, left: SIZE.width - mark.info.width - margin, top: margin });
  }
  return sharp(image).composite(layers).jpeg({ quality: 85 }).toBuffer();
}

/**
 * The preview frame of a kit the actor has not saved (the settings form's values): checked like
 * a save, drawn with the logo being uploaded, else the actor's saved logo (unless it is being
 * removed). Nothing is stored.
 */
export async function previewBrandKit(
  actor: Actor,
  input: unknown,
  logo: LogoChange,
): Promise<{ ok: true; kit: BrandKitInput; jpeg: Buffer } | { ok: false; message: string; fieldErrors: BrandFieldErrors }> {
  assertActor(actor);
  const checked = await checkBrandKit(input, logo);
  if (!checked.ok) return checked;
  const png = checked.png ?? (logo.kind === "remove" ? null : await brandLogoBytes(actor).catch(() => null));
  return { ok: true, kit: checked.kit, jpeg: await renderBrandPreview(checked.kit, png) };
}

/** The preview frame of the actor's saved kit; null when they have none. */
export async function savedBrandPreview(actor: Actor): Promise<Buffer | null> {
  const kit = await getBrandKit(actor);
  if (!kit) return null;
  return renderBrandPreview(kit, await brandLogoBytes(actor).catch(() => null));
}
