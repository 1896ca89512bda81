// Per-scene voice-over text: the words a narrator says, cleaned of script markup and symbols a
// text-to-speech engine would read badly, and trimmed to the scene's time budget.
import {
  WORDS_PER_SECOND,
  capitalizeFirst,
  countWords,
  ensureTerminalPunctuation,
  normaliseScript,
  secondsForWords,
  splitClauses,
  splitSentences,
} from "./text";

export interface VoiceOverOptions {
  /** Time budget in seconds; no limit when omitted. */
  maxSeconds?: number;
  wordsPerSecond?: number;
}

export interface VoiceOverResult {
  text: string;
  wordCount: number;
  estimatedSeconds: number;
  /** True when words were dropped to fit the time budget. */
  trimmed: boolean;
}

/** "SFX: whoosh", "CUT TO:", "ON-SCREEN TEXT: 20% off", "INT. KITCHEN - DAY": not spoken. */
export const DIRECTION_LINE =
  /^\s*(?:(?:sfx|fx|music|sound(?: effects?)?|on[- ]?screen(?: text)?|super|caption|text overlay|title card|cut to|fade (?:in|out|to)|transition|camera|shot|b-?roll|visuals?|scene|shot)\b[^:\n]{0,24}:|(?:int|ext)\.\s)/i;
export const SPEAKER_LABEL =
  /^\s*(?:narrator|vo|v\.o\.|voice[- ]?over|voiceover|host|presenter|speaker(?:\s*\d+)?|\p{Lu}[\p{Lu}\s.'-]{1,24})\s*(?:\([^)]*\))?\s*:\s+/u;
const FILLERS = /\b(really|very|just|actually|basically|literally|totally|truly|simply|definitely|absolutely|honestly|super)\s+/gi;

const CURRENCIES: Array<[RegExp, string]> = [
  [/₹\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 rupees"],
  [/\bRs\.?\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 rupees"],
  [/\bINR\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 rupees"],
  [/\$\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 dollars"],
  [/€\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 euros"],
  [/£\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 pounds"],
];

/** Turns script text into clean spoken text (no length limit). */
export function cleanForSpeech(input: string): string {
  // An ALL CAPS script is read (and captioned) in sentence case, its product's name capitalised (ADR 320).
  const lines = normaliseScript(input, { keepEmoji: true })
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .filter((line) => !DIRECTION_LINE.test(line));
  const kept = lines
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, "") // markdown heading
        .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "") // list bullet
        .replace(SPEAKER_LABEL, "")
        .replace(/\[[^\]]*\]|\{[^}]*\}/g, " ") // [stage directions], {notes}
        .replace(/\([^)]*\)/g, " ") // (parenthetical directions)
        .replace(/\p{Extended_Pictographic}(\uFE0F|\u200D\p{Extended_Pictographic})*/gu, " ")
        .trim(),
    )
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
  // A line break before a capitalised line is a pause the writer meant: make it a sentence end.
  let t = kept.reduce((acc, line) => (!acc ? line : /[.!?…,;:]$/.test(acc) || !/^\p{Lu}/u.test(line) ? `${acc} ${line}` : `${acc}. ${line}`), "");
  t = t
    .replace(/\[[^\]]*\]|\{[^}]*\}/g, " ") // directions spanning lines
    .replace(/\([^)]*\)/g, " ")
    .replace(/(\*\*|__|\*|_|`|~~)(.+?)\1/g, "$2")
    .replace(/https?:\/\/(?:www\.)?([^\s/]+)(\/[^\s]*)?/gi, (_m, host: string) => spokenDomain(host))
    .replace(/\bwww\.([^\s/]+)(\/[^\s]*)?/gi, (_m, host: string) => spokenDomain(host))
    .replace(/\b([a-z0-9-]+)\.(com|in|io|co|net|org|shop|store|app)\b/gi, (_m, a: string, b: string) => `${a} dot ${b}`)
    .replace(/@(\w+)/g, "at $1")
    .replace(/#(\w+)/g, (_m, tag: string) => tag.replace(/([a-z])([A-Z])/g, "$1 $2"));
  for (const [re, spoken] of CURRENCIES) t = t.replace(re, spoken);
  t = t
    .replace(/(\d)\s?%/g, "$1 percent")
    .replace(/\s&\s|&/g, " and ")
    .replace(/\bw\/\s?/gi, "with ")
    .replace(/\s\+\s/g, " plus ")
    .replace(/(\d)\+/g, "$1 plus")
    .replace(/\b24\/7\b/g, "twenty-four seven")
    .replace(/(\p{L})\/(\p{L})/gu, "$1 or $2")
    .replace(/\.{3,}|…/g, ", ")
    .replace(/([!?])[!?]+/g, "$1")
    .replace(/\s*[-–—]{1,2}\s+/g, ", ")
    .replace(/["“”]/g, "")
    // ALL-CAPS shouting (4+ letters) is read letter by letter by some engines.
    .replace(/\b\p{Lu}{4,}\b/gu, (w) => w.toLowerCase())
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/([,;:])(?=[,.;:!?])/g, "")
    .replace(/^[\s,;:.]+/, "")
    .replace(/,\s*$/, "")
    .trim();
  // Sentences that lost their capital after a removed prefix.
  t = splitSentences(t)
    .map((s) => capitalizeFirst(s))
    .join(" ");
  return t ? ensureTerminalPunctuation(t) : "";
}

function spokenDomain(host: string): string {
  return host.replace(/\.$/, "").split(".").join(" dot ");
}

/**
 * Voice-over text for one scene. When the cleaned text is longer than the budget, whole
 * sentences are kept in order while they fit; if even the first sentence is too long, filler
 * words are dropped and the sentence is cut at the last clause boundary that fits.
 */
export function writeVoiceOver(sceneText: string, options: VoiceOverOptions = {}): VoiceOverResult {
  const wps = options.wordsPerSecond ?? WORDS_PER_SECOND;
  const cleaned = cleanForSpeech(sceneText);
  const maxWords = options.maxSeconds ? Math.max(1, Math.floor(options.maxSeconds * wps + 1e-9)) : Infinity;
  let text = cleaned;
  let trimmed = false;
  if (countWords(cleaned) > maxWords) {
    trimmed = true;
    const sentences = splitSentences(cleaned);
    const kept: string[] = [];
    let used = 0;
    for (const s of sentences) {
      const n = countWords(s);
      if (used + n <= maxWords) {
        kept.push(s);
        used += n;
      }
    }
    text = kept.length ? kept.join(" ") : fitSentence(sentences[0] ?? cleaned, maxWords);
  }
  const wordCount = countWords(text);
  return { text, wordCount, estimatedSeconds: secondsForWords(wordCount, wps), trimmed };
}

function fitSentence(sentence: string, maxWords: number): string {
  let s = sentence.replace(FILLERS, "");
  if (countWords(s) <= maxWords) return ensureTerminalPunctuation(capitalizeFirst(s));
  const clauses = splitClauses(s);
  const kept: string[] = [];
  let used = 0;
  for (const c of clauses) {
    const n = countWords(c);
    if (used + n > maxWords) break;
    kept.push(c);
    used += n;
  }
  if (used >= Math.ceil(maxWords * 0.6)) s = kept.join(" ");
  else s = s.split(/\s+/).slice(0, maxWords).join(" ");
  s = s.replace(/[\s,;:—–-]+$/, "").replace(/\s+(and|but|or|so|with|the|a|an|of|to|for)$/i, "");
  return ensureTerminalPunctuation(capitalizeFirst(s));
}
