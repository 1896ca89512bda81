// `npm run test:e2e`: make sure chromium is there (installing Debian's package when we can),
// build the app, start it on free ports with a fresh embedded database and demo data,
// run Playwright against it, then stop everything and remove the temporary data.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");

function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    fail(`CHROMIUM_PATH=${configured} does not exist.`);
  }
  const found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = update.status === 0 && spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (install && install.status === 0 && existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  fail(
    "The end-to-end tests need Chromium and it could not be installed automatically.\n" +
      "Install it with your package manager (Debian/Ubuntu: `sudo apt-get install chromium`),\n" +
      "or point CHROMIUM_PATH at a Chromium/Chrome binary, then run `npm test` again.",
  );
}

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForServer(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app did not answer on ${url} within ${timeoutMs / 1000}s`);
}

const chromiumPath = ensureChromium();

if (!process.env.E2E_SKIP_BUILD) {
  const build = spawnSync(process.execPath, [require.resolve("@remix-run/dev/dist/cli.js"), "build"], {
    stdio: "inherit",
    cwd: root,
    // The production build, as `npm start` serves it (ADR 325).
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) fail("remix build failed");
}

const port = await freePort();
const pgPort = await freePort();
// Inside the repo, not /tmp: as root, PostgreSQL runs as the "postgres" user, which cannot
// enter a 0700 temp directory.
mkdirSync(path.join(root, "tests/.tmp"), { recursive: true });
const dataDir = mkdtempSync(path.join(root, "tests/.tmp/e2e-"));
chmodSync(dataDir, 0o755);
const baseUrl = `http://127.0.0.1:${port}`;
const serverLog = [];
const server = spawn(process.execPath, [require.resolve("tsx/cli"), "server/index.ts"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
    APP_URL: baseUrl,
    // The video pipeline: tiny renders, faster workflow polls and back-off, no showcase seeding.
    RENDER_LONG_SIDE: process.env.RENDER_LONG_SIDE ?? "320",
    WORKFLOW_TIME_SCALE: process.env.WORKFLOW_TIME_SCALE ?? "0.5",
    SEED_SHOWCASE: process.env.SEED_SHOWCASE ?? "false",
    // The registry's test provider: the voice fails for text containing "Faultline" (ADR 141).
    PROVIDER_FAULTS: process.env.PROVIDER_FAULTS ?? "voice=Faultline",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
for (const stream of [server.stdout, server.stderr]) stream.on("data", (d) => serverLog.push(String(d)));

let code = 1;
try {
  await waitForServer(`${baseUrl}/healthz`, server, 120_000);
  const args = [require.resolve("@playwright/test/cli"), "test", ...process.argv.slice(2)];
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    // The database and data folder of the server, for specs that make their data through the core.
    env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromiumPath, E2E_PG_PORT: String(pgPort), E2E_DATA_DIR: dataDir },
  });
  code = result.status ?? 1;
} catch (error) {
  console.error(String(error));
} finally {
  if (code !== 0) {
    console.error("\n--- app log (last 60 lines) ---");
    console.error(serverLog.join("").split("\n").slice(-60).join("\n"));
  }
  server.kill("SIGTERM");
  await new Promise((r) => {
    const t = setTimeout(() => {
      server.kill("SIGKILL");
      r();
    }, 15_000);
    server.on("exit", () => {
      clearTimeout(t);
      r();
    });
  });
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
