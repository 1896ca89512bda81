// Test helper: `npm start`'s server (server/index.ts, the built app and the embedded workflow
// executor) as a real child process, so a fault test can SIGKILL it and start it again on the
// same database. It runs in a process group of its own: killing the group also kills the
// ffmpeg children it started, as a container being killed would.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type AppProcess = {
  url: string;
  port: number;
  pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGKILL to the whole group: no shutdown code runs. Resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts server/index.ts with `env` added to this process's environment; resolves once it serves and its executor runs. */
export async function startAppProcess(env: Record<string, string>, opts: { port?: number; readyTimeoutMs?: number } = {}): Promise<AppProcess> {
  const port = opts.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), SEED_DEMO_DATA: "false", SEED_SHOWCASE: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString("utf8")));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString("utf8")));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const app: AppProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    output: () => out,
    exited,
    async kill() {
      signalGroup("SIGKILL");
      await exited;
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return signalGroup("SIGKILL");
      child.kill("SIGTERM");
      const timer = setTimeout(() => signalGroup("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
      signalGroup("SIGKILL");
    },
  };
  const until = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (/\[workflows\] embedded executor/.test(out)) return app;
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app process exited before serving:\n${out}`);
    if (Date.now() > until) {
      await app.kill();
      throw new Error(`the app process did not start in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
