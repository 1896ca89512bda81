// Script division: cut a full script into scenes that a narrator can speak in about 4-8 seconds
// each, at paragraph and sentence boundaries. The cut points are chosen by dynamic programming
// over sentence units (minimum total cost), not greedily, so one long sentence does not push
// every later scene off balance.
import { WORDS_PER_SECOND, countWords, round1, secondsForWords, splitClauses, splitParagraphs, splitSentences, titleCase, truncateWords } from "./text";
import { titleFromText } from "./copy-writer";
import { DIRECTION_LINE, cleanForSpeech, writeVoiceOver } from "./voice-over";
import { findProduct } from "./seo";

export interface DivideScriptOptions {
  wordsPerSecond?: number;
  /** Preferred scene length in seconds (default 6). */
  targetSceneSeconds?: number;
  /** Scenes shorter than this are merged with a neighbour when possible (default 4). */
  minSceneSeconds?: number;
  /** Hard upper bound per scene, broken only by a single sentence longer than it (default 8). */
  maxSceneSeconds?: number;
}

export interface PlannedScene {
  /** 1-based position. */
  order: number;
  title: string;
  /** The scene's part of the script, as written. */
  script: string;
  /** Spoken text for the scene (markup removed, within the scene's time budget). */
  voiceOverText: string;
  /** One-line summary of what the scene shows. */
  description: string;
  wordCount: number;
  estimatedSeconds: number;
}

export interface DividedScript {
  scenes: PlannedScene[];
  totalWords: number;
  estimatedSeconds: number;
  wordsPerSecond: number;
}

type BreakKind = "start" | "hard" | "paragraph" | "sentence" | "clause" | "word";

interface Unit {
  text: string;
  spoken: string;
  words: number;
  /** The boundary between this unit and the previous one. */
  before: BreakKind;
  /** Title given by an explicit "Scene 2: Title" marker at the start of this unit's block. */
  markerTitle?: string;
}

// "Scene 1", "SCENE 2 -", "## Scene 3: The reveal", "Shot 4)".
const SCENE_MARKER = /^\s*(?:#{1,6}\s*)?(?:scene|shot)\s*(?:\d+\b|[ivx]+(?=\s*[:.)\-–—]|\s*$))\s*[:.)\-–—]?\s*(.*)$/i;

// Cost weights (in seconds², comparable with the squared deviation from the target length).
const CROSS_PARAGRAPH = 6;
const BREAK_CLAUSE = 3;
const BREAK_WORD = 9;
const OVER_MAX = 1e6;

export function divideScript(script: string, options: DivideScriptOptions = {}): DividedScript {
  const wps = options.wordsPerSecond ?? WORDS_PER_SECOND;
  const max = options.maxSceneSeconds ?? 8;
  const min = Math.min(options.minSceneSeconds ?? 4, max);
  const target = Math.min(Math.max(options.targetSceneSeconds ?? 6, min), max);
  const units = toUnits(script, wps, max, target);
  if (units.length === 0) return { scenes: [], totalWords: 0, estimatedSeconds: 0, wordsPerSecond: wps };

  const n = units.length;
  const best = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(-1);
  best[0] = 0;
  for (let end = 1; end <= n; end++) {
    let words = 0;
    let crossings = 0;
    for (let start = end - 1; start >= 0; start--) {
      words += units[start].words;
      if (start < end - 1) {
        const kind = units[start + 1].before;
        if (kind === "hard") break; // never join across an explicit scene marker
        if (kind === "paragraph") crossings++;
      }
      const seconds = words / wps;
      if (seconds > max && start < end - 1) break; // adding more units only makes it longer
      const cost = best[start] + segmentCost(seconds, target, min, max) + crossings * CROSS_PARAGRAPH + breakCost(units[start].before);
      if (cost < best[end]) {
        best[end] = cost;
        from[end] = start;
      }
    }
  }

  // A scene with no phrase for a title is named after the product (ADR 320).
  const product = findProduct(cleanForSpeech(script));
  const ranges: Array<[number, number]> = [];
  for (let end = n; end > 0; end = from[end]) ranges.unshift([from[end], end]);

  const scenes = ranges.map(([start, end], i): PlannedScene => {
    const part = units.slice(start, end);
    const text = part
      .map((u) => u.text)
      .join(" ")
      .replace(/\s+/g, " ")
      .trim();
    const wordCount = part.reduce((s, u) => s + u.words, 0);
    const seconds = wordCount / wps;
    const vo = writeVoiceOver(text, { maxSeconds: Math.max(max, Math.ceil(seconds)), wordsPerSecond: wps });
    const markerTitle = part.find((u) => u.markerTitle)?.markerTitle;
    return {
      order: i + 1,
      title: markerTitle ?? sceneTitle(text, i + 1, product),
      script: text,
      voiceOverText: vo.text,
      description: describe(vo.text || text),
      wordCount,
      estimatedSeconds: secondsForWords(wordCount, wps),
    };
  });
  const totalWords = scenes.reduce((s, sc) => s + sc.wordCount, 0);
  return { scenes, totalWords, estimatedSeconds: round1(totalWords / wps), wordsPerSecond: wps };
}

function segmentCost(seconds: number, target: number, min: number, max: number): number {
  let cost = (seconds - target) ** 2;
  if (seconds < min) cost += 3 * (min - seconds) ** 2;
  if (seconds > max + 1e-9) cost += OVER_MAX * (seconds - max);
  return cost;
}

function breakCost(kind: BreakKind): number {
  if (kind === "clause") return BREAK_CLAUSE;
  if (kind === "word") return BREAK_WORD;
  return 0;
}

/** Blocks (explicit scene markers) -> paragraphs -> sentences -> clause/word pieces of overlong sentences. */
function toUnits(script: string, wps: number, max: number, target: number): Unit[] {
  const units: Unit[] = [];
  const maxWords = Math.max(1, Math.floor(max * wps));
  const targetWords = Math.max(1, Math.round(target * wps));
  for (const [b, block] of splitBlocks(script).entries()) {
    let firstInBlock = true;
    for (const [p, paragraph] of splitParagraphs(block.text).entries()) {
      for (const [s, sentence] of splitSentences(paragraph).entries()) {
        const before: BreakKind = b + p + s === 0 ? "start" : firstInBlock ? "hard" : s === 0 ? "paragraph" : "sentence";
        const pieces =
          countWords(sentence) > maxWords ? splitLongSentence(sentence, maxWords, targetWords) : [{ text: sentence, kind: "sentence" as BreakKind }];
        pieces.forEach((piece, k) => {
          const spoken = cleanForSpeech(piece.text);
          const words = countWords(spoken);
          if (words === 0) return;
          units.push({
            text: piece.text,
            spoken,
            words,
            before: k === 0 ? before : piece.kind,
            markerTitle: firstInBlock ? block.title : undefined,
          });
          firstInBlock = false;
        });
      }
    }
  }
  // A unit made only of directions (no spoken words) was skipped; keep the first unit a start.
  if (units[0]) units[0].before = "start";
  return units;
}

function splitBlocks(script: string): Array<{ text: string; title?: string }> {
  const lines = script.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Array<{ lines: string[]; title?: string }> = [{ lines: [] }];
  let sawMarker = false;
  for (const line of lines) {
    const m = SCENE_MARKER.exec(line);
    if (m) {
      sawMarker = true;
      const rest = m[1].trim();
      // "Scene 2: The Reveal" is a title; "Scene 2: She opens the box." is content.
      const isTitle = rest !== "" && countWords(rest) <= 8 && !/[.!?…]$/.test(rest);
      blocks.push({ lines: isTitle || rest === "" ? [] : [rest], title: isTitle ? titleCase(rest) : undefined });
    } else {
      // "SFX: whoosh" on its own line: a direction kept in the scene's script, in brackets, so that
      // joining the paragraph's lines does not make it spoken (or a title).
      blocks[blocks.length - 1].lines.push(DIRECTION_LINE.test(line) && !/^\s*\[.*\]\s*$/.test(line) ? `[${line.trim()}]` : line);
    }
  }
  const out = blocks.map((b) => ({ text: b.lines.join("\n"), title: b.title }));
  return sawMarker ? out.filter((b) => /[\p{L}\p{N}]/u.test(b.text)) : out;
}

function splitLongSentence(sentence: string, maxWords: number, targetWords: number): Array<{ text: string; kind: BreakKind }> {
  const out: Array<{ text: string; kind: BreakKind }> = [];
  for (const clause of splitClauses(sentence)) {
    const words = clause.split(/\s+/).filter(Boolean);
    if (countWords(clause) <= maxWords) {
      out.push({ text: clause, kind: "clause" });
      continue;
    }
    // Equal chunks close to the target length.
    const chunks = Math.max(2, Math.round(words.length / targetWords));
    const size = Math.ceil(words.length / chunks);
    for (let i = 0; i < words.length; i += size) {
      out.push({ text: words.slice(i, i + size).join(" "), kind: i === 0 ? "clause" : "word" });
    }
  }
  return out;
}

function sceneTitle(text: string, order: number, product: string): string {
  return titleFromText(text, product) || `Scene ${order}`;
}

function describe(text: string): string {
  const first = splitSentences(text)[0] ?? text;
  return truncateWords(first, 120);
}
