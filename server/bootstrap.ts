// Everything `npm start` needs before serving: configuration defaults, the database
// (embedded PostgreSQL when DATABASE_URL is unset), migrations and, on a developer's own
// machine, the demo data (ADR 120). Used by server/index.ts (web), server/worker.ts (worker,
// ADR 225) and by the e2e test runner.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  activeConveniences,
  demoDataEnabled,
  deploymentReason,
  listenHost,
  ownMachine,
  productionRefusals,
  WELL_KNOWN_DEMO_PASSWORD,
} from "../app/utils/conveniences.server.ts";
import { executorRole } from "../inngest/executor/role.ts";
import {
  applyMigrations,
  EMBEDDED_PASSWORD,
  EMBEDDED_USER,
  ensureDatabaseExists,
  startEmbeddedPostgres,
  withStartupLock,
  type EmbeddedCluster,
} from "./database.ts";

export type BootstrapResult = { databaseUrl: string; embedded: EmbeddedCluster | null };

export type BootstrapOptions = {
  log?: (line: string) => void;
  /**
   * "web" (default): starts the embedded database when DATABASE_URL is unset and seeds the data.
   * "worker": uses the database of the web process (DATABASE_URL, or the embedded cluster a web
   * process started on EMBEDDED_PG_PORT) and seeds nothing (ADR 225).
   */
  role?: "web" | "worker";
};

export async function bootstrap(opts: BootstrapOptions = {}): Promise<BootstrapResult> {
  const role = opts.role ?? "web";
  const log = opts.log ?? ((line: string) => console.log(line));
  // NODE_ENV picks React's build only (server/node-env.ts); a deployment is recognised by HOST,
  // APP_URL and REELFORGE_DEPLOYMENT (ADR 325).
  const deployment = deploymentReason(process.env);
  const refusals = productionRefusals(process.env);
  if (refusals.length) throw new Error(`Refusing to start in production: ${refusals.join("; ")}.`);
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  process.env.DATA_DIR = dataDir;
  mkdirSync(dataDir, { recursive: true });

  if (!process.env.SESSION_SECRET) {
    if (deployment) throw new Error(`SESSION_SECRET must be set in production (at least 16 characters): this is a deployment (${deployment}).`);
    const file = path.join(dataDir, "session-secret");
    if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    process.env.SESSION_SECRET = readFileSync(file, "utf8").trim();
  }

  let embedded: EmbeddedCluster | null = null;
  if (!process.env.DATABASE_URL && role === "worker") {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    log(`Using the embedded PostgreSQL of the web process (port ${port}; set DATABASE_URL for another server)...`);
    process.env.DATABASE_URL = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/reelforge`;
  } else if (!process.env.DATABASE_URL) {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    log(`Starting embedded PostgreSQL 17 (data in ${path.join(dataDir, "postgres")}, port ${port})...`);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres"), port });
    process.env.DATABASE_URL = embedded.url("reelforge");
  }
  const databaseUrl = process.env.DATABASE_URL;
  await ensureDatabaseExists(databaseUrl);
  await applyMigrations(databaseUrl);
  log("Database ready, migrations applied.");

  const runsWorkflows = role === "worker" || executorRole(process.env) === "on";
  if (role === "worker") {
    await startHousekeeping(log, runsWorkflows, demoDataEnabled(process.env));
    return { databaseUrl, embedded };
  }
  const seedDemo = demoDataEnabled(process.env);
  await withStartupLock(databaseUrl, () => seedData(log, seedDemo));
  logConveniences(log, seedDemo);
  await startHousekeeping(log, runsWorkflows, seedDemo);
  return { databaseUrl, embedded };
}

/** Reference data, and the demo data on a developer's own machine (or the check that none is left). */
async function seedData(log: (line: string) => void, seedDemo: boolean) {
  const { demoAccountsWithPassword, seedReferenceData, seedDemoData } = await import("../prisma/seed.ts");
  await seedReferenceData();
  if (seedDemo) {
    const accounts = await seedDemoData();
    log("Demo accounts (development data):");
    for (const a of accounts) log(`  ${a.role.padEnd(5)}  ${a.email}  password: ${a.password}`);
  } else {
    // Accounts seeded by an earlier run on loopback keep their password when the server is
    // later exposed or promoted: that password is published, so they must not stay usable.
    const leftover = await demoAccountsWithPassword(WELL_KNOWN_DEMO_PASSWORD);
    if (leftover.length) {
      const message =
        `demo accounts still have the published password ${WELL_KNOWN_DEMO_PASSWORD}: ${leftover.join(", ")}. ` +
        "Change their passwords or delete them (or set SEED_DEMO_DATA=true to keep the demo on purpose)";
      if (!ownMachine(process.env)) throw new Error(`Refusing to start: ${message}.`);
      log(`WARNING: ${message}.`);
    }
  }
}

/**
 * In the background once workflows run (ADR 103, 104): re-send lost Create Video events and,
 * with the demo data, render the showcase videos when there are none. Never delays the start.
 * It waits for this process's executor, so a web process next to workers leaves it to them.
 */
async function startHousekeeping(log: (line: string) => void, runsWorkflows: boolean, seedDemo: boolean) {
  if (!runsWorkflows) return;
  const { shouldSeedShowcase, startPipelineHousekeeping } = await import("../inngest/functions/housekeeping.ts");
  startPipelineHousekeeping({ seedShowcase: shouldSeedShowcase(process.env, seedDemo), log });
}

/** The start-up line that says which unsafe conveniences are on (ADR 120). */
function logConveniences(log: (line: string) => void, seedDemo: boolean) {
  const on = activeConveniences({ ...process.env, SEED_DEMO_DATA: String(seedDemo) });
  const host = listenHost(process.env);
  if (!on.length) {
    log(`Unsafe conveniences: none (listening on ${host}).`);
    return;
  }
  log(`Unsafe conveniences ON (listening on ${host}), for a developer's own machine only:`);
  for (const line of on) log(`  - ${line}`);
}
