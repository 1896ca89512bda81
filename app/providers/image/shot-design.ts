// The colours and boxes of the ad shots (docs/decisions/205-shots-from-one-product-photo.md).
// Pure: the compositor (shots.server.ts) draws what these say.
import type { Size } from "~/providers/media/types";
import { contrastRatio, ensureContrast, hexToRgb, hslToHex, luminance, MIN_TEXT_CONTRAST, mix, rgbToHsl } from "./color";

export type ShotPalette = {
  bgTop: string;
  bgBottom: string;
  /** Panels, call-outs and the call-to-action button. */
  accent: string;
  /** Text on the background (checked against both ends of its gradient) and on the accent. */
  text: string;
  textOnAccent: string;
  /** Secondary text (product name on the end card). */
  muted: string;
  dark: boolean;
  /** The brand kit's font id for the shot's text (font-ids.ts); absent: the shipped default. */
  fontId?: string;
};

/** What a brand kit gives the shots (docs/decisions/310-brand-kit.md). */
export type ShotBrand = {
  /** 2 or 3 "#rrggbb": [0] the backgrounds' colour, [1] panels and the call-to-action button, [2] text on the background when readable. */
  colors: string[];
  fontId: string;
};

/**
 * The palette from a brand's colours: backgrounds in its first colour (as it is on a dark end
 * card or dark Style, lightened to a tint on a light one, so dark or light text stays readable),
 * panels and the button in its second. Every text keeps at least 4.5:1: the text colour is
 * moved towards black or white until it does (ensureContrast), and a panel too close to the
 * background is shaded until it stands out.
 */
export function brandPalette(brand: ShotBrand, tone: "light" | "dark"): ShotPalette {
  const [first, second = first, third] = brand.colors.map((c) => (hexToRgb(c) ? c : "#4f46e5"));
  const dark = tone === "dark";
  const bgTop = dark ? (luminance(first) > 0.18 ? mix(first, "#000000", 0.55) : first) : mix(first, "#ffffff", 0.82);
  const bgBottom = mix(bgTop, dark ? "#000000" : first, dark ? 0.35 : 0.25);
  let accent = second;
  for (let t = 0.15; contrastRatio(accent, bgTop) < 1.8 && t <= 1; t += 0.15) accent = mix(second, dark ? "#ffffff" : "#000000", t);
  const text = ensureContrast(third ?? (dark ? "#ffffff" : mix(first, "#000000", 0.75)), [bgTop, bgBottom]);
  const textOnAccent = ensureContrast(contrastRatio(accent, "#ffffff") >= contrastRatio(accent, "#111111") ? "#ffffff" : "#111111", accent);
  const muted = ensureContrast(mix(text, bgTop, 0.25), [bgTop, bgBottom]);
  return { bgTop, bgBottom, accent, text, textOnAccent, muted, dark, fontId: brand.fontId };
}

/**
 * Colours from the product: backgrounds tinted with its main hue (light or dark by the Style's
 * tone), the accent from its second hue; text at least 4.5:1 on what it sits on. A grey product
 * takes its hues from the style's palette (dark, accent, light), else indigo.
 */
export function shotPalette(
  hues: { main: number; accent: number } | null,
  tone: "light" | "dark",
  stylePalette?: string[],
  /** The Style's own background (image/style-looks.ts): saturation, top and bottom lightness, and a fixed hue. */
  background?: { saturation: number; top: number; bottom: number; hue?: number },
): ShotPalette {
  let main = 250;
  let accentHue = 330;
  if (hues) {
    main = hues.main;
    accentHue = hues.accent;
  } else {
    const given = (stylePalette ?? []).map((c) => hexToRgb(c)).filter((c): c is NonNullable<typeof c> => c !== null);
    if (given.length >= 2) {
      accentHue = rgbToHsl(given[1]).h;
      main = rgbToHsl(given[0]).h;
    }
  }
  const dark = tone === "dark";
  const bgHue = background?.hue ?? main;
  const bgTop = background ? hslToHex(bgHue, background.saturation, background.top) : dark ? hslToHex(main, 0.42, 0.16) : hslToHex(main, 0.5, 0.93);
  const bgBottom = background ? hslToHex(bgHue, background.saturation * 0.9, background.bottom) : dark ? hslToHex(main, 0.5, 0.07) : hslToHex(main, 0.45, 0.8);
  let accent = hslToHex(accentHue, 0.7, dark ? 0.55 : 0.45);
  // The accent must stand out from the background, or panels vanish into it.
  if (contrastRatio(accent, bgTop) < 1.8) accent = hslToHex(accentHue, 0.75, dark ? 0.7 : 0.32);
  const text = ensureContrast(dark ? "#ffffff" : hslToHex(main, 0.6, 0.12), [bgTop, bgBottom]);
  const textOnAccent = ensureContrast(contrastRatio(accent, "#ffffff") >= contrastRatio(accent, "#111111") ? "#ffffff" : "#111111", accent);
  const muted = ensureContrast(mix(text, bgTop, 0.25), [bgTop, bgBottom]);
  return { bgTop, bgBottom, accent, text, textOnAccent, muted, dark };
}

/** Every text/background pair a shot draws, with its contrast (for tests and the bench). */
export function paletteContrasts(p: ShotPalette): Array<{ pair: string; ratio: number }> {
  return [
    { pair: "text on background top", ratio: contrastRatio(p.text, p.bgTop) },
    { pair: "text on background bottom", ratio: contrastRatio(p.text, p.bgBottom) },
    { pair: "muted on background top", ratio: contrastRatio(p.muted, p.bgTop) },
    { pair: "muted on background bottom", ratio: contrastRatio(p.muted, p.bgBottom) },
    { pair: "text on accent", ratio: contrastRatio(p.textOnAccent, p.accent) },
  ];
}

export { MIN_TEXT_CONTRAST };

/**
 * The band captions use (captions.server.ts captionBand): shots keep the product and their own
 * text above it, so captions never cover the product.
 */
export function captionSafeTop(size: Size): number {
  const portrait = size.height > size.width * 1.2;
  return Math.round(size.height * (portrait ? 0.68 : 0.72));
}
