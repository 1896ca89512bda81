// The caption looks a user picks (docs/decisions/350-caption-styles.md): five styles, three sizes,
// and a position that is one of the safe area's bands (media/safe-zones.ts). Browser-safe: the
// dialog, the editors' compile forms, the tool catalogue and the renderer share these names.

export const CAPTION_LOOKS = ["bold-pop", "lower-third", "boxed", "karaoke", "minimal"] as const;
export type CaptionLook = (typeof CAPTION_LOOKS)[number];

export const CAPTION_SIZES = ["small", "medium", "large"] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number];

/** Against the safe area's top edge, in its middle, or against its bottom edge (SafeBand of media/safe-zones.ts). */
export const CAPTION_POSITIONS = ["upper", "middle", "lower"] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];

/** A caption choice: the look, its size and where it sits. */
export type CaptionChoice = { style: CaptionLook; size: CaptionSize; position: CaptionPosition };

export const CAPTION_LOOK_LABELS: Record<CaptionLook, { label: string; hint: string }> = {
  "bold-pop": { label: "Bold pop", hint: "Big bold words; the spoken word pops in colour" },
  "lower-third": { label: "Lower third", hint: "Clean text on a strip with a colour bar" },
  boxed: { label: "Boxed", hint: "Dark text on a solid light box" },
  karaoke: { label: "Karaoke", hint: "Words fill with colour as they are said" },
  minimal: { label: "Minimal", hint: "Small plain text with a soft shadow" },
};

export const CAPTION_SIZE_LABELS: Record<CaptionSize, string> = { small: "Small", medium: "Medium", large: "Large" };

export const CAPTION_POSITION_LABELS: Record<CaptionPosition, string> = { upper: "Upper", middle: "Middle", lower: "Lower" };

/** Each Style's own caption look: five Styles, five looks (a Style not named here gets Product Showcase's). */
export const STYLE_CAPTION_DEFAULTS: Record<string, CaptionChoice> = {
  "Product Showcase": { style: "bold-pop", size: "large", position: "lower" },
  "UGC Testimonial": { style: "boxed", size: "medium", position: "lower" },
  Unboxing: { style: "karaoke", size: "medium", position: "lower" },
  "Problem / Solution": { style: "lower-third", size: "medium", position: "lower" },
  Lifestyle: { style: "minimal", size: "medium", position: "lower" },
};

/** The Style a name or free words mean, for its caption look and colours (matched loosely, as the Styles are named). */
export function captionStyleName(style: string | null | undefined): keyof typeof STYLE_CAPTION_DEFAULTS {
  const s = (style ?? "").toLowerCase();
  if (/ugc|testimonial/.test(s)) return "UGC Testimonial";
  if (/unbox/.test(s)) return "Unboxing";
  if (/problem|solution/.test(s)) return "Problem / Solution";
  if (/lifestyle/.test(s)) return "Lifestyle";
  return "Product Showcase";
}

/** The Style's default caption choice. */
export function defaultCaptionChoice(style: string | null | undefined): CaptionChoice {
  return STYLE_CAPTION_DEFAULTS[captionStyleName(style)];
}

export function isCaptionLook(value: unknown): value is CaptionLook {
  return typeof value === "string" && (CAPTION_LOOKS as readonly string[]).includes(value);
}
export function isCaptionSize(value: unknown): value is CaptionSize {
  return typeof value === "string" && (CAPTION_SIZES as readonly string[]).includes(value);
}
export function isCaptionPosition(value: unknown): value is CaptionPosition {
  return typeof value === "string" && (CAPTION_POSITIONS as readonly string[]).includes(value);
}

/**
 * What a person picked: each part a value, or null for the Style's own (the forms' "Style's own"
 * option). What the renderer gets is the picked parts only (RenderRequest.captions).
 */
export type CaptionPick = { style: CaptionLook | null; size: CaptionSize | null; position: CaptionPosition | null };

/** The parts of a pick that were chosen (the rest come from the Style). */
export function chosenParts(pick: CaptionPick | null | undefined): Partial<CaptionChoice> {
  const out: Partial<CaptionChoice> = {};
  if (isCaptionLook(pick?.style)) out.style = pick.style;
  if (isCaptionSize(pick?.size)) out.size = pick.size;
  if (isCaptionPosition(pick?.position)) out.position = pick.position;
  return out;
}
