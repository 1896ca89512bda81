// Rules and texts of Create Video (docs/product.md#create-video), shared by the dialog and the
// submission core (app/models/stories/video-requests.server.ts). Client-safe.
import { SCRIPT_WORD_LIMIT } from "~/utils/constants";
import { VIDEO_COST_CREDITS } from "~/models/billing/prices";
import { normalizeText } from "~/utils/text";
import { ASPECT_RATIOS, type AspectRatio } from "~/providers/media/types";

/** The video's shape, chosen at creation (docs/decisions/214-aspect-ratio-at-creation.md); 9:16 unless chosen. */
export const DEFAULT_STORY_ASPECT_RATIO: AspectRatio = "9:16";
export const STORY_ASPECT_RATIOS: readonly { id: AspectRatio; name: string }[] = [
  { id: "9:16", name: "9:16 Vertical (Reels, TikTok, Shorts)" },
  { id: "1:1", name: "1:1 Square (feed posts)" },
  { id: "16:9", name: "16:9 Landscape (YouTube, websites)" },
];
export const ASPECT_RATIO_INVALID = "Please choose an aspect ratio";
/** At most this many variants per request (docs/decisions/215-story-variants.md). */
export const MAX_STORY_VARIANTS = 4;
export { ASPECT_RATIOS, type AspectRatio };

/**
 * The script as it is checked and stored: NFKC, invisible characters removed (joiners that shape
 * the letter before them kept), trimmed (ADR 127). Empty when nothing visible was typed.
 */
export function normalizeScript(raw: unknown): string {
  return normalizeText(raw, { keepJoiners: true });
}

/** Words as docs/product.md counts them: split on whitespace (leading/trailing blanks ignored). */
export function countWords(text: string): number {
  const trimmed = normalizeScript(text);
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Input that would take the script past the limit is ignored (docs/product.md#the-dialog-create-your-video). */
export function acceptScriptInput(previous: string, next: string): string {
  return countWords(next) > SCRIPT_WORD_LIMIT ? previous : next;
}

/** What the field says when it ignored an input (ADR 268: ignored, as seed 000 says, but never silently). */
export function scriptInputIgnoredMessage(wouldBe: number): string {
  return `Not added: that would make the script ${wouldBe} words, over the ${SCRIPT_WORD_LIMIT}-word limit. Shorten the text and paste or type it again.`;
}

/** The field's change: the value it keeps and, when the input was ignored, why (seed 000's rule). */
export function scriptInputChange(previous: string, next: string): { value: string; ignored: string | null } {
  const wouldBe = countWords(next);
  if (wouldBe > SCRIPT_WORD_LIMIT) return { value: previous, ignored: scriptInputIgnoredMessage(wouldBe) };
  return { value: next, ignored: null };
}

export type Toast = { title: string; description?: string };

/**
 * The toaster inside the dialog: a modal <dialog> sits in the top layer, above the page's
 * toaster, so toasts shown while it is open go to one rendered inside it.
 */
export const DIALOG_TOASTER_ID = "create-video-dialog";

/** Where a toast raised from inside `element` is seen: the open dialog's toaster, or the page's. */
export function toasterFor(element: Element | null | undefined): string | undefined {
  const dialog = element?.closest("dialog");
  return dialog && dialog.open ? DIALOG_TOASTER_ID : undefined;
}

/** docs/product.md#messages, verbatim. */
export const VIDEO_MESSAGES = {
  scriptRequired: "Please enter a script or idea",
  insufficient: { title: "Insufficient Credits", description: `You need at least ${VIDEO_COST_CREDITS} credits to create a video.` },
  uploadProductPhoto: { title: "Upload Error", description: "Failed to upload product photo. Please try again." },
  noUser: "No authenticated user found",
  timeout: {
    title: "Timeout",
    description: "Video creation is taking longer than expected. Please check back later or try again.",
  },
  success: { title: "Success", description: "Your video has been created successfully" },
  creditsLoadFailed: "Failed to load credits. Please refresh the page.",
  tooltip: `Each video requires ${VIDEO_COST_CREDITS} credits`,
} as const;

/** "Failed to upload {kind}: {reason}" (docs/product.md#messages; kind is the media kind, as in "Please upload a {kind} file"). */
export function uploadFailedMessage(kind: string, reason: string): string {
  return `Failed to upload ${kind}: ${stripPeriod(reason)}`;
}

/** "Failed to create video: {reason}. Please try again." */
export function createFailedMessage(reason: string): string {
  return `Failed to create video: ${stripPeriod(reason)}. Please try again.`;
}

/** docs/product.md#the-dialog-create-your-video: the server-side twin of the client's 350-word cap. */
export const SCRIPT_TOO_LONG = `Please keep your script or idea to ${SCRIPT_WORD_LIMIT} words or fewer`;
export const VOICE_INVALID = "Please choose a voice";
export const STYLE_INVALID = "Please choose a style";

function stripPeriod(text: string): string {
  return text.trim().replace(/[.\s]+$/, "");
}

/** Form field names of the create-video form (the action, the dialog and the tests agree on them). */
export const FIELDS = {
  script: "script",
  voiceId: "voiceId",
  storyTypeId: "storyTypeId",
  aspectRatio: "aspectRatio",
  readyToGo: "readyToGo",
  productImage: "productImage",
  backgroundMusic: "backgroundMusic",
  requestId: "requestId",
  /** The brand's own photos and clips, in order: one hidden "mediaRef" per file (ADR 315). */
  mediaRef: "mediaRef",
  /** Without JavaScript: the own photos and clips as files of the same multipart post. */
  photos: "photos",
  clips: "clips",
  /** Set by the enhanced (JavaScript) form: answer with JSON instead of a redirect. */
  enhanced: "_enhanced",
  /** Without JavaScript: drop a file kept from an earlier attempt. */
  clearProductImage: "clearProductImage",
  clearBackgroundMusic: "clearBackgroundMusic",
} as const;

export type FieldErrors = Partial<Record<"script" | "voiceId" | "storyTypeId" | "aspectRatio" | "productImage" | "backgroundMusic" | "media", string>>;

/** A file already in storage that the form carries as "{field}Ref". */
export type KeptFile = { ref: string; url: string; contentType: string; name: string | null };

/** What the action answers (JSON for the enhanced form; action data without JavaScript). */
export type CreateVideoActionData =
  | { ok: true; storyId: number; duplicate: boolean; toast: Toast }
  | {
      ok: false;
      /** Shown as a toast with JavaScript and as an alert above the form without. */
      toast: Toast;
      fieldErrors?: FieldErrors;
      /** The submitted values, to refill the form without JavaScript. */
      values?: { script: string; voiceId: string; storyTypeId: string; aspectRatio: string; readyToGo: boolean; requestId: string };
      /** Files stored by this or an earlier attempt (refilled as refs). */
      files?: { productImage?: KeptFile | null; backgroundMusic?: KeptFile | null };
    };

/**
 * A UUID v4 for the idempotent request id. crypto.randomUUID needs a secure context (plain
 * http on a LAN address is not one), getRandomValues does not.
 */
export function newRequestId(): string {
  const b = new Uint8Array(16);
  globalThis.crypto.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
