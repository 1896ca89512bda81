// Command-line doors (`npm run mcp`, `npm run token`) reach the same database and secrets as the
// running app: DATABASE_URL when set; otherwise the app's embedded PostgreSQL (started here
// when the app is not running, and stopped again on close). SESSION_SECRET falls back to the
// one `npm start` keeps under the data directory, so signed links made here open in the app.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, serverReachable, startEmbeddedPostgres, type EmbeddedCluster } from "./database.ts";

export async function cliEnvironment(): Promise<{ close(): Promise<void> }> {
  // As the web process (server/node-env.ts); NODE_ENV decides no convenience (ADR 325).
  process.env.NODE_ENV ||= "production";
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  process.env.DATA_DIR = dataDir;
  if (!process.env.SESSION_SECRET) {
    const file = path.join(dataDir, "session-secret");
    if (existsSync(file)) process.env.SESSION_SECRET = readFileSync(file, "utf8").trim();
  }
  let embedded: EmbeddedCluster | null = null;
  if (!process.env.DATABASE_URL) {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    const url = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/reelforge`;
    if (!(await serverReachable(url))) {
      if (!existsSync(path.join(dataDir, "postgres"))) throw new Error("No database: set DATABASE_URL, or run `npm start` once first.");
      embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres"), port, quiet: true });
    }
    process.env.DATABASE_URL = url;
  }
  return {
    async close() {
      await embedded?.stop();
    },
  };
}
