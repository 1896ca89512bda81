// The local planner's copy (docs/decisions/320-copy-a-person-would-write.md): scene titles, hooks,
// call-outs and end-card lines cut from the script at phrase boundaries, or short templates around
// the product, each kept only when copy-rules.ts says it keeps the rules of its field.
import { COPY_LIMITS, type CopyContext, type CopyField, copyProblems, normaliseScript, sentenceCase, stripEmoji } from "./copy-rules";
import { splitSentences, titleCase } from "./text";
import { DIRECTION_LINE, SPEAKER_LABEL } from "./voice-over";

/** A phrase is cut before these words (a new phrase starts: preposition, conjunction, relative). */
const BREAK_BEFORE = new Set(
  (
    "and but or so yet because while whereas although though until unless when whenever where which who that " +
    "for with without from in on at by into onto to of after before during through across over under like than " +
    "और लेकिन पर या क्योंकि जब"
  ).split(" "),
);
const HINDI_POSTPOSITION = new Set("का की के में से को तक पर ने".split(" "));
const SUBJECT_PRONOUN = /^(?:it|this|that|they|he|she|we|you|i|there)$/i;
const COPULA = /^(?:is|are|was|were|am|'s|’s|'re|’re|seems|looks|feels)$/i;
const BENEFIT_START =
  /^(?:keeps?|makes?|gives?|helps?|lets?|brightens|protects|saves|stays|turns|cleans|cools|charges|removes|fights|locks|seals|holds|cuts|boosts|softens|hydrates|repairs|blocks|tracks|brews|blends|folds|fits|lasts|dries|heats|chills|purifies|stores|carries)$/i;

/** Ideal number of words per field (the picker prefers phrases near it). */
const IDEAL_WORDS: Record<CopyField, number> = { sceneTitle: 4, callout: 4, hook: 6, endCard: 3, seoTitle: 6 };

/**
 * What a viewer reads in a script: directions, speaker labels, [notes], (asides), markdown,
 * bullets, addresses and emoji removed; an ALL CAPS script in sentence case. Prices stay as written.
 */
export function displayText(script: string): string {
  const lines = normaliseScript(script)
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .filter((line) => !DIRECTION_LINE.test(line))
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, "")
        .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "")
        .replace(SPEAKER_LABEL, "")
        .replace(/\[[^\]]*\]|\{[^}]*\}|\([^)]*\)/g, " ")
        .replace(/(?:https?:\/\/|www\.)\S+/gi, " ")
        .replace(/\b[\w-]+(?: dot [\w-]+)+\b/gi, " ") // an address as the voice-over spells it
        .replace(/(^|[:;.!?]\s+)\d+[.)]\s+/g, "$1") // "1. " of a list joined into one line
        .replace(/(\*\*|__|\*|_|`|~~)(.+?)\1/g, "$2")
        .replace(/["“”]/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
  // A line without an end mark ends a sentence: list items and dialogue lines are phrases of their own.
  return lines.map((l) => (/[.!?…।:;,]$/.test(l) ? l : `${l}.`)).join(" ");
}

type Candidate = { text: string; score: number };

function bare(token: string): string {
  return token.replace(/^[^\p{L}\p{N}₹$€£]+|[^\p{L}\p{M}\p{N}%]+$/gu, "").toLowerCase();
}

/** Positions in a sentence's tokens where a phrase may start or end, and which of them end a clause. */
function boundaries(tokens: string[]): { cuts: Set<number>; strong: Set<number> } {
  const n = tokens.length;
  const cuts = new Set([0, n]);
  const strong = new Set([0, n]);
  for (let i = 1; i < n; i++) {
    const prev = tokens[i - 1];
    const word = bare(tokens[i]);
    // A comma that opens a list ("keep grains, greens and toppings apart") is no phrase boundary.
    const listComma = /,$/.test(prev) && tokens.slice(i, i + 4).some((t, k) => k > 0 && /^(?:and|or)$/i.test(bare(t)));
    if ((/[,;:—–]$/.test(prev) && !listComma) || /^[-—–]$/.test(prev)) {
      cuts.add(i);
      strong.add(i);
    }
    if (BREAK_BEFORE.has(word)) cuts.add(i);
    if (BENEFIT_START.test(word)) cuts.add(i);
    // "It is | leak proof": the predicate without its pronoun and copula.
    if (COPULA.test(bare(prev)) && i >= 2 && SUBJECT_PRONOUN.test(bare(tokens[i - 2]))) cuts.add(i);
    if (/^(?:it|they|we|you)['’](?:s|re)$/i.test(bare(prev))) cuts.add(i);
    // Hindi: a phrase ends after its postposition.
    if (HINDI_POSTPOSITION.has(bare(prev))) cuts.add(i);
  }
  return { cuts, strong };
}

/**
 * The best phrase of `text` for a field: a run of words starting and ending at phrase boundaries,
 * within the field's limits and keeping every rule; "" when none does. Earlier sentences, whole
 * clauses, content words and a length near the field's ideal score higher.
 */
export function bestPhrase(text: string, field: CopyField, ctx: CopyContext, options: { maxSentences?: number } = {}): string {
  const limits = COPY_LIMITS[field];
  const sentences = splitSentences(displayText(text)).slice(0, options.maxSentences ?? 12);
  let best: Candidate | null = null;
  sentences.forEach((sentence, si) => {
    const tokens = sentence.split(/\s+/).filter(Boolean);
    const { cuts, strong } = boundaries(tokens);
    const points = [...cuts].sort((a, b) => a - b);
    for (const a of points) {
      for (const b of points) {
        if (b <= a || b - a > limits.maxWords) continue;
        const candidate = phraseText(tokens.slice(a, b), b === tokens.length, field);
        if (!candidate) continue;
        const words = candidate.split(/\s+/).length;
        const content = candidate.split(/\s+/).filter((w) => /\p{L}{3,}/u.test(w)).length;
        const score = (strong.has(a) ? 4 : 0) + (strong.has(b) ? 4 : 0) + Math.min(content, 4) - Math.abs(words - IDEAL_WORDS[field]) * 0.5 - si * 3 - a * 0.1;
        if (best && score <= best.score) continue;
        if (copyProblems(field, candidate, ctx).length) continue;
        best = { text: candidate, score };
      }
    }
  });
  return (best as Candidate | null)?.text ?? "";
}

/** A token run as copy: no trailing comma or full stop (a question or exclamation mark at the sentence end kept), sentence case. */
function phraseText(tokens: string[], sentenceEnd: boolean, field: CopyField): string {
  let t = tokens.join(" ").trim();
  const mark = sentenceEnd && field === "hook" ? (/[?!]$/.exec(t.replace(/["'”’)\]]+$/, ""))?.[0] ?? "") : "";
  t = t.replace(/[\s,;:.!?…।–—-]+$/u, "").replace(/^[\s"'“‘(–—-]+/u, "");
  if (!t) return "";
  // Sentence case on screen; title case for a search result's title.
  return stripEmoji(field === "seoTitle" ? titleCase(t) : sentenceCase(t)) + mark;
}

/** A scene's (or a project's) title: the text's best short phrase, in sentence case; "" when it has none. */
export function titleFromText(text: string, product = ""): string {
  return bestPhrase(text, "sceneTitle", { script: text, product }) || product;
}

/** The hook: the first sentence when it fits (a question keeps its mark), else its best phrase; then the second sentence; else "Meet <Product>". */
export function hookFor(text: string, product = ""): string {
  const ctx = { script: text, product };
  const first = splitSentences(displayText(text))[0] ?? "";
  const whole = phraseText(first.split(/\s+/).filter(Boolean), true, "hook");
  if (whole && !copyProblems("hook", whole, ctx).length) return whole;
  const phrase = bestPhrase(text, "hook", ctx, { maxSentences: 2 });
  if (phrase) return phrase;
  return product ? `Meet ${product}` : "";
}

/** A call-out: the benefit the scene states (a phrase of it), else its best phrase; "" when none keeps the rules. */
export function calloutFor(sceneText: string, benefit: string, product = ""): string {
  const ctx = { script: sceneText, product };
  const b = sentenceCase(benefit.trim());
  if (b && !copyProblems("callout", b, ctx).length) return b;
  return bestPhrase(sceneText, "callout", ctx);
}

const OFFER = /(?:₹|rs\.?\s?|inr\s?|\$|€|£)\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)? (?:rupees|dollars|euros|pounds)\b|\b\d{1,2}\s?(?:%|percent)\s?off\b/i;
const SYMBOL: Record<string, string> = { rupees: "₹", dollars: "$", euros: "€", pounds: "£" };

/** An offer as a card shows it: "899 rupees" → "₹899", "20 percent off" → "20% off". */
function offerText(raw: string): string {
  const t = raw.replace(/\s+/g, " ").trim();
  const m = /^(\d[\d,]*(?:\.\d+)?) (rupees|dollars|euros|pounds)$/i.exec(t);
  if (m) return `${SYMBOL[m[2].toLowerCase()]}${m[1]}`;
  return t
    .replace(/\s?percent/i, "%")
    .replace(/^rs\.?\s?/i, "₹")
    .replace(/^inr\s?/i, "₹");
}
const CTA_VERB = /\b(order|shop|buy|get|grab|try|book|download|join|visit|subscribe)\b/i;

/**
 * The end card's line: a call to action around the product (with the script's own verb when it
 * says one, and its price or discount when that fits), never a run of the captions under it.
 */
export function endCardFor(input: { script: string; lastScene: string; product: string; styleCta: string }): string {
  const { product } = input;
  const ctx: CopyContext = { script: input.script, product, captions: input.lastScene };
  const verb = CTA_VERB.exec(input.lastScene)?.[1];
  const V = verb ? verb.charAt(0).toUpperCase() + verb.slice(1).toLowerCase() : "";
  const bases = [
    ...(V && product ? [`${V} ${product} now`, `${V} ${product} today`] : []),
    ...(V && !product ? [`${V} now`, `${V} yours today`] : []),
    input.styleCta,
    ...(product ? [product] : []),
  ];
  const raw = OFFER.exec(input.lastScene)?.[0] ?? OFFER.exec(input.script)?.[0];
  const offer = raw ? offerText(raw) : "";
  const candidates = offer ? bases.flatMap((b) => [`${b} – ${offer}`, b]) : bases;
  return candidates.find((c) => !copyProblems("endCard", c, ctx).length) ?? input.styleCta;
}
