// SEO title, description and Instagram hashtags from a script, by term frequency.
import { cleanForSpeech } from "./voice-over";
import { extractKeywords, splitSentences, stem, titleCase, tokenize, truncateWords } from "./text";

export interface SeoOptions {
  /** Product or brand name; leads the title and becomes a hashtag. */
  product?: string | null;
  /** Default 60 (what search results show before cutting). */
  maxTitleLength?: number;
  /** Default 10; Instagram allows at most 30. */
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

export function seoMetadata(script: string, options: SeoOptions = {}): SeoMetadata {
  const maxTitle = options.maxTitleLength ?? 60;
  const maxTags = Math.min(options.maxHashtags ?? 10, INSTAGRAM_MAX_HASHTAGS);
  const product = (options.product ?? "").trim();
  const spoken = cleanForSpeech(script);
  const productStems = new Set(tokenize(product).map(stem));

  const keywords = extractKeywords(spoken, { exclude: productStems, limit: 15 });
  const phrases = keywords.map((k) => k.text);

  return {
    title: buildTitle(product, phrases, spoken, maxTitle),
    description: truncateWords(splitSentences(spoken).slice(0, 2).join(" ") || product, options.maxDescriptionLength ?? 155),
    keywords: [...(product ? [product] : []), ...phrases].slice(0, 12),
    hashtags: buildHashtags(product, phrases, maxTags),
  };
}

function buildTitle(product: string, phrases: string[], spoken: string, max: number): string {
  const picked: string[] = [];
  const lead = product ? titleCase(product) : "";
  const fits = (list: string[]) => composeTitle(lead, list).length <= max;
  for (const p of phrases) {
    const words = p.toLowerCase().split(" ");
    // Skip a phrase whose words are all already in the title.
    const inTitle = (lead + " " + picked.join(" ")).toLowerCase();
    if (words.every((w) => inTitle.includes(w))) continue;
    if (fits([...picked, p])) picked.push(p);
    if (picked.length === 3) break;
  }
  let title = composeTitle(lead, picked);
  if (!title) title = titleCase(truncateWords(splitSentences(spoken)[0] ?? "", max));
  if (title.length > max) title = truncateWords(title, max, "");
  return title;
}

function composeTitle(lead: string, phrases: string[]): string {
  const tc = phrases.map(titleCase);
  const list = tc.length <= 1 ? tc.join("") : `${tc.slice(0, -1).join(", ")} & ${tc[tc.length - 1]}`;
  if (lead && list) return `${lead}: ${list}`;
  return lead || list;
}

function hashtag(phrase: string): string | null {
  const words = phrase.split(/\s+/).map((w) => w.replace(/[^\p{L}\p{M}\p{N}]/gu, "")).filter(Boolean);
  if (!words.length) return null;
  // One word in lower case (#skincare); several in CamelCase (#VitaminC) so screen readers can read them.
  const body = words.length === 1 ? (/\p{Lu}.*\p{Lu}/u.test(words[0]) ? words[0] : words[0].toLowerCase()) : words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  if (/^\p{N}+$/u.test(body)) return null; // Instagram ignores all-digit tags
  if ([...body].length < 3) return null; // "#c" from "vitamin C" says nothing
  return `#${body}`;
}

function buildHashtags(product: string, phrases: string[], max: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (tag: string | null) => {
    if (!tag || out.length >= max) return;
    const key = tag.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push(tag);
  };
  if (product) add(hashtag(product));
  for (const p of phrases) add(hashtag(p));
  if (out.length < Math.min(5, max)) for (const t of FORMAT_TAGS) add(t);
  return out;
}
