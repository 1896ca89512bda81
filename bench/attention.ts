// The ad-attention check of `npm run bench -- --attention` (issue 24 §7, docs/decisions/376-ad-attention-bench.md):
// the fixed 3- and 6-scene scripts in every Style and ratio, made as Create Video makes them
// (tests/providers/ad-inputs.ts) and rendered, then measured: picture changes per 10 s by the
// renderer's own cut list (RenderResult.cuts, ADR 375) and by ffmpeg scene detection (5-7 each,
// changes closer than 0.35 s counted as one; a listed hard cut counts as detected where the scene
// score peaks at its frame: ADR 381); every word tesseract reads at the middle of each beat
// inside the platform-safe area (ADR 340); the hook in the first 2 s and the call to action in the
// last seconds by OCR; caption contrast; dead air, loudness and true peak. Misses are reported, not
// thrown: the lead reads the table. `--quick`: one Style and one ratio.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { AD_STYLES } from "~/providers/llm/planner/ad-structure";
import type { AspectRatio, Size } from "~/providers/media/types";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { captionContrast, captionStyleFor } from "~/providers/render/captions.server";
import { AD_SCRIPTS, adInputs, adVoices, type AdScriptName, type AdVoices } from "../tests/providers/ad-inputs";
import {
  beatMiddles,
  countChanges,
  detectedChanges,
  frameWords,
  knownWords,
  mergeChanges,
  per10s,
  SCENE_THRESHOLD,
  textWords,
  wordsOutsideSafeArea,
  type ChangeCount,
  type OutsideWord,
} from "../tests/providers/attention-checks";
import { deadAir, MAX_GAP_SEC, measureLoudness } from "../tests/providers/media-checks";
import { hasTesseract, sceneScores, textOnScreen, wordsFound } from "../tests/providers/visual-checks";

/** The output size of each ratio in the bench (720p class, as the app renders). */
export const ATTENTION_SIZES: Record<AspectRatio, Size> = {
  "9:16": { width: 720, height: 1280 },
  "1:1": { width: 720, height: 720 },
  "16:9": { width: 1280, height: 720 },
};
export const ATTENTION_RATIOS: AspectRatio[] = ["9:16", "1:1", "16:9"];

export type AttentionCell = {
  script: AdScriptName;
  style: string;
  ratio: AspectRatio;
  size: Size;
  videoSec: number;
  changes: ChangeCount & {
    /** For reading only: frames over the shot-change threshold alone (0.3), without the confirmed listed cuts. */
    detectedOver03Per10s: number;
    /** For reading only: frames over 0.2 alone. */
    detectedAt02Per10s: number;
  };
  safeArea: { framesRead: number; wordsRead: number; outside: OutsideWord[]; pass: boolean | null };
  hook: { text: string; ocrAtSec: number; found: boolean | null };
  callToAction: { text: string; ocrAtSec: number; found: boolean | null };
  captionContrast: number;
  gaps: { over03Sec: number; longestSec: number };
  loudness: { integratedLufs: number; truePeakDbtp: number; withinTarget: boolean };
  /** The ratio whose mix was measured (the sound does not depend on the ratio). */
  soundMeasuredIn: AspectRatio;
  renderWallSec: number;
  /** The whole cell: inputs, render, OCR, sound. */
  cellWallSec: number;
  misses: string[];
  pass: boolean;
};

export type AttentionOptions = {
  quick?: boolean;
  styles?: string[];
  ratios?: AspectRatio[];
  scripts?: AdScriptName[];
  log?: (line: string) => void;
  /** After each cell, with the cells so far (the caller writes the results as they come: a long run stopped early keeps them). */
  onCell?: (cells: AttentionCell[], ocr: boolean) => void;
};

const r2 = (n: number) => Math.round(n * 100) / 100;

/** Renders and measures every (script, Style, ratio) cell; `quick`: Product Showcase in 9:16 only. */
export async function attentionCheck(dir: string, options: AttentionOptions = {}): Promise<{ ocr: boolean; cells: AttentionCell[] }> {
  const styles = options.styles ?? (options.quick ? [AD_STYLES[0]] : [...AD_STYLES]);
  const ratios = options.ratios ?? (options.quick ? ["9:16" as const] : ATTENTION_RATIOS);
  const ocr = await hasTesseract();
  const cells: AttentionCell[] = [];
  const sounds = new Map<string, Sound>();
  for (const script of options.scripts ?? (Object.keys(AD_SCRIPTS) as AdScriptName[])) {
    const voices = await adVoices(path.join(dir, `voices-${script.replace(/\W+/g, "-")}`), [...AD_SCRIPTS[script]]);
    for (const style of styles) {
      for (const ratio of ratios) {
        const cell = await checkCell(dir, script, style, ratio, voices, ocr, sounds);
        options.log?.(cellLine(cell));
        cells.push(cell);
        options.onCell?.(cells, ocr);
      }
    }
  }
  return { ocr, cells };
}

type Sound = { air: Awaited<ReturnType<typeof deadAir>>; loud: Awaited<ReturnType<typeof measureLoudness>>; ratio: AspectRatio };

async function checkCell(
  dir: string,
  script: AdScriptName,
  style: string,
  ratio: AspectRatio,
  voices: AdVoices,
  ocr: boolean,
  sounds: Map<string, Sound>,
): Promise<AttentionCell> {
  const started = performance.now();
  const size = ATTENTION_SIZES[ratio];
  const work = path.join(dir, `${script}-${style}-${ratio}`.replace(/\W+/g, "-"));
  const { plan, request } = await adInputs(work, style, size, voices, { aspectRatio: ratio });
  const renderer = new LocalRenderProvider({ workDir: path.join(dir, "render") });
  const t = performance.now();
  const video = await renderer.render(request);
  const wall = (performance.now() - t) / 1000;
  const scores = await sceneScores(video.path);
  const counted = countChanges(video.durationSec, video.cuts ?? [], detectedChanges(scores, video.cuts ?? []));
  const over = (threshold: number) => per10s(mergeChanges(scores.filter((x) => x.score > threshold).map((x) => x.t)).length, video.durationSec);
  const changes = { ...counted, detectedOver03Per10s: over(SCENE_THRESHOLD), detectedAt02Per10s: over(0.2) };

  // Every word on screen at the middle of each beat, the ad's own words only (OCR noise aside).
  const known = knownWords([...voices.script, ...plan.shots.map((s) => s.headline), plan.callToAction, plan.product]);
  const outside: OutsideWord[] = [];
  let framesRead = 0;
  let wordsRead = 0;
  if (ocr) {
    for (const at of beatMiddles(video.durationSec, changes.cutList)) {
      const words = textWords(await frameWords(video.path, at), size, { known });
      framesRead++;
      // Sparse mode may read one word twice: one box each.
      const seen = new Set<string>();
      const once = words.filter((w) => {
        const k = `${w.text}|${Math.round(w.left)}|${Math.round(w.top)}`;
        return !seen.has(k) && seen.add(k);
      });
      wordsRead += once.length;
      outside.push(...wordsOutsideSafeArea(once, size, at));
    }
  }
  // The hook on screen by 2 s, the call to action in the end card's last seconds (as ad-visuals reads them).
  const hookAt = Math.min(1.5, video.durationSec / 2);
  const ctaAt = Math.max(0, video.durationSec - 1.5);
  const hookOcr = ocr ? await textOnScreen(video.path, hookAt, size) : null;
  const ctaOcr = ocr ? await textOnScreen(video.path, ctaAt, size) : null;
  const hookFound = hookOcr === null ? null : wordsFound(hookOcr, plan.shots[0].headline) >= Math.min(2, plan.shots[0].headline.split(" ").length);
  const ctaFound = ctaOcr === null ? null : wordsFound(ctaOcr, plan.callToAction) >= 2;

  // Sound: pauses are audible on the voice-only mix (the same segments, from the cache). The mix does not
  // depend on the ratio (same voices, music and timing), so it is measured in the first ratio of each Style.
  const key = `${script}|${style}`;
  let sound = sounds.get(key);
  if (!sound) {
    const voiceOnly = await renderer.render({ ...request, music: undefined });
    sound = { air: await deadAir(voiceOnly.path, voiceOnly.durationSec), loud: await measureLoudness(video.path), ratio };
    sounds.set(key, sound);
  }
  const { air, loud } = sound;
  const loudOk = Math.abs(loud.integratedLufs + 14) <= 1 && loud.truePeakDb <= -1;
  const contrast = captionContrast(captionStyleFor(style));

  const misses: string[] = [];
  if (!changes.withinTarget)
    misses.push(
      `changes/10 s: cut list ${changes.cutListPer10s}, detected ${changes.detectedPer10s} (over 0.3 alone: ${changes.detectedOver03Per10s}, over 0.2: ${changes.detectedAt02Per10s}; want 5-7)`,
    );
  if (outside.length) misses.push(`${outside.length} words outside the safe area (${[...new Set(outside.map((w) => w.text))].slice(0, 5).join(", ")})`);
  if (hookFound === false) misses.push(`hook "${plan.shots[0].headline}" not read by ${hookAt} s`);
  if (ctaFound === false) misses.push(`call to action "${plan.callToAction}" not read at ${r2(ctaAt)} s`);
  if (contrast < 4.5) misses.push(`caption contrast ${contrast}:1`);
  if (air.gaps.length || air.longestSec > MAX_GAP_SEC) misses.push(`dead air: ${air.gaps.length} gaps, longest ${air.longestSec} s`);
  if (!loudOk) misses.push(`loudness ${loud.integratedLufs} LUFS / ${loud.truePeakDb} dBTP`);
  return {
    script,
    style,
    ratio,
    size,
    videoSec: r2(video.durationSec),
    changes,
    safeArea: { framesRead, wordsRead, outside, pass: ocr ? outside.length === 0 : null },
    hook: { text: plan.shots[0].headline, ocrAtSec: hookAt, found: hookFound },
    callToAction: { text: plan.callToAction, ocrAtSec: r2(ctaAt), found: ctaFound },
    captionContrast: contrast,
    gaps: { over03Sec: air.gaps.length, longestSec: air.longestSec },
    loudness: { integratedLufs: loud.integratedLufs, truePeakDbtp: loud.truePeakDb, withinTarget: loudOk },
    soundMeasuredIn: sound.ratio,
    renderWallSec: r2(wall),
    cellWallSec: r2((performance.now() - started) / 1000),
    misses,
    pass: misses.length === 0,
  };
}

/** Cells of several runs as one list, one per (script, Style, ratio) (the first run's kept), in the bench's order. */
export function mergeCells(runs: AttentionCell[][]): AttentionCell[] {
  const key = (c: AttentionCell) => `${c.script}|${c.style}|${c.ratio}`;
  const byKey = new Map<string, AttentionCell>();
  for (const cell of runs.flat()) if (!byKey.has(key(cell))) byKey.set(key(cell), cell);
  const order = (c: AttentionCell) =>
    Object.keys(AD_SCRIPTS).indexOf(c.script) * 100 + (AD_STYLES as readonly string[]).indexOf(c.style) * 10 + ATTENTION_RATIOS.indexOf(c.ratio);
  return [...byKey.values()].sort((a, b) => order(a) - order(b));
}

/** One line of the log for a cell. */
export function cellLine(c: AttentionCell): string {
  return (
    `Attention ${c.script}, ${c.style}, ${c.ratio} / ${c.videoSec} s: changes/10 s ${c.changes.cutListPer10s} (cut list), ` +
    `${c.changes.detectedPer10s} (detected); words outside the safe area ${c.safeArea.pass === null ? "no OCR" : c.safeArea.outside.length} ` +
    `of ${c.safeArea.wordsRead} in ${c.safeArea.framesRead} frames; hook ${c.hook.found ?? "no OCR"}, CTA ${c.callToAction.found ?? "no OCR"}; ` +
    `${c.loudness.integratedLufs} LUFS / ${c.loudness.truePeakDbtp} dBTP; ${c.pass ? "PASS" : `MISS: ${c.misses.join("; ")}`}`
  );
}

/**
 * The storyboard timing row (issue 24 §6-7): `measureStoryboardSeconds()` of `bench/storyboard-timing.ts` when
 * that module exists; else the e2e bench's last figure (bench/results/e2e-latest.json `single.storyboardSec`, a real
 * Create Video submission to its stored storyboard), with its submission → Ready beside it; else not measured.
 */
export type StoryboardTiming = { seconds: number | null; target: number; pass: boolean | null; note: string; submissionToReadySec?: number | null };

export async function storyboardTiming(): Promise<StoryboardTiming> {
  const file = path.resolve("bench/storyboard-timing.ts");
  if (existsSync(file)) {
    // The contract: export async function measureStoryboardSeconds(): Promise<number> (submit → storyboard shown).
    const mod = (await import(file)) as { measureStoryboardSeconds?: () => Promise<number> };
    if (mod.measureStoryboardSeconds) {
      const seconds = r2(await mod.measureStoryboardSeconds());
      return { seconds, target: 3, pass: seconds <= 3, note: "submit → storyboard shown (bench/storyboard-timing.ts)" };
    }
  }
  const e2e = path.resolve("bench/results/e2e-latest.json");
  if (existsSync(e2e)) {
    const r = JSON.parse(readFileSync(e2e, "utf8")) as { date?: string; single?: { storyboardSec?: number | null; submissionToReadySec?: number | null } };
    if (typeof r.single?.storyboardSec === "number") {
      const seconds = r.single.storyboardSec;
      const note = `submit → storyboard stored, from the e2e bench run of ${r.date ?? "?"} (npm run bench -- --e2e)`;
      return { seconds, target: 3, pass: seconds <= 3, note, submissionToReadySec: r.single.submissionToReadySec ?? null };
    }
  }
  return { seconds: null, target: 3, pass: null, note: "not measured (no bench/storyboard-timing.ts, and the e2e results have no storyboard time)" };
}

/** The short Markdown table of a run. */
export function attentionMarkdown(r: {
  date: string;
  cells: AttentionCell[];
  ocr: boolean;
  plannerCopy: { fixtures: number; fieldsChecked: number; failures: string[]; pass: boolean };
  storyboard: StoryboardTiming;
  /** False while the run goes on (or when it was stopped): the cells measured so far. */
  complete?: boolean;
}): string {
  const yes = (b: boolean | null) => (b === null ? "n/a" : b ? "yes" : "**no**");
  const rows = r.cells.map(
    (c) =>
      `| ${c.script} | ${c.style} | ${c.ratio} | ${c.videoSec} | ${c.changes.cutListPer10s} | ${c.changes.detectedPer10s}${typeof c.changes.detectedOver03Per10s === "number" ? ` (over 0.3 alone: ${c.changes.detectedOver03Per10s})` : ""} | ` +
      `${c.safeArea.pass === null ? "n/a" : c.safeArea.outside.length} | ${yes(c.hook.found)} | ${yes(c.callToAction.found)} | ${c.captionContrast} | ` +
      `${c.loudness.integratedLufs} / ${c.loudness.truePeakDbtp} | ${c.gaps.over03Sec} | ${c.pass ? "pass" : `**miss**: ${c.misses.join("; ").replace(/\|/g, "/")}`} |`,
  );
  const passed = r.cells.filter((c) => c.pass).length;
  return [
    `# Ad attention bench (${r.date})`,
    "",
    "`npm run bench -- --attention` (ADR 376). Targets: picture changes 5-7 per 10 s by the cut list and by scene detection (frames over 0.3, and the listed cuts whose frame is a peak of the scene score: ADR 381; changes < 0.35 s apart as one); " +
      "no word read by OCR outside the platform-safe area (ADR 340); hook read by 1.5 s and the call to action 1.5 s before the end; caption contrast ≥ 4.5:1; -14 ± 1 LUFS, true peak ≤ -1 dBTP; no gap > 0.3 s.",
    "",
    `Cells passing: ${passed} of ${r.cells.length}${r.complete === false ? " measured so far (the run had not finished all cells)" : ""}${r.ocr ? "" : " (no tesseract: OCR rows not measured)"}.`,
    `Planner fixture set: ${r.plannerCopy.fixtures} scripts, ${r.plannerCopy.fieldsChecked} fields, ${r.plannerCopy.failures.length} breaking the rules: ${r.plannerCopy.pass ? "pass" : "**miss**"}.`,
    `Storyboard shown after submit: ${r.storyboard.seconds === null ? r.storyboard.note : `${r.storyboard.seconds} s (target ≤ ${r.storyboard.target} s): ${r.storyboard.pass ? "pass" : "**miss**"}; ${r.storyboard.note}`}.`,
    "",
    "| Script | Style | Ratio | Video s | Changes/10 s (cut list) | Changes/10 s (detected) | Words outside safe area | Hook | CTA | Caption contrast | LUFS / dBTP | Gaps > 0.3 s | Result |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
