// Text primitives shared by the local planner: sentence splitting, word counting, stop words,
// light stemming and keyword extraction. Pure functions, no I/O, deterministic.

/** Average speaking rate used to turn words into seconds (English voice-over, ~150 wpm). */
export const WORDS_PER_SECOND = 2.5;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Words a listener hears: whitespace-separated tokens that contain a letter or a digit. */
export function countWords(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/)) if (LETTER_OR_DIGIT.test(token)) n++;
  return n;
}

export function secondsForWords(words: number, wordsPerSecond = WORDS_PER_SECOND): number {
  return round1(words / wordsPerSecond);
}

export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

export function normalizeWhitespace(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();
}

/** Paragraphs are separated by one or more blank lines. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => normalizeWhitespace(p).replace(/\n/g, " "))
    .filter((p) => LETTER_OR_DIGIT.test(p));
}

const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "vs",
  "etc",
  "approx",
  "no",
  "inc",
  "ltd",
  "co",
  "corp",
  "dept",
  "est",
  "fig",
  "mt",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "e.g",
  "i.e",
  "a.m",
  "p.m",
  "u.s",
  "u.k",
  "rs",
]);

/**
 * Splits text into sentences at . ! ? … and the Devanagari danda, keeping the punctuation.
 * Does not split after common abbreviations, single initials, decimals ("2.5") or when the next
 * word starts in lower case ("e.g. this").
 */
export function splitSentences(text: string): string[] {
  const src = normalizeWhitespace(text).replace(/\n+/g, " ");
  if (!src) return [];
  const out: string[] = [];
  const boundary = /([.!?…।]+)(["'”’)\]]*)(\s+)/g;
  let start = 0;
  let m: RegExpExecArray | null;
  while ((m = boundary.exec(src))) {
    const end = m.index + m[1].length + m[2].length;
    const before = src.slice(start, m.index);
    const lastToken = (before.split(/\s+/).pop() ?? "").toLowerCase().replace(/^["'“‘(]+/, "");
    const next = src.slice(m.index + m[0].length);
    const punct = m[1];
    if (punct === ".") {
      if (ABBREVIATIONS.has(lastToken)) continue;
      if (/^\p{Lu}$/u.test(lastToken.toUpperCase()) && lastToken.length === 1) continue; // initials
      if (/^\p{Ll}/u.test(next)) continue;
    }
    const sentence = src.slice(start, end).trim();
    if (sentence) out.push(sentence);
    start = m.index + m[0].length;
  }
  const rest = src.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/**
 * Clause pieces of one long sentence: cut after , ; : and dashes, and before coordinating
 * conjunctions, keeping every character (joined with spaces they give back the sentence).
 */
export function splitClauses(sentence: string): string[] {
  const words = sentence.split(/\s+/).filter(Boolean);
  const pieces: string[] = [];
  let current: string[] = [];
  const conj = /^(and|but|so|because|while|which|whereas|although|though|yet|or|until|then)$/i;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (current.length >= 3 && conj.test(w) && i < words.length - 2) {
      pieces.push(current.join(" "));
      current = [];
    }
    current.push(w);
    if (/[,;:—–]$/.test(w) || w === "-" || w === "—" || w === "–") {
      pieces.push(current.join(" "));
      current = [];
    }
  }
  if (current.length) pieces.push(current.join(" "));
  return pieces.filter((p) => LETTER_OR_DIGIT.test(p));
}

export const STOP_WORDS = new Set(
  (
    "a about above after again against all almost also am among an and any are aren't around as at " +
    "be because been before being below between both but by can can't cannot could couldn't did " +
    "didn't do does doesn't doing don't down during each either else enough even ever every few for " +
    "from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers " +
    "herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it it's its " +
    "itself just let's like may maybe me might more most much must mustn't my myself neither never " +
    "no nor not now of off often on once one only or other ought our ours ourselves out over own " +
    "per perhaps quite rather really same shall shan't she she'd she'll she's should shouldn't since " +
    "so some such than that that's the their theirs them themselves then there there's these they " +
    "they'd they'll they're they've this those though through thus to too toward towards under " +
    "until up upon us very via was wasn't we we'd we'll we're we've were weren't what what's when " +
    "when's where where's whether which while who who's whom whose why why's will with within " +
    "without won't would wouldn't yes yet you you'd you'll you're you've your yours yourself " +
    "yourselves ok okay oh hey hi hello yeah wow thing things something anything everything nothing " +
    "someone anyone everyone lot lots way ways kind bit day days time times today tomorrow yesterday " +
    "actually basically literally totally truly simply definitely absolutely honestly already always " +
    "still soon instead together anymore everywhere somewhere anywhere else " +
    // number words and time units say nothing on their own
    "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " +
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred " +
    "thousand million first second third fourth fifth last next half twice once " +
    "seconds minute minutes hour hours week weeks month months year years " +
    // Hindi function words, question words and pronouns (a Devanagari script's stop words)
    "है हैं था थी थे का की के में से को और यह वह ये वो तो भी ही पर एक हो ना न कि जो या अब क्या आप आपका आपकी आपके " +
    "इसका इसकी इसके उसका उसकी उसके मेरा मेरी मेरे हम हमारा तक ने जाता जाती जाते करें करे कर होता होती होते बनाता बनाती बनाते रखता रखती रखते"
  ).split(/\s+/),
);

/**
 * Frequent verbs (base forms). Keyword extraction skips them and their inflections so that
 * titles, prompts and hashtags are built from nouns and adjectives.
 */
const COMMON_VERBS = new Set(
  (
    "be have do say get make go know take see come think look want give use find tell ask work seem " +
    "feel try leave call need become put mean keep let begin show hear play run move live believe " +
    "bring happen write sit stand lose pay meet include continue set learn change lead understand " +
    "watch follow stop create speak read spend grow open walk win offer remember love consider appear " +
    "buy wait serve die send expect build stay fall cut reach kill remain suggest raise pass sell " +
    "require report decide pull hold turn start help add apply shop order grab discover experience " +
    "enjoy imagine meet pick choose click tap swipe check visit join save wear feel smell taste " +
    "touch wake pour sip hit reveal transform upgrade unlock boost elevate deliver guarantee " +
    "introduce meet feature launch ship rinse wash dry spray rub massage smile laugh hold carry " +
    "fix clean cook bake drink eat sleep dream shine glow fit last care"
  ).split(/\s+/),
);

const VERB_FORMS = new Set<string>();
for (const v of COMMON_VERBS) {
  VERB_FORMS.add(v);
  VERB_FORMS.add(v + "s");
  VERB_FORMS.add(v + "ed");
  VERB_FORMS.add(v + "ing");
  if (v.endsWith("e")) {
    VERB_FORMS.add(v + "d");
    VERB_FORMS.add(v.slice(0, -1) + "ing");
  }
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(v)) {
    VERB_FORMS.add(v + v.slice(-1) + "ed");
    VERB_FORMS.add(v + v.slice(-1) + "ing");
  }
  if (v.endsWith("y")) VERB_FORMS.add(v.slice(0, -1) + "ies");
}
for (const irregular of (
  "is are was were been am has had does did said got gotten made went gone knew known took taken saw " +
  "seen came thought gave given told found felt left kept began begun brought wrote written sat stood " +
  "lost paid met led understood spent grew grown won sold sent built fell fallen held ran bought " +
  "goes woke poured worn"
).split(/\s+/)) {
  VERB_FORMS.add(irregular);
}

/** Adjectives that carry no topic: never keywords, titles or hashtags on their own. */
export const GENERIC_ADJECTIVES = new Set(
  (
    "hard easy good bad great best better worse new old heavy long short fast slow sure real whole full ready free able " +
    "amazing awesome incredible perfect favourite favorite ultimate simple quick instant daily extra special big small " +
    "little nice cool huge tiny many several different own"
  ).split(" "),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

export function isLikelyVerb(word: string): boolean {
  return VERB_FORMS.has(word.toLowerCase());
}

/** Word tokens (letters, digits, inner apostrophes and hyphens), original case. */
export function tokenize(text: string): string[] {
  return text.match(/[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu) ?? [];
}

/** A light English stemmer for grouping counts: plurals and possessives only. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length > 4 && w.endsWith("ies")) w = w.slice(0, -3) + "y";
  else if (w.length > 4 && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is|ous)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** A token that can describe something visible or be searched for: no stop word, verb, adverb or number. */
export function isContentWord(token: string): boolean {
  const w = token.toLowerCase();
  // Short tokens count only as acronyms or letter names ("UV", "Vitamin C"), never "I" or "A".
  if (w.length < 3 && !/^\p{Lu}{2,}$/u.test(token) && !/^[B-HJ-Z]$/.test(token)) return false;
  if (/^\p{N}+$/u.test(w)) return false;
  if (STOP_WORDS.has(w) || isLikelyVerb(w)) return false;
  if (w.length > 4 && w.endsWith("ly") && !/(ily|ply|lly)$/.test(w) && !FAMILY_LIKE.has(w)) return false;
  return true;
}

const FAMILY_LIKE = new Set(["family", "italy", "butterfly", "jelly", "belly", "holy", "assembly", "supply", "anomaly", "lily"]);

export interface Keyword {
  /** Display form (most frequent surface form; phrases joined by a space). */
  text: string;
  /** Grouping key (stemmed, lower case). */
  key: string;
  count: number;
  score: number;
  /** Index of the first occurrence in the token stream. */
  first: number;
  words: number;
}

export interface KeywordOptions {
  /** Words (any case) never returned, e.g. the product's own name. */
  exclude?: Iterable<string>;
  limit?: number;
  /** Include two-word phrases that occur at least this often (default 2). */
  minPhraseCount?: number;
}

/**
 * Term-frequency keyword extraction: counts content words (stemmed) and adjacent content-word
 * pairs; a phrase that repeats outranks its parts. Ties break by first position, so the result
 * is deterministic.
 */
export function extractKeywords(text: string, options: KeywordOptions = {}): Keyword[] {
  const exclude = new Set([...(options.exclude ?? [])].map((w) => stem(w)));
  const minPhrase = options.minPhraseCount ?? 2;
  const matches = [...text.matchAll(/[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu)];
  const tokens = matches.map((m) => m[0]);
  const uni = new Map<string, { forms: Map<string, number>; count: number; first: number }>();
  const bi = new Map<string, { forms: Map<string, number>; count: number; first: number }>();
  let prev: { key: string; form: string } | null = null;
  tokens.forEach((tok, i) => {
    const at = matches[i].index ?? 0;
    const prevEnd = i === 0 ? 0 : (matches[i - 1].index ?? 0) + matches[i - 1][0].length;
    const gap = text.slice(prevEnd, at);
    if (/[^\s]/.test(gap)) prev = null; // punctuation between words ends a phrase
    if (!isContentWord(tok)) {
      prev = null;
      return;
    }
    const key = stem(tok);
    if (exclude.has(key)) {
      prev = null;
      return;
    }
    // Keep the casing of acronyms and of capitalised words inside a sentence (names, brands).
    const startsSentence = i === 0 || /[.!?…।:\n]/.test(gap);
    const keepCase = /^\p{Lu}{2,}$/u.test(tok) || (/^\p{Lu}/u.test(tok) && !startsSentence);
    const form = keepCase ? tok : tok.toLowerCase();
    bump(uni, key, form, i);
    if (prev) bump(bi, `${prev.key} ${key}`, `${prev.form} ${form}`, i - 1);
    prev = { key, form };
  });
  const out: Keyword[] = [];
  for (const [key, v] of uni) {
    if (GENERIC_ADJECTIVES.has(key)) continue;
    out.push({ key, text: topForm(v.forms), count: v.count, first: v.first, words: 1, score: v.count + positionBonus(v.first, tokens.length) });
  }
  for (const [key, v] of bi) {
    if (v.count < minPhrase) continue;
    out.push({ key, text: topForm(v.forms), count: v.count, first: v.first, words: 2, score: v.count * 2.2 + positionBonus(v.first, tokens.length) });
  }
  // A word that only ever appears inside a chosen phrase adds nothing on its own.
  const phrases = out.filter((k) => k.words === 2);
  const filtered = out.filter((k) => {
    if (k.words !== 1) return true;
    return !phrases.some((p) => p.key.split(" ").includes(k.key) && p.count >= k.count);
  });
  filtered.sort((a, b) => b.score - a.score || a.first - b.first || a.key.localeCompare(b.key));
  return filtered.slice(0, options.limit ?? 10);
}

function bump(map: Map<string, { forms: Map<string, number>; count: number; first: number }>, key: string, form: string, i: number) {
  let v = map.get(key);
  if (!v) {
    v = { forms: new Map(), count: 0, first: i };
    map.set(key, v);
  }
  v.count++;
  v.forms.set(form, (v.forms.get(form) ?? 0) + 1);
}

function topForm(forms: Map<string, number>): string {
  let best = "";
  let n = -1;
  for (const [f, c] of forms) if (c > n || (c === n && f < best)) [best, n] = [f, c];
  return best;
}

function positionBonus(first: number, total: number): number {
  if (total === 0) return 0;
  return 0.5 * (1 - first / total);
}

export function titleCase(text: string): string {
  const small = new Set(["a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to", "with"]);
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => {
      if (/^\p{Lu}{2,}/u.test(w) || /\p{Lu}/u.test(w.slice(1))) return w; // keep acronyms / brand casing
      if (i > 0 && small.has(w.toLowerCase())) return w.toLowerCase();
      return w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(" ");
}

/** Cuts at a word boundary so the result (with the ellipsis) is at most max characters. */
export function truncateWords(text: string, max: number, ellipsis = "…"): string {
  if (text.length <= max) return text;
  const room = max - ellipsis.length;
  const cut = text.slice(0, room + 1);
  const lastSpace = cut.lastIndexOf(" ");
  const base = (lastSpace > room * 0.5 ? cut.slice(0, lastSpace) : text.slice(0, room)).replace(/[\s,;:.\-–—]+$/, "");
  return base + ellipsis;
}

export function capitalizeFirst(text: string): string {
  return text.replace(/^(\P{L}*)(\p{L})/u, (_, pre: string, c: string) => pre + c.toUpperCase());
}

export function ensureTerminalPunctuation(text: string): string {
  const t = text.trim();
  if (!t) return t;
  return /[.!?…।]["'”’)]*$/.test(t) ? t : t + ".";
}

const EMOJI = /(?:\p{Extended_Pictographic}|\p{Regional_Indicator})(?:\uFE0F|\uFE0E|\u20E3|\u200D(?:\p{Extended_Pictographic}))*|\uFE0F|\u200D|\u20E3/gu;

/** Text without emoji (titles and tags never carry them). */
export function stripEmoji(text: string): string {
  return text
    .replace(EMOJI, " ")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ +([,.!?;:])/g, "$1")
    .trim();
}

/** Whether a script is written in capitals (shouting): most of its Latin letters upper case. */
export function isAllCaps(text: string): boolean {
  const letters = text.match(/[A-Za-z]/g) ?? [];
  if (letters.length < 12) return false;
  const upper = letters.filter((c) => c >= "A" && c <= "Z").length;
  return upper / letters.length > 0.8;
}

const INTRO_AFTER = /\b(meet|introducing|presenting|try|get|order|buy|grab|discover|choose)\s+(\p{L}[\p{L}\p{N}'’-]*)/giu;

/**
 * A script to write copy from: emoji removed; an ALL CAPS script in sentence case (sentence
 * starts, "I", the names after "meet"/"try"/"get" ... and short acronyms kept capitalised).
 */
export function normaliseScript(text: string, options: { keepEmoji?: boolean } = {}): string {
  const clean = options.keepEmoji ? text : stripEmoji(text);
  if (!isAllCaps(clean)) return clean;
  const lower = clean.toLowerCase();
  const cased = lower
    .split("\n")
    .map((line) => line.replace(/(^\P{L}*|[.!?…]\s+)(\p{L})/gu, (_, pre: string, c: string) => pre + c.toUpperCase()))
    .join("\n")
    .replace(/\bi\b/g, "I")
    .replace(INTRO_AFTER, (_m, verb: string, name: string) => `${verb} ${name.charAt(0).toUpperCase()}${name.slice(1)}`);
  // Two- and three-letter words that were acronyms (UV, SPF, USB) stay capitals when they are no English word.
  const original = clean.split(/(\s+)/);
  const out = cased.split(/(\s+)/);
  if (out.length !== original.length) return cased;
  return out
    .map((w, i) =>
      original[i] && /^[A-Z]{2,3}$/.test(original[i].replace(/[^A-Za-z]/g, "")) && !COMMON_SHORT.has(w.toLowerCase().replace(/[^a-z]/g, "")) ? original[i] : w,
    )
    .join("");
}

const COMMON_SHORT = new Set(
  "a an am as at be by do go he if in is it me my no of on or so to up us we you the and but for are was its our all any can get has her him his how new not now one out see two way who why yes yet off too try own per buy day".split(
    " ",
  ),
);
