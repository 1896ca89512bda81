// Test helper: an embedded PostgreSQL cluster of this test file alone (the shared integration
// cluster must never be stopped), on a free port, with one migrated database that DATABASE_URL
// is pointed at. stop()/start() restart the server on the same port and data. Call it from
// vi.hoisted, before anything imports ~/utils/db.server.
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { applyMigrations, ensureDatabaseExists, startEmbeddedPostgres, type EmbeddedCluster } from "../../server/database.ts";

export type OwnPostgres = { url: string; stop(): Promise<void>; start(): Promise<void>; destroy(): Promise<void> };

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function useOwnPostgres(tag: string): Promise<OwnPostgres> {
  const port = await freePort();
  const dataDir = path.resolve(import.meta.dirname, `../.tmp/pg-${tag}-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  let cluster: EmbeddedCluster | null = await startEmbeddedPostgres({ dataDir, port, quiet: true });
  const url = cluster.url("reelforge_faults");
  await ensureDatabaseExists(url);
  await applyMigrations(url);
  process.env.DATABASE_URL = url;
  const own: OwnPostgres = {
    url,
    async stop() {
      await cluster?.stop();
      cluster = null;
    },
    async start() {
      cluster ??= await startEmbeddedPostgres({ dataDir, port, quiet: true });
    },
    async destroy() {
      await own.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return own;
}
