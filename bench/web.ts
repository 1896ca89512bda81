// The web benchmarks of `npm run bench` (issue 15 §1 a, c, d, e), each in its own module:
// --pages (bench/pages.ts), --mcp (bench/mcp.ts), --memory (bench/memory.ts), --e2e (bench/e2e.ts),
// --durability (bench/durability.ts: the database's commit durability and what it costs).
// With none of those flags, the full run does them all after the media benchmarks. Each runs in
// its own process when there are several: the core's database client is made once per process,
// and each benchmark has its own database.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const WEB_BENCHES = {
  pages: () => import("./pages").then((m) => m.runPagesBench()),
  mcp: () => import("./mcp").then((m) => m.runMcpBench()),
  memory: () => import("./memory").then((m) => m.runMemoryBench()),
  e2e: () => import("./e2e").then((m) => m.runE2eBench()),
  durability: () => import("./durability").then((m) => m.runDurabilityBench()),
} as const;
type Name = keyof typeof WEB_BENCHES;

/** `only`: run just the web benchmarks named by flags (true when there was one). */
export async function runWebBenches(opts: { only: boolean }): Promise<boolean> {
  const all = Object.keys(WEB_BENCHES) as Name[];
  const named = all.filter((k) => process.argv.includes(`--${k}`));
  if (opts.only && !named.length) return false;
  const run = opts.only ? named : all;
  if (run.length === 1) {
    await WEB_BENCHES[run[0]]();
    return true;
  }
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  const valueFlags = process.argv.slice(2).filter((a) => /^--[\w-]+=/.test(a));
  for (const name of run) {
    const r = spawnSync(process.execPath, [tsx, "bench/run.ts", `--${name}`, ...valueFlags], { stdio: "inherit" });
    if (r.status !== 0) console.log(`Web benchmark ${name} failed (exit ${r.status})`);
  }
  return true;
}
