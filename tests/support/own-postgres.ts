// Test helper: an embedded PostgreSQL cluster of this test file alone (the shared integration
// cluster must never be stopped), on a free port, with one migrated database that DATABASE_URL
// is pointed at. stop()/start() restart the server on the same port and data; kill() crashes it
// (SIGKILL to the postmaster, as the OOM killer or a power cut would end it). Call it from
// vi.hoisted, before anything imports ~/utils/db.server.
import { readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { applyMigrations, ensureDatabaseExists, startEmbeddedPostgres, type EmbeddedCluster } from "../../server/database.ts";

export type OwnPostgres = {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGKILL to the postmaster; resolves once it and every server process it had are gone. */
  kill(): Promise<void>;
  destroy(): Promise<void>;
};

/** The state letter of a process (Z: a zombie, which is as dead as it gets), null when it is gone. */
function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] ?? null;
  } catch {
    return null;
  }
}

/** The ids of the processes whose parent is `parent` (PostgreSQL's backends and helpers). */
function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function untilGone(pids: number[], limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const alive = pids.filter((pid) => {
      const state = processState(pid);
      return state !== null && state !== "Z";
    });
    if (!alive.length) return;
    if (Date.now() > deadline) throw new Error(`PostgreSQL processes still running ${limitMs} ms after SIGKILL: ${alive.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
    dataDir,
    async stop() {
      await cluster?.stop();
      cluster = null;
    },
    async start() {
      cluster ??= await startEmbeddedPostgres({ dataDir, port, quiet: true });
    },
    async kill() {
      // postmaster.pid's first line is the postmaster's process id (PostgreSQL's own record).
      const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      if (!Number.isInteger(pid) || pid <= 0) throw new Error("no postmaster.pid to kill");
      const backends = childrenOf(pid);
      process.kill(pid, "SIGKILL");
      // The backends notice their postmaster's death and exit; a restart must wait for them
      // (PostgreSQL refuses to start while they still hold the old shared memory).
      await untilGone([pid, ...backends]);
      await cluster?.stop(); // forgets the dead process
      cluster = null;
    },
    async destroy() {
      await own.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return own;
}
