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
      "Both cores are busy from submission to Ready (quiet machine, 2026-11-27, 8.5-9.5 s for the 15.7 s video): the stills, voices (one synthesis at a time) and the composed music until about 2.8 s, the motion plan (the shots' layers drawn again and stored) to about 3.4 s, then the render's 4.7-4.9 s, which draws every beat (zoompan over a 1.5x still, ADR 382), the parallax and text layers (ADR 381) and the captions. Work moved between steps does not shorten it: the motion planned in each scene's run, or the render's pictures and captions prepared beside the last frames, measured no change (A/B, 2 runs each). Only less CPU does: ADR 390 (images checked by decoding, not stats()) took 0.5 s off.",
    nextStep:
      "Draw the moves cheaper (ffmpeg 4.1's zoompan scales every frame with a new bicubic context; a newer ffmpeg's per-frame scale, or frames drawn another way, measured at the same smoothness), and keep the shots' layers from the image step instead of drawing them again for the motion plan (about 0.8 CPU-s of the 3-scene ad).",
  },
  render: {
    cause:
      "Every frame is encoded once (ADR 360), but drawing it costs more than encoding it: zoompan over a still at 1.5x the frame (ADR 382), a beat every 1.5-2 s, the parallax and text layers (ADR 381) and the caption track. Quiet machine, 2026-11-27: 3.8-4.2 CPU-s for 10.6 s of mp4 (5.1-5.6x on 2 cores by CPU), 4.5-5.1x by wall between runs; the wall loses to the start (plan, sounds, pictures prepared), where one core waits; since ADR 391 the end is a stream copy of both tracks.",
    nextStep:
      "Draw the moves cheaper (zoompan's per-frame bicubic scaling is fixed in ffmpeg 4.1: a newer ffmpeg's per-frame scale, or frames drawn another way), measured at the same smoothness.",
  },
  recompile: {
    cause:
      "Only the edited scene is drawn and encoded; the others come from the segment cache and are joined by stream copy (ADR 360), and the ad's sound track is kept, encoded, when nothing audible changed, so the mux only copies (ADR 391: mp4 0.25 -> 0.17-0.18 of a full compile, webm 0.32 -> 0.20-0.21, A/B on 2026-11-27). What remains is that scene's picture prepared and drawn, and the copy.",
    nextStep: "Draw the beats cheaper (as for the render); prepare the edited scene's picture once per edit rather than per compile.",
  },
  "page-ratio:landing": {
    cause:
      "Quiet machine, 2026-11-27, after ADR 392/393: the 404 page costs about 3 ms of server CPU per request, of which about 1 ms is the router matching the route table (matchRoutes flattens, ranks and compiles the patterns on every call, several calls per request) and the rest the shell's render; the landing page adds the full page's server render (31 KB) and, while the showcase is empty (as in the bench, SEED_SHOWCASE=false), one indexed statement asking whether it is being made. The showcase read and that check went to the pg pool (ADR 392): 5.9 -> 4.2 ms of CPU per request in a per-page profile.",
    nextStep:
      "Lighter landing markup (the sections below the fold rendered from static HTML), or the route matching memoised upstream (a trial memo of compiled patterns saved about 0.35 ms of every request, the 404 page's too).",
  },
  "page-ratio:plans": {
    cause:
      "The plans page is read on the pg pool since ADR 392 (one statement), with the web process's larger young generation (ADR 393): 0.79-0.89 of the 404 page in three runs on the quiet machine of 2026-11-27 (3.4-3.8 ms of server CPU per request against 2.9-3.0), so at the limit; the rest is the page's server render and the router's matching, which the 404 page pays too.",
    nextStep: "As for the landing page: lighter markup, or the route matching memoised upstream.",
  },
  "page-ratio": {
    cause:
      "Server CPU per request on the quiet machine of 2026-11-27 (bench/results/pages-latest.json): the 404 page about 3 ms; after ADR 392 (the hot reads on the pg pool: Prisma's query compiler and engine cost 1.2-2.3 ms per model read, the pool 0.2) and ADR 393 (32 MB semi-spaces), the dashboard 11.8 -> 7.9 ms (6 statements -> 3), the canvas 13.2 -> 6.8 (10 -> 6), admin orders 8.3 -> 5.8-6.4 (5 -> 2), create-video 7.5 -> 5.2-5.4, the 50-scene editor 17.1 -> 11.3 (its scene cards no longer render a material form when there is nothing to choose), landing 6.0 -> 4.3 (three runs of the bench). What is left is React's server render of the cards and the garbage it makes (the editor: 50 scene cards, each with its four no-JavaScript forms, about 1,700 elements; the dashboard: 24 cards of 3.6 KB), and the router's matching, which the 404 page pays too.",
    nextStep:
      "The editor: render the scene cards' controls for the scenes on screen (or page the scene list like the cards, ADR 365) so a 50-scene project does not render 150 forms; the dashboard: lighter card markup. Then profile again: `npm run bench -- --pages --cpu-prof`, then `npx tsx bench/profile-pages.ts --page='editor project'`.",
  },
  "page-p95": {
    cause:
      "The same CPU per request as the throughput ratio (see page-ratio), on two cores: after ADR 392/393 met for every page but the 50-scene editor on the quiet machine of 2026-11-27 (dashboard 133 -> 82-84 ms, canvas 139 -> 78-86 ms; the editor 174 -> 124 ms).",
    nextStep: "As page-ratio: the editor's scene cards rendered for the scenes on screen.",
  },
  "crowd-ready": {
    cause: "Some crowd ideas failed or did not finish within the time limit (e2e-latest.json crowd).",
    nextStep: "Read the failed workflow runs' errors in the e2e database; re-run `npm run bench -- --e2e`.",
  },
  "crowd-dashboard-p95": {
    cause:
      "The renders (ffmpeg, sharp, speech) share the two cores with the web process; the worker and its media processes are niced, but 20 renders keep both cores busy for three minutes. After ADR 392/393 the dashboard costs about 8 ms of CPU per request (it was 12): quiet p95 340 -> 187 ms, worst 5 s sample while 20 users render 721 -> 506 ms (bench e2e, 2026-11-27). The quiet figure is after the single and 7-scene runs, whose clips-after-Ready work may still be running.",
    nextStep:
      "Fewer CPU-seconds per render (draw the moves cheaper: see render), and a lighter dashboard (card markup); a CPU share for the web process beyond nice (a cgroup weight, where the host allows it).",
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
        `${String(get(page(name), "reqPerSec") ?? "?")} req/s against ${String(get(r.pages, "connections", "10", "baseline", "reqPerSec") ?? "?")}; ` +
        `server CPU ${String(get(page(name), "serverCpuMsPerRequest") ?? "?")} ms per request against ${String(get(r.pages, "connections", "10", "baseline", "serverCpuMsPerRequest") ?? "?")}`,
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
