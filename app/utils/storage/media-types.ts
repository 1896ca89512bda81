// The file types Reelforge accepts, keyed by the MIME type detected from a file's bytes.
// Client-safe (no Node imports): the upload component uses it for `accept` and hints.

export type MediaKind = "image" | "audio" | "video" | "document";

export type AcceptedType = {
  mime: string;
  kind: MediaKind;
  /** Allowed lower-case extensions; the first is the canonical one. */
  exts: readonly string[];
};

/**
 * The allow-list. Anything not in it is refused, whatever its name says. SVG and HTML are left
 * out on purpose: they can carry script and would be served from our own origin.
 */
export const ACCEPTED_TYPES: readonly AcceptedType[] = [
  { mime: "image/jpeg", kind: "image", exts: ["jpg", "jpeg", "jfif"] },
  { mime: "image/png", kind: "image", exts: ["png"] },
  { mime: "image/webp", kind: "image", exts: ["webp"] },
  { mime: "image/gif", kind: "image", exts: ["gif"] },
  { mime: "image/avif", kind: "image", exts: ["avif"] },
  { mime: "audio/mpeg", kind: "audio", exts: ["mp3"] },
  { mime: "audio/wav", kind: "audio", exts: ["wav"] },
  { mime: "audio/ogg", kind: "audio", exts: ["ogg", "oga", "opus"] },
  { mime: "audio/aac", kind: "audio", exts: ["aac"] },
  { mime: "audio/mp4", kind: "audio", exts: ["m4a", "mp4"] },
  { mime: "audio/webm", kind: "audio", exts: ["weba", "webm"] },
  { mime: "audio/flac", kind: "audio", exts: ["flac"] },
  { mime: "video/mp4", kind: "video", exts: ["mp4", "m4v"] },
  { mime: "video/webm", kind: "video", exts: ["webm"] },
  { mime: "video/quicktime", kind: "video", exts: ["mov", "qt"] },
  { mime: "application/pdf", kind: "document", exts: ["pdf"] },
  { mime: "application/zip", kind: "document", exts: ["zip"] },
  {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    kind: "document",
    exts: ["docx"],
  },
  {
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    kind: "document",
    exts: ["xlsx"],
  },
  {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    kind: "document",
    exts: ["pptx"],
  },
];

const byMime = new Map(ACCEPTED_TYPES.map((t) => [t.mime, t]));

export function acceptedType(mime: string): AcceptedType | undefined {
  return byMime.get(mime.toLowerCase());
}

/** Largest accepted file per kind, in bytes. */
export const MAX_BYTES: Record<MediaKind, number> = {
  image: 15 * 1024 * 1024,
  audio: 30 * 1024 * 1024,
  video: 200 * 1024 * 1024,
  document: 25 * 1024 * 1024,
};

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

const KIND_NOUN: Record<MediaKind, string> = { image: "image", audio: "audio", video: "video", document: "document" };
const article = (word: string) => (/^[aeiou]/.test(word) ? "an" : "a");

/**
 * "Please upload a {kind} file" (docs/product.md#uploads-and-files). With several allowed kinds the
 * kinds are listed ("Please upload an image or video file"). The article follows English ("an
 * image").
 */
export function wrongKindMessage(kinds: readonly MediaKind[]): string {
  const nouns = kinds.map((k) => KIND_NOUN[k]);
  const list = nouns.length <= 1 ? (nouns[0] ?? "supported") : `${nouns.slice(0, -1).join(", ")} or ${nouns[nouns.length - 1]}`;
  return `Please upload ${article(list)} ${list} file`;
}

export function tooLargeMessage(kind: MediaKind): string {
  return `The file is too large. ${article(KIND_NOUN[kind]).replace(/^a/, "A")} ${KIND_NOUN[kind]} file can be at most ${formatBytes(MAX_BYTES[kind])}.`;
}

/** The `accept` attribute for a file input that takes these kinds. */
export function acceptAttribute(kinds: readonly MediaKind[]): string {
  const parts: string[] = [];
  for (const t of ACCEPTED_TYPES) {
    if (!kinds.includes(t.kind)) continue;
    parts.push(t.mime);
    for (const e of t.exts) parts.push(`.${e}`);
  }
  return [...new Set(parts)].join(",");
}

/** The kind a browser-declared MIME type suggests (client-side hints only; the server sniffs). */
export function kindOfDeclaredType(type: string): MediaKind | null {
  if (type.startsWith("image/")) return type === "image/svg+xml" ? null : "image";
  if (type.startsWith("audio/")) return "audio";
  if (type.startsWith("video/")) return "video";
  return acceptedType(type)?.kind ?? null;
}

/** A clip over its bucket's length (docs/decisions/315-own-photos-and-clips.md). */
export function clipTooLongMessage(seconds: number, limits: { maxSeconds: number }): string {
  return `The clip is ${Math.round(seconds * 10) / 10} seconds long: a clip can be at most ${limits.maxSeconds} seconds. Please trim it and upload it again.`;
}

/** A clip whose picture is too small or too large to use. */
export function clipResolutionMessage(width: number, height: number, limits: { minSide: number; maxSide: number }): string {
  return `The clip's picture is ${width}×${height} pixels: a clip must be at least ${limits.minSide} pixels on its short side and at most ${limits.maxSide} on its long side.`;
}
