// A brand logo from the bytes someone uploaded (docs/decisions/310-brand-kit.md): recognised by
// its content (PNG, JPEG or SVG, never by name or browser type), refused above the size and pixel
// caps, and stored as a PNG. An SVG is checked before it is drawn: scripts, event handlers,
// entities (DOCTYPE / ENTITY), foreignObject, style imports and any reference that is not to a
// part of the same file (href, xlink:href, url(...)) are refused, so drawing it can neither run
// code nor fetch anything; it is then rasterised by sharp (librsvg), from memory, with no base
// address.
import sharp from "sharp";
import { BRAND_MESSAGES, LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_STORED_SIDE } from "./brand-rules";
import { dominantColors } from "./logo-colors";

export class LogoError extends Error {
  override name = "LogoError";
}

export type LogoType = "png" | "jpeg" | "svg";

/** The logo's type from its first bytes; null for anything else. */
export function sniffLogo(bytes: Buffer): LogoType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  // XML declaration, comments and a DOCTYPE may come first; the root element must be <svg>.
  const start = head.replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i, "");
  return /^<svg[\s>]/i.test(start) ? "svg" : null;
}

/** Why an SVG is refused, or null when it is safe to draw. */
export function svgRefusal(svg: string): string | null {
  const checks: Array<[RegExp, string]> = [
    [/<!DOCTYPE|<!ENTITY/i, "entities"],
    [/<script[\s>/]/i, "script"],
    [/<foreignObject[\s>/]/i, "foreignObject"],
    [/\son[a-z]+\s*=/i, "event handler"],
    [/@import/i, "style import"],
    [/javascript:/i, "javascript address"],
  ];
  for (const [pattern, what] of checks) if (pattern.test(svg)) return what;
  // Every reference must point inside the file: href="#id", url(#id).
  for (const m of svg.matchAll(/\b(?:xlink:)?href\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const target = (m[2] ?? m[3] ?? "").trim();
    if (!target.startsWith("#")) return "external reference";
  }
  for (const m of svg.matchAll(/url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi)) {
    if (!m[2].trim().startsWith("#")) return "external reference";
  }
  return null;
}

/**
 * The logo as a PNG (longest side at most LOGO_STORED_SIDE, transparency kept), or LogoError
 * with a message for people.
 */
export async function rasteriseLogo(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > LOGO_MAX_BYTES) throw new LogoError(BRAND_MESSAGES.logoLarge);
  const type = sniffLogo(bytes);
  if (!type) throw new LogoError(BRAND_MESSAGES.logoType);
  if (type === "svg" && svgRefusal(bytes.toString("utf8"))) throw new LogoError(BRAND_MESSAGES.svgUnsafe);
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: LOGO_MAX_PIXELS, ...(type === "svg" ? { density: 144 } : {}) });
    const meta = await image.metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > LOGO_MAX_PIXELS) throw new LogoError(BRAND_MESSAGES.logoPixels);
    return await image
      .rotate()
      .resize(LOGO_STORED_SIDE, LOGO_STORED_SIDE, { fit: "inside", withoutEnlargement: type !== "svg" })
      .png()
      .toBuffer();
  } catch (error) {
    if (error instanceof LogoError) throw error;
    if (/pixel limit/i.test((error as Error).message)) throw new LogoError(BRAND_MESSAGES.logoPixels);
    throw new LogoError(BRAND_MESSAGES.logoUnreadable, { cause: error });
  }
}

/** Two or three colours of a (rasterised) logo, most used first: see logo-colors.ts. */
export async function logoColors(png: Buffer): Promise<string[]> {
  const { data } = await sharp(png, { limitInputPixels: LOGO_MAX_PIXELS })
    .resize(64, 64, { fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return dominantColors(data);
}
