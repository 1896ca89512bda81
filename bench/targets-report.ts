// `npm run bench -- --targets` (and the end of the full `npm run bench`): the table of issue 25
// item 5's targets from the latest results (bench/targets.ts, ADR 370), printed and written to
// bench/results/targets-latest.json and targets-latest.md. Each row names the file and run it came from.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { flatWindow } from "./memory-flat";
import { consoleTable, evaluate, markdownTable, summary, type Cause, type TargetRow } from "./targets";
import { writeResult } from "./pages";

/**
 * Known causes and next steps, keyed by target id (or its family before ":"), filled in where a
 * target is missed. From the measurements of issue 25 and ADRs 238/239/370; update them with the fix.
 */
export const CAUSES: Record<string, Cause> = {
  ready: {
    cause:
      "Both cores are busy from submission to Ready (quiet machine, 2026-11-27: 8.1-8.6 s for the 15.7 s video in the afternoon, 7.6-8.0 s in the evening runs; 2026-11-28 evening: the head 7.98, 8.56 and 8.91 s in three runs, the commit whose run measured 7.5 s on 2026-11-27 (11a612c) 7.92 s in the same hour, so the spread is the machine's, not the code's): the stills, voices (one synthesis at a time) and the composed music until about 2.9-3.1 s, the motion plan (0.13-0.16 s since ADR 397 keeps the shots' layers from the image step; it was 0.6 s), then the render's 4.8-5.2 s. Two of the three scenes are parallax shots whose segment costs 2.2-2.4 CPU-s each (the zoompans of the plate and of the product layer with alpha 0.8, the captions, text layer and beat joins 0.4, x264 0.95), the third 1 CPU-s. Work moved between steps does not shorten it: drawing every scene in two parts at once measured slower (8.7 against 8.2 s, ADR 395), as the motion planned in each scene's run did before; only less CPU does (ADR 390, 394, 397).",
    nextStep:
      "Draw the moves cheaper: the product layer's zoompan with alpha (0.47 CPU-s of a 6 s parallax scene) and the plate's (0.35) each set up a new bicubic scaler for every frame in ffmpeg 4.1; a newer ffmpeg's per-frame scale, or frames drawn another way, measured at the same smoothness.",
  },
  render: {
    cause:
      "Every frame is encoded once (ADR 360), but drawing it costs more than encoding it: zoompan over a still at 1.5x the frame (ADR 382), a beat every 1.5-2 s, the parallax and text layers (ADR 381) and the caption track. Since ADR 394 (the sound no longer waits behind the pictures for a render permit; the caption images drawn from raw pixels, 22 -> 14.5 ms each) the 3-scene mp4 compile is 5.08-5.45x real time by wall in most runs on the quiet machine of 2026-11-27 (4.8-5.0x in the noisier ones), 3.6-3.9 CPU-s for 10.6 s.",
    nextStep:
      "Draw the moves cheaper (zoompan's per-frame bicubic scaling is fixed in ffmpeg 4.1: a newer ffmpeg's per-frame scale, or frames drawn another way), measured at the same smoothness.",
  },
  recompile: {
    cause:
      "Only the edited scene is drawn and encoded; the others come from the segment cache and are joined by stream copy (ADR 360), the ad's sound is kept when nothing audible changed (ADR 391), and since ADR 395 a scene drawn alone is drawn in two parts at once (ffmpeg 4.1 runs a filter graph on one thread): webm 20.4-21.5 % -> 16.9-17.8 % of a full compile, mp4 16.6-17.9 % (quiet machine, 2026-11-27).",
    nextStep: "Draw the beats cheaper (as for the render); prepare the edited scene's picture once per edit rather than per compile.",
  },
  "page-ratio:landing": {
    cause:
      "Each page is compared with the 404 page measured just before and just after it, in three rounds (the median counts): over one run the 404 page alone ranged from 361 to 439 req/s in adjacent 5-second windows. The landing measured 0.75-0.80 in the runs of 2026-11-28 before ADR 405 and 0.82 (rounds 0.82, 0.83, 0.79) after it, which sends its sections around the examples as the markup drawn the first time (one-process A/B: 3.21 -> 3.03 ms of server CPU, the 404 page 2.52). The 404 page costs 2.2-2.7 ms of server CPU per request depending on the host, about 1 ms of it the router matching the route table (matchRoutes flattens, ranks and compiles the patterns on every call, several calls per request); cutting that, which the 404 page pays too, would lower every ratio, not raise it.",
    nextStep:
      "The showcase and its being-made flag in one statement; the landing route's module split from the dashboard's (the anonymous page preloads the dashboard's chunks).",
  },
  "page-ratio:plans": {
    cause:
      "The plans page is read on the pg pool since ADR 392 (one statement), with the web process's larger young generation (ADR 393): 0.79-0.91 of the 404 page in the runs on the quiet machine of 2026-11-27 and 0.82-0.88 on 2026-11-28, so at the limit; the rest is the page's server render and the router's matching, which the 404 page pays too.",
    nextStep: "As for the landing page: lighter markup, or the route matching memoised upstream.",
  },
  "page-ratio": {
    cause:
      "Run of 2026-11-28 20:16 UTC, each page in three rounds of 2 s with the 404 page before and after each window, its ratio the median of its rounds' (the 404 page 3.15 ms of server CPU and 331 req/s): every page met, the dashboard 0.62 (rounds 0.62, 0.63, 0.62) nearest the limit, create-video 0.68, the 50-scene editor 0.66 (rounds 0.66, 0.65, 0.67), the canvas 0.75, admin orders 0.71. The editor made 0.58 at 17:06 (rounds 0.58, 0.48, 0.58); since then ADR 409: its prices are kept per project and viewer with the version of the rows they come from (md5 of the rows' xmin), so a visit reads only the 8 scenes it shows (0.3-0.5 ms of the web process's CPU a request, the database's 0.63-0.71 -> 0.42-0.48 ms; the canvas takes its compile price from it too); ADR 407 amended: the forms above its cards are kept as markup until hydration (0.17-0.32 ms in one process). Earlier on 2026-11-28, ADR 408: named prepared statements for the hot reads (the database's CPU per dashboard, editor or canvas request 1.3-1.5 -> 0.5-0.6 ms), no public-file lookup for page paths, the editors' scenes as a JSON column of the project's statement; ADR 396 amended: a long project's first 8 scene cards. Measured and ruled out: the prices without the cost lines the page does not show, a hand-written timestamp parser, Remix's copies of the request skipped (the 404 page saves as much), the announcements shared between requests (staleness), compressed responses (0.4-0.7 ms more CPU per page, the 404 page's too), corking the response, one kept markup for the whole card list, a larger young generation. A page must cost at most 1.67 times the 404 page to reach 0.6; the rounds of one page differ by up to 0.1.",
    nextStep:
      "Profile the page nearest the limit (the dashboard, 0.62) with `npm run bench -- --pages --cpu-prof` and `npx tsx bench/profile-pages.ts --page=dashboard` (read the later windows: the first one is the warm-up), and compare variants by per-request CPU in one process (ADR 406).",
  },
  "page-p95": {
    cause:
      "The same CPU per request as the throughput ratio (see page-ratio), on two cores: met for every page but the 50-scene editor on the quiet machine of 2026-11-27 until it opened with its first 12 scene cards (ADR 396): 124 -> 98 ms, at the limit.",
    nextStep: "As page-ratio: a lighter editor page around its scene cards.",
  },
  "crowd-ready": {
    cause: "Some crowd ideas failed or did not finish within the time limit (e2e-latest.json crowd).",
    nextStep: "Read the failed workflow runs' errors in the e2e database; re-run `npm run bench -- --e2e`.",
  },
  "crowd-dashboard-p95": {
    cause:
      "The renders (ffmpeg, sharp, speech) share the two cores with the web process for the 3 minutes 20 renders take. Since ADR 398 every thread of the worker is niced, and since ADR 400 the worker runs at nice 14 and its ffmpeg and synthesis children at 19 (were 5 and 10): worst 5 s p95 506 ms (2026-11-27 morning) -> 213-215 ms (ADR 398, 399) -> 138-142 ms in the two runs since ADR 400, the last of the 20 ads Ready after 175-179 s as before.",
    nextStep:
      "If it is missed again: a CPU share for the web process beyond nice (a cgroup weight, where the host allows it), and a lighter dashboard (6-7 ms of CPU per request against 2.7-3 for the 404 page).",
  },
  memory: {
    cause:
      "Something the server keeps per request, session or job grows (see memory-latest.json and compare heap snapshots: --memory-snapshots=60,540, bench/heap-diff.ts).",
    nextStep: "Bound the growing cache or free it when its owner finishes (ADR 371).",
  },
};

type Json = Record<string, unknown>;
const dir = () => path.resolve("bench/results");

function readLatest(file: string): Json | null {
  const f = path.join(dir(), file);
  return existsSync(f) ? (JSON.parse(readFileSync(f, "utf8")) as Json) : null;
}

const get = (o: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Json)[k] : undefined), o);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const source = (file: string, j: Json | null) => (j ? `${file} (${String(j.date ?? "undated").slice(0, 16)})` : `${file} missing: run its scenario`);

const PUBLIC_PAGES = ["landing", "plans"];
const SIGNED_IN_PAGES = ["dashboard", "create-video", "editor project", "editor canvas", "admin orders"];

/** The rows of issue 25 item 5 from the result files (JSON objects as the scenarios write them). */
export function targetRows(r: { e2e: Json | null; media: Json | null; pages: Json | null; memory: Json | null }): TargetRow[] {
  const rows: TargetRow[] = [];
  const e2eSrc = source("e2e-latest.json", r.e2e);
  rows.push({
    id: "ready",
    target: "3-scene idea: submission → Ready, x the video's length",
    measured: num(get(r.e2e, "single", "ratioToVideoLength")),
    unit: "x",
    comparison: "<=",
    limit: 0.5,
    source: e2eSrc,
    detail: `${String(get(r.e2e, "single", "submissionToReadySec") ?? "?")} s for a ${String(get(r.e2e, "single", "videoSec") ?? "?")} s video`,
  });
  const mediaSrc = source("media-latest.json", r.media);
  for (const [format, limit] of [
    ["mp4", 5],
    ["webm", 4],
  ] as const)
    rows.push({
      id: `render:${format}`,
      target: `Render ${format}, x real time by wall`,
      measured: num(get(r.media, "compile3Scenes15s720x1280", format, "speedXRealtime")),
      unit: "x",
      comparison: ">=",
      limit,
      source: mediaSrc,
      detail: `by CPU on 2 cores x${String(get(r.media, "compile3Scenes15s720x1280", format, "speedXRealtimeOn2CoresByCpu") ?? "?")}`,
    });
  for (const format of ["mp4", "webm"])
    rows.push({
      id: `recompile:${format}`,
      target: `Re-compile after one edit (${format}), fraction of a full compile`,
      measured: num(get(r.media, "recompile5ScenesAfterOneEdit", format, "fraction")),
      unit: "",
      comparison: "<=",
      limit: 0.2,
      source: mediaSrc,
      detail: `by CPU ${String(get(r.media, "recompile5ScenesAfterOneEdit", format, "cpuFraction") ?? "?")}`,
    });
  const pagesSrc = source("pages-latest.json", r.pages);
  const page = (name: string) => get(r.pages, "connections", "10", "pages", name);
  for (const name of [...PUBLIC_PAGES, ...SIGNED_IN_PAGES]) {
    const isPublic = PUBLIC_PAGES.includes(name);
    rows.push({
      id: `page-ratio:${name}`,
      target: `${name} (${isPublic ? "public" : "signed in"}): throughput / the 404 page's, 10 connections`,
      measured: num(get(page(name), "ratio")),
      unit: "",
      comparison: ">=",
      limit: isPublic ? 0.8 : 0.6,
      source: pagesSrc,
      detail:
        `${String(get(page(name), "reqPerSec") ?? "?")} req/s against ${String(get(page(name), "baseline", "reqPerSec") ?? get(r.pages, "connections", "10", "baseline", "reqPerSec") ?? "?")}; ` +
        `server CPU ${String(get(page(name), "serverCpuMsPerRequest") ?? "?")} ms per request against ${String(get(page(name), "baseline", "serverCpuMsPerRequest") ?? get(r.pages, "connections", "10", "baseline", "serverCpuMsPerRequest") ?? "?")}` +
        (Array.isArray(get(page(name), "roundRatios")) ? `; the median of rounds ${(get(page(name), "roundRatios") as number[]).join(", ")}` : ""),
    });
  }
  for (const name of [...PUBLIC_PAGES, ...SIGNED_IN_PAGES])
    rows.push({
      id: `page-p95:${name}`,
      target: `${name === "editor project" ? "editor project (50 scenes)" : name}: p95 at 10 connections`,
      measured: num(get(page(name), "p95Ms")),
      unit: "ms",
      comparison: "<",
      limit: 100,
      source: pagesSrc,
    });
  const users = num(get(r.e2e, "crowd", "users"));
  rows.push({
    id: "crowd-ready",
    target: "20 simultaneous users: all Ready",
    // A crowd of another size does not measure this target.
    measured: users === 20 ? num(get(r.e2e, "crowd", "ready")) : null,
    unit: "Ready",
    comparison: ">=",
    limit: 20,
    source: e2eSrc,
    detail: `${String(users ?? "?")} users, ${String(get(r.e2e, "crowd", "failed") ?? "?")} failed, ${String(get(r.e2e, "crowd", "lost") ?? "?")} lost, last Ready after ${String(get(r.e2e, "crowd", "lastReadySec") ?? "?")} s`,
  });
  rows.push({
    id: "crowd-dashboard-p95",
    target: "Dashboard p95 while 20 users render (worst 5 s sample)",
    measured: users === 20 ? num(get(r.e2e, "crowd", "dashboardWhileRendering", "worstP95Ms")) : null,
    unit: "ms",
    comparison: "<",
    limit: 150,
    source: e2eSrc,
    detail: `quiet p95 ${String(get(r.e2e, "crowd", "dashboardQuiet", "p95Ms") ?? "?")} ms`,
  });
  rows.push(...memoryRows(r.memory));
  return rows;
}

/** RSS and heap, minute 2 against minute 10, as |change| in %; older results are read from their samples. */
function memoryRows(memory: Json | null): TargetRow[] {
  const src = source("memory-latest.json", memory);
  const duration = num(get(memory, "durationSec")) ?? 0;
  const requests = Object.values((get(memory, "requests") as Record<string, number> | undefined) ?? {}).reduce((a, b) => a + b, 0);
  const window = (key: "rssMiB" | "heapUsedAfterGcMiB") => {
    const stored = get(memory, "minute2ToEnd", key) as { minute2: number | null; end: number | null; change: number | null } | undefined;
    if (stored) return stored;
    // Before ADR 371 the file had RSS every 2 s ({t, rssMiB}) and the heap after GC every 15 s (from the server's start).
    if (key === "rssMiB") {
      const samples = (get(memory, "rssMiB", "samples") as { t: number; rssMiB: number | null }[] | undefined) ?? [];
      return flatWindow(
        samples.filter((s) => s.rssMiB !== null).map((s) => ({ t: s.t, v: s.rssMiB! })),
        duration,
      );
    }
    const heap = (get(memory, "heapUsedAfterGcMiB", "samples") as number[] | undefined) ?? [];
    return flatWindow(
      heap.map((v, i) => ({ t: i * 15, v })),
      duration,
    );
  };
  return (["rssMiB", "heapUsedAfterGcMiB"] as const).map((key) => {
    const w = window(key);
    const full = duration >= 600;
    return {
      id: `memory:${key === "rssMiB" ? "rss" : "heap"}`,
      target: `${key === "rssMiB" ? "RSS" : "Live heap (after a full GC)"}: change from minute 2 to minute 10 of the mixed load`,
      // A shorter run does not measure minute 10.
      measured: full && w.change !== null ? Math.round(Math.abs(w.change) * 1000) / 10 : null,
      unit: "%",
      comparison: "<=",
      limit: 10,
      source: src,
      detail: `${String(w.minute2)} → ${String(w.end)} MiB over a ${duration} s run${full ? "" : " (shorter than 600 s)"} of ${requests} requests`,
    };
  });
}

/** Reads the latest results, prints the table and writes targets-latest.json and .md. */
export function reportTargets(): { allMet: boolean } {
  const rows = evaluate(
    targetRows({
      e2e: readLatest("e2e-latest.json"),
      media: readLatest("media-latest.json"),
      pages: readLatest("pages-latest.json"),
      memory: readLatest("memory-latest.json"),
    }),
    CAUSES,
  );
  const s = summary(rows);
  const date = new Date().toISOString();
  const note = "Values from the latest result file of each scenario (see Source): rows from different runs may have been measured under different load.";
  writeResult("targets-latest.json", { date, note, summary: s, rows });
  writeFileSync(path.join(dir(), "targets-latest.md"), markdownTable(rows, { date, note }));
  console.log(`Targets (issue 25 item 5): ${s.met} met, ${s.missed} missed, ${s.notMeasured} not measured`);
  console.log(consoleTable(rows));
  return { allMet: s.allMet };
}
