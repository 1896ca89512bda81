// `npm start`: build the app when sources changed, then run the web process (server/index.ts)
// and one workflow worker (server/worker.ts) beside it (docs/decisions/225-worker-process.md).
// START_WORKER=false runs the web process alone with the executor inside it, as before.
//
// The worker starts once the web process is ready (it owns the embedded database and seeds it)
// and gets its DATABASE_URL. A worker that dies is reported and started again after a pause
// that doubles (1 s up to 30 s); five deaths in a row each within 30 s of its start stop
// everything, since such a worker cannot run (its log says why). When the web process ends,
// everything ends. SIGINT/SIGTERM stop the worker first (it finishes the steps in flight),
// then the web process, which stops the embedded database last.
//
// NODE_ENV (ADR 325): `npm start` runs the processes in production mode, so React and Remix use
// their production builds; `npm run dev` (--dev) in development mode. A NODE_ENV already set
// is kept. The app is built in production mode either way. NODE_ENV decides nothing else: the
// developer conveniences follow HOST, APP_URL and REELFORGE_DEPLOYMENT, so a loopback `npm start`
// keeps its demo accounts, sandbox gateway and outbox.
import { spawnSync, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { withWebNodeOptions } from "./web-node-options.mjs";

const require = createRequire(import.meta.url);
const remix = require.resolve("@remix-run/dev/dist/cli.js");
const tsx = require.resolve("tsx/cli");

const withWorker = !["0", "false", "no", "off"].includes((process.env.START_WORKER ?? "").trim().toLowerCase());
const CRASH_LOOP = { deaths: 5, withinMs: 30_000 };
const WORKER_STOP_MS = 20_000;

const dev = process.argv.includes("--dev");
// Fail closed: an operator who sets NODE_ENV=production themselves (`NODE_ENV=production npm start`,
// as before ADR 325) is running a deployment, even on loopback behind a proxy without APP_URL.
if (process.env.NODE_ENV === "production" && !process.env.REELFORGE_DEPLOYMENT) process.env.REELFORGE_DEPLOYMENT = "production";
process.env.NODE_ENV ||= dev ? "development" : "production";

// `remix build` takes its mode from NODE_ENV: always the production build.
const built = spawnSync(process.execPath, [remix, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
if (built.status !== 0) process.exit(built.status ?? 1);

// Own process groups: a terminal's Ctrl-C reaches this script only, which stops the children
// in order; each child also stops when this script's IPC channel goes away.
const childOptions = (env) => ({ stdio: ["inherit", "inherit", "inherit", "ipc"], env, detached: true });

let stopping = false;
let exitCode = 0;
let worker = null;
let workerEnv = null;
let quickDeaths = 0;
let restartDelayMs = 1000;

const web = spawn(
  process.execPath,
  [tsx, "server/index.ts"],
  childOptions(withWebNodeOptions(withWorker ? { ...process.env, WORKFLOW_EXECUTOR: "off" } : process.env)),
);
web.on("message", (message) => {
  if (!withWorker || message?.type !== "web-ready" || workerEnv) return;
  workerEnv = { ...process.env, DATABASE_URL: message.databaseUrl };
  startWorker();
});
web.on("exit", (code, signal) => {
  if (!stopping) {
    console.error(`[start] the web process exited (${signal ?? `code ${code}`}); stopping.`);
    stopping = true;
    exitCode = code ?? 1;
  }
  void stopWorker().then(() => process.exit(exitCode));
});

function startWorker() {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [tsx, "server/worker.ts"], childOptions(workerEnv));
  worker = child;
  child.on("message", (message) => {
    if (message?.type === "worker-ready") restartDelayMs = 1000;
  });
  child.on("exit", (code, signal) => {
    if (worker === child) worker = null;
    if (stopping) return;
    quickDeaths = Date.now() - startedAt < CRASH_LOOP.withinMs ? quickDeaths + 1 : 1;
    if (quickDeaths >= CRASH_LOOP.deaths) {
      console.error(
        `[start] the workflow worker died ${quickDeaths} times in a row right after starting (last: ${signal ?? `code ${code}`}); stopping. Videos cannot render without it.`,
      );
      void shutdown("worker crash loop", 1);
      return;
    }
    console.error(
      `[start] the workflow worker exited (${signal ?? `code ${code}`}): videos are not being made until it runs again. ` +
        `Restarting it in ${restartDelayMs / 1000} s; runs it held resume when their lease ends.`,
    );
    setTimeout(() => !stopping && startWorker(), restartDelayMs);
    restartDelayMs = Math.min(restartDelayMs * 2, 30_000);
  });
}

function stopWorker() {
  const child = worker;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), WORKER_STOP_MS);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Stops the worker, then the web process; its exit ends this script (above). */
async function shutdown(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  await stopWorker();
  web.kill(signal === "SIGINT" ? "SIGINT" : "SIGTERM");
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void shutdown(sig));
