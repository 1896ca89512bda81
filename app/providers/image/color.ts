// Small colour helpers for the compositor (hex <-> rgb <-> hsl, mixing, contrast).

export type Rgb = { r: number; g: number; b: number };

export function hexToRgb(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  let h = m[1];
  if (h.length === 3)
    h = h
      .split("")
      .map((c) => c + c)
      .join("");
  const n = parseInt(h, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

export function rgbToHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const rn = r / 255,
    gn = g / 255,
    bn = b / 255;
  const max = Math.max(rn, gn, bn),
    min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

export function hslToHex(h: number, s: number, l: number): string {
  h = ((h % 360) + 360) % 360;
  s = Math.max(0, Math.min(1, s));
  l = Math.max(0, Math.min(1, l));
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return rgbToHex({ r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 });
}

export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a) ?? { r: 0, g: 0, b: 0 };
  const y = hexToRgb(b) ?? { r: 0, g: 0, b: 0 };
  return rgbToHex({ r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t });
}

export function luminance(hex: string): number {
  const c = hexToRgb(hex) ?? { r: 0, g: 0, b: 0 };
  const f = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(a),
    lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The more readable of `dark` and `light` on `background`. */
export function readableOn(background: string, dark = "#111827", light = "#ffffff"): string {
  return contrastRatio(background, dark) >= contrastRatio(background, light) ? dark : light;
}

/** WCAG 2 level AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * A text colour on `background` with at least `min` contrast (WCAG 2): `preferred` when it has
 * it, else `preferred` moved towards black or white until it does (black or white at worst).
 */
export function ensureContrast(preferred: string, background: string | string[], min = MIN_TEXT_CONTRAST): string {
  const backs = Array.isArray(background) ? background : [background];
  const worst = (c: string) => Math.min(...backs.map((b) => contrastRatio(c, b)));
  if (worst(preferred) >= min) return preferred;
  const candidates = ["#ffffff", "#000000"].map((end) => {
    for (let t = 0.1; t <= 1.0001; t += 0.1) {
      const c = mix(preferred, end, Math.min(1, t));
      if (worst(c) >= min) return { c, t };
    }
    return { c: end, t: 2 };
  });
  candidates.sort((a, b) => a.t - b.t || worst(b.c) - worst(a.c));
  return candidates[0].c;
}

/** Main and accent hue of a set of pixels (RGBA), by a saturation-weighted hue histogram; null for a grey product. */
export function huesOf(rgba: Uint8Array | Buffer, minAlpha = 128): { main: number; accent: number; chroma: number } | null {
  const bins = new Array<number>(24).fill(0);
  let total = 0;
  let count = 0;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3] < minAlpha) continue;
    count++;
    const { h, s, l } = rgbToHsl({ r: rgba[i], g: rgba[i + 1], b: rgba[i + 2] });
    const w = s * (1 - Math.abs(2 * l - 1));
    if (w < 0.08) continue;
    bins[Math.floor(h / 15) % 24] += w;
    total += w;
  }
  if (!count || total / count < 0.04) return null;
  const order = bins.map((w, i) => ({ w, i })).sort((a, b) => b.w - a.w);
  const main = order[0].i * 15 + 7.5;
  const far = order.find((b) => b.w >= order[0].w * 0.15 && hueDistance(b.i * 15 + 7.5, main) >= 60);
  return { main, accent: far ? far.i * 15 + 7.5 : (main + 150) % 360, chroma: total / count };
}

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}
