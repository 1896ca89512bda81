// Lowers this process's CPU priority. Linux keeps a nice value per thread, and a thread takes its
// creator's: os.setPriority() alone lowers only the calling (main) thread, and the threads the
// process already has (V8's workers, libuv's pool, which starts libvips's threads for sharp) kept
// the web process's priority. Every thread is lowered here; the threads made later inherit it.
import { readdirSync } from "node:fs";
import os from "node:os";

/** Raises the nice value of every thread of this process to at least `nice` (never lowers one). Returns the threads it could not change. */
export function lowerProcessPriority(nice: number): number {
  let failed = 0;
  const lower = (tid: number) => {
    try {
      if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    } catch {
      failed++;
    }
  };
  lower(0);
  let tids: number[] = [];
  try {
    tids = readdirSync("/proc/self/task").map(Number).filter(Number.isInteger);
  } catch {
    // Not Linux (no per-thread nice there): the call above was the whole process.
  }
  for (const tid of tids) lower(tid);
  return failed;
}
