// `npm start`'s server process (server/index.ts) fails closed (ADR 120): it says at start which
// unsafe conveniences are on, listens on loopback by default, and refuses to start where the
// published demo password would be usable by others (a deployment: an exposed HOST, or
// REELFORGE_DEPLOYMENT=production; NODE_ENV does not decide it, ADR 325).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, ensureDatabaseExists } from "../../server/database.ts";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");
let databaseUrl = "";
let dataDir = "";

beforeAll(async () => {
  // A database of its own: the server seeds demo accounts into it.
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `${url.pathname}_boot`;
  databaseUrl = url.toString();
  await ensureDatabaseExists(databaseUrl);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "reelforge-boot-"));
}, 60_000);
afterAll(async () => {
  await dropDatabase(databaseUrl);
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

type Run = { output: string; code: number | null; listening: boolean };

/** Starts the server; resolves once it listens (then stops it) or exits on its own. */
async function start(env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [require.resolve("tsx/cli"), "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: "startup-test-secret-0123456789",
      PORT: String(await freePort()),
      SEED_SHOWCASE: "false",
      HOST: "",
      SEED_DEMO_DATA: "",
      PAYMENTS_SANDBOX: "",
      DEMO_PASSWORD: "",
      APP_URL: "",
      REELFORGE_DEPLOYMENT: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let listening = false;
  return new Promise<Run>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 50_000);
    const onData = (d: Buffer) => {
      output += String(d);
      if (!listening && /Reelforge is running on/.test(output)) {
        listening = true;
        child.kill("SIGTERM");
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ output, code, listening });
    });
  });
}

describe("npm start", () => {
  it("on a developer's machine: listens on loopback and names the unsafe conveniences that are on", async () => {
    const run = await start({ NODE_ENV: "development" });
    expect(run.listening).toBe(true);
    expect(run.output).toContain("Reelforge is running on http://127.0.0.1:");
    expect(run.output).toContain("Unsafe conveniences ON (listening on 127.0.0.1)");
    expect(run.output).toMatch(/demo accounts with the published password demo1234/);
    expect(run.output).toMatch(/sandbox payment gateway/);
    expect(run.output).toMatch(/\/dev\/outbox/);
  }, 60_000);

  it("in production mode on loopback (as `npm start` runs): the same conveniences, named the same way", async () => {
    const run = await start({ NODE_ENV: "production" });
    expect(run.listening).toBe(true);
    expect(run.output).toContain("Unsafe conveniences ON (listening on 127.0.0.1)");
    expect(run.output).toMatch(/demo accounts with the published password demo1234/);
    expect(run.output).toMatch(/sandbox payment gateway/);
    expect(run.output).toMatch(/\/dev\/outbox/);
  }, 60_000);

  it("exposed (HOST=0.0.0.0) without SESSION_SECRET: refuses, as production did", async () => {
    const run = await start({ NODE_ENV: "production", HOST: "0.0.0.0", SESSION_SECRET: "" });
    expect(run.listening).toBe(false);
    expect(run.output).toContain("SESSION_SECRET must be set in production (at least 16 characters): this is a deployment (listening on 0.0.0.0)");
  }, 60_000);

  it("exposed (HOST=0.0.0.0) with the demo accounts of an earlier run still on the published password: refuses", async () => {
    const run = await start({ NODE_ENV: "development", HOST: "0.0.0.0" });
    expect(run.listening).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain("Refusing to start: demo accounts still have the published password demo1234");
  }, 60_000);

  it("a deployment (REELFORGE_DEPLOYMENT=production) with demo data and the published password: refuses", async () => {
    const configs: Record<string, string>[] = [{ SEED_DEMO_DATA: "true" }, { SEED_DEMO_DATA: "true", DEMO_PASSWORD: "demo1234" }];
    for (const env of configs) {
      const run = await start({ NODE_ENV: "production", REELFORGE_DEPLOYMENT: "production", ...env });
      expect(run.listening).toBe(false);
      expect(run.code).not.toBe(0);
      expect(run.output).toContain(
        "Refusing to start in production: SEED_DEMO_DATA=true would create admin and user accounts with the published password demo1234",
      );
    }
  }, 90_000);

  it("a deployment without demo data, while old demo accounts keep the published password: refuses", async () => {
    const run = await start({ NODE_ENV: "production", REELFORGE_DEPLOYMENT: "production" });
    expect(run.listening).toBe(false);
    expect(run.output).toContain("Refusing to start: demo accounts still have the published password demo1234");
  }, 60_000);
});
