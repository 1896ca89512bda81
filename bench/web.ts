// The web benchmarks of `npm run bench` (issue 15 §1 a, c, d, e), each in its own module:
// --pages (bench/pages.ts), --mcp (bench/mcp.ts), --memory (bench/memory.ts), --e2e (bench/e2e.ts).
// With none of those flags, the full run does them all after the media benchmarks.
const WEB_BENCHES = {
  pages: () => import("./pages").then((m) => m.runPagesBench()),
  mcp: () => import("./mcp").then((m) => m.runMcpBench()),
  memory: () => import("./memory").then((m) => m.runMemoryBench()),
  e2e: () => import("./e2e").then((m) => m.runE2eBench()),
} as const;

/** `only`: run just the web benchmarks named by flags (true when there was one). */
export async function runWebBenches(opts: { only: boolean }): Promise<boolean> {
  const named = (Object.keys(WEB_BENCHES) as (keyof typeof WEB_BENCHES)[]).filter((k) => process.argv.includes(`--${k}`));
  if (opts.only && !named.length) return false;
  const run = opts.only ? named : (Object.keys(WEB_BENCHES) as (keyof typeof WEB_BENCHES)[]);
  for (const name of run) await WEB_BENCHES[name]();
  return true;
}
