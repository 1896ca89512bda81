// What compressing the signed-in pages costs and saves on this machine (issue 25 §3, ADR 365):
// the production server (an existing build: run `npx remix build` or the pages bench first) with
// the pages bench's data (50 dashboard items, 50 orders, a 50-scene project); each page's HTML is
// fetched once uncompressed, then compressed in this process at gzip levels 1, 3, 6 and brotli
// qualities 1, 4 (compression's default for br), each 40 times, with the CPU per page and the
// bytes. Usage: npx tsx bench/compression-levels.ts. Writes bench/results/compression-<date>.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { startAppProcess, startBenchDatabase, BENCH_SESSION_SECRET } from "./app-process";
import { machineInfo, writeResult } from "./pages";

const ROUNDS = 40;

function cost(body: Buffer, fn: (b: Buffer) => Buffer): { bytes: number; cpuMsPerPage: number } {
  fn(body);
  const cpu = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) bytes = fn(body).length;
  const used = process.cpuUsage(cpu);
  return { bytes, cpuMsPerPage: Math.round(((used.user + used.system) / 1000 / ROUNDS) * 1000) / 1000 };
}

async function main() {
  const load = os.loadavg();
  const db = await startBenchDatabase("compression");
  const app = await startAppProcess(db);
  process.env.DATABASE_URL = db.url;
  process.env.DATA_DIR = db.dataDir;
  process.env.SESSION_SECRET = BENCH_SESSION_SECRET;
  process.env.NODE_ENV = "production";
  const data = await import("./bench-data");
  try {
    const user = await data.newAccount("user", { credits: 5000 });
    const admin = await data.newAccount("admin", { admin: true });
    const project = await data.benchProject(admin, 50);
    await data.fillDashboard(user.id, 50);
    await data.fillOrders(user, 50);
    const pages = [
      { name: "landing", path: "/", cookie: undefined },
      { name: "dashboard", path: "/", cookie: user.cookie },
      { name: "create-video", path: "/create-video", cookie: user.cookie },
      { name: "editor project", path: `/video-projects/${project}`, cookie: admin.cookie },
      { name: "admin orders", path: "/admin/orders", cookie: admin.cookie },
    ];
    const out: Record<string, Record<string, { bytes: number; cpuMsPerPage: number }>> = {};
    for (const p of pages) {
      const res = await fetch(app.url + p.path, { headers: p.cookie ? { cookie: p.cookie } : {} });
      const body = Buffer.from(await res.arrayBuffer());
      // Kept for a look at what the bytes are (not committed: bench/.work is ignored).
      mkdirSync(path.resolve("bench/.work/pages-html"), { recursive: true });
      writeFileSync(path.resolve("bench/.work/pages-html", `${p.name.replace(/\W+/g, "-")}.html`), body);
      const row: Record<string, { bytes: number; cpuMsPerPage: number }> = { identity: { bytes: body.length, cpuMsPerPage: 0 } };
      for (const level of [1, 3, 6]) row[`gzip-${level}`] = cost(body, (b) => zlib.gzipSync(b, { level }));
      for (const q of [1, 4])
        row[`br-${q}`] = cost(body, (b) =>
          zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
        );
      out[p.name] = row;
    }
    writeResult(`compression-${new Date().toISOString().slice(0, 10)}.json`, {
      date: new Date().toISOString(),
      machine: machineInfo(load),
      note: "Compression CPU measured in the bench process on the page bodies the server sent (one page at a time, 40 rounds each); the machine is shared, compare within one run.",
      pages: out,
    });
    for (const [name, row] of Object.entries(out))
      console.log(
        `${name.padEnd(16)} ${Object.entries(row)
          .map(([k, v]) => `${k} ${v.bytes} B ${v.cpuMsPerPage} ms`)
          .join(" | ")}`,
      );
  } finally {
    await app.stop();
    await db.close();
  }
}

await main();
