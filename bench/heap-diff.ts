// `npx tsx bench/heap-diff.ts A.heapsnapshot B.heapsnapshot [--top=25] [--paths=8]`: what the memory
// benchmark's server still holds at B that it did not hold at A (bench/memory.ts --memory-snapshots).
// Node ids are stable within one process, so the objects of B whose id is not in A were made
// between the two snapshots and survived a full collection. Prints the retained-size growth by
// constructor / type, the new survivors by constructor, and for the largest groups a few retainer
// paths (which object keeps them alive), so the cause can be named. Run with a large heap:
// NODE_OPTIONS=--max-old-space-size=6000.
import { readFileSync } from "node:fs";

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
};

type Heap = {
  count: number;
  type: (i: number) => string;
  name: (i: number) => string;
  id: (i: number) => number;
  size: (i: number) => number;
  /** Per node, its retainers: [from node index, edge type, edge name]. */
  retainers: (i: number) => [number, string, string][];
};

function load(file: string): Heap {
  const s = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const nf = s.snapshot.meta.node_fields;
  const ef = s.snapshot.meta.edge_fields;
  const N = nf.length;
  const E = ef.length;
  const [nType, nName, nId, nSize, nEdges] = ["type", "name", "id", "self_size", "edge_count"].map((f) => nf.indexOf(f));
  const [eType, eName, eTo] = ["type", "name_or_index", "to_node"].map((f) => ef.indexOf(f));
  const nodeTypes = s.snapshot.meta.node_types[0];
  const edgeTypes = s.snapshot.meta.edge_types[0];
  const count = s.nodes.length / N;
  const retainers: [number, string, string][][] = Array.from({ length: count }, () => []);
  let e = 0;
  for (let i = 0; i < count; i++) {
    const edges = s.nodes[i * N + nEdges];
    for (let k = 0; k < edges; k++, e += E) {
      const to = s.edges[e + eTo] / N;
      const type = edgeTypes[s.edges[e + eType]];
      if (type === "weak" || type === "shortcut") continue;
      const raw = s.edges[e + eName];
      const name = type === "element" || type === "hidden" ? `[${raw}]` : String(s.strings[raw]);
      if (retainers[to].length < 4) retainers[to].push([i, type, name]);
    }
  }
  return {
    count,
    type: (i) => nodeTypes[s.nodes[i * N + nType]],
    name: (i) => s.strings[s.nodes[i * N + nName]],
    id: (i) => s.nodes[i * N + nId],
    size: (i) => s.nodes[i * N + nSize],
    retainers: (i) => retainers[i],
  };
}

const label = (h: Heap, i: number) => {
  const t = h.type(i);
  const n = h.name(i);
  return t === "object" || t === "closure"
    ? `${t}:${n.slice(0, 60)}`
    : t === "string" || t === "concatenated string" || t === "sliced string"
      ? "string"
      : `${t}:${n.slice(0, 40)}`;
};

function byLabel(h: Heap, pick: (i: number) => boolean) {
  const out = new Map<string, { count: number; bytes: number; sample: number[] }>();
  for (let i = 0; i < h.count; i++) {
    if (!pick(i)) continue;
    const k = label(h, i);
    const v = out.get(k) ?? { count: 0, bytes: 0, sample: [] };
    v.count++;
    v.bytes += h.size(i);
    if (v.sample.length < 200 && v.count % 7 === 1) v.sample.push(i);
    out.set(k, v);
  }
  return out;
}

function path(h: Heap, i: number, depth = flag("depth", 10)): string {
  const parts: string[] = [];
  const seen = new Set<number>();
  let cur = i;
  // Runs of the same kind (a linked list of listeners, timers) are walked as one step.
  for (let d = 0, steps = 0; d < depth && steps < 100_000; steps++) {
    const r = h.retainers(cur).find(([from]) => !seen.has(from) && h.type(from) !== "hidden") ?? h.retainers(cur).find(([from]) => !seen.has(from));
    if (!r) break;
    const [from, , name] = r;
    seen.add(from);
    const same = label(h, from) === label(h, cur);
    if (same && parts.length && parts[parts.length - 1].endsWith("(run)")) {
      cur = from;
      continue;
    }
    parts.push(`${name} ← ${label(h, from)}${same ? " (run)" : ""}`);
    if (!same) d++;
    if (h.type(from) === "synthetic") break;
    cur = from;
  }
  return parts.join("  ·  ");
}

const [fileA, fileB] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const flag = (n: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${n}=`))?.split("=")[1] ?? d);
const top = flag("top", 25);
const paths = flag("paths", 8);
const a = load(fileA);
const b = load(fileB);
const idsA = new Set<number>();
for (let i = 0; i < a.count; i++) idsA.add(a.id(i));
const mib = (n: number) => (n / 2 ** 20).toFixed(2);

const allA = byLabel(a, () => true);
const allB = byLabel(b, () => true);
const growth = [...allB.entries()]
  .map(([k, v]) => ({ k, dCount: v.count - (allA.get(k)?.count ?? 0), dBytes: v.bytes - (allA.get(k)?.bytes ?? 0) }))
  .sort((x, y) => y.dBytes - x.dBytes);
let totalA = 0;
let totalB = 0;
for (const v of allA.values()) totalA += v.bytes;
for (const v of allB.values()) totalB += v.bytes;
console.log(`A: ${a.count} nodes, ${mib(totalA)} MiB self size; B: ${b.count} nodes, ${mib(totalB)} MiB (${mib(totalB - totalA)} MiB more)`);
console.log(`\nGrowth by constructor/type (B - A), top ${top}:`);
for (const g of growth.slice(0, top)) console.log(`  ${mib(g.dBytes).padStart(8)} MiB  ${String(g.dCount).padStart(8)} objects  ${g.k}`);

const fresh = byLabel(b, (i) => !idsA.has(b.id(i)));
const freshSorted = [...fresh.entries()].sort((x, y) => y[1].bytes - x[1].bytes);
console.log(`\nSurvivors made between A and B, by constructor/type, top ${top}:`);
for (const [k, v] of freshSorted.slice(0, top)) console.log(`  ${mib(v.bytes).padStart(8)} MiB  ${String(v.count).padStart(8)} objects  ${k}`);
// --path-of=LABEL,LABEL: retainer paths of those groups too (e.g. closure:abort).
const extra = (process.argv.find((x) => x.startsWith("--path-of="))?.slice("--path-of=".length) ?? "").split(",").filter(Boolean);
console.log(`\nRetainer paths of the largest new groups:`);
for (const [k, v] of [...freshSorted.slice(0, paths), ...freshSorted.filter(([k]) => extra.includes(k))]) {
  console.log(`- ${k} (${v.count}):`);
  const seen = new Map<string, number>();
  for (const i of v.sample) {
    const p = path(b, i);
    seen.set(p, (seen.get(p) ?? 0) + 1);
  }
  for (const [p, n] of [...seen.entries()].sort((x, y) => y[1] - x[1]).slice(0, 3)) console.log(`    ${n}x ${p}`);
}

// --strings=PREFIX: the distinct new strings starting with PREFIX (e.g. file:// for modules loaded between A and B).
const prefix = process.argv.find((x) => x.startsWith("--strings="))?.slice("--strings=".length);
if (prefix) {
  const found = new Map<string, number>();
  for (let i = 0; i < b.count; i++) {
    if (b.type(i) !== "string" || idsA.has(b.id(i))) continue;
    const s = b.name(i);
    if (s.startsWith(prefix)) found.set(s, (found.get(s) ?? 0) + 1);
  }
  console.log(`\n${found.size} distinct new strings starting with ${prefix}:`);
  for (const [s, n] of [...found.entries()].sort((x, y) => y[1] - x[1]).slice(0, 60)) console.log(`  ${n}x ${s.slice(0, 200)}`);
}
