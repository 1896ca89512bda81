// The targets table of `npm run bench` (issue 25 item 5, ADR 370): met/missed, by how much, the
// cause of a miss, and the rows read from the scenarios' result files.
import { describe, expect, it } from "vitest";
import { flatWindow } from "../../bench/memory-flat";
import { targetRows } from "../../bench/targets-report";
import { causeOf, consoleTable, evaluate, judge, markdownTable, summary, type TargetRow } from "../../bench/targets";

const row = (over: Partial<TargetRow>): TargetRow => ({
  id: "x",
  target: "x",
  measured: 1,
  unit: "",
  comparison: "<=",
  limit: 1,
  source: "test",
  ...over,
});

describe("judge", () => {
  it("meets an upper limit at or under it and misses above it by the difference", () => {
    expect(judge({ measured: 0.5, comparison: "<=", limit: 0.5 }).verdict).toBe("met");
    expect(judge({ measured: 0.83, comparison: "<=", limit: 0.5 })).toEqual({ verdict: "missed", missBy: 0.33, missByFraction: 0.66 });
  });

  it("a strict limit is missed at the limit itself", () => {
    expect(judge({ measured: 99.9, comparison: "<", limit: 100 }).verdict).toBe("met");
    expect(judge({ measured: 100, comparison: "<", limit: 100 })).toEqual({ verdict: "missed", missBy: 0, missByFraction: 0 });
    expect(judge({ measured: 255, comparison: "<", limit: 100 })).toEqual({ verdict: "missed", missBy: 155, missByFraction: 1.55 });
  });

  it("misses a lower limit by how far short it falls", () => {
    expect(judge({ measured: 5, comparison: ">=", limit: 5 }).verdict).toBe("met");
    expect(judge({ measured: 3.78, comparison: ">=", limit: 5 })).toEqual({ verdict: "missed", missBy: 1.22, missByFraction: 0.244 });
  });

  it("a value that was not measured is neither met nor missed", () => {
    expect(judge({ measured: null, comparison: ">=", limit: 5 })).toEqual({ verdict: "not measured", missBy: null, missByFraction: null });
    expect(judge({ measured: NaN, comparison: "<=", limit: 5 }).verdict).toBe("not measured");
  });
});

describe("causes", () => {
  const causes = {
    "page-ratio": { cause: "markup", nextStep: "page the cards" },
    "page-ratio:landing": { cause: "showcase", nextStep: "cache it" },
  };

  it("finds a row's own cause first, then its family's", () => {
    expect(causeOf("page-ratio:landing", causes)?.cause).toBe("showcase");
    expect(causeOf("page-ratio:dashboard", causes)?.cause).toBe("markup");
    expect(causeOf("ready", causes)).toBeNull();
  });

  it("fills cause and next step only for misses, and says when none is recorded", () => {
    const rows = evaluate(
      [
        row({ id: "page-ratio:dashboard", measured: 0.23, comparison: ">=", limit: 0.6 }),
        row({ id: "page-ratio:plans", measured: 0.9, comparison: ">=", limit: 0.8 }),
        row({ id: "ready", measured: 0.83, limit: 0.5 }),
        row({ id: "memory:rss", measured: null }),
      ],
      causes,
    );
    expect(rows.map((r) => r.verdict)).toEqual(["missed", "met", "missed", "not measured"]);
    expect(rows[0]).toMatchObject({ cause: "markup", nextStep: "page the cards", missBy: 0.37 });
    expect(rows[1]).toMatchObject({ cause: null, nextStep: null, missBy: null });
    expect(rows[2].cause).toMatch(/no known cause/);
    expect(summary(rows)).toEqual({ met: 1, missed: 2, notMeasured: 1, allMet: false });
    expect(summary(rows.slice(1, 2)).allMet).toBe(true);
  });

  it("prints every row and each miss's cause, with by how much", () => {
    const rows = evaluate(
      [row({ id: "page-ratio:a", target: "page a", measured: 0.5, comparison: ">=", limit: 0.6 }), row({ id: "b", target: "b", measured: 1 })],
      causes,
    );
    const text = consoleTable(rows);
    expect(text).toMatch(/page a\s+0\.5\s+>= 0\.6\s+missed by 0\.1 \(17 %\)/);
    expect(text).toMatch(/Cause: markup/);
    const md = markdownTable(rows, { date: "2026-11-26" });
    expect(md).toContain("| page a | 0.5 | >= 0.6 | missed by 0.1 (17 %) | test |");
    expect(md).toContain("1 met, 1 missed, 0 not measured");
  });
});

describe("rows from the result files", () => {
  const pagesAt10 = (ratio: number, p95Ms: number) => ({ ratio, p95Ms, reqPerSec: 100, serverCpuMsPerRequest: 5 });
  const files = {
    e2e: {
      date: "2026-11-24T16:22:59Z",
      single: { ratioToVideoLength: 0.45, submissionToReadySec: 7, videoSec: 15.5 },
      crowd: { users: 20, ready: 19, failed: 1, lost: 0, dashboardWhileRendering: { worstP95Ms: 120 } },
    },
    media: {
      compile3Scenes15s720x1280: { mp4: { speedXRealtime: 5.2 }, webm: { speedXRealtime: 3.9 } },
      recompile5ScenesAfterOneEdit: { mp4: { fraction: 0.15 }, webm: { fraction: 0.25 } },
    },
    pages: {
      connections: {
        "10": {
          baseline: { reqPerSec: 300 },
          pages: {
            landing: pagesAt10(0.85, 50),
            plans: pagesAt10(0.7, 50),
            dashboard: pagesAt10(0.65, 99),
            "create-video": pagesAt10(0.61, 80),
            "editor project": pagesAt10(0.59, 120),
            "editor canvas": pagesAt10(0.6, 90),
            "admin orders": pagesAt10(0.7, 90),
          },
        },
      },
    },
    memory: {
      durationSec: 600,
      minute2ToEnd: { rssMiB: { minute2: 400, end: 460, change: 0.15 }, heapUsedAfterGcMiB: { minute2: 180, end: 185, change: 0.028 } },
    },
  };

  it("applies issue 25's limits: public pages 0.8, signed-in 0.6, p95 under 100 ms, crowd of 20, memory 10 %", () => {
    const rows = evaluate(targetRows(files), {});
    const v = Object.fromEntries(rows.map((r) => [r.id, r.verdict]));
    expect(v).toMatchObject({
      ready: "met",
      "render:mp4": "met",
      "render:webm": "missed",
      "recompile:mp4": "met",
      "recompile:webm": "missed",
      "page-ratio:landing": "met",
      "page-ratio:plans": "missed",
      "page-ratio:create-video": "met",
      "page-ratio:editor project": "missed",
      "page-ratio:editor canvas": "met",
      "page-p95:dashboard": "met",
      "page-p95:editor project": "missed",
      "crowd-ready": "missed",
      "crowd-dashboard-p95": "met",
      "memory:rss": "missed",
      "memory:heap": "met",
    });
    expect(rows.find((r) => r.id === "memory:rss")).toMatchObject({ measured: 15, missBy: 5 });
    expect(rows.find((r) => r.id === "crowd-ready")).toMatchObject({ measured: 19, missBy: 1 });
  });

  it("a missing file, a smaller crowd or a short memory run is not measured, not met", () => {
    const rows = evaluate(
      targetRows({
        e2e: { ...files.e2e, crowd: { ...files.e2e.crowd, users: 3, ready: 3 } },
        media: null,
        pages: files.pages,
        memory: { ...files.memory, durationSec: 240 },
      }),
      {},
    );
    const v = Object.fromEntries(rows.map((r) => [r.id, r.verdict]));
    expect(v["render:mp4"]).toBe("not measured");
    expect(rows.find((r) => r.id === "render:mp4")?.source).toMatch(/missing/);
    expect(v["crowd-ready"]).toBe("not measured");
    expect(v["memory:rss"]).toBe("not measured");
  });
});

describe("memory flat window", () => {
  const samples = (f: (t: number) => number, duration: number, step = 2) =>
    Array.from({ length: duration / step }, (_, i) => ({ t: (i + 1) * step, v: f((i + 1) * step) }));

  it("compares the median of minute 2 with the last minute's", () => {
    const w = flatWindow(
      samples((t) => 400 + t * 0.1, 600),
      600,
    );
    expect(w.minute2).toBe(412);
    expect(w.end).toBe(457);
    expect(w.change).toBeCloseTo(0.109, 3);
    expect(w.flat).toBe(false);
    expect(
      flatWindow(
        samples(() => 400, 600),
        600,
      ),
    ).toMatchObject({ change: 0, flat: true });
  });

  it("ignores the warm-up and needs at least 3 minutes", () => {
    // A high start (warm-up) does not count against flatness.
    expect(
      flatWindow(
        samples((t) => (t < 60 ? 700 : 450), 600),
        600,
      ).flat,
    ).toBe(true);
    expect(
      flatWindow(
        samples(() => 400, 120),
        120,
      ),
    ).toMatchObject({ minute2: null, flat: null });
  });
});
