// What a file really is, from its first bytes (magic numbers) via the `file-type` package.
// The name and the type the browser declared are never trusted for this.
import { fileTypeFromBuffer } from "file-type";
import { acceptedType, type AcceptedType, type MediaKind } from "./media-types";

/** Bytes read before deciding; enough for every container we accept (MP4's ftyp, RIFF, ZIP). */
export const SNIFF_BYTES = 64 * 1024;

const NORMALISE: Record<string, string> = {
  "audio/x-m4a": "audio/mp4",
  "audio/x-flac": "audio/flac",
  "audio/x-wav": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "audio/ogg; codecs=opus": "audio/ogg",
  "audio/opus": "audio/ogg",
  "video/x-m4v": "video/mp4",
};

/** The accepted type of these bytes, or null when they are not a type we accept. */
export async function sniffType(head: Uint8Array): Promise<AcceptedType | null> {
  if (head.byteLength === 0) return null;
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  const mime = NORMALISE[found.mime] ?? found.mime;
  return acceptedType(mime) ?? null;
}

/**
 * The type to store for an upload that must be one of `kinds`. MP4 and WebM are containers for
 * audio as well as video: where only audio is wanted they are taken as audio/mp4 or audio/webm
 * (what an .m4a or .weba file is).
 */
export function reconcileKind(type: AcceptedType, kinds: readonly MediaKind[]): AcceptedType | null {
  if (kinds.includes(type.kind)) return type;
  if (kinds.includes("audio") && type.kind === "video") {
    if (type.mime === "video/mp4") return acceptedType("audio/mp4") ?? null;
    if (type.mime === "video/webm") return acceptedType("audio/webm") ?? null;
  }
  return null;
}
