// The app under benchmark: a throw-away database on an embedded PostgreSQL 17 (or BENCH_DATABASE_URL's
// server), the production build, and the server started as its own process the way `npm start`
// does (scripts/start.mjs: node + tsx server/index.ts), on loopback. Benchmarks that need more
// processes (web + worker) start more of them with startAppProcess against the same database.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  applyMigrations,
  dropDatabase,
  EMBEDDED_PASSWORD,
  EMBEDDED_USER,
  ensureDatabaseExists,
  serverReachable,
  startEmbeddedPostgres,
  type EmbeddedCluster,
} from "../server/database.ts";
import { withWebNodeOptions } from "../scripts/web-node-options.mjs";
import { freePort } from "../tests/support/app-process.ts";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");

export type BenchDatabase = { url: string; dataDir: string; close(): Promise<void> };

/** A fresh database with the migrations applied (dropped by close()), and an empty data folder. */
export async function startBenchDatabase(name: string): Promise<BenchDatabase> {
  const dbName = `reelforge_bench_${name}_${process.pid}_${Date.now().toString(36)}`;
  let cluster: EmbeddedCluster | null = null;
  let url: string;
  if (process.env.BENCH_DATABASE_URL) {
    const u = new URL(process.env.BENCH_DATABASE_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
  } else {
    const port = Number(process.env.BENCH_PG_PORT ?? process.env.TEST_PG_PORT ?? 55460);
    const shared = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${dbName}`;
    if (await serverReachable(shared)) url = shared;
    else {
      cluster = await startEmbeddedPostgres({ dataDir: path.join(root, `bench/.work/pg-${port}`), port, quiet: true });
      url = cluster.url(dbName);
    }
  }
  await ensureDatabaseExists(url);
  await applyMigrations(url, { quiet: true });
  const dataDir = path.join(root, `bench/.work/data-${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  return {
    url,
    dataDir,
    async close() {
      try {
        await dropDatabase(url);
      } finally {
        await cluster?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** `remix build` (production), as `npm start` does before serving. */
export function buildApp(): void {
  const built = spawnSync(process.execPath, [require.resolve("@remix-run/dev/dist/cli.js"), "build"], {
    cwd: root,
    stdio: "pipe",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (built.status !== 0) throw new Error(`remix build failed:\n${String(built.stderr)}`);
}

export type AppProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr), for warnings such as MaxListenersExceededWarning. */
  output(): string;
  stop(): Promise<void>;
};

/** CPU seconds (user + system) the process has used so far, from /proc (null where there is none). */
export function processCpuSec(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Resident memory of the process in MiB, from /proc (null where there is none). */
export function processRssMiB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

export const BENCH_SESSION_SECRET = "bench-session-secret-0123456789abcdef";

/**
 * Starts `entry` (default server/index.ts, the web process with its embedded workflow executor)
 * with node + tsx like scripts/start.mjs, in production mode, on a free loopback port; resolves
 * when it answers HTTP. `nodeFlags` e.g. ["--cpu-prof", "--cpu-prof-dir=..."].
 */
export async function startAppProcess(
  db: BenchDatabase,
  opts: { entry?: string; nodeFlags?: string[]; env?: Record<string, string> } = {},
): Promise<AppProcess> {
  const port = await freePort();
  // No public origin: the app is reached on its loopback address (the bench's own APP_URL, if any, is not inherited).
  const { APP_URL: _appUrl, ...inherited } = process.env;
  const entry = opts.entry ?? "server/index.ts";
  // The web process gets the V8 options `npm start` gives it (scripts/web-node-options.mjs).
  const base = entry === "server/index.ts" ? withWebNodeOptions(inherited) : inherited;
  const child = spawn(process.execPath, ["--import", "tsx", ...(opts.nodeFlags ?? []), entry], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...base,
      NODE_ENV: "production",
      DATABASE_URL: db.url,
      DATA_DIR: db.dataDir,
      SESSION_SECRET: BENCH_SESSION_SECRET,
      SEED_DEMO_DATA: "false",
      // As measured before ADR 325, when NODE_ENV=production turned the sandbox gateway off.
      PAYMENTS_SANDBOX: "false",
      PORT: String(port),
      // A worker (server/worker.ts) listens on WORKER_PORT; the web process ignores it.
      WORKER_PORT: String(port),
      HOST: "127.0.0.1",
      ...opts.env,
    },
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  child.stderr!.on("data", (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${out}`);
    try {
      // Any answer: listening (healthz may say 503 for a provider the bench does not use).
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app did not answer /healthz in 120 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The pid of the deepest process under `parent` whose command line contains `needle` (null where
 * /proc has none): tsx's cli runs the script in a child node process of its own.
 */
function descendantPid(parent: number, needle: string): number | null {
  try {
    for (const pid of readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(needle)) continue;
      return descendantPid(Number(pid), needle) ?? Number(pid);
    }
  } catch {
    // no /proc
  }
  return null;
}

/**
 * `npm start` as users run it (issue 25 §2): `node scripts/start.mjs`, which builds the app and runs
 * the web process and a worker, with NODE_ENV and the conveniences left to it (HOST, NODE_ENV,
 * SEED_DEMO_DATA, PAYMENTS_SANDBOX unset: loopback, the developer's own machine). Only the
 * database (the bench's, so the bench's data and cookies reach it), the session secret, the port
 * and SEED_SHOWCASE=false (no showcase renders during the measurement) are given. `pid` is the
 * web process (server/index.ts), whose CPU the bench reads; stop() sends SIGTERM to start.mjs,
 * which stops the worker, then the web process. `dev`: `npm run dev` instead (start.mjs --dev,
 * NODE_ENV=development: what `npm start` ran before ADR 325).
 */
export async function startNpmStart(db: BenchDatabase, opts: { dev?: boolean } = {}): Promise<AppProcess> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: db.url,
    DATA_DIR: db.dataDir,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    SEED_SHOWCASE: "false",
    PORT: String(port),
    WORKER_PORT: String(await freePort()),
  };
  for (const key of ["APP_URL", "NODE_ENV", "HOST", "REELFORGE_DEPLOYMENT", "SEED_DEMO_DATA", "PAYMENTS_SANDBOX", "START_WORKER", "WORKFLOW_EXECUTOR"])
    delete env[key];
  // ProcessEnv declares NODE_ENV: here it is left out on purpose, for start.mjs to set.
  const child = spawn(process.execPath, ["scripts/start.mjs", ...(opts.dev ? ["--dev"] : [])], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: env as NodeJS.ProcessEnv,
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  child.stderr!.on("data", (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  // Serving and the worker started: the measurement runs with both up, as users have them.
  while (!/Reelforge is running on/.test(out) || !/Reelforge worker is running/.test(out)) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`npm start did not serve in 300 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await (await fetch(`${url}/healthz`)).arrayBuffer();
  const web = descendantPid(child.pid!, "server/index.ts");
  // Without it the CPU figures would be start.mjs's, not the web process's: say so.
  if (web === null) console.warn("bench: the web process of npm start was not found under /proc: its CPU figures are start.mjs's");
  return {
    url,
    pid: web ?? child.pid!,
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill("SIGKILL"), 40_000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
