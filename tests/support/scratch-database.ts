// Test helper: a database of its own for one test file, on the integration cluster, with the
// committed migrations applied. Fault tests run workflow executors (which claim every due run of
// the database they serve) and restart processes; on the shared test database they would take
// other files' runs. Use it before anything imports ~/utils/db.server (which reads DATABASE_URL
// once), i.e. from vi.hoisted:
//   const scratch = await vi.hoisted(async () => (await import("../support/scratch-database")).useScratchDatabase("kill"));
import { applyMigrations, dropDatabase, ensureDatabaseExists } from "../../server/database.ts";

export type ScratchDatabase = { url: string; drop(): Promise<void> };

/** Creates `<test database>_<tag>`, migrates it and points DATABASE_URL at it. */
export async function useScratchDatabase(tag: string): Promise<ScratchDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error("DATABASE_URL is not set (the integration global setup sets it)");
  const url = new URL(base);
  url.pathname = `${url.pathname}_${tag}`;
  const scratch = url.toString();
  await dropDatabase(scratch);
  await ensureDatabaseExists(scratch);
  await applyMigrations(scratch);
  process.env.DATABASE_URL = scratch;
  return { url: scratch, drop: () => dropDatabase(scratch) };
}
