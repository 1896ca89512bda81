// The brand kit's rules and texts, safe in the browser (the settings form shows them): what a
// kit holds, the limits of each field, and the messages people see. The server checks every
// save with brandKitInput (docs/decisions/310-brand-kit.md).
import { z } from "zod";
import { BRAND_FONT_IDS, BRAND_FONT_LABELS, DEFAULT_BRAND_FONT, type BrandFontId } from "~/providers/media/font-ids";

export { BRAND_FONT_IDS, BRAND_FONT_LABELS, DEFAULT_BRAND_FONT, type BrandFontId };

/** The largest logo file taken (before it is rasterised). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The most pixels a logo may decode to (refused above: a decompression bomb). */
export const LOGO_MAX_PIXELS = 4096 * 4096;
/** The stored logo's longest side (it is scaled down to it). */
export const LOGO_STORED_SIDE = 1024;
export const CTA_MAX_CHARS = 40;
export const WEBSITE_MAX_CHARS = 60;

export const BRAND_MESSAGES = {
  saved: "Brand kit saved. Your new ads will use it.",
  removed: "Brand kit removed. New ads use the Style's look again.",
  colorFormat: "Enter a colour as # and six hex digits, for example #1e40af.",
  colorCount: "Choose two or three brand colours.",
  font: "Choose one of the listed fonts.",
  ctaLong: `Keep the call to action to ${CTA_MAX_CHARS} characters or fewer.`,
  websiteLong: `Keep the website or handle to ${WEBSITE_MAX_CHARS} characters or fewer.`,
  lineChars: "Use letters, digits and punctuation on one line.",
  logoType: "The logo must be a PNG, JPEG or SVG file.",
  logoLarge: `The logo file is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB.`,
  logoPixels: "The logo is too large in pixels (at most 4096 × 4096).",
  logoUnreadable: "The logo cannot be read as an image. Try exporting it again as PNG.",
  svgUnsafe: "This SVG contains scripts, links to other files or entities. Export it as a plain SVG or PNG.",
  noLogo: "Upload a logo first to get colours from it.",
  suggested: "Colours suggested from your logo. Save to keep them.",
  invalid: "Please correct the fields marked below.",
  previewReady: "Preview updated (not saved).",
} as const;

const HEX = /^#[0-9a-f]{6}$/i;
const SAFE_LINE = /^[^\p{Cc}<>]*$/u;

const hex = z
  .string()
  .trim()
  .transform((v) => (/^[0-9a-f]{6}$/i.test(v) ? `#${v}` : v).toLowerCase())
  .refine((v) => HEX.test(v), { message: BRAND_MESSAGES.colorFormat });

const line = (max: number, long: string) =>
  z
    .string()
    .transform((v) => v.normalize("NFKC").replace(/\s+/g, " ").trim())
    .refine((v) => [...v].length <= max, { message: long })
    .refine((v) => SAFE_LINE.test(v), { message: BRAND_MESSAGES.lineChars });

/** A brand kit as saved (the logo travels beside it, as bytes). */
export const brandKitInput = z.object({
  colors: z.array(hex).min(2, { message: BRAND_MESSAGES.colorCount }).max(3, { message: BRAND_MESSAGES.colorCount }),
  fontId: z.enum(BRAND_FONT_IDS, { message: BRAND_MESSAGES.font }),
  callToAction: line(CTA_MAX_CHARS, BRAND_MESSAGES.ctaLong),
  website: line(WEBSITE_MAX_CHARS, BRAND_MESSAGES.websiteLong),
  cornerMark: z.boolean(),
});

export type BrandKitInput = z.output<typeof brandKitInput>;

export type BrandFieldErrors = Partial<Record<"colors" | "fontId" | "callToAction" | "website" | "logo", string>>;

/** The first message of each field (colours: any of the colour inputs). */
export function brandFieldErrors(error: z.ZodError): BrandFieldErrors {
  const out: BrandFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "colors" || field === "fontId" || field === "callToAction" || field === "website") && !out[field]) out[field] = issue.message;
  }
  return out;
}

/** A kit as the settings page and the doors see it. */
export type BrandKitView = {
  colors: string[];
  fontId: BrandFontId;
  callToAction: string;
  website: string;
  cornerMark: boolean;
  /** The stored logo's address (a PNG), null without one. */
  logoUrl: string | null;
  updatedAt: string;
};

/** The form's values before anything was saved. */
export const EMPTY_BRAND_KIT: Omit<BrandKitView, "logoUrl" | "updatedAt"> = {
  colors: ["#1e3a8a", "#f59e0b"],
  fontId: DEFAULT_BRAND_FONT,
  callToAction: "",
  website: "",
  cornerMark: false,
};
