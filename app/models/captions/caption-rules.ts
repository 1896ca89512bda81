// Caption choices as the doors read them (docs/decisions/350-caption-styles.md): the form fields
// captionStyle, captionSize and captionPosition ("" = the Style's own), the tools' optional zod
// enums, and a stored pick read back. Browser-safe: the dialog and the editors' forms use it.
import { z } from "zod";
import {
  CAPTION_LOOKS,
  CAPTION_POSITIONS,
  CAPTION_SIZES,
  isCaptionLook,
  isCaptionPosition,
  isCaptionSize,
  type CaptionLook,
  type CaptionPick,
  type CaptionPosition,
  type CaptionSize,
} from "~/providers/render/caption-looks";

export * from "~/providers/render/caption-looks";

/** The form fields of a caption choice. */
export const CAPTION_FIELDS = { style: "captionStyle", size: "captionSize", position: "captionPosition" } as const;

export const CAPTION_MESSAGES = {
  style: `Caption style must be one of: ${CAPTION_LOOKS.join(", ")}.`,
  size: `Caption size must be one of: ${CAPTION_SIZES.join(", ")}.`,
  position: `Caption position must be one of: ${CAPTION_POSITIONS.join(", ")}.`,
} as const;

/** A tool's optional caption arguments: left out, the user's remembered choice is used. */
export const captionToolInput = {
  captionStyle: z
    .enum(CAPTION_LOOKS, { error: `captionStyle must be one of: ${CAPTION_LOOKS.join(", ")}` })
    .optional()
    .describe("Caption look; default: the user's last choice, else the Style's own."),
  captionSize: z
    .enum(CAPTION_SIZES, { error: `captionSize must be one of: ${CAPTION_SIZES.join(", ")}` })
    .optional()
    .describe("Caption size; default: the user's last choice, else the Style's own."),
  captionPosition: z
    .enum(CAPTION_POSITIONS, { error: `captionPosition must be one of: ${CAPTION_POSITIONS.join(", ")}` })
    .optional()
    .describe(
      "Where captions sit: against the top edge, in the middle or against the bottom edge of the platform-safe area; default: the user's last choice, else the Style's own.",
    ),
};

/** A caption input: a part left out is "not said" (the remembered choice); null is the Style's own. */
export type CaptionInput = { style?: CaptionLook | null; size?: CaptionSize | null; position?: CaptionPosition | null };

/** The tools' arguments as a caption input (only what was given). */
export function captionInputFromTool(args: { captionStyle?: CaptionLook; captionSize?: CaptionSize; captionPosition?: CaptionPosition }): CaptionInput {
  return {
    ...(args.captionStyle ? { style: args.captionStyle } : {}),
    ...(args.captionSize ? { size: args.captionSize } : {}),
    ...(args.captionPosition ? { position: args.captionPosition } : {}),
  };
}

/**
 * The caption fields of a form's zod schema: each absent (not said), "" (the Style's own) or one
 * of the names; anything else is refused with the field's message.
 */
export const captionFormFields = {
  [CAPTION_FIELDS.style]: z.enum(["", ...CAPTION_LOOKS], { error: CAPTION_MESSAGES.style }).optional(),
  [CAPTION_FIELDS.size]: z.enum(["", ...CAPTION_SIZES], { error: CAPTION_MESSAGES.size }).optional(),
  [CAPTION_FIELDS.position]: z.enum(["", ...CAPTION_POSITIONS], { error: CAPTION_MESSAGES.position }).optional(),
};

/** A form's parsed caption fields as a caption input: "" is the Style's own (null), absent is not said. */
export function captionInputFromFields(data: {
  captionStyle?: "" | CaptionLook;
  captionSize?: "" | CaptionSize;
  captionPosition?: "" | CaptionPosition;
}): CaptionInput {
  const input: CaptionInput = {};
  if (data.captionStyle !== undefined) input.style = data.captionStyle || null;
  if (data.captionSize !== undefined) input.size = data.captionSize || null;
  if (data.captionPosition !== undefined) input.position = data.captionPosition || null;
  return input;
}

/** A stored pick (a JSON column) read back; anything unreadable is the Style's own. */
export function captionPickOf(value: unknown): CaptionPick | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  return {
    style: isCaptionLook(v.style) ? v.style : null,
    size: isCaptionSize(v.size) ? v.size : null,
    position: isCaptionPosition(v.position) ? v.position : null,
  };
}

/** Whether an input says anything. */
export function saysAnything(input: CaptionInput | null | undefined): boolean {
  return !!input && ("style" in input || "size" in input || "position" in input);
}
