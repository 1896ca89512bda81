// The ad-attention measurements (issue 24 §7, docs/decisions/376-ad-attention-bench.md), shared by
// `npm run bench -- --attention` and the tests: picture changes per 10 s (scene detection and the
// renderer's cut list, changes closer than 0.35 s counted as one), and the words tesseract reads on a
// frame with their boxes, checked against the platform-safe area (app/providers/media/safe-zones.ts).
// The counting and the TSV reading are pure.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { insideSafeArea, safeAreaOverflow, type Box, type Insets } from "~/providers/media/safe-zones";
import { demuxerOf, inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import type { Size } from "~/providers/media/types";

const run = promisify(execFile);

/** A transition (a flash, a dip, the soft cut between scenes) shows as up to two detections a few frames apart: one change. */
export const SAME_CHANGE_SECONDS = 0.35;
/** Picture changes per 10 s the issue asks for (a change every 1.5-2 s). */
export const CHANGES_PER_10S = { min: 5, max: 7 } as const;
/** The scene-detection threshold of the bench (select='gt(scene,0.3)'). */
export const SCENE_THRESHOLD = 0.3;

/** Times in order with changes closer than `within` s to the previous kept one merged into it. */
export function mergeChanges(times: readonly number[], within = SAME_CHANGE_SECONDS): number[] {
  const out: number[] = [];
  for (const t of [...times].sort((a, b) => a - b)) if (!out.length || t - out[out.length - 1] > within) out.push(t);
  return out;
}

/** Changes per 10 s of video, to two decimals (0 for an empty video). */
export function per10s(changes: number, durationSec: number): number {
  return durationSec > 0 ? Math.round((changes / durationSec) * 1000) / 100 : 0;
}

/**
 * How a cut of the renderer's list is confirmed by scene detection (ADR 381): a hard cut between
 * framings of one composed shot (a punch-in: the text held still, flat backgrounds) scores only
 * 0.02-0.3, under the shot-change threshold, yet it is the frame where the picture jumps. So a
 * listed cut counts as seen when the scene score at its frame (±1 frame) is at least `minScore`
 * and `overNeighbours` times the median score of the frames within `windowSec` around it.
 */
export const CUT_PEAK = { minScore: 0.02, overNeighbours: 4, windowSec: 0.5, frameSec: 0.05 } as const;

/** The listed cuts that the scene scores confirm: a peak at the cut's frame (CUT_PEAK). */
export function confirmedCuts(cutList: readonly number[], scores: readonly { t: number; score: number }[]): number[] {
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.floor(s.length / 2)] : 0;
  };
  return cutList.filter((c) => {
    const at = scores.filter((s) => Math.abs(s.t - c) <= CUT_PEAK.frameSec);
    if (!at.length) return false;
    const peak = Math.max(...at.map((s) => s.score));
    const around = scores.filter((s) => Math.abs(s.t - c) <= CUT_PEAK.windowSec && Math.abs(s.t - c) > CUT_PEAK.frameSec).map((s) => s.score);
    return peak >= CUT_PEAK.minScore && peak >= CUT_PEAK.overNeighbours * median(around);
  });
}

/** The changes scene detection sees: every frame over `threshold`, and every listed cut its scores confirm (merged). */
export function detectedChanges(scores: readonly { t: number; score: number }[], cutList: readonly number[], threshold = SCENE_THRESHOLD): number[] {
  return mergeChanges([...scores.filter((s) => s.score > threshold).map((s) => s.t), ...confirmedCuts(cutList, scores)]);
}

export type ChangeCount = {
  /** The renderer's cut list, merged. */
  cutList: number[];
  /** ffmpeg scene detection (detectedChanges: over the threshold, or a confirmed listed cut), merged. */
  detected: number[];
  cutListPer10s: number;
  detectedPer10s: number;
  /** The share of the cut list's changes that scene detection saw within `tolerance` s (1 when the list is empty). */
  seenByDetection: number;
  /** Both rates within CHANGES_PER_10S. */
  withinTarget: boolean;
};

/** Picture changes of a video of `durationSec` from its cut list and its detected changes. */
export function countChanges(durationSec: number, cutList: readonly number[], detected: readonly number[], tolerance = 0.2): ChangeCount {
  const cuts = mergeChanges(cutList.filter((t) => t > 0 && t < durationSec));
  const seen = mergeChanges(detected.filter((t) => t > 0 && t < durationSec));
  const cutListPer10s = per10s(cuts.length, durationSec);
  const detectedPer10s = per10s(seen.length, durationSec);
  const within = (r: number) => r >= CHANGES_PER_10S.min && r <= CHANGES_PER_10S.max;
  const hits = cuts.filter((c) => seen.some((d) => Math.abs(d - c) <= tolerance)).length;
  return {
    cutList: cuts,
    detected: seen,
    cutListPer10s,
    detectedPer10s,
    seenByDetection: cuts.length ? Math.round((hits / cuts.length) * 100) / 100 : 1,
    withinTarget: within(cutListPer10s) && within(detectedPer10s),
  };
}

/** A word tesseract read, its box in the frame's pixels. */
export type OcrWord = Box & { text: string; conf: number };

/** The words (level 5 rows) of tesseract's `tsv` output, boxes divided by `scale` (the frame was enlarged that much to be read). */
export function parseTesseractTsv(tsv: string, scale = 1): OcrWord[] {
  const lines = tsv.split(/\r?\n/);
  const header = (lines.shift() ?? "").split("\t");
  const col = (name: string) => header.indexOf(name);
  const [level, left, top, width, height, conf, text] = ["level", "left", "top", "width", "height", "conf", "text"].map(col);
  if ([level, left, top, width, height, conf, text].some((i) => i < 0)) return [];
  const words: OcrWord[] = [];
  for (const line of lines) {
    const f = line.split("\t");
    if (f[level] !== "5") continue;
    const word = (f[text] ?? "").trim();
    if (!word) continue;
    words.push({
      text: word,
      conf: Number(f[conf]),
      left: Number(f[left]) / scale,
      top: Number(f[top]) / scale,
      width: Number(f[width]) / scale,
      height: Number(f[height]) / scale,
    });
  }
  return words;
}

/** A word as compared: lower case, letters and digits only. */
export function normalWord(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** The words of the texts the ad draws (captions, titles, call-outs, call to action, product), normalised. */
export function knownWords(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap((t) => t.split(/\s+/).map(normalWord)).filter((w) => w.length >= 2));
}

export type TextFilter = { minConf?: number; minChars?: number; known?: Set<string> };

/**
 * The words that are the ad's text, not noise: read with confidence ≥ `minConf` (60), with at least
 * `minChars` (2) letters or digits, a sane height (≥ 6 px, ≤ 40% of the frame), and, with `known`,
 * one of the words the ad draws (tesseract reads textures as short confident garbage).
 */
export function textWords(words: readonly OcrWord[], size: Size, filter: TextFilter = {}): OcrWord[] {
  const minConf = filter.minConf ?? 60;
  const minChars = filter.minChars ?? 2;
  return words.filter((w) => {
    const n = normalWord(w.text);
    if (w.conf < minConf || n.length < minChars) return false;
    if (w.height < 6 || w.height > size.height * 0.4) return false;
    return !filter.known || filter.known.has(n);
  });
}

/** A word outside the safe area: where and by how much. */
export type OutsideWord = { text: string; conf: number; atSec: number; box: Box; overflow: Insets };

/** The safe-area tolerance: 0.5% of the short side (at least 2 px), OCR boxes being tight around glyphs. */
export function safeTolerance(size: Size): number {
  return Math.max(2, Math.round(Math.min(size.width, size.height) * 0.005));
}

/** The words whose box reaches outside the safe area of `size` by more than the tolerance. */
export function wordsOutsideSafeArea(words: readonly OcrWord[], size: Size, atSec: number, tolerance = safeTolerance(size)): OutsideWord[] {
  return words
    .filter((w) => !insideSafeArea(w, size, tolerance))
    .map((w) => ({
      text: w.text,
      conf: Math.round(w.conf),
      atSec: Math.round(atSec * 100) / 100,
      box: { left: Math.round(w.left), top: Math.round(w.top), width: Math.round(w.width), height: Math.round(w.height) },
      overflow: safeAreaOverflow(w, size),
    }));
}

/** The middle of each stretch between picture changes: one frame per beat, away from transitions. */
export function beatMiddles(durationSec: number, cutList: readonly number[]): number[] {
  const edges = [0, ...mergeChanges(cutList.filter((t) => t > 0 && t < durationSec)), durationSec];
  const out: number[] = [];
  for (let i = 1; i < edges.length; i++) out.push(Math.round(((edges[i - 1] + edges[i]) / 2) * 1000) / 1000);
  return out;
}

/** The words tesseract reads on the whole frame at `timeSec` (sparse text mode), boxes in the video's pixels. */
export async function frameWords(file: string, timeSec: number, scale = 2): Promise<OcrWord[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ocr-words-"));
  try {
    const png = path.join(dir, "frame.png");
    await runFfmpeg(
      [...inputArgs(file, await demuxerOf(file), ["-ss", timeSec.toFixed(3)]), "-frames:v", "1", "-vf", `scale=iw*${scale}:-2,format=gray`, png],
      { limiter: null },
    );
    const { stdout } = await run("tesseract", [png, "-", "--psm", "11", "tsv"], { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
    return parseTesseractTsv(stdout, scale);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
