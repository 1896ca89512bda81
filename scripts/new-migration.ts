// Writes a new migration from the difference between the committed migrations and
// schema.prisma (`npm run db:migration -- <name>`). `migrate dev --create-only` crashes on
// the offline WASM engine, so the SQL comes from `prisma migrate diff` (ADR 001).
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, ensureDatabaseExists, runPrisma } from "../server/database.ts";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migration -- <name>");
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "..");
const migrations = path.join(root, "prisma/migrations");
mkdirSync(migrations, { recursive: true });
const lock = path.join(migrations, "migration_lock.toml");
if (!existsSync(lock)) writeFileSync(lock, 'provider = "postgresql"\n');

const cluster = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.join(root, ".data/migrate-pg"), port: 54339, quiet: true });
const url = process.env.DATABASE_URL ?? cluster!.url("reelforge_migrate");
try {
  await ensureDatabaseExists(url);
  const { code, output } = await runPrisma(
    ["migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
    url,
    { quiet: true },
  );
  if (code !== 0) throw new Error(output);
  const sql = output.replace(/^(Loaded Prisma config|Prisma config detected|Prisma schema loaded).*\n+/gm, "");
  if (!/CREATE|ALTER|DROP/i.test(sql)) {
    console.log("No changes: schema.prisma matches the migrations.");
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(migrations, `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), sql.trimStart());
    console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
  }
} finally {
  await cluster?.stop();
}
