// Scene review (suggest_scene_improvements, docs/product.md#tools-and-agents): rule-based checks
// with a concrete proposed replacement wherever the planner can write one.
import { type ProjectLike, type SceneLike, orderedScenes } from "./analyze-project";
import { writeImagePrompt } from "./image-prompt";
import { WORDS_PER_SECOND, countWords, round1, splitSentences, stem, tokenize, truncateWords } from "./text";
import { titleFromText } from "./copy-writer";
import { cleanForSpeech, writeVoiceOver } from "./voice-over";

export type SuggestionField = "title" | "description" | "script" | "voiceOverText" | "imagePrompt" | "image" | "voiceOver" | "video";

export interface Suggestion {
  field: SuggestionField;
  severity: "high" | "medium" | "low";
  message: string;
  /** A ready-to-save replacement value, when one can be written. */
  proposed?: string;
}

export interface SuggestImprovementsOptions {
  project?: Pick<ProjectLike, "title" | "style" | "aspectRatio" | "scenes"> | null;
  /** Product name for prompts (defaults to the project title). */
  product?: string | null;
  style?: string | null;
  wordsPerSecond?: number;
  minSceneSeconds?: number;
  maxSceneSeconds?: number;
}

export interface SceneSuggestions {
  sceneId: string;
  suggestions: Suggestion[];
}

const CALL_TO_ACTION =
  /\b(shop|buy|order|get yours|get it|try it|try now|visit|link in bio|sign up|subscribe|download|book|grab|claim|tap|click|use code|save \d+|available (?:now|at|on))\b/i;
const has = (v: string | null | undefined): v is string => typeof v === "string" && v.trim().length > 0;

export function suggestImprovements(scene: SceneLike, options: SuggestImprovementsOptions = {}): SceneSuggestions {
  const wps = options.wordsPerSecond ?? WORDS_PER_SECOND;
  const max = options.maxSceneSeconds ?? 8;
  const min = options.minSceneSeconds ?? 4;
  const product = (options.product ?? options.project?.title ?? "").trim() || null;
  const style = (options.style ?? options.project?.style ?? "").trim() || null;
  const aspectRatio = options.project?.aspectRatio ?? "9:16";
  const ordered = options.project ? orderedScenes(options.project.scenes) : [];
  const position = ordered.findIndex((s) => s.id === scene.id);
  const isLast = position >= 0 && position === ordered.length - 1;
  const out: Suggestion[] = [];
  const sourceText = [scene.voiceOverText, scene.script, scene.description].find(has) ?? "";

  if (!has(scene.title) && sourceText) {
    out.push({ field: "title", severity: "low", message: "The scene has no title.", proposed: titleFromText(sourceText) });
  }
  if (!has(scene.script) && !has(scene.voiceOverText)) {
    out.push({ field: "script", severity: "high", message: "The scene has no script or voice-over text; write what the narrator says in this scene." });
  }

  const budget = scene.duration && scene.duration > 0 ? Math.min(scene.duration, max) : max;
  out.push(...voiceOverSuggestions(scene, { wps, min, max, budget, product, isLast, sceneCount: ordered.length }));
  const promptInput = { sceneText: sourceText, description: scene.description, style, product, aspectRatio };
  out.push(...imagePromptSuggestions(scene.imagePrompt, sourceText, promptInput));

  if (!has(scene.description) && sourceText) {
    out.push({
      field: "description",
      severity: "low",
      message: "The scene has no description.",
      proposed: truncateWords(splitSentences(cleanForSpeech(sourceText))[0] ?? sourceText, 120),
    });
  }

  if (has(scene.imagePrompt) && !has(scene.imageUrl)) out.push({ field: "image", severity: "medium", message: "Generate the scene image from its prompt." });
  if (has(scene.voiceOverText) && !has(scene.voiceOverUrl)) out.push({ field: "voiceOver", severity: "medium", message: "Generate the voice-over audio." });
  if (has(scene.imageUrl) && !has(scene.videoUrl)) out.push({ field: "video", severity: "medium", message: "Generate the scene video from its image." });

  return { sceneId: scene.id, suggestions: out };
}

type VoiceOverLimits = { wps: number; min: number; max: number; budget: number; product: string | null; isLast: boolean; sceneCount: number };

/** The voice-over's length for the scene's time, text the voice would read aloud, and the last scene's call to action. */
function voiceOverSuggestions(scene: SceneLike, limits: VoiceOverLimits): Suggestion[] {
  const out: Suggestion[] = [];
  if (has(scene.voiceOverText)) {
    const words = countWords(scene.voiceOverText);
    const seconds = words / limits.wps;
    const cleaned = cleanForSpeech(scene.voiceOverText);
    if (seconds > limits.budget + 0.05) {
      const fitted = writeVoiceOver(scene.voiceOverText, { maxSeconds: limits.budget, wordsPerSecond: limits.wps });
      out.push({
        field: "voiceOverText",
        severity: "high",
        message: `The voice-over takes about ${round1(seconds)} s to say, longer than the ${round1(limits.budget)} s this scene allows.`,
        proposed: fitted.text,
      });
    } else if (normalize(cleaned) !== normalize(scene.voiceOverText)) {
      out.push({
        field: "voiceOverText",
        severity: "medium",
        message: "The voice-over text contains directions, symbols or markup the voice would read aloud.",
        proposed: cleaned,
      });
    }
    if (seconds < limits.min && limits.sceneCount > 1) {
      out.push({
        field: "voiceOverText",
        severity: "low",
        message: `The voice-over lasts only about ${round1(seconds)} s; expand it or merge this scene with a neighbour (scenes of ${limits.min}-${limits.max} s read best).`,
      });
    }
    if (limits.isLast && !CALL_TO_ACTION.test(scene.voiceOverText)) {
      const cta = limits.product ? `Get your ${limits.product} today.` : "Get yours today.";
      const withCta = `${cleaned} ${cta}`;
      const fits = countWords(withCta) / limits.wps <= limits.max;
      out.push({
        field: "voiceOverText",
        severity: "medium",
        message: "The last scene has no call to action; tell viewers what to do next.",
        proposed: fits ? withCta : undefined,
      });
    }
  } else if (has(scene.script)) {
    out.push({
      field: "voiceOverText",
      severity: "high",
      message: "The scene has a script but no voice-over text.",
      proposed: writeVoiceOver(scene.script, { maxSeconds: limits.budget, wordsPerSecond: limits.wps }).text,
    });
  }
  return out;
}

/** A missing image prompt, or one that names neither the product nor the style, or is very short. */
function imagePromptSuggestions(
  imagePrompt: string | null | undefined,
  sourceText: string,
  promptInput: Parameters<typeof writeImagePrompt>[0] & { product: string | null; style: string | null },
): Suggestion[] {
  const out: Suggestion[] = [];
  if (!has(imagePrompt)) {
    if (sourceText) out.push({ field: "imagePrompt", severity: "high", message: "The scene has no image prompt.", proposed: writeImagePrompt(promptInput) });
  } else {
    const lower = imagePrompt.toLowerCase();
    const problems: string[] = [];
    if (promptInput.product && !mentions(lower, promptInput.product)) problems.push("does not mention the product");
    if (promptInput.style && !mentions(lower, promptInput.style)) problems.push(`does not mention the ${promptInput.style} style`);
    if (countWords(imagePrompt) < 8) problems.push("is very short");
    if (problems.length && sourceText) {
      out.push({ field: "imagePrompt", severity: "medium", message: `The image prompt ${joinAnd(problems)}.`, proposed: writeImagePrompt(promptInput) });
    }
  }
  return out;
}

function mentions(lowerPrompt: string, name: string): boolean {
  const words = tokenize(name).filter((w) => w.length > 2);
  if (!words.length) return true;
  const promptStems = new Set(tokenize(lowerPrompt).map(stem));
  // Most of the name's words must appear ("GlowUp Vitamin C Serum" ~ "glowup serum").
  const hits = words.filter((w) => promptStems.has(stem(w))).length;
  return hits >= Math.ceil(words.length / 2);
}

function normalize(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

function joinAnd(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
