// Preloaded into the benchmarked server process (node --import ./bench/listener-probe.ts) by
// the memory benchmark: every 5 s one stderr line "BENCH_PROBE {json}" with the process's event
// listener counts, its open handles and heap (with the wall-clock time `at`, epoch ms), and every process warning (MaxListenersExceededWarning
// included) as "BENCH_WARNING {json}". Nothing in the app changes.
const started = Date.now();
process.on("warning", (w) => process.stderr.write(`BENCH_WARNING ${JSON.stringify({ name: w.name, message: w.message })}\n`));
// With --expose-gc, a full collection first on every third probe: heapUsed is then what is really still referenced.
const fullGc = (globalThis as { gc?: () => void }).gc;
let probes = 0;
setInterval(() => {
  // Every third probe (15 s), so the collections barely change the load.
  const afterGc = probes++ % 3 === 0 && fullGc !== undefined;
  if (afterGc) fullGc();
  const listeners = Object.fromEntries(process.eventNames().map((n) => [String(n), process.listenerCount(n)]));
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.().length ?? null;
  const m = process.memoryUsage();
  process.stderr.write(
    `BENCH_PROBE ${JSON.stringify({ t: Date.now() - started, at: Date.now(), afterGc, listeners, handles, heapUsedMiB: Math.round(m.heapUsed / 104857.6) / 10, rssMiB: Math.round(m.rss / 104857.6) / 10 })}\n`,
  );
}, 5000).unref();
