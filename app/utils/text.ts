// Text normalisation shared by the server core and the UI (isomorphic; ADR 127). Every rule
// about what a person typed (empty, too short, too long, taken) is checked on the normalised
// text, so characters nobody can see cannot make an "empty" value look filled, nor two names
// that look the same count as different.
//
// Normalising means: Unicode NFKC (full-width and compatibility forms fold to their plain
// letters), then removing invisible characters (format characters such as the zero-width space,
// bidi controls and the byte-order mark, every default-ignorable code point such as the Hangul
// fillers, and the blank Braille pattern), then trimming whitespace at both ends.

/** Characters that render as nothing. The same set is spelled out in SQL in the usernames migration. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * Invisible characters that shape the visible character before them (ZWNJ/ZWJ in Indic scripts
 * and emoji sequences, variation selectors, emoji tag characters). Prose keeps them there.
 */
// Each of these is matched on its own, on purpose (they never combine with one another here).
// eslint-disable-next-line no-misleading-character-class
const ATTACHING = /[\u200C\u200D\uFE00-\uFE0F\u{E0020}-\u{E007F}\u{E0100}-\u{E01EF}]/u;

const WHITESPACE = /\s/u;

export type NormalizeOptions = {
  /** Keep joiners and variation selectors that follow a visible character (prose: scripts, titles). */
  keepJoiners?: boolean;
};

/** NFKC, invisible characters removed, trimmed. Non-strings become "". */
export function normalizeText(raw: unknown, options: NormalizeOptions = {}): string {
  if (typeof raw !== "string" || raw === "") return "";
  let out = "";
  let previousVisible = false;
  for (const ch of raw.normalize("NFKC")) {
    if (INVISIBLE.test(ch)) {
      if (options.keepJoiners && previousVisible && ATTACHING.test(ch)) out += ch;
      continue;
    }
    out += ch;
    previousVisible = !WHITESPACE.test(ch);
  }
  return trimText(out);
}

/** Trims whitespace, and with it any joiner left at an end. */
function trimText(text: string): string {
  return text.replace(/^[\s\u200C\u200D]+|[\s\u200C\u200D]+$/gu, "");
}

/** True when nothing visible is left after normalising. */
export function isBlankText(raw: unknown): boolean {
  return normalizeText(raw) === "";
}

/** Length in characters (code points), as a person counts them. */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/**
 * A username as stored and shown: normalised (all invisible characters removed, joiners too,
 * since between Latin letters they only make look-alikes) with inner runs of whitespace made
 * one space.
 */
export function normalizeUsername(raw: unknown): string {
  return normalizeText(raw).replace(/\s+/gu, " ");
}

/**
 * What makes two usernames the same: the normalised name, lower-cased. The database computes
 * the same key (profiles."usernameKey") and its unique index has the last word.
 */
export function usernameKey(raw: unknown): string {
  return normalizeUsername(raw).toLowerCase();
}
