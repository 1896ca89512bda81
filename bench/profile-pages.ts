// Where each page's server CPU goes: the V8 CPU profile of `npm run bench -- --pages --cpu-prof`
// (bench/.work/profiles/), sliced by the time window of each page's measurement (windows.json), as ms of
// CPU per request by package and, with --page=NAME, by function (self and inclusive).
// Usage: npx tsx bench/profile-pages.ts [--connections=10] [--page=dashboard] [--top=25]
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ProfileWindow } from "./pages";
import { flagValue } from "./pages";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

const dir = path.resolve("bench/.work/profiles");
const connections = Number(flagValue("connections") ?? 10);
const only = flagValue("page");
const top = Number(flagValue("top") ?? 25);
// The web process's main thread: the newest main-thread profile.
const file = readdirSync(dir)
  .filter((f) => /\.0\.001\.cpuprofile$/.test(f))
  .map((f) => path.join(dir, f))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!file) throw new Error(`no CPU profile in ${dir}: run npm run bench -- --pages --cpu-prof first`);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const windows = (JSON.parse(readFileSync(path.join(dir, "windows.json"), "utf8")) as ProfileWindow[]).filter((w) => w.connections === connections);

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const short = (url: string) =>
  url
    .replace(/.*node_modules\//, "")
    .replace(/.*\/build\//, "build/")
    .replace(/^file:\/\/.*?\/(app|server|inngest|agents)\//, "$1/");
const fnName = (n: Node) => `${n.callFrame.functionName || "(anon)"} ${short(n.callFrame.url)}:${n.callFrame.lineNumber}`;
const pkg = (n: Node) => {
  const m = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(n.callFrame.url);
  return m ? m[1] : /\/build\//.test(n.callFrame.url) ? "the app (build)" : n.callFrame.url ? short(n.callFrame.url) : n.callFrame.functionName;
};

type Slice = { requests: number; total: number; byPkg: Map<string, number>; self: Map<string, number>; inclusive: Map<string, number> };
const slices = new Map<ProfileWindow, Slice>();
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  const w = windows.find((x) => t >= x.fromUs && t < x.toUs);
  if (!w) continue;
  const d = profile.timeDeltas[i + 1] ?? 0;
  let s = slices.get(w);
  if (!s) slices.set(w, (s = { requests: w.requests, total: 0, byPkg: new Map(), self: new Map(), inclusive: new Map() }));
  const node = nodes.get(profile.samples[i])!;
  s.total += d;
  add(s.byPkg, pkg(node), d);
  add(s.self, fnName(node), d);
  if (only === w.page) {
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const name = fnName(nodes.get(id)!);
      if (seen.has(name)) continue;
      seen.add(name);
      add(s.inclusive, name, d);
    }
  }
}
const ms = (us: number, requests: number) => (us / 1000 / Math.max(1, requests)).toFixed(2).padStart(6);
const list = (m: Map<string, number>, n: number, requests: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${ms(v, requests)}  ${k}`)
    .join("\n");
console.log(`${path.basename(file)}, ${connections} connections: ms of the web process's main thread per request (sampled; idle included)`);
for (const [w, s] of slices) {
  if (only && w.page !== only) continue;
  console.log(`\n${w.page}: ${ms(s.total, s.requests)} ms per request over ${s.requests} requests\n${list(s.byPkg, only ? top : 8, s.requests)}`);
  if (only) console.log(`self:\n${list(s.self, top, s.requests)}\ninclusive:\n${list(s.inclusive, top, s.requests)}`);
}
