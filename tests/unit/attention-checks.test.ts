// The ad-attention bench's pure measurements (ADR 376): picture changes per 10 s from scene times
// and the cut list (changes closer than 0.35 s as one), tesseract TSV word boxes, the noise filter
// and the safe-area check.
import { describe, expect, it } from "vitest";
import { safeArea } from "~/providers/media/safe-zones";
import { mergeCells, type AttentionCell } from "../../bench/attention";
import {
  beatMiddles,
  confirmedCuts,
  countChanges,
  detectedChanges,
  knownWords,
  mergeChanges,
  parseTesseractTsv,
  per10s,
  safeTolerance,
  textWords,
  wordsOutsideSafeArea,
  type OcrWord,
} from "../providers/attention-checks";

const HEADER = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";
const row = (level: number, left: number, top: number, width: number, height: number, conf: number, text: string) =>
  [level, 1, 1, 1, 1, 1, left, top, width, height, conf, text].join("\t");

describe("counting picture changes", () => {
  it("merges changes closer than 0.35 s (a flash seen twice) into the first", () => {
    expect(mergeChanges([3.0, 1.5, 1.6, 4.9, 5.2, 5.56])).toEqual([1.5, 3.0, 4.9, 5.56]);
    expect(mergeChanges([])).toEqual([]);
  });

  it("gives changes per 10 s", () => {
    expect(per10s(8, 13.2)).toBe(6.06);
    expect(per10s(3, 0)).toBe(0);
  });

  it("counts the cut list and scene detection, each within 5-7 per 10 s, and how many listed cuts detection saw", () => {
    const cuts = [2, 3.4, 4.6, 6, 7.4, 8.6, 10.2];
    // A flash doubled at 2.0 / 2.1, one listed cut (8.6) not seen, one change seen that is not listed (9.5), one outside the video.
    const detected = [2.03, 2.1, 3.45, 4.6, 6.1, 7.38, 9.5, 10.25, 12.5];
    const c = countChanges(12, cuts, detected);
    expect(c.cutList).toEqual(cuts);
    expect(c.detected).toEqual([2.03, 3.45, 4.6, 6.1, 7.38, 9.5, 10.25]);
    expect(c.cutListPer10s).toBe(5.83);
    expect(c.detectedPer10s).toBe(5.83);
    expect(c.seenByDetection).toBe(0.86);
    expect(c.withinTarget).toBe(true);
  });

  it("misses when either count is outside 5-7 per 10 s", () => {
    expect(countChanges(12, [3, 6, 9], [3, 6, 9]).withinTarget).toBe(false);
    const many = Array.from({ length: 11 }, (_, i) => i + 0.5);
    expect(countChanges(12, many, [3, 6, 9]).withinTarget).toBe(false);
    expect(countChanges(12, [2, 4, 6, 8, 10, 11], many).withinTarget).toBe(false);
  });

  it("reads one frame per beat at its middle", () => {
    expect(beatMiddles(6, [2, 2.1, 4])).toEqual([1, 3, 5]);
    expect(beatMiddles(3, [])).toEqual([1.5]);
  });
});

describe("OCR word boxes", () => {
  const tsv = [
    HEADER,
    row(1, 0, 0, 1440, 2560, -1, ""),
    row(4, 100, 200, 800, 90, -1, ""),
    row(5, 200, 600, 300, 80, 95.5, "Meet"),
    row(5, 520, 600, 400, 80, 91, "CrispBox."),
    row(5, 1300, 100, 60, 40, 88, "Tired"),
    row(5, 10, 10, 30, 30, 30, "~"),
    row(5, 700, 1400, 16, 16, 90, "ee"),
    row(5, 700, 1500, 400, 70, 40, "soggy"),
    "",
  ].join("\n");
  const size = { width: 720, height: 1280 };

  it("parses level-5 rows of tesseract's TSV, boxes scaled back to the frame", () => {
    const words = parseTesseractTsv(tsv, 2);
    expect(words.map((w) => w.text)).toEqual(["Meet", "CrispBox.", "Tired", "~", "ee", "soggy"]);
    expect(words[0]).toEqual({ text: "Meet", conf: 95.5, left: 100, top: 300, width: 150, height: 40 });
    expect(parseTesseractTsv("not a tsv")).toEqual([]);
  });

  it("keeps the ad's words read with confidence, drops noise, short garbage and tiny boxes", () => {
    const words = parseTesseractTsv(tsv, 2);
    const known = knownWords(["Tired of soggy salads? Meet CrispBox.", "Order CrispBox today"]);
    expect(textWords(words, size, { known }).map((w) => w.text)).toEqual(["Meet", "CrispBox.", "Tired"]);
    // Without the ad's words: any confident word of 2+ letters with a sane height ("ee" is 8 px high: kept).
    expect(textWords(words, size).map((w) => w.text)).toEqual(["Meet", "CrispBox.", "Tired", "ee"]);
  });

  it("finds the words outside the platform-safe area, with how far they reach", () => {
    const a = safeArea(size);
    const inside: OcrWord = { text: "Meet", conf: 95, left: a.left + 10, top: a.top + 10, width: 100, height: 40 };
    // Its right edge 2 px past the safe area: within the tolerance (OCR boxes are tight around glyphs).
    const edge: OcrWord = { text: "CrispBox", conf: 95, left: a.right - 98, top: a.top + 60, width: 100, height: 40 };
    const topRight: OcrWord = { text: "Tired", conf: 88, left: 650, top: 50, width: 30, height: 20 };
    const low: OcrWord = { text: "Order", conf: 90, left: 100, top: a.bottom - 10, width: 120, height: 40 };
    expect(safeTolerance(size)).toBe(4);
    const out = wordsOutsideSafeArea([inside, edge, topRight, low], size, 1.234);
    expect(out.map((w) => w.text)).toEqual(["Tired", "Order"]);
    expect(out[0]).toMatchObject({ atSec: 1.23, overflow: { top: a.top - 50, right: 680 - a.right, bottom: 0, left: 0 } });
    expect(out[1].overflow).toEqual({ top: 0, right: 0, bottom: 30, left: 0 });
  });
});

describe("merging runs", () => {
  it("keeps one cell per script, Style and ratio (the first run's), in the bench's order", () => {
    const cell = (script: string, style: string, ratio: string, videoSec: number) => ({ script, style, ratio, videoSec }) as unknown as AttentionCell;
    const a = [cell("3 scenes", "UGC Testimonial", "1:1", 1), cell("3 scenes", "Product Showcase", "16:9", 2)];
    const b = [cell("6 scenes", "Lifestyle", "9:16", 3), cell("3 scenes", "UGC Testimonial", "1:1", 4), cell("3 scenes", "Product Showcase", "9:16", 5)];
    expect(mergeCells([a, b]).map((c) => c.videoSec)).toEqual([5, 2, 1, 3]);
  });
});

describe("scene detection of listed cuts (ADR 381)", () => {
  // 30 fps of a slow move (scores under 0.01), a punch-in at 2.0 s (0.05), a real shot change at 4.0 s (0.6).
  const scores = Array.from({ length: 180 }, (_, i) => {
    const t = Math.round(((i + 1) / 30) * 1000) / 1000;
    const score = Math.abs(t - 2) < 0.001 ? 0.05 : Math.abs(t - 4) < 0.001 ? 0.6 : 0.002 + (i % 3) * 0.002;
    return { t, score };
  });

  it("confirms a listed cut where the score peaks at its frame, and none where it does not", () => {
    expect(confirmedCuts([2, 4], scores)).toEqual([2, 4]);
    // A listed time with no jump in the picture is not confirmed.
    expect(confirmedCuts([1, 3, 5], scores)).toEqual([]);
    // A peak too small to be a visible change (under 0.02) is not either.
    expect(
      confirmedCuts(
        [2],
        scores.map((s) => (s.t === 2 ? { ...s, score: 0.015 } : s)),
      ),
    ).toEqual([]);
  });

  it("detects every frame over the threshold and the confirmed listed cuts", () => {
    expect(detectedChanges(scores, [])).toEqual([4]);
    expect(detectedChanges(scores, [2])).toEqual([2, 4]);
    expect(detectedChanges(scores, [2, 3])).toEqual([2, 4]);
  });
});
