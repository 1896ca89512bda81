// A scene's description, enhanced (enhance_scene_descriptions, docs/decisions/174-project-analysis-functions.md,
// docs/decisions/257-enhanced-descriptions-as-proposals.md): one or two clean sentences a person
// or an image model can picture — the shot in the project's style, then what the scene says —
// written only from the scene's own words (nothing is invented, and the project's title, which
// is a name for the project and not the product, is not used), at most 300 characters. Whole
// sentences only: no keyword lists stitched together, no word twice in a row.
import { type SceneLike } from "./analyze-project";
import { stylePreset } from "./image-prompt";
import { capitalizeFirst, ensureTerminalPunctuation, splitSentences } from "./text";
import { cleanForSpeech } from "./voice-over";

export interface EnhancedDescription {
  description: string;
  /** The scene's own sentences the description was built from, for people to check. */
  basedOn: string[];
}

const MAX_LENGTH = 300;

/** "deserves, deserves better" → "deserves better": a word repeated right after itself goes. */
export function withoutRepeatedWords(text: string): string {
  return text.replace(/\b([\p{L}\p{N}'’]+)(?:[\s,;:–-]+\1\b)+/giu, "$1");
}

/** Whole sentences that fit `max` characters (at least the first one, cut at a word if it alone is too long). */
function fitSentences(sentences: string[], max: number): string {
  let out = "";
  for (const s of sentences) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max) break;
    out = next;
  }
  if (out || sentences.length === 0) return out;
  const first = sentences[0];
  const cut = first.slice(0, max - 1).replace(/\s+\S*$/, "");
  return `${cut.replace(/[\s,;:–-]+$/, "")}…`;
}

export function enhanceDescription(scene: SceneLike, options: { product?: string | null; style?: string | null } = {}): EnhancedDescription {
  const source = [scene.script, scene.voiceOverText, scene.description, scene.title].map((t) => t?.trim() ?? "").find(Boolean) ?? "";
  if (!source) return { description: "", basedOn: [] };
  const spoken = withoutRepeatedWords(cleanForSpeech(source).replace(/\s+/g, " ").trim());
  const sentences = splitSentences(spoken)
    .map((s) => ensureTerminalPunctuation(capitalizeFirst(s.trim())))
    .filter((s) => s.length > 1);
  const preset = options.style?.trim() ? stylePreset(options.style) : null;
  const shot = ensureTerminalPunctuation(preset ? `${capitalizeFirst(preset.lead)} of the product` : "Product shot");
  const body = fitSentences(sentences.slice(0, 2), MAX_LENGTH - shot.length - 1);
  const description = withoutRepeatedWords([shot, body].filter(Boolean).join(" ").replace(/\s+/g, " ").trim());
  return { description, basedOn: sentences.slice(0, 2) };
}
