import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as healthz } from "~/routes/healthz";
import { setStorageDriver } from "~/utils/storage/index.server";
import { LocalStorageDriver } from "~/utils/storage/local.server";
import { useTempStorage } from "./storage-helpers";
import { fastExecutor, startServeHost, type ServeHost } from "./workflows-helpers";
import type { EmbeddedExecutor } from "../../inngest/executor/executor";

let store: Awaited<ReturnType<typeof useTempStorage>>;
beforeAll(async () => {
  store = await useTempStorage();
});
afterAll(async () => {
  await store.cleanup();
});

describe("GET /healthz", () => {
  it("reports the workflow engine as down while no executor runs", async () => {
    const res = await healthz();
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.workflows).toMatchObject({ engine: "embedded", ok: false });
    expect(body.database.ok).toBe(true);
  });

  it("reports ok with the database, storage and a running executor checked", async () => {
    let host: ServeHost | null = null;
    let executor: EmbeddedExecutor | null = null;
    try {
      host = await startServeHost([]);
      executor = fastExecutor(host.url);
      await executor.start();
      await runHealthyCheck();
    } finally {
      await executor?.stop();
      await host?.close();
    }
  });

  async function runHealthyCheck() {
    const res = await healthz();
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const body = await res.json();
    expect(body).toMatchObject({
      status: "ok",
      database: { ok: true },
      storage: { ok: true, driver: "local" },
      workflows: { ok: true, engine: "embedded" },
    });
    expect(typeof body.database.latencyMs).toBe("number");
  }

  it("is degraded (503) when storage cannot be written", async () => {
    // A regular file where the storage folder should be: nothing can be written under it.
    const blocker = path.join(store.root, "blocker");
    await fs.writeFile(blocker, "x");
    setStorageDriver(new LocalStorageDriver(path.join(blocker, "storage")));
    try {
      const res = await healthz();
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body).toMatchObject({ status: "degraded", database: { ok: true }, storage: { ok: false, driver: "local" } });
    } finally {
      setStorageDriver(store.driver);
    }
  });
});
