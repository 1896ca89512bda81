// What one statement costs the web process through Prisma on this machine (issue 25 §3, ADR 365):
// the same row read N times (default 1000, one at a time, after a warm-up) as
//   - prisma.project.findUnique (Prisma's query compiler, then the pg adapter),
//   - prisma.$queryRaw of the same SELECT (no compiler; the adapter and result mapping),
//   - pg's own Pool.query (the floor: the driver alone),
// and a findFirst with an include (the editor's project-with-scenes read, 20 scenes) against one
// raw statement returning the same rows. CPU is this process's (user + system) per statement, so
// the database server's own time is not counted. Usage: npx tsx bench/prisma-cost.ts [--n=1000]
// Writes bench/results/prisma-cost-<date>.json.
import os from "node:os";
import pg from "pg";
import { startBenchDatabase } from "./app-process";
import { flagValue, machineInfo, writeResult } from "./pages";

type Figure = { statements: number; wallMsPerStatement: number; cpuMsPerStatement: number };

async function measure(n: number, fn: () => Promise<unknown>): Promise<Figure> {
  for (let i = 0; i < Math.min(200, n); i++) await fn();
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return { statements: n, wallMsPerStatement: r3(wall / n), cpuMsPerStatement: r3((used.user + used.system) / 1000 / n) };
}

async function main() {
  const load = os.loadavg();
  const n = Number(flagValue("n") ?? 1000);
  const db = await startBenchDatabase("prisma-cost");
  process.env.DATABASE_URL = db.url;
  const { prisma } = await import("~/utils/db.server");
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    const user = await prisma.user.create({ data: { email: `prisma-cost-${Date.now()}@bench.test` } });
    const project = await prisma.project.create({
      data: {
        userId: user.id,
        title: "Prisma cost",
        scenes: { create: Array.from({ length: 20 }, (_, i) => ({ title: `Scene ${i + 1}`, sceneOrder: i + 1, script: `Script ${i + 1}` })) },
      },
    });
    const id = project.id;
    const figures = {
      findUnique: await measure(n, () => prisma.project.findUnique({ where: { id } })),
      queryRaw: await measure(n, () => prisma.$queryRaw`SELECT * FROM "canvas_projects" WHERE "id" = ${id} LIMIT 1`),
      pgPool: await measure(n, () => pool.query('SELECT * FROM "canvas_projects" WHERE "id" = $1 LIMIT 1', [id])),
      findFirstWithScenes: await measure(Math.ceil(n / 4), () =>
        prisma.project.findFirst({ where: { id, userId: user.id }, include: { scenes: { orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] } } }),
      ),
      queryRawWithScenes: await measure(
        Math.ceil(n / 4),
        () =>
          prisma.$queryRaw`SELECT p.*, s.* FROM "canvas_projects" p LEFT JOIN "canvas_scenes" s ON s."projectId" = p."id" WHERE p."id" = ${id} AND p."userId" = ${user.id} ORDER BY s."sceneOrder", s."createdAt"`,
      ),
    };
    const ratio = (a: Figure, b: Figure) => Math.round((a.cpuMsPerStatement / b.cpuMsPerStatement) * 100) / 100;
    const result = {
      date: new Date().toISOString(),
      machine: machineInfo(load),
      prisma: "6.19.3, engineType client (query compiler in WebAssembly), @prisma/adapter-pg",
      note: "One statement at a time on loopback; CPU is the Node process's only. The machine is shared (load averages): compare the rows of one run.",
      figures,
      findUniqueOverQueryRawCpu: ratio(figures.findUnique, figures.queryRaw),
      queryRawOverPgCpu: ratio(figures.queryRaw, figures.pgPool),
      findFirstWithScenesOverRawCpu: ratio(figures.findFirstWithScenes, figures.queryRawWithScenes),
    };
    writeResult(`prisma-cost-${new Date().toISOString().slice(0, 10)}.json`, result);
    console.log(`Prisma cost per statement (${n}, load ${load.map((l) => l.toFixed(2)).join(" ")}):`);
    for (const [name, f] of Object.entries(figures))
      console.log(`${name.padEnd(22)} cpu ${f.cpuMsPerStatement.toFixed(3)} ms  wall ${f.wallMsPerStatement.toFixed(3)} ms  (${f.statements})`);
  } finally {
    await pool.end();
    await prisma.$disconnect();
    await db.close();
  }
}

await main();
