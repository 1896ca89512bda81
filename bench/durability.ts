// `npm run bench -- --durability` (issue 21 §7, ADR 276): what keeping acknowledged commits
// costs. The same burst of purchases (sandbox checkout + signed success callback, which grants
// credits) and spends (the credits core) as the SIGKILL fault test
// (tests/support/credit-burst.ts) runs for a few seconds against three embedded PostgreSQL 17
// clusters started as `npm start` starts one, differing only in:
//   - fsyncOff: fsync=off, the setting before ADR 276 (a crash of the machine can corrupt it);
//   - durable: fsync, full_page_writes and synchronous_commit on (the default now);
//   - syncCommitOff: fsync on, synchronous_commit=off (a crash can lose the last moments'
//     commits, never corrupt; the most the issue allows if speed needs it).
// The clusters take turns (round robin, several rounds) so a busy machine weighs on each alike.
// Results: bench/results/durability-latest.json. Options: --durability-seconds=N (default 6),
// --durability-rounds=N (default 3).
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { applyMigrations, ensureDatabaseExists, startEmbeddedPostgres, type EmbeddedCluster } from "../server/database.ts";
import { freePort } from "../tests/support/app-process.ts";

const root = path.resolve(import.meta.dirname, "..");
const MODES = [
  { key: "fsyncOff", label: "fsync=off (before)", settings: { fsync: "off" } },
  { key: "durable", label: "fsync on, synchronous_commit on (now)", settings: {} },
  { key: "syncCommitOff", label: "fsync on, synchronous_commit=off", settings: { synchronous_commit: "off" } },
] as const;
type Key = (typeof MODES)[number]["key"];

type Sample = {
  seconds: number;
  acknowledged: number;
  purchases: number;
  spends: number;
  perSec: number;
  spendP50Ms: number;
  spendP95Ms: number;
  /** 300 one-row commits in a row on one connection: the commit's own cost, without the app's CPU. */
  commitP50Ms: number;
  commitsPerSec: number;
};

const option = (name: string, fallback: number) => {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? n : fallback;
};

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
};

/** In the child: one timed burst against DATABASE_URL; prints the sample as the last line. */
async function childBurst(seconds: number): Promise<void> {
  const { burstUsers, purchase, runBurst, spend } = await import("../tests/support/credit-burst.ts");
  const { prisma } = await import("~/utils/db.server");
  const users = await burstUsers(12);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let purchases = 0;
  let spends = 0;
  const errors = await runBurst({
    users,
    clients: 6,
    stop: () => performance.now() > deadline,
    onAck: (a) => (a.kind === "purchase" ? purchases++ : spends++),
  });
  const elapsed = (performance.now() - started) / 1000;
  // Then spends one at a time on a user of their own: the latency of a single charge.
  const [probe] = await burstUsers(1);
  const latencies: number[] = [];
  for (let i = 0; i < 10; i++) {
    await purchase(probe);
    for (let j = 0; j < 4; j++) {
      const t = performance.now();
      await spend(probe);
      latencies.push(performance.now() - t);
    }
  }
  await prisma.$disconnect();
  if (errors.length) throw errors[0];
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query("CREATE TABLE IF NOT EXISTS bench_commit_probe (id serial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())");
  const commits: number[] = [];
  const commitStart = performance.now();
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await client.query("INSERT INTO bench_commit_probe DEFAULT VALUES");
    commits.push(performance.now() - t);
  }
  const commitSeconds = (performance.now() - commitStart) / 1000;
  await client.end();
  const acknowledged = purchases + spends;
  const sample: Sample = {
    seconds: Math.round(elapsed * 100) / 100,
    acknowledged,
    purchases,
    spends,
    perSec: Math.round((acknowledged / elapsed) * 10) / 10,
    spendP50Ms: quantile(latencies, 0.5),
    spendP95Ms: quantile(latencies, 0.95),
    commitP50Ms: quantile(commits, 0.5),
    commitsPerSec: Math.round((commits.length / commitSeconds) * 10) / 10,
  };
  console.log(JSON.stringify(sample));
}

export async function runDurabilityBench(): Promise<void> {
  const seconds = option("durability-seconds", 6);
  const rounds = option("durability-rounds", 3);
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  const clusters = new Map<Key, { cluster: EmbeddedCluster; url: string; dataDir: string }>();
  const samples = new Map<Key, Sample[]>(MODES.map((m) => [m.key, []]));
  const load = os.loadavg();
  try {
    for (const mode of MODES) {
      const dataDir = path.join(root, `bench/.work/pg-durability-${mode.key}-${process.pid}`);
      rmSync(dataDir, { recursive: true, force: true });
      const cluster = await startEmbeddedPostgres({ dataDir, port: await freePort(), quiet: true, settings: mode.settings });
      const url = cluster.url("reelforge_durability");
      clusters.set(mode.key, { cluster, url, dataDir });
      await ensureDatabaseExists(url);
      await applyMigrations(url, { quiet: true });
    }
    for (let round = 0; round < rounds; round++) {
      for (const mode of MODES) {
        const { url } = clusters.get(mode.key)!;
        const r = spawnSync(process.execPath, [tsx, "bench/durability.ts", "--durability-child", `--durability-seconds=${seconds}`], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: url, NODE_ENV: "development", PAYMENTS_SANDBOX: "true", SESSION_SECRET: "bench-durability-secret-0123456789" },
          encoding: "utf8",
        });
        const last = (r.stdout ?? "").trim().split("\n").pop() ?? "";
        if (r.status !== 0 || !last.startsWith("{")) throw new Error(`durability burst (${mode.key}) failed:\n${r.stdout}\n${r.stderr}`);
        const sample = JSON.parse(last) as Sample;
        samples.get(mode.key)!.push(sample);
        console.log(
          `Durability round ${round + 1}, ${mode.label}: ${sample.perSec} acknowledged changes/s (${sample.purchases} purchases, ${sample.spends} spends in ${sample.seconds} s), one spend p50 ${sample.spendP50Ms} ms, p95 ${sample.spendP95Ms} ms; bare commits ${sample.commitsPerSec}/s, p50 ${sample.commitP50Ms} ms`,
        );
      }
    }
  } finally {
    for (const { cluster, dataDir } of clusters.values()) {
      await cluster.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const median = (xs: number[]) => quantile(xs, 0.5);
  const summary = Object.fromEntries(
    MODES.map((m) => {
      const list = samples.get(m.key)!;
      return [
        m.key,
        {
          label: m.label,
          settings: m.settings,
          medianPerSec: median(list.map((s) => s.perSec)),
          medianSpendP50Ms: median(list.map((s) => s.spendP50Ms)),
          medianSpendP95Ms: median(list.map((s) => s.spendP95Ms)),
          medianCommitsPerSec: median(list.map((s) => s.commitsPerSec)),
          medianCommitP50Ms: median(list.map((s) => s.commitP50Ms)),
          rounds: list,
        },
      ];
    }),
  );
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "cpu",
      loadAverageAtStart: load.map((l) => Math.round(l * 100) / 100),
      loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
      node: process.version,
    },
    setup: `${rounds} rounds of ${seconds} s per setting, taking turns; 6 clients over 12 users, each a purchase (BASIC, +20) then spends of 5 until the balance runs out; then 40 spends one at a time for the latency of one charge; then 300 one-row INSERT commits in a row on one pg connection (the commit's own cost). Embedded PostgreSQL 17 as npm start starts it, data on this machine's disk.`,
    ...summary,
    durableVsFsyncOff: Math.round((summary.durable.medianPerSec / summary.fsyncOff.medianPerSec) * 100) / 100,
  };
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "durability-latest.json"), JSON.stringify(result, null, 2) + "\n");
  console.log(
    `Durability: purchases+spends durable ${summary.durable.medianPerSec}/s vs fsync=off ${summary.fsyncOff.medianPerSec}/s (x${result.durableVsFsyncOff}), synchronous_commit=off ${summary.syncCommitOff.medianPerSec}/s; ` +
      `bare commits ${summary.durable.medianCommitsPerSec}/s vs ${summary.fsyncOff.medianCommitsPerSec}/s vs ${summary.syncCommitOff.medianCommitsPerSec}/s`,
  );
}

if (process.argv.includes("--durability-child")) {
  await childBurst(option("durability-seconds", 6));
}
