// The worker lowers the CPU priority of all its threads, not only its main thread
// (docs/decisions/398-every-worker-thread-niced.md).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A process that has threads before it lowers its priority (libuv's pool, a worker thread), makes
// more after (sharp's libvips threads, more of the pool's), then prints each thread's nice value.
const CHILD = `
import { pbkdf2 } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { lowerProcessPriority } from ${JSON.stringify(path.resolve("server/priority.ts"))};
const pool = (n) => Promise.all(Array.from({ length: n }, () => new Promise((r) => pbkdf2("x", "y", 1000, 32, "sha256", r))));
await pool(4);
const worker = new Worker("setInterval(() => {}, 1000)", { eval: true });
await new Promise((r) => worker.once("online", r));
lowerProcessPriority(7);
await pool(8);
await sharp({ create: { width: 256, height: 256, channels: 3, background: "#336699" } }).blur(3).png().toBuffer();
const nice = readdirSync("/proc/self/task").map((tid) => {
  const stat = readFileSync("/proc/self/task/" + tid + "/stat", "utf8");
  return { tid, name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), nice: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]) };
});
console.log(JSON.stringify(nice));
process.exit(0);
`;

describe.runIf(existsSync("/proc/self/task"))("the worker's CPU priority", () => {
  it("is lowered for every thread, those that ran before and those made after", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CHILD], { encoding: "utf8", timeout: 60_000 });
    const threads = JSON.parse(out.trim().split("\n").pop()!) as { tid: string; name: string; nice: number }[];
    expect(threads.length).toBeGreaterThan(5);
    expect(threads.filter((t) => t.nice < 7)).toEqual([]);
  });
});
