// A scene's description, enhanced (enhance_scene_descriptions, docs/decisions/174-project-analysis-functions.md):
// one or two sentences a person or an image model can picture — what is said, where, who is
// there, the product, the mood and light — written only from words the scene and its project
// already contain (nothing is invented), at most 300 characters.
import { type SceneLike } from "./analyze-project";
import { stylePreset } from "./image-prompt";
import { capitalizeFirst, ensureTerminalPunctuation, extractKeywords, splitSentences, truncateWords } from "./text";
import { cleanForSpeech } from "./voice-over";

export interface EnhancedDescription {
  description: string;
  /** The words the description was built from, for people to check. */
  basedOn: string[];
}

const MAX_LENGTH = 300;

export function enhanceDescription(scene: SceneLike, options: { product?: string | null; style?: string | null } = {}): EnhancedDescription {
  const sources = [scene.description, scene.script, scene.voiceOverText, scene.title].filter((t): t is string => Boolean(t?.trim()));
  const text = sources.join(". ");
  if (!text) return { description: "", basedOn: [] };
  const product = options.product?.trim() || null;
  const spoken = cleanForSpeech(scene.script?.trim() || scene.voiceOverText?.trim() || scene.description?.trim() || scene.title?.trim() || "");
  const lead = ensureTerminalPunctuation(capitalizeFirst(splitSentences(spoken)[0] ?? spoken));
  const keywords = extractKeywords(text, { limit: 5, minPhraseCount: 1, exclude: product ? product.toLowerCase().split(/\s+/) : [] })
    .map((k) => k.text)
    .filter((k) => !lead.toLowerCase().includes(k.toLowerCase()))
    .slice(0, 3);
  const parts: string[] = [];
  const preset = options.style?.trim() ? stylePreset(options.style) : null;
  const shot = preset ? `${preset.lead.toLowerCase()}` : "product shot";
  const visual = [`${/^[aeiou]/i.test(shot) ? "An" : "A"} ${shot}${product ? ` of ${product}` : ""}`, keywords.length ? `with ${keywords.join(", ")}` : null].filter(Boolean).join(" ");
  parts.push(ensureTerminalPunctuation(capitalizeFirst(visual)));
  parts.push(lead);
  return { description: truncateWords(parts.join(" ").replace(/\s+/g, " ").trim(), MAX_LENGTH), basedOn: keywords };
}
