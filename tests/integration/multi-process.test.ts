// More than one process on one database (docs/decisions/225-worker-process.md): two web
// processes that run no executor (WORKFLOW_EXECUTOR=off) and one worker (`npm run worker`),
// spawned as real child processes from the built app. A video submitted through Create Video
// on the first web process is made by the worker, and its Ready event reaches a live stream
// (/resources/live) held open on the second. The worker polls only once a minute here, so the
// run can only start promptly if the accepted event wakes it (NOTIFY).
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A database of its own: the worker's executor claims every due run of the database it serves,
// and on the shared test database it would take other files' runs (and they its run).
const scratch = await vi.hoisted(async () => (await import("../support/scratch-database")).useScratchDatabase("multi_process"));

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { actorFromUser } from "~/models/access";
import { createApiToken } from "~/models/access";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { productPhoto } from "../providers/fixtures";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { newUser } from "./storage-helpers";
import { readEventStream } from "../support/event-stream";
import { writeFile } from "node:fs/promises";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");
const tsx = require.resolve("tsx/cli");

type Proc = { name: string; child: ChildProcess; output: string[]; url: string };
const procs: Proc[] = [];
let dataDir = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

function start(name: string, script: string, port: number, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [tsx, script], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      RENDER_LONG_SIDE: "256",
      WORKFLOW_TIME_SCALE: "0.01",
      ...env,
    },
  });
  const proc: Proc = { name, child, output: [], url: `http://127.0.0.1:${port}` };
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (d) => proc.output.push(String(d)));
  procs.push(proc);
  return proc;
}

function logsOf(): string {
  return procs.map((p) => `── ${p.name} ──\n${p.output.join("").split("\n").slice(-30).join("\n")}`).join("\n");
}

async function waitUntilUp(proc: Proc, timeoutMs = 120_000): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}\n${logsOf()}`);
    try {
      const res = await fetch(`${proc.url}/healthz`);
      return (await res.json()) as Record<string, unknown>;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${proc.name} did not answer /healthz within ${timeoutMs} ms\n${logsOf()}`);
}

async function stopAll() {
  await Promise.all(
    procs.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
          child.once("exit", () => {
            clearTimeout(force);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
}

/** The events of a live stream, as they arrive. */
function readStream(body: ReadableStream<Uint8Array>) {
  const events: { type: string; data: Record<string, unknown> }[] = [];
  const stream = readEventStream(body, ({ type, data }) => {
    if (type && data) events.push({ type, data: JSON.parse(data) as Record<string, unknown> });
  });
  return {
    events,
    cancel: stream.cancel,
    async waitFor(match: (e: { type: string; data: Record<string, unknown> }) => boolean, what: string, timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const hit = events.find(match);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no ${what} on the live stream within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}\n${logsOf()}`);
    },
  };
}

describe("two web processes and a worker on one database", () => {
  let web1: Proc;
  let web2: Proc;
  let worker: Proc;

  beforeAll(async () => {
    await seedReferenceData();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "reelforge-multi-process-"));
    const [p1, p2, pw] = await Promise.all([freePort(), freePort(), freePort()]);
    web1 = start("web 1", "server/index.ts", p1, { PORT: String(p1), WORKFLOW_EXECUTOR: "off" });
    web2 = start("web 2", "server/index.ts", p2, { PORT: String(p2), WORKFLOW_EXECUTOR: "off" });
    worker = start("worker", "server/worker.ts", pw, { WORKER_PORT: String(pw), WORKFLOW_POLL_MS: "60000" });
    await Promise.all([waitUntilUp(web1), waitUntilUp(web2)]);
  }, 150_000);

  afterAll(async () => {
    if (process.env.DEBUG_MULTI_PROCESS) console.log(logsOf());
    await stopAll();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await prisma.$disconnect();
    await scratch.drop();
  }, 30_000);

  it("a video submitted on one web process is made by the worker and shows Ready live on the other", async () => {
    // The worker's executor is up (registered with its own serve handler); the web processes say
    // that runs execute elsewhere, and the worker serves no pages.
    await expect
      .poll(async () => ((await waitUntilUp(worker)).workflows as { detail?: string })?.detail, { timeout: 30_000, interval: 250 })
      .toBe("Embedded executor running");
    expect(((await waitUntilUp(web1)).workflows as { detail: string }).detail).toBe("Runs execute in worker processes (WORKFLOW_EXECUTOR=off)");
    expect((await fetch(`${worker.url}/create-video`)).status).toBe(404);

    const { user, cookie } = await newUser();
    await applyCreditChange({ userId: user.id, delta: 100, reason: "admin_grant", reference: `multi-process-${user.id}` });

    // The live stream on web 2, listening before anything happens.
    const live = await fetch(`${web2.url}/resources/live`, { headers: { Cookie: cookie, Accept: "text/event-stream" } });
    expect(live.status).toBe(200);
    const stream = readStream(live.body!);
    await stream.waitFor((e) => e.type === "ready", "ready frame", 10_000);

    // Create Video through its route on web 1 (the plain form post: a redirect with a flash).
    const submitted = await fetch(`${web1.url}/create-video`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: web1.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        script: "Scene 1: Meet Aurora, the serum for a morning glow.\n\nScene 2: Bright skin in seven days.",
        voiceId: "2",
        storyTypeId: "1",
        requestId: randomUUID(),
      }),
    });
    expect(submitted.status).toBe(302);
    const acceptedAt = Date.now();
    const answer = { storyId: (await prisma.story.findFirstOrThrow({ where: { userId: user.id } })).id };

    // Woken by the event, not by the minute-long poll: the run starts within seconds.
    await expect
      .poll(
        async () =>
          (
            await prisma.workflowRun.findFirst({
              where: { functionId: "reelforge-video-request", status: { not: "queued" }, event: { path: ["data", "storyId"], equals: answer.storyId } },
            })
          )?.status ?? null,
        {
          timeout: 10_000,
          interval: 100,
        },
      )
      .not.toBeNull();
    expect(Date.now() - acceptedAt).toBeLessThan(10_000);

    const ready = await stream.waitFor(
      (e) => e.type === "story.updated" && e.data.storyId === answer.storyId && e.data.status === "ready",
      "Ready event",
      50_000,
    );
    expect(ready.data).toMatchObject({ storyId: answer.storyId, status: "ready" });
    await stream.cancel();

    const story = await prisma.story.findUniqueOrThrow({ where: { id: answer.storyId } });
    expect(story).toMatchObject({ status: "ready", errorMessage: null });
    expect(story.finalVideoWithMusic).toMatch(/^\/resources\/files\/renders\//);
    // The Create Video run completes (in the worker: the web processes run no executor, /healthz above), after
    // Ready with the scene clips (ADR 380).
    await expect
      .poll(
        async () =>
          (
            await prisma.workflowRun.findFirst({
              where: { functionId: "reelforge-video-request", event: { path: ["data", "storyId"], equals: answer.storyId } },
            })
          )?.status,
        {
          timeout: 40_000,
          interval: 200,
        },
      )
      .toBe("completed");
  }, 120_000);

  // The MCP door over HTTP on a web process that runs no executor (ADR 241): every paid tool's
  // work is queued for the worker and runs there; nothing stays charged without running.
  it("an MCP client builds a whole video over HTTP on a web process while the worker makes it", async () => {
    const user = await prisma.user.create({ data: { email: `mcp-multi-${randomUUID()}@test.local` } });
    await applyCreditChange({ userId: user.id, delta: 100, reason: "admin_grant", reference: `multi-process-mcp-${user.id}` });
    const { token } = await createApiToken(actorFromUser({ id: user.id, isAdmin: false }, "web"), { name: "multi-process client" });
    const client = new Client({ name: "multi-process-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${web1.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args }, CallToolResultSchema, {
        timeout: 60_000,
        resetTimeoutOnProgress: true,
      })) as CallToolResult;
      const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
      expect(result.isError, `${name}: ${text}\n${logsOf()}`).toBeFalsy();
      return { data: result.structuredContent as any, result };
    };
    try {
      const projectId = (await call("create_video_project", { name: "Two-process ad" })).data.project.id as string;
      const photo = await productPhoto({ width: 320, height: 320 });
      await call("upload_product_image", { projectId, filename: "bottle.png", fileData: photo.toString("base64") });
      const first = (await call("add_scene", { projectId, name: "Hook", voiceOverText: "Meet the bottle that keeps water cold all day." })).data.scene;
      await call("add_scene", { projectId, name: "Offer", voiceOverText: "Order yours today." });

      // One generation step and its result, then the compile that prepares the rest.
      const prompt = await call("generate_image_prompt", { projectId, sceneId: first.id });
      expect(prompt.data.status).toBe("completed");
      expect(prompt.data.scene.imagePrompt).toBeTruthy();

      const estimate = (await call("estimate_cost", { projectId, work: "compile" })).data.credits as number;
      const before = await getBalance(user.id);
      const compiled = await call("compile_video", { projectId, outputFormat: "mp4", idempotencyKey: randomUUID() });
      expect(compiled.data.status).toBe("completed");
      expect(compiled.data.credits).toBe(estimate);
      expect(await getBalance(user.id)).toBeCloseTo(before - estimate, 2);

      const link = compiled.result.content.find((c) => c.type === "resource_link") as { uri: string };
      const res = await fetch(link.uri);
      expect(res.status).toBe(200);
      const file = path.join(dataDir, "mcp-multi.mp4");
      await writeFile(file, Buffer.from(await res.arrayBuffer()));
      expect((await probeMedia(file)).durationSec).toBeGreaterThan(0.5);
      // Every run the door queued ran in the worker (the compile's run may still be writing its
      // last step when the job already reads completed, so this is waited for, not sampled once).
      await expect
        .poll(
          () =>
            prisma.workflowRun.count({
              where: { status: { in: ["queued", "running", "waiting", "sleeping"] }, event: { path: ["data", "projectId"], equals: projectId } },
            }),
          { timeout: 15_000, interval: 250 },
        )
        .toBe(0);
    } finally {
      await client.close().catch(() => undefined);
    }
  }, 150_000);
});
