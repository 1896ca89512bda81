// The brand kit's caption fonts (docs/decisions/310-brand-kit.md): open-licence (OFL) faces
// shipped as npm packages. Plain data, safe in the browser (the settings form lists them); the
// files behind each id are in fonts.server.ts.

export const BRAND_FONT_IDS = ["inter", "poppins", "montserrat", "playfair-display", "bebas-neue", "oswald", "noto-sans-devanagari"] as const;

export type BrandFontId = (typeof BRAND_FONT_IDS)[number];

/** The names people choose from. */
export const BRAND_FONT_LABELS: Record<BrandFontId, string> = {
  inter: "Inter (clean sans)",
  poppins: "Poppins (round sans)",
  montserrat: "Montserrat (wide sans)",
  "playfair-display": "Playfair Display (serif)",
  "bebas-neue": "Bebas Neue (tall capitals)",
  oswald: "Oswald (condensed)",
  "noto-sans-devanagari": "Noto Sans Devanagari (Hindi and Latin)",
};

export const DEFAULT_BRAND_FONT: BrandFontId = "inter";

export function isBrandFontId(value: unknown): value is BrandFontId {
  return typeof value === "string" && (BRAND_FONT_IDS as readonly string[]).includes(value);
}
