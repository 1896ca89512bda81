// What people read when their video (or one of its steps) fails: which file to replace, in
// their words; never ffmpeg's stderr, a server path or a library's error
// (docs/decisions/271-render-failures-in-users-words.md). The full detail goes to the server
// log with the job id; this module only words the failure. Pure (no server imports).

export type FailedInput = "music" | "voice-over" | "clip" | "image" | "asset";

const NOUN: Record<FailedInput, string> = {
  music: "background music file",
  "voice-over": "voice-over file",
  clip: "video clip",
  image: "image",
  asset: "project file",
};

/** "The background music file could not be read. Please upload another one." (one per input kind). */
export function unreadableInputMessage(input: FailedInput, scene: number | null = null): string {
  if (input === "music") return "The background music file could not be read. Please upload another one.";
  if (input === "asset") return "A file of this project could not be read. Please upload another one.";
  const of = scene ? ` of scene ${scene}` : " of a scene";
  return `The ${NOUN[input]}${of} could not be read. Please upload another one.`;
}

/** Any other failure of the renderer or a media step. */
export const GENERIC_FAILURE_MESSAGE = "Something went wrong while making this video. Please try again. If it fails again, contact support.";

/** Words that only a program's own error output has (ffmpeg, libvips, Node's file errors). */
const TOOL_WORDS =
  /\b(vips\w*|libpng|libjpeg|libav\w*|demuxer|muxer|stderr|moov atom|invalid data found|conversion failed|error while (?:decoding|opening|processing)|could not seek|exit \d+|ENOENT|EACCES|EISDIR|ENOTDIR|EPERM|errno|syscall)\b|@ 0x[0-9a-f]+|\[[a-z0-9_]+ @ /i;
/** An absolute file path (two or more segments) or a Windows drive path. */
const PATH = /(^|[\s'"(=:,[])(\/[\w.@+-]+){2,}|\b[A-Za-z]:\\/;

/** Whether `text` may be shown to people as it is. */
export function isPresentable(text: string): boolean {
  return !TOOL_WORDS.test(text) && !PATH.test(text);
}

/** The input an unpresentable failure text most likely concerns (old rows: from the path's bucket or the tool's words). */
function guessInput(text: string): FailedInput | null {
  if (/background-music|\bmusic\b/i.test(text)) return "music";
  if (/voice[-_ ]?over|\bvoices?\b|\.wav\b/i.test(text)) return "voice-over";
  if (/vips|png|jpe?g|webp|\bimage\b|\bphoto/i.test(text)) return "image";
  if (/\bclip\b|\.mp4\b|\.webm\b|\.mov\b/i.test(text)) return "clip";
  return null;
}

/**
 * A stored failure text as people may read it: unchanged when it is already in their words,
 * otherwise the message for the input it concerns (scene number kept when the text has one),
 * or the generic message. Used when failures are written and again when old rows are shown.
 */
export function presentableFailure(text: string): string;
export function presentableFailure(text: string | null): string | null;
export function presentableFailure(text: string | null): string | null {
  if (text === null || text === "") return text;
  if (isPresentable(text)) return text;
  // A step's prefix ("Failed while generating video: ...") is kept; the reason is replaced.
  const step = /^(Failed while [^:]{1,60}): /.exec(text);
  const input = guessInput(text);
  const scene = /\bscene (\d{1,3})\b/i.exec(text);
  const words = input ? unreadableInputMessage(input, scene ? Number(scene[1]) : null) : GENERIC_FAILURE_MESSAGE;
  return step && !input ? `${step[1]}: ${GENERIC_FAILURE_MESSAGE}` : words;
}
