// Everything `npm start` needs before serving: configuration defaults, the database
// (embedded PostgreSQL when DATABASE_URL is unset), migrations and, outside production,
// the demo data. Used by server/index.ts and by the e2e test runner.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applyMigrations, ensureDatabaseExists, startEmbeddedPostgres, type EmbeddedCluster } from "./database.ts";

export type BootstrapResult = { databaseUrl: string; embedded: EmbeddedCluster | null };

export async function bootstrap(opts: { log?: (line: string) => void } = {}): Promise<BootstrapResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  process.env.NODE_ENV ??= "development";
  const production = process.env.NODE_ENV === "production";
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  process.env.DATA_DIR = dataDir;
  mkdirSync(dataDir, { recursive: true });

  if (!process.env.SESSION_SECRET) {
    if (production) throw new Error("SESSION_SECRET must be set in production (at least 16 characters).");
    const file = path.join(dataDir, "session-secret");
    if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    process.env.SESSION_SECRET = readFileSync(file, "utf8").trim();
  }

  let embedded: EmbeddedCluster | null = null;
  if (!process.env.DATABASE_URL) {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    log(`Starting embedded PostgreSQL 17 (data in ${path.join(dataDir, "postgres")}, port ${port})...`);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres"), port });
    process.env.DATABASE_URL = embedded.url("reelforge");
  }
  const databaseUrl = process.env.DATABASE_URL;
  await ensureDatabaseExists(databaseUrl);
  await applyMigrations(databaseUrl);
  log("Database ready, migrations applied.");

  const seedDemo = process.env.SEED_DEMO_DATA ? process.env.SEED_DEMO_DATA === "true" : !production;
  const { seedReferenceData, seedDemoData } = await import("../prisma/seed.ts");
  await seedReferenceData();
  if (seedDemo) {
    const accounts = await seedDemoData();
    log("Demo accounts (development data):");
    for (const a of accounts) log(`  ${a.role.padEnd(5)}  ${a.email}  password: ${a.password}`);
  }
  // In the background once workflows run (ADR 103, 104): re-send lost Create Video events and,
  // with the demo data, render the showcase videos when there are none. Never delays the start.
  const { shouldSeedShowcase, startPipelineHousekeeping } = await import("../inngest/functions/housekeeping.ts");
  startPipelineHousekeeping({ seedShowcase: shouldSeedShowcase(process.env, seedDemo), log });
  return { databaseUrl, embedded };
}
