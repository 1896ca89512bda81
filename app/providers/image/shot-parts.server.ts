// Small drawing helpers the ad shots share (shots.server.ts, end-card.server.ts).
import sharp from "sharp";

/** The product scaled to fit a box. */
export async function fit(png: Buffer, maxW: number, maxH: number): Promise<{ png: Buffer; width: number; height: number }> {
  const out = await sharp(png)
    .resize(Math.max(1, Math.round(maxW)), Math.max(1, Math.round(maxH)), { fit: "inside" })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: out.data, width: out.info.width, height: out.info.height };
}

export function clamp(pos: number, size: number, canvas: number): number {
  return Math.max(0, Math.min(pos, canvas - Math.min(size, canvas)));
}

/** A soft shadow from the product's silhouette. */
export async function dropShadow(png: Buffer, blur: number): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  const alpha = await sharp(png).ensureAlpha().extractChannel(3).linear(0.22, 0).raw().toBuffer();
  return sharp(Buffer.alloc(w * h * 3, 0), { raw: { width: w, height: h, channels: 3 } })
    .joinChannel(alpha, { raw: { width: w, height: h, channels: 1 } })
    .blur(Math.max(0.5, blur))
    .png()
    .toBuffer();
}
