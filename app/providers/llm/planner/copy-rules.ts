// Copy a person would write (issue 24 §2, docs/decisions/320-copy-a-person-would-write.md): the
// one place that says what a scene title, call-out, hook, end-card line, SEO title and hashtag may
// be, used both to write them (the local planner) and to check them (a language model's answers,
// the fixture tests). Every field is either a contiguous phrase of the script, cut at phrase
// boundaries, or a short template around the product's name and its stated benefit.
// Pure and deterministic.
import { cleanForSpeech } from "./voice-over";
import { isAllCaps, isContentWord, isStopWord, normaliseScript, stripEmoji } from "./text";

export type CopyField = "sceneTitle" | "callout" | "hook" | "endCard" | "seoTitle";

/** Characters and words per field; the case each is written in. */
export const COPY_LIMITS: Record<CopyField, { maxChars: number; minWords: number; maxWords: number; case: "sentence" | "title" }> = {
  sceneTitle: { maxChars: 40, minWords: 1, maxWords: 6, case: "sentence" },
  callout: { maxChars: 36, minWords: 2, maxWords: 6, case: "sentence" },
  hook: { maxChars: 48, minWords: 1, maxWords: 10, case: "sentence" },
  endCard: { maxChars: 32, minWords: 1, maxWords: 6, case: "sentence" },
  seoTitle: { maxChars: 60, minWords: 1, maxWords: 10, case: "title" },
};

export const HASHTAG_LIMITS = { min: 3, max: 6 } as const;

/** What a field is checked against: the script (as written), the product's name, and the captions on screen with it. */
export type CopyContext = {
  script: string;
  product?: string;
  /** The words spoken (captioned) while the field is on screen: the end card must not repeat them. */
  captions?: string;
};

/** Words a phrase may not end with: articles, prepositions, conjunctions, determiners, auxiliaries. */
const DANGLING_END = new Set(
  (
    "a an the and or but nor so yet of to for with in on at by from into onto than as if because while when whereas until " +
    "your my our their its his her this these those every each some any no not very more most just " +
    "is are was were be been being am do does did has have had can will would should could may might must " +
    "that which who whom whose " +
    // Hindi: a postposition ends its noun phrase ("CrispBox से"), a conjunction dangles
    "और या"
  ).split(" "),
);
/** Words a phrase may not start with (a cut in the middle of a clause). */
const DANGLING_START = new Set("and or but nor yet so of than because which whereas whom whose और या".split(" "));
const PRONOUN = "it|this|that|these|those|they|he|she|we|you|i|there";
const COPULA = "is|are|was|were|am|be|been|'s|’s|'re|’re|seems|looks|feels";
/** "It is light", "It's small", "They are great": a pronoun and a copula carry no claim of their own. */
const PRONOUN_COPULA = new RegExp(`^(?:(?:${PRONOUN})\\s+(?:${COPULA})\\b|(?:it|that|they|there|you|we)['’](?:s|re)\\b)`, "iu");
/** Hindi function words (content-less on their own). */
const HINDI_STOP = new Set("है हैं था थी थे का की के में से को और यह वह ये वो तो भी ही पर एक हो ना न कि जो या अब".split(" "));

/** The verbs of a call to action, as the end-card templates use them. */
export const CTA_VERBS = [
  "Shop",
  "Order",
  "Buy",
  "Get",
  "Grab",
  "Try",
  "Book",
  "Download",
  "Join",
  "Visit",
  "Subscribe to",
  "Make",
  "Fix it with",
  "Fix",
  "Meet",
];

export { isAllCaps, normaliseScript, stripEmoji };

/** Tokens compared for contiguity: words (letters, marks, digits), lower case, currency kept apart. */
export function copyTokens(text: string): string[] {
  // Prices and percentages as spoken, so "₹899" on a card matches "899 rupees" in the voice-over.
  const spoken = stripEmoji(text)
    .toLowerCase()
    .replace(/(?:₹|\brs\.?|\binr)\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 rupees")
    .replace(/\$\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 dollars")
    .replace(/€\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 euros")
    .replace(/£\s?(\d[\d,]*(?:\.\d+)?)/g, "$1 pounds")
    .replace(/(\d)\s?%/g, "$1 percent")
    .replace(/(\d),(\d)/g, "$1$2");
  return (spoken.match(/[\p{L}\p{M}\p{N}]+(?:['’.][\p{L}\p{M}\p{N}]+)*/gu) ?? []).map((t) => t.replace(/’/g, "'"));
}

function indexOfRun(hay: string[], needle: string[]): number {
  if (!needle.length || needle.length > hay.length) return -1;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Whether `phrase` is a run of consecutive words of the script (as written, or as spoken). */
export function isContiguousPhrase(phrase: string, script: string): boolean {
  const p = copyTokens(phrase);
  if (!p.length) return false;
  return [script, normaliseScript(script), cleanForSpeech(script)].some((s) => indexOfRun(copyTokens(s), p) >= 0);
}

function wordsOf(text: string): string[] {
  return stripEmoji(text)
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}₹$€£]+|[^\p{L}\p{M}\p{N}%]+$/gu, ""))
    .filter(Boolean);
}

/** Whether a word carries meaning: a content word in English, or a Devanagari word that is no function word. */
export function isMeaningful(word: string, product = ""): boolean {
  const w = word.replace(/[^\p{L}\p{M}\p{N}'’-]/gu, "");
  if (!w) return false;
  if (product && copyTokens(product).includes(w.toLowerCase())) return true;
  if (/\p{Script=Devanagari}/u.test(w)) return !HINDI_STOP.has(w) && [...w].length >= 2;
  if (/^\d/.test(w) && /[₹$€£%]|\d{2,}/.test(word)) return true; // a price or a percentage
  return isContentWord(w);
}

/** The template forms a field may take besides a phrase of the script. B, C: phrases of the script; P: the product. */
function templateParts(field: CopyField, text: string, product: string): string[][] | null {
  if (!product) {
    // "<Category>: <Benefit>" (an SEO title of a script that names no product), both phrases of the script.
    const m = field === "seoTitle" ? /^(.+?): (.+)$/u.exec(text) : null;
    if (m) return [[m[1], m[2]]];
    // "Shop now", "Try it today": a call to action that needs no name.
    const verbs = CTA_VERBS.join("|");
    return field === "endCard" && new RegExp(`^(?:${verbs}) (?:now|today|yours|yours today|it today|it yours|it)$`, "iu").test(text) ? [[]] : null;
  }
  const esc = product.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const P = `(?:${esc})`;
  const verbs = CTA_VERBS.join("|");
  const forms: Record<CopyField, RegExp[]> = {
    sceneTitle: [new RegExp(`^Meet ${P}$`, "iu"), new RegExp(`^${P}$`, "iu")],
    callout: [new RegExp(`^Meet ${P}$`, "iu"), new RegExp(`^(.+)\\. Try ${P}\\.?$`, "iu"), new RegExp(`^${P}: (.+)$`, "iu")],
    hook: [new RegExp(`^Meet ${P}[.!]?$`, "iu"), new RegExp(`^(.+)\\. Try ${P}\\.?$`, "iu")],
    endCard: [
      new RegExp(`^(?:${verbs}) (?:your )?${P}(?: (?:now|today|yours))?(?: [–·] (.+))?$`, "iu"),
      new RegExp(`^${P}(?: [–·] (.+))?$`, "iu"),
      new RegExp(`^(?:${verbs}) (?:now|today|yours|yours today|it today|it)(?: [–·] (.+))?$`, "iu"),
    ],
    seoTitle: [new RegExp(`^${P}(?: (.+?))?: (.+)$`, "iu"), new RegExp(`^${P}$`, "iu"), new RegExp(`^Meet ${P}$`, "iu")],
  };
  for (const re of forms[field]) {
    const m = re.exec(text);
    if (m) return [m.slice(1).filter((x): x is string => Boolean(x))];
  }
  return null;
}

/**
 * What is wrong with a field's text, in words; [] when it keeps every rule: within its limits, no
 * emoji, no dangling function word at either end, a content word, no pronoun-and-copula fragment,
 * a phrase of the script or a template around the product (whose variable parts are phrases of the
 * script), and for the end card, no repeat of the captions on screen with it.
 */
export function copyProblems(field: CopyField, text: string, ctx: CopyContext): string[] {
  const problems: string[] = [];
  const t = text.trim();
  const limits = COPY_LIMITS[field];
  const product = (ctx.product ?? "").trim();
  if (!t) return ["is empty"];
  const words = wordsOf(t);
  if (t.length > limits.maxChars) problems.push(`is longer than ${limits.maxChars} characters`);
  if (words.length > limits.maxWords) problems.push(`has more than ${limits.maxWords} words`);
  if (words.length < limits.minWords) problems.push(`has fewer than ${limits.minWords} words`);
  if (stripEmoji(t) !== t) problems.push("carries emoji");
  if (/…|\.\.\.$/.test(t)) problems.push("is cut off with an ellipsis");
  const first = (words[0] ?? "").toLowerCase();
  const last = (words[words.length - 1] ?? "").toLowerCase();
  if (DANGLING_START.has(first)) problems.push(`starts with the function word "${words[0]}"`);
  if (words.length > 1 && DANGLING_END.has(last) && !(product && copyTokens(product).includes(last)))
    problems.push(`ends with the function word "${words[words.length - 1]}"`);
  // A content word, or a noun after an article ("The fix"), or the verb of a call to action on the end card.
  const meaningful = words.some((w, i) => isMeaningful(w, product) || (i > 0 && /^(?:the|a|an|your|my|our|its|their)$/i.test(words[i - 1]) && !isStopWord(w)));
  const callToAction = field === "endCard" && new RegExp(`^(?:${CTA_VERBS.join("|")})\\b`, "iu").test(t);
  if (!meaningful && !callToAction) problems.push("carries no content word");
  if (field !== "hook" && PRONOUN_COPULA.test(t)) problems.push("is a pronoun and a copula, not a claim");
  if (field === "hook" && PRONOUN_COPULA.test(t) && words.length <= 4) problems.push("is a pronoun and a copula, not a claim");
  if (field === "seoTitle" ? !isTitleCase(t) : !isSentenceStart(t))
    problems.push(field === "seoTitle" ? "is not in title case" : "does not start with a capital");
  const parts = isContiguousPhrase(t, ctx.script) ? [] : templateParts(field, t, product)?.[0];
  if (parts === undefined) problems.push("is neither a phrase of the script nor a template around the product");
  else for (const part of parts) if (!isContiguousPhrase(part, ctx.script)) problems.push(`"${part}" is not a phrase of the script`);
  if (field === "endCard" && ctx.captions && repeatsCaptions(t, ctx.captions, product)) problems.push("repeats the captions on screen at the same moment");
  return problems;
}

/** Whether a text keeps the rules of its field. */
export function keepsCopyRules(field: CopyField, text: string, ctx: CopyContext): boolean {
  return copyProblems(field, text, ctx).length === 0;
}

/** An end card of two or more words that is a run of the captions under it (the product's name alone is not a repeat). */
export function repeatsCaptions(text: string, captions: string, product = ""): boolean {
  const t = copyTokens(text);
  if (t.length < 2) return false;
  if (product && t.join(" ") === copyTokens(product).join(" ")) return false;
  return indexOfRun(copyTokens(captions), t) >= 0 || indexOfRun(copyTokens(cleanForSpeech(captions)), t) >= 0;
}

function isSentenceStart(text: string): boolean {
  const first = /[\p{L}\p{N}₹$€£]/u.exec(text)?.[0] ?? "";
  return !/\p{Ll}/u.test(first);
}

const SMALL_WORDS = new Set("a an and as at but by for in of on or the to with vs via".split(" "));

function isTitleCase(text: string): boolean {
  return wordsOf(text).every((w, i) => (i > 0 && SMALL_WORDS.has(w.toLowerCase()) ? true : !/^\p{Ll}/u.test(w)));
}

/** Sentence case: the first letter capitalised, the rest as the script writes it. */
export function sentenceCase(text: string): string {
  return text.replace(/^(\P{L}*)(\p{L})/u, (_, pre: string, c: string) => pre + c.toUpperCase());
}

/** What is wrong with a list of hashtags: count, form (#word or #CamelJoinedWords), duplicates, stop words, emoji. */
export function hashtagProblems(tags: string[], ctx: CopyContext): string[] {
  const problems: string[] = [];
  if (tags.length < HASHTAG_LIMITS.min || tags.length > HASHTAG_LIMITS.max)
    problems.push(`has ${tags.length} tags, not ${HASHTAG_LIMITS.min}-${HASHTAG_LIMITS.max}`);
  const seen = new Set<string>();
  for (const tag of tags) {
    if (!/^#[\p{L}\p{M}\p{N}]+$/u.test(tag)) problems.push(`${tag} is not # and letters or digits`);
    const body = tag.slice(1);
    if ([...body].length < 2 || /^\p{N}+$/u.test(body)) problems.push(`${tag} is too short or only digits`);
    // One word in lower case, or words camel-joined ("SaladJar", "saladJar"), an acronym, or the product as spelled.
    const productTag = ctx.product ? ctx.product.replace(/[^\p{L}\p{M}\p{N}]/gu, "") : "";
    const camel = /^[\p{Ll}\p{Lu}][\p{Ll}\p{M}\p{N}]*(?:\p{Lu}[\p{Ll}\p{M}\p{N}]*)*$/u;
    if (body !== productTag && /\p{Lu}/u.test(body) && !camel.test(body) && !/^\p{Lu}+$/u.test(body))
      problems.push(`${tag} is neither lower case nor camel-joined`);
    const key = body.toLowerCase();
    if (seen.has(key)) problems.push(`${tag} is a duplicate`);
    seen.add(key);
    if (isStopWord(key) || DANGLING_END.has(key) || DANGLING_START.has(key) || HINDI_STOP.has(body)) problems.push(`${tag} is a stop word`);
  }
  return problems;
}
