// SEO title, description and Instagram hashtags from a script (docs/decisions/199-titles-and-hashtags.md).
// The title is what a person would post: the product's name and its main benefit ("CrispJar Salad
// Jar: Keeps Dressing Separate"), never a list of frequent words. Hashtags are the product, its
// category and the topic nouns of the script: no stop words, verbs, number words, mood adjectives
// or one-letter tags.
import { cleanForSpeech } from "./voice-over";
import { HASHTAG_LIMITS, copyProblems, normaliseScript } from "./copy-rules";
import { bestPhrase } from "./copy-writer";
import {
  extractKeywords,
  GENERIC_ADJECTIVES as GENERIC,
  isContentWord,
  isLikelyVerb,
  isStopWord,
  splitSentences,
  stem,
  titleCase,
  tokenize,
  truncateWords,
} from "./text";

export interface SeoOptions {
  /** Product or brand name; leads the title and becomes a hashtag. Found in the script when not given. */
  product?: string | null;
  /** Default 60 (what search results show before cutting). */
  maxTitleLength?: number;
  /** Default 6 (ADR 320: 3-6 tags); Instagram allows at most 30. */
  maxHashtags?: number;
  /** Default 155. */
  maxDescriptionLength?: number;
}

export interface SeoMetadata {
  title: string;
  description: string;
  keywords: string[];
  hashtags: string[];
}

const INSTAGRAM_MAX_HASHTAGS = 30;
/** Added after the script's own keywords only when the script yields too few (short scripts). */
const FORMAT_TAGS = ["#reels", "#ad", "#shortvideo"];

/**
 * Words that are content words to the keyword extractor but say nothing about a product as a
 * title or hashtag: number and quantity words, times of day, moods and complaints of the hook.
 */
const NOT_TOPICS = new Set(
  (
    "zero none hint touch bit piece pinch dash couple bunch plenty tons " +
    "noon morning mornings evening evenings night nights tonight weekend weekends lunchtime minute " +
    "tired sick fed bored stressed worried annoyed frustrated hate hated soggy messy sticky greasy boring " +
    "separate separately single whole entire certain various usual extra total final main key top " +
    "across dot percent safe proof cold hot dull fresh crisp clean soft light dark " +
    "yours mine ours theirs everybody nobody somebody people guys friends " +
    "behind ahead around along away back shut open closed later ago earlier straighter"
  ).split(/\s+/),
);

/** Verbs a benefit is said with ("keeps greens crisp", "brightens dull skin"). */
const BENEFIT_VERBS =
  "keeps|keep|makes|make|gives|give|helps|help|lets|let|brightens|protects|protect|saves|save|stays|turns|cleans|cools|charges|removes|fights|locks|seals|holds|cuts|boosts|softens|hydrates|repairs|blocks|tracks|brews|blends|folds|fits|lasts|dries|heats|chills|purifies|stores|carries";

/** Words that introduce a product in a script: "Meet CrispJar", "Introducing Aurora" (either case; no `i` flag, which would let \p{Lu} match lower case). */
const INTRO_WORDS = ["meet", "introducing", "presenting", "say hello to", "try", "discover", "get", "order", "buy", "grab", "choose"];
const INTRO = new RegExp(
  `(?:^|[^\\p{L}])(?:${INTRO_WORDS.map((w) => `[${w[0].toUpperCase()}${w[0]}]${w.slice(1)}`).join("|")})\\s+((?:\\p{Lu}[\\p{L}\\p{N}'’-]*)(?:\\s+\\p{Lu}[\\p{L}\\p{N}'’-]*){0,3})`,
  "gu",
);
/** Endings of adjectives and participles: weak as hashtags on their own. */
const ADJECTIVE_LIKE = /(?:y|ful|less|ous|ive|able|ible|ish|ed|ing|al)$/;
const BENEFIT_VERB_SET = new Set(BENEFIT_VERBS.split("|"));

export function seoMetadata(script: string, options: SeoOptions = {}): SeoMetadata {
  const maxTitle = options.maxTitleLength ?? 60;
  const maxTags = Math.min(options.maxHashtags ?? HASHTAG_LIMITS.max, INSTAGRAM_MAX_HASHTAGS);
  // An address as spoken ("risedesk dot example dot com") is no topic.
  const spoken = cleanForSpeech(normaliseScript(script))
    .replace(/\b[\w-]+(?: dot [\w-]+)+\b/gi, " ")
    .replace(/\s{2,}/g, " ");
  const product = (options.product ?? "").trim() || findProduct(spoken);
  const productStems = new Set(tokenize(product).map(stem));
  // Words that are not topics in this script: its verbs, and the first word of compound
  // adjectives ("leak proof", "dishwasher safe", "ice cold").
  const verbs = new Set([...verbsInContext(spoken), ...compoundModifiers(spoken)]);
  const aside = negatedOrActedOn(spoken, verbs);

  const keywords = extractKeywords(spoken, { exclude: productStems, limit: 20 }).filter(
    (k) => isTopic(k.text, verbs) && !tokenize(k.text).some((w) => BENEFIT_VERB_SET.has(w.toLowerCase())),
  );
  const phrases = keywords.map((k) => k.text);
  // Without a name, what the script calls the product ("This lunch box keeps ...") leads the title.
  const category = product ? findCategory(spoken, product, verbs) : findSubject(spoken);
  const benefit = findBenefit(spoken, product);

  return {
    title: buildTitle({ product, category, benefit, spoken, script }, maxTitle),
    description: truncateWords(splitSentences(spoken).slice(0, 2).join(" ") || product, options.maxDescriptionLength ?? 155),
    keywords: unique([...(product ? [product] : []), ...(category ? [category] : []), ...phrases]).slice(0, 12),
    hashtags: buildHashtags({ product, category, benefit, keywords, verbs, spoken, aside }, maxTags),
  };
}

/** Whether every word of a keyword can stand for a topic (a noun or a naming phrase). */
function isTopic(text: string, verbs: Set<string>): boolean {
  const words = text.split(/\s+/);
  return words.every((w) => {
    const lower = w.toLowerCase();
    if (NOT_TOPICS.has(lower) || isStopWord(lower) || verbs.has(lower)) return false;
    return [...w].length >= 3 || /^\p{Lu}{2,}$/u.test(w) || words.length > 1;
  });
}

/**
 * Words used as verbs in this script: right after a subject pronoun or "to" ("until you shake
 * it"), or a present-tense -s form right before an article or a possessive ("rings an alarm",
 * "lights your room"), which a noun never is.
 */
function verbsInContext(text: string): Set<string> {
  const out = new Set<string>();
  const tokens = tokenize(text);
  for (let i = 1; i < tokens.length; i++) {
    if (/^(?:you|we|they|i|to|will|can|just|it|and you|nothing|everything|that|which|who)$/i.test(tokens[i - 1]) && !/^\p{Lu}/u.test(tokens[i]))
      out.add(tokens[i].toLowerCase());
  }
  for (const m of text.matchAll(
    /(?:^|[^\p{L}])(\p{Ll}{3,}[^s\P{L}]s)\s+(?:a|an|the|your|its|our|their|my|his|her|this|that|every|shut|up|down|off|out|open|closed|away|back)\b/gu,
  ))
    out.add(m[1]);
  return out;
}

/**
 * What the script says the product does away with ("no more jarring rings", "zero leaks",
 * "without a charger") or does something to in passing ("rings an alarm"): not its topics.
 */
function negatedOrActedOn(text: string, verbs: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b(?:no more|no|zero|without|never|fewer|less)\s+(\p{L}+)(?:\s+(\p{L}+))?/giu)) {
    out.add(m[1].toLowerCase());
    if (m[2]) out.add(m[2].toLowerCase());
  }
  for (const m of text.matchAll(/(\p{Ll}+)\s+(?:a|an|the|your|its)\s+(\p{Ll}+)/gu)) if (verbs.has(m[1]) && !BENEFIT_VERB_SET.has(m[1])) out.add(m[2]);
  return out;
}

/** The first word of compound adjectives ("leak proof lid", "dishwasher-safe", "ice cold"): a modifier, not a topic. */
function compoundModifiers(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(\p{L}+)[\s-]+(?:proof|safe|free|friendly|resistant|tight|cold)\b/giu)) out.add(m[1].toLowerCase());
  return out;
}

/**
 * The product's name in a script: the capitalised words after "Meet"/"Introducing"/"Get" ..., or
 * a brand-cased word (CrispJar, GLOW), or a capitalised word inside sentences that recurs.
 */
export function findProduct(text: string): string {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(INTRO)) {
    const name = m[1]
      .split(/\s+/)
      .filter((w, i, all) => i === 0 || !isStopWord(w) || i < all.length - 1)
      .join(" ")
      .replace(/['’]s$/, "");
    if (!isStopWord(name) && name.length >= 3) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  if (counts.size) return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const tokens = tokenize(text);
  const branded = tokens.find((t) => /^\p{Lu}\p{Ll}+\p{Lu}/u.test(t) || (/^\p{Lu}{3,}$/u.test(t) && !isStopWord(t)));
  if (branded) return branded;
  const inner = new Map<string, number>();
  for (const sentence of splitSentences(text)) {
    for (const t of tokenize(sentence).slice(1)) if (/^\p{Lu}\p{Ll}{2,}$/u.test(t) && !isStopWord(t)) inner.set(t, (inner.get(t) ?? 0) + 1);
  }
  const recurring = [...inner.entries()].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1]);
  return recurring[0]?.[0] ?? "";
}

/**
 * What the product is: the noun phrase the script puts beside its name ("CrispJar, the salad jar
 * that ...", "CrispJar is a glass jar for ..."), at most two words.
 */
export function findCategory(text: string, product: string, verbs: Set<string> = new Set()): string {
  if (!product) return "";
  const name = product.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(
    `${name}(?:,|\\s+is)\\s+(?:the|a|an|your)\\s+((?:[\\p{L}\\p{N}'’-]+\\s+){0,3}?[\\p{L}\\p{N}'’-]+)(?=\\s+(?:that|which|with|for|to|you|made|built|designed|from)\\b|[,.!?;:—–-])`,
    "u",
  );
  const m = pattern.exec(text);
  if (!m) return "";
  const words = m[1].split(/\s+/).filter((w) => isContentWord(w) && !NOT_TOPICS.has(w.toLowerCase()) && !verbs.has(w.toLowerCase()));
  return words.slice(-2).join(" ").toLowerCase();
}

/**
 * The product's main benefit as a short verb phrase ("keeps dressing separate"): the first clause
 * that says what it (or the product) does, cut at a conjunction, at most six words.
 */
export function findBenefit(text: string, product: string): string {
  const pattern = new RegExp(`([\\p{L}\\p{N}'’-]+)\\s+(?:\\p{Ll}+ly\\s+)?(${BENEFIT_VERBS})\\s+([^.!?;:,—–]+)`, "gu");
  for (const m of text.matchAll(pattern)) {
    // "you keep", "we make": the viewer or the brand acting, not the product's benefit.
    if (/^(?:you|we|i|they|to|will|can|please|and)$/i.test(m[1]) && !(product && m[1] === product)) continue;
    // "keep grains, greens and toppings apart": cut inside a list, the phrase would say less than the script (ADR 320).
    const after = text.slice((m.index ?? 0) + m[0].length);
    if (/^,\s*[\p{L}\s-]{1,40}?\s(?:and|or)\s/u.test(after)) continue;
    const rest = m[3].split(/\s+(?:until|unless|when|while|because|so|if|before|after|and|but|or|as|even|without|every|all)\b/i)[0];
    // A run of the script's words (ADR 320): "keeps your greens crisp", determiners kept.
    const words = [m[2].toLowerCase(), ...rest.split(/\s+/).filter(Boolean)].slice(0, 6);
    while (words.length > 1 && (isStopWord(words[words.length - 1]) || isLikelyVerb(words[words.length - 1]))) words.pop();
    if (words.length >= 2) return words.join(" ");
  }
  return "";
}

/** "This lunch box keeps ...": the thing a benefit is said of, when the script names no product. */
export function findSubject(text: string): string {
  const m = new RegExp(`(?:^|[^\\p{L}])(?:[Tt]his|[Oo]ur|[Tt]he|[Mm]y)\\s+((?:[\\p{Ll}-]+\\s+)?[\\p{Ll}-]+)\\s+(?:${BENEFIT_VERBS})\\b`, "u").exec(text);
  return m && m[1].split(/\s+/).every((w) => isContentWord(w) && !NOT_TOPICS.has(w)) ? m[1] : "";
}

type TitleParts = { product: string; category: string; benefit: string; spoken: string; script: string };

/**
 * The title (ADR 320): "<Product> <Category>: <Benefit>", "<Product>: <Benefit>" or the product's
 * name, the category and benefit being phrases of the script; without a name, "<Category>:
 * <Benefit>" or the script's best opening phrase, in title case. Never words gathered from
 * different clauses.
 */
function buildTitle({ product, category, benefit, spoken, script }: TitleParts, max: number): string {
  const lead = product ? titleCase(product) : "";
  const named = lead && category && !lead.toLowerCase().includes(category) ? `${lead} ${titleCase(category)}` : lead || titleCase(category);
  const candidates: string[] = [];
  if (benefit && named) candidates.push(`${named}: ${titleCase(benefit)}`);
  if (benefit && lead) candidates.push(`${lead}: ${titleCase(benefit)}`);
  if (lead) candidates.push(lead);
  const phrase = bestPhrase(script, "seoTitle", { script, product }, { maxSentences: 3 });
  if (phrase) candidates.push(titleCase(phrase));
  if (named && !lead) candidates.push(named);
  const ctx = { script, product };
  const fits = candidates.find((c) => c.length <= max && !copyProblems("seoTitle", c, ctx).length);
  if (fits) return fits;
  return truncateWords(candidates[0] ?? titleCase(splitSentences(spoken)[0] ?? ""), max, "");
}

function hashtag(phrase: string, keepCase = false): string | null {
  const words = phrase
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{M}\p{N}]/gu, ""))
    .filter(Boolean);
  if (!words.length) return null;
  // One word in lower case (#skincare); several in CamelCase (#VitaminC) so screen readers can read them.
  const body =
    words.length === 1
      ? keepCase || /\p{Lu}.*\p{Lu}/u.test(words[0])
        ? words[0]
        : words[0].toLowerCase()
      : words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  if (/^\p{N}+$/u.test(body)) return null; // Instagram ignores all-digit tags
  if ([...body].length < 3) return null; // "#c" from "vitamin C" says nothing
  return `#${body}`;
}

type HashtagParts = {
  product: string;
  category: string;
  benefit: string;
  keywords: Array<{ text: string; count: number; words: number }>;
  verbs: Set<string>;
  spoken: string;
  aside: Set<string>;
};

/** Whether `word` occurs in `text` outside the phrase `category` ("jar" in "the glass jar", not in "salad jar"). */
function saysAlone(text: string, word: string, category: string): boolean {
  const esc = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const rest = text.replace(new RegExp(esc(category), "giu"), " ");
  return new RegExp(`(?<![\\p{L}])${esc(word)}(?![\\p{L}])`, "iu").test(rest);
}

/**
 * The product, its category (and the category's head noun), what the benefit acts on, the
 * script's repeated topics, then (when still short) its other nouns; format tags last.
 */
function buildHashtags({ product, category, benefit, keywords, verbs, spoken, aside }: HashtagParts, max: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (tag: string | null) => {
    if (!tag || out.length >= max) return;
    const key = tag.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push(tag);
  };
  const noun = (w: string) => {
    const lower = w.toLowerCase();
    return (
      isContentWord(w) && !NOT_TOPICS.has(lower) && !verbs.has(lower) && !BENEFIT_VERB_SET.has(lower) && !ADJECTIVE_LIKE.test(lower) && !GENERIC.has(lower)
    );
  };
  if (product) add(hashtag(product, true));
  if (category) {
    add(hashtag(category));
    // The head noun alone only when the script says it alone ("the glass jar" beside "salad
    // jar"): #bank from "power bank" or #box from "lunch box" would name something else.
    const head = category.split(" ").pop();
    if (head && head !== category && saysAlone(spoken, head, category)) add(hashtag(head));
  }
  // What the benefit acts on: "keeps water cold" -> water; "brightens dull skin" -> skin.
  const [verb, ...rest] = benefit.split(" ").filter((w) => !/^(?:your|the|a|an|its|our|their|my)$/i.test(w));
  const objectWords = rest.slice(0, (rest.findIndex((w) => isStopWord(w)) + 1 || rest.length + 1) - 1);
  const object = /^(?:keeps?|makes?|lets?|helps?|gives?)$/.test(verb ?? "") ? objectWords.find(noun) : [...objectWords].reverse().find(noun);
  if (object) add(hashtag(object));
  // A word of the category on its own (#bank of "power bank") only when the script says it alone.
  const categoryWords = category.split(" ");
  const topic = (k: { text: string; words: number }) =>
    (k.words > 1 || noun(k.text)) &&
    !tokenize(k.text).some((w) => aside.has(w.toLowerCase())) &&
    (categoryWords.length < 2 || !categoryWords.includes(k.text.toLowerCase()) || saysAlone(spoken, k.text, category));
  for (const k of keywords) if (k.count >= 2 && topic(k)) add(hashtag(k.text));
  // A short script: its other nouns, up to the limit.
  for (const k of keywords) if (topic(k)) add(hashtag(k.text));
  // Fewer than three found (a very short idea): the platforms' format tags fill up to three.
  if (out.length < Math.min(HASHTAG_LIMITS.min, max)) for (const t of FORMAT_TAGS) if (out.length < HASHTAG_LIMITS.min) add(t);
  return out;
}

function unique(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const k = s.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
