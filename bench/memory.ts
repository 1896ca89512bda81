// `npm run bench -- --memory` (issue 15 §1e): the web process's memory over a stretch of mixed
// load on loopback (pages signed in and out, the live event stream opened and dropped, MCP tool
// calls, assistant messages, 404s), bounded loops of a few clients; RSS sampled every 2 s, the heap every 5 s
// (after a full collection every 15 s); process listener counts and MaxListenersExceededWarning watched (bench/listener-probe.ts).
// --memory-duration=SECONDS (default 600; 60 for a quick run). Writes bench/results/memory-latest.json.
// --memory-snapshots=60,240: the server writes a V8 heap snapshot at those seconds of the load
// (node --heapsnapshot-signal, files under bench/.work/heap/), to compare with bench/heap-diff.ts.
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { processRssMiB } from "./app-process";
import { flatWindow, FLAT_LIMIT } from "./memory-flat";
import { flagValue, machineInfo, SHARED_MACHINE_NOTE, startBenchApp, writeResult } from "./pages";

type Probe = { t: number; at?: number; afterGc?: boolean; listeners: Record<string, number>; handles: number | null; heapUsedMiB: number; rssMiB: number };

const pct = (c: number | null) => (c === null ? "n/a" : `${c >= 0 ? "+" : ""}${(c * 100).toFixed(1)} %`);

const median = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

export async function runMemoryBench(): Promise<{ pass: boolean }> {
  const loadAtStart = os.loadavg();
  const durationSec = Number(flagValue("memory-duration") ?? 600);
  const snapshotAt = (flagValue("memory-snapshots") ?? "")
    .split(",")
    .filter(Boolean)
    .map(Number)
    .filter((n) => n > 0 && n < durationSec);
  const heapDir = path.resolve("bench/.work/heap");
  if (snapshotAt.length) mkdirSync(heapDir, { recursive: true });
  const snapshotFlags = snapshotAt.length ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${heapDir}`] : [];
  const { db, app, data } = await startBenchApp("memory", { nodeFlags: ["--expose-gc", ...snapshotFlags, "--import", "./bench/listener-probe.ts"] });
  try {
    const user = await data.newAccount("user", { credits: 1000 });
    const admin = await data.newAccount("admin", { admin: true, credits: 1000 });
    await data.fillDashboard(user.id, 50);
    await data.fillOrders(user, 20);
    const projectId = await data.benchProject(admin, 5);
    const token = await data.benchToken(admin);
    const state = (await (await fetch(`${app.url}/resources/assistant?projectId=${projectId}`, { headers: { cookie: admin.cookie } })).json()) as {
      sessionId: string;
    };

    const counts: Record<string, number> = {};
    const failures: string[] = [];
    const hit = (name: string) => (counts[name] = (counts[name] ?? 0) + 1);
    const page = async (name: string, path: string, cookie?: string, expect = 200) => {
      const r = await fetch(app.url + path, { headers: cookie ? { cookie } : {} });
      await r.arrayBuffer();
      if (r.status !== expect && failures.length < 20) failures.push(`${name} ${r.status}`);
      hit(name);
    };
    const live = async () => {
      const ac = new AbortController();
      const r = await fetch(`${app.url}/resources/live`, { headers: { cookie: user.cookie, accept: "text/event-stream" }, signal: ac.signal });
      const reader = r.body!.getReader();
      await reader.read();
      ac.abort();
      await reader.cancel().catch(() => undefined);
      hit("live stream");
    };
    const mcpCalls = async () => {
      const client = new Client({ name: "reelforge-bench", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      await client.callTool({ name: "list_video_projects", arguments: {} });
      await client.callTool({ name: "get_video_project", arguments: { projectId } });
      await client.close();
      hit("mcp session");
    };
    const chat = async () => {
      const r = await fetch(`${app.url}/resources/assistant`, {
        method: "POST",
        headers: { cookie: admin.cookie, accept: "text/event-stream", origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "send", sessionId: state.sessionId, message: "How many scenes does this project have?" }),
      });
      await r.arrayBuffer();
      hit("assistant message");
    };
    const mix: (() => Promise<void>)[] = [
      () => page("landing", "/"),
      () => page("plans", "/plans"),
      () => page("dashboard", "/", user.cookie),
      () => page("create-video", "/create-video", user.cookie),
      () => page("editor project", `/video-projects/${projectId}`, admin.cookie),
      () => page("admin orders", "/admin/orders", admin.cookie),
      () => page("404", "/bench-no-such-page", undefined, 404),
      live,
    ];

    const rss: { t: number; rssMiB: number | null }[] = [];
    const probesBefore = app
      .output()
      .split("\n")
      .filter((l) => l.startsWith("BENCH_PROBE ")).length;
    const t0 = Date.now();
    const sampler = setInterval(() => rss.push({ t: Math.round((Date.now() - t0) / 1000), rssMiB: processRssMiB(app.pid) }), 2000);
    const end = t0 + durationSec * 1000;
    const snapshotTimers = snapshotAt.map((sec) =>
      setTimeout(() => {
        // A full collection first (the probe's gc runs every 15 s), then the snapshot: what is still referenced.
        console.log(`Heap snapshot at ${sec} s of load (written under ${path.relative(process.cwd(), heapDir)})`);
        process.kill(app.pid, "SIGUSR2");
      }, sec * 1000),
    );
    // Four clients in bounded loops; one assistant message every 10 s (each costs credits) and an
    // MCP session every 4 s (the token's budget is 120 requests a minute).
    let nextChat = t0;
    let nextMcp = t0;
    const client = async (k: number) => {
      for (let i = k; Date.now() < end; i++) {
        try {
          // Paced from the last start, not a fixed grid: a slow machine that falls behind does not
          // catch up in a burst (which the token's rate limit answers with 429).
          if (k === 0 && Date.now() >= nextChat) {
            nextChat = Date.now() + 10_000;
            await chat();
          } else if (k === 1 && Date.now() >= nextMcp) {
            nextMcp = Date.now() + 4_000;
            await mcpCalls();
          } else await mix[i % mix.length]();
        } catch (error) {
          if (failures.length < 20) failures.push(String(error).slice(0, 200));
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(client));
    clearInterval(sampler);
    snapshotTimers.forEach(clearTimeout);
    await new Promise((r) => setTimeout(r, 2500));

    const out = app.output();
    const probes: Probe[] = out
      .split("\n")
      .filter((l) => l.startsWith("BENCH_PROBE "))
      .map((l) => JSON.parse(l.slice(12)) as Probe);
    const warnings = out
      .split("\n")
      .filter((l) => l.startsWith("BENCH_WARNING "))
      .map((l) => JSON.parse(l.slice(14)) as { name: string; message: string });
    const maxListenerWarnings = warnings.filter((w) => w.name === "MaxListenersExceededWarning" || /MaxListeners/.test(w.message));
    const values = rss.map((s) => s.rssMiB).filter((v): v is number => v !== null);
    // Flat: the last fifth's median RSS within 15% (and 40 MiB) of the second fifth's (the first fifth is warm-up).
    const fifth = Math.max(1, Math.floor(values.length / 5));
    const early = median(values.slice(fifth, 2 * fifth));
    const late = median(values.slice(-fifth));
    const growth = late - early;
    const flat = growth <= Math.max(40, early * 0.15);
    // The first probe once the load runs (the server registers its signal handlers after start-up).
    const firstProbe = probes[probesBefore] ?? probes[0];
    const lastProbe = probes[probes.length - 1];
    const listenerGrowth =
      firstProbe && lastProbe
        ? Object.entries(lastProbe.listeners)
            .filter(([n, c]) => c > (firstProbe.listeners[n] ?? 0))
            .map(([n, c]) => `${n}: ${firstProbe.listeners[n] ?? 0} → ${c}`)
        : [];
    // Issue 25 item 4: minute 2 against the last minute, RSS and the heap after a full collection.
    const rssWindow = flatWindow(
      rss.filter((s): s is { t: number; rssMiB: number } => s.rssMiB !== null).map((s) => ({ t: s.t, v: s.rssMiB })),
      durationSec,
    );
    const heapWindow = flatWindow(
      probes.filter((p) => p.afterGc && p.at !== undefined && p.at >= t0).map((p) => ({ t: (p.at! - t0) / 1000, v: p.heapUsedMiB })),
      durationSec,
    );
    const pass =
      flat && rssWindow.flat !== false && heapWindow.flat !== false && maxListenerWarnings.length === 0 && listenerGrowth.length === 0 && failures.length === 0;
    const result = {
      date: new Date().toISOString(),
      machine: machineInfo(loadAtStart),
      note: SHARED_MACHINE_NOTE,
      durationSec,
      setup:
        "Production server process on loopback; 4 clients in loops over landing, plans, dashboard (50 items), create-video, an editor project, admin orders, the 404 page, the live event stream (opened, first event read, dropped) an MCP session (connect, 2 tool calls, close) every 4 s, and one assistant message every 10 s.",
      requests: counts,
      failures,
      rssMiB: {
        start: values[0] ?? null,
        afterWarmUp: early,
        end: late,
        max: Math.max(...values),
        growthMiB: Math.round(growth * 10) / 10,
        flat,
        samples: rss,
      },
      minute2ToEnd: {
        about: `median of 90-150 s of load against the median of the last 60 s; flat when within ${FLAT_LIMIT * 100} % (issue 25 item 4)`,
        rssMiB: rssWindow,
        heapUsedAfterGcMiB: heapWindow,
      },
      heapUsedAfterGcMiB: {
        first: firstProbe?.heapUsedMiB ?? null,
        last: lastProbe?.heapUsedMiB ?? null,
        samples: probes.filter((_, i) => i % 3 === 0).map((p) => p.heapUsedMiB),
      },
      listeners: {
        first: firstProbe?.listeners ?? null,
        last: lastProbe?.listeners ?? null,
        grew: listenerGrowth,
        handlesFirst: firstProbe?.handles ?? null,
        handlesLast: lastProbe?.handles ?? null,
      },
      warnings,
      maxListenersExceededWarnings: maxListenerWarnings.length,
      pass,
    };
    writeResult("memory-latest.json", result);
    // A full run is also kept under its date (bench/results/memory-YYYY-MM-DD.json).
    if (durationSec >= 600) writeResult(`memory-${result.date.slice(0, 10)}.json`, result);
    console.log(
      `Memory over ${durationSec} s of mixed load (${Object.values(counts).reduce((a, b) => a + b, 0)} requests): RSS ${values[0]} → ${early} (warm) → ${late} MiB (max ${result.rssMiB.max}), ` +
        `minute 2 → end: RSS ${rssWindow.minute2} → ${rssWindow.end} MiB (${pct(rssWindow.change)}), heap after GC ${heapWindow.minute2} → ${heapWindow.end} MiB (${pct(heapWindow.change)}), ` +
        `listeners grew: ${listenerGrowth.join(", ") || "none"}, MaxListenersExceededWarning: ${maxListenerWarnings.length}, failures: ${failures.length}: ${pass ? "PASS" : "FAIL"}`,
    );
    return { pass };
  } finally {
    await app.stop();
    await db.close();
  }
}
