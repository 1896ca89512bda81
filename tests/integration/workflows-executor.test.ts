// The embedded executor driving real Inngest functions through the real inngest/remix serve
// handler over HTTP, with runs, steps and events in PostgreSQL.
import { NonRetriableError } from "inngest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inngest } from "../../inngest/client.ts";
import { type EmbeddedExecutor } from "../../inngest/executor/index.ts";
import { hashedSigningKey } from "../../inngest/executor/bridge.ts";
import { shared } from "../../inngest/executor/shared.ts";
import { signRequest } from "../../inngest/executor/protocol.ts";
import { workflowEngineStatus } from "../../inngest/status.ts";
import * as store from "../../inngest/executor/run-store.ts";
import { prisma } from "~/utils/db.server";
import { fastExecutor, startServeHost, waitFor, waitForRun, type ServeHost } from "./workflows-helpers.ts";

const counts = new Map<string, number>();
const bump = (key: string) => {
  const n = (counts.get(key) ?? 0) + 1;
  counts.set(key, n);
  return n;
};
const count = (key: string) => counts.get(key) ?? 0;
const times = new Map<string, number[]>();
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const fid = (id: string) => `reelforge-${id}`;

async function send(name: string, data: Record<string, unknown>): Promise<string> {
  const { ids } = await inngest.send({ name, data });
  return ids[0];
}

// --- test functions -----------------------------------------------------------------------------

const retryFn = inngest.createFunction({ id: "wft-retry", retries: 3, triggers: [{ event: "wft/retry" }] }, async ({ event, step }) => {
  const key = String(event.data.key);
  const a = await step.run("side-effect", () => {
    bump(`${key}:a`);
    return { value: 41 };
  });
  const b = await step.run("flaky", () => {
    times.set(key, [...(times.get(key) ?? []), Date.now()]);
    if (bump(`${key}:b`) < 3) throw new Error("flaky failure");
    return a.value + 1;
  });
  return { b };
});

const nonRetriableFn = inngest.createFunction({ id: "wft-nonretriable", retries: 4, triggers: [{ event: "wft/nonretriable" }] }, async ({ event, step }) => {
  await step.run("refuse", () => {
    bump(`${event.data.key}:refuse`);
    throw new NonRetriableError("the order does not exist");
  });
  return "unreachable";
});

const exhaustFn = inngest.createFunction(
  {
    id: "wft-exhaust",
    retries: 2,
    triggers: [{ event: "wft/exhaust" }],
    onFailure: async ({ event, error }) => {
      bump(`${event.data.event.data.key}:onFailure:${error.message}`);
    },
  },
  async ({ event, step }) => {
    await step.run("always-fails", () => {
      bump(`${event.data.key}:try`);
      throw new Error("the provider is down");
    });
  },
);

const sleepFn = inngest.createFunction({ id: "wft-sleep", triggers: [{ event: "wft/sleep" }] }, async ({ event, step }) => {
  const key = String(event.data.key);
  const before = await step.run("before", () => {
    bump(`${key}:before`);
    return Date.now();
  });
  await step.sleep("nap", String(event.data.duration ?? "20s"));
  const after = await step.run("after", () => {
    bump(`${key}:after`);
    return Date.now();
  });
  return { slept: after - before };
});

const waitFn = inngest.createFunction({ id: "wft-wait", triggers: [{ event: "wft/order.placed" }] }, async ({ event, step }) => {
  const approval = await step.waitForEvent("approval", {
    event: "wft/order.approved",
    timeout: String(event.data.timeout ?? "1h"),
    if: "async.data.orderId == event.data.orderId",
  });
  return { approvedBy: approval ? approval.data.by : null };
});

const raced = new Set<string>();
const raceFn = inngest.createFunction({ id: "wft-race", triggers: [{ event: "wft/race" }] }, async ({ event, step }) => {
  const key = String(event.data.key);
  await step.run("prep", () => "ready");
  // Runs in the request that reaches the wait (prep is memoised by then), so the event lands
  // while the run is still held: only the look-back when parking can match it.
  if (!raced.has(key)) {
    raced.add(key);
    await inngest.send({ name: "wft/race.approved", data: { key } });
  }
  const approval = await step.waitForEvent("approval", {
    event: "wft/race.approved",
    timeout: "1h",
    if: "async.data.key == event.data.key",
  });
  return { approvedKey: approval ? approval.data.key : null };
});

// Fan-out/fan-in: the answer to a question sent by a step arrives before the request that
// reaches the wait begins; the wait must still see it.
const askFn = inngest.createFunction({ id: "wft-ask", triggers: [{ event: "wft/ask" }] }, async ({ event, step }) => {
  const key = String(event.data.key);
  await step.run("ask-and-see-the-answer-arrive", async () => {
    await inngest.send({ name: "wft/question", data: { key } });
    await waitFor(() => prisma.workflowEvent.findFirst({ where: { name: "wft/answer", data: { path: ["key"], equals: key } } }), "the answer");
  });
  const answer = await step.waitForEvent("answer", { event: "wft/answer", timeout: "1h", if: "async.data.key == event.data.key" });
  return { answered: answer ? answer.data.key : null };
});
const answerFn = inngest.createFunction({ id: "wft-answer", triggers: [{ event: "wft/question" }] }, async ({ event, step }) => {
  await step.sendEvent("reply", { name: "wft/answer", data: { key: event.data.key } });
});

const fanOutFn = inngest.createFunction({ id: "wft-fan-out", triggers: [{ event: "wft/batch" }] }, async ({ event, step }) => {
  const items = event.data.items as number[];
  const sent = await step.sendEvent(
    "fan-out",
    items.map((i) => ({ name: "wft/item", data: { batch: event.data.key, i } })),
  );
  return { sent: sent.ids.length };
});

const itemFn = inngest.createFunction({ id: "wft-item", triggers: [{ event: "wft/item" }] }, async ({ event, step }) => {
  return step.run("handle", () => {
    bump(`${event.data.batch}:item:${event.data.i}`);
    return Number(event.data.i) * 10;
  });
});

const childFn = inngest.createFunction({ id: "wft-child", triggers: [] }, async ({ event, step }) => {
  return step.run("double", () => Number((event.data as { n?: number }).n) * 2);
});

const parentFn = inngest.createFunction({ id: "wft-parent", triggers: [{ event: "wft/parent" }] }, async ({ event, step }) => {
  const doubled = await step.invoke("call-child", { function: childFn, data: { n: event.data.n } });
  return { doubled };
});

/**
 * Promise.all of an invoke and a planned step: the step waits (up to 5 s) for the child to have
 * run, which it has only if the invoked run started beside the step, not after it.
 */
const sideBySideFn = inngest.createFunction({ id: "wft-side-by-side", triggers: [{ event: "wft/side-by-side" }] }, async ({ event, step }) => {
  const [doubled, sawChild] = await Promise.all([
    step.invoke("call-child", { function: childFn, data: { n: event.data.n } }),
    step.run("wait-for-child", async () => {
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        const children = await store.runsOf(fid("wft-child"), 200);
        if (children.some((r) => (r.event as { data?: { n?: number } }).data?.n === event.data.n && r.status === "completed")) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
      return false;
    }),
  ]);
  return { doubled, sawChild };
});

let active = 0;
let maxActive = 0;
const limitedFn = inngest.createFunction({ id: "wft-limited", concurrency: 1, triggers: [{ event: "wft/limited" }] }, async ({ step }) => {
  await step.run("work", async () => {
    active++;
    maxActive = Math.max(maxActive, active);
    await new Promise((r) => setTimeout(r, 60));
    active--;
  });
});

const parallelFn = inngest.createFunction({ id: "wft-parallel", triggers: [{ event: "wft/parallel" }] }, async ({ event, step }) => {
  const key = String(event.data.key);
  const [x, y] = await Promise.all([
    step.run("x", () => {
      bump(`${key}:x`);
      return "x";
    }),
    step.run("y", () => {
      bump(`${key}:y`);
      return "y";
    }),
  ]);
  return x + y;
});

const cancellableFn = inngest.createFunction(
  { id: "wft-cancellable", triggers: [{ event: "wft/long" }], cancelOn: [{ event: "wft/long.cancel", match: "data.key" }] },
  async ({ event, step }) => {
    await step.sleep("long-nap", "30s"); // 300 ms scaled
    await step.run("after-nap", () => bump(`${event.data.key}:after-nap`));
  },
);

const fns = [
  cancellableFn,
  retryFn,
  nonRetriableFn,
  exhaustFn,
  sleepFn,
  waitFn,
  raceFn,
  askFn,
  answerFn,
  fanOutFn,
  itemFn,
  childFn,
  parentFn,
  sideBySideFn,
  limitedFn,
  parallelFn,
];

// --- set-up -------------------------------------------------------------------------------------

let host: ServeHost;
let executor: EmbeddedExecutor;

beforeAll(async () => {
  host = await startServeHost(fns);
  executor = fastExecutor(host.url);
  await executor.start();
  expect(executor.snapshot().registered).toBe(true);
});

afterAll(async () => {
  await executor?.stop();
  await host?.close();
});

describe("embedded executor", () => {
  it("registers the served functions through the SDK's sync (PUT) and reports health", async () => {
    expect(host.requests.some((r) => r.method === "PUT" && r.path.includes(`deployId=${executor.id}`))).toBe(true);
    const ids = executor.functionConfigs().map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining([fid("wft-retry"), fid("wft-exhaust"), fid("wft-exhaust-failure")]));
    const status = await workflowEngineStatus();
    expect(status).toMatchObject({ engine: "embedded", ok: true });
    expect(typeof status.queued).toBe("number");
  });

  it("memoises steps: a step's side effect happens once while a later step is retried with back-off", async () => {
    const key = uniq();
    const eventId = await send("wft/retry", { key });
    const run = await waitForRun(fid("wft-retry"), eventId, ["completed", "failed"]);
    expect(run.status).toBe("completed");
    expect(run.output).toEqual({ b: 42 });
    expect(count(`${key}:a`)).toBe(1);
    expect(count(`${key}:b`)).toBe(3);
    // Back-off: retryBaseMs 1000 x timeScale 0.01 = ~10 ms, then ~20 ms (+-10% jitter).
    const [t0, t1, t2] = times.get(key)!;
    expect(t1 - t0).toBeGreaterThanOrEqual(8);
    expect(t2 - t1).toBeGreaterThanOrEqual(17);
    const steps = await store.listSteps(run.id);
    expect(steps.map((s) => s.op)).toEqual(["StepRun", "StepRun"]);
    expect(steps[0].data).toEqual({ value: 41 });
  });

  it("fails at once on NonRetriableError and records the error", async () => {
    const key = uniq();
    const eventId = await send("wft/nonretriable", { key });
    const run = await waitForRun(fid("wft-nonretriable"), eventId, ["completed", "failed"]);
    expect(run.status).toBe("failed");
    expect(count(`${key}:refuse`)).toBe(1);
    expect(run.error).toMatchObject({ message: "the order does not exist" });
    expect(run.finishedAt).not.toBeNull();
    const [step] = await store.listSteps(run.id);
    expect(step).toMatchObject({ op: "StepFailed", data: null });
    expect(step.error).toMatchObject({ name: "NonRetriableError", message: "the order does not exist" });
  });

  it("fails after max attempts (retries + 1), records the error and runs onFailure", async () => {
    const key = uniq();
    const eventId = await send("wft/exhaust", { key });
    const run = await waitForRun(fid("wft-exhaust"), eventId, ["completed", "failed"]);
    expect(run.status).toBe("failed");
    expect(count(`${key}:try`)).toBe(3);
    expect(run.error).toMatchObject({ message: "the provider is down" });
    await waitFor(async () => count(`${key}:onFailure:the provider is down`) === 1, "the onFailure handler");
  });

  it("sleeps (parked as sleeping, no lease held) and then continues", async () => {
    const key = uniq();
    const eventId = await send("wft/sleep", { key, duration: "20s" }); // 200 ms at timeScale 0.01
    const sleeping = await waitForRun(fid("wft-sleep"), eventId, "sleeping");
    expect(sleeping.lockedBy).toBeNull();
    expect(store.waitingForOf(sleeping).ops).toMatchObject([{ kind: "sleep", name: "nap" }]);
    const run = await waitForRun(fid("wft-sleep"), eventId, "completed");
    expect((run.output as { slept: number }).slept).toBeGreaterThanOrEqual(190);
    expect(count(`${key}:before`)).toBe(1);
    expect(count(`${key}:after`)).toBe(1);
  });

  it("waitForEvent resumes on a matching event only", async () => {
    const orderId = uniq();
    const eventId = await send("wft/order.placed", { orderId });
    await waitForRun(fid("wft-wait"), eventId, "waiting");
    await send("wft/order.approved", { orderId: "someone-else", by: "mallory" });
    await new Promise((r) => setTimeout(r, 150));
    expect((await waitForRun(fid("wft-wait"), eventId, "waiting")).status).toBe("waiting");
    await send("wft/order.approved", { orderId, by: "alice" });
    const run = await waitForRun(fid("wft-wait"), eventId, "completed");
    expect(run.output).toEqual({ approvedBy: "alice" });
  });

  it("waitForEvent times out with null when no event matches", async () => {
    const orderId = uniq();
    const eventId = await send("wft/order.placed", { orderId, timeout: "10s" }); // 100 ms scaled
    const run = await waitForRun(fid("wft-wait"), eventId, "completed");
    expect(run.output).toEqual({ approvedBy: null });
  });

  it("catches an event sent while the run was between its request and parking", async () => {
    const key = uniq();
    const eventId = await send("wft/race", { key });
    const run = await waitForRun(fid("wft-race"), eventId, ["completed", "failed"]);
    expect(run.output).toEqual({ approvedKey: key });
  });

  it("a wait sees an answer that arrived while the step before it ran (fan-out/fan-in)", async () => {
    const key = uniq();
    const eventId = await send("wft/ask", { key });
    const run = await waitForRun(fid("wft-ask"), eventId, ["completed", "failed"]);
    expect(run.output).toEqual({ answered: key });
  });

  it("fans out with step.sendEvent: each sent event triggers another function", async () => {
    const key = uniq();
    const eventId = await send("wft/batch", { key, items: [1, 2, 3] });
    const run = await waitForRun(fid("wft-fan-out"), eventId, "completed");
    expect(run.output).toEqual({ sent: 3 });
    await waitFor(async () => [1, 2, 3].every((i) => count(`${key}:item:${i}`) === 1), "the three item runs");
    const items = (await store.runsOf(fid("wft-item"), 200)).filter((r) => (r.event as { data: { batch: string } }).data.batch === key);
    await waitFor(async () => {
      const states = await prisma.workflowRun.findMany({ where: { id: { in: items.map((r) => r.id) } } });
      return states.length === 3 && states.every((r) => r.status === "completed");
    }, "item runs to complete");
  });

  it("invokes another function and gets its result", async () => {
    const eventId = await send("wft/parent", { n: 21 });
    const run = await waitForRun(fid("wft-parent"), eventId, ["completed", "failed"]);
    expect(run.output).toEqual({ doubled: 42 });
  });

  it("starts an invoked run beside a parallel step, not after it", async () => {
    const n = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    const eventId = await send("wft/side-by-side", { n });
    const run = await waitForRun(fid("wft-side-by-side"), eventId, ["completed", "failed"]);
    expect(run.output).toEqual({ doubled: n * 2, sawChild: true });
  });

  it("runs parallel steps once each", async () => {
    const key = uniq();
    const eventId = await send("wft/parallel", { key });
    const run = await waitForRun(fid("wft-parallel"), eventId, ["completed", "failed"]);
    expect(run.output).toBe("xy");
    expect([count(`${key}:x`), count(`${key}:y`)]).toEqual([1, 1]);
  });

  it("honours a function's concurrency limit", async () => {
    maxActive = 0;
    const ids = await Promise.all([1, 2, 3].map(() => send("wft/limited", {})));
    for (const id of ids) await waitForRun(fid("wft-limited"), id, "completed");
    expect(maxActive).toBe(1);
  });

  it("dedupes re-delivered events by id", async () => {
    const id = `evt-dup-${uniq()}`;
    await inngest.send({ id, name: "wft/parallel", data: { key: id } });
    await inngest.send({ id, name: "wft/parallel", data: { key: id } });
    await waitForRun(fid("wft-parallel"), id, "completed");
    const runs = (await store.runsOf(fid("wft-parallel"), 200)).filter((r) => (r.event as { id: string }).id === id);
    expect(runs).toHaveLength(1);
  });
});

describe("cancellation", () => {
  it("cancelOn: a matching event cancels a sleeping run, which then never continues", async () => {
    const key = uniq();
    const other = uniq();
    const eventId = await send("wft/long", { key });
    const otherId = await send("wft/long", { key: other });
    await waitForRun(fid("wft-cancellable"), eventId, "sleeping");
    await send("wft/long.cancel", { key });
    const run = await waitForRun(fid("wft-cancellable"), eventId, "cancelled");
    expect(run.error).toMatchObject({ message: "Cancelled by event wft/long.cancel" });
    await waitForRun(fid("wft-cancellable"), otherId, "completed");
    expect(count(`${other}:after-nap`)).toBe(1);
    expect(count(`${key}:after-nap`)).toBe(0);
  });

  it("cancelRun stops a run between steps", async () => {
    const key = uniq();
    const eventId = await send("wft/long", { key: `${key}-x` });
    const sleeping = await waitForRun(fid("wft-cancellable"), eventId, "sleeping");
    expect(await store.cancelRun(sleeping.id, "Stopped by an admin")).toBe(true);
    await new Promise((r) => setTimeout(r, 450));
    expect(await store.getRun(sleeping.id)).toMatchObject({ status: "cancelled", error: { message: "Stopped by an admin" } });
    expect(count(`${key}-x:after-nap`)).toBe(0);
    expect(await store.cancelRun(sleeping.id)).toBe(false);
  });
});

describe("durability", () => {
  it("resumes a sleeping run in a new executor after a restart without re-running earlier steps", async () => {
    const key = uniq();
    const eventId = await send("wft/sleep", { key, duration: "40s" }); // 400 ms scaled
    const sleeping = await waitForRun(fid("wft-sleep"), eventId, "sleeping");
    await executor.stop();
    expect((await store.getRun(sleeping.id))?.status).toBe("sleeping");

    executor = fastExecutor(host.url);
    await executor.start();
    const run = await waitForRun(fid("wft-sleep"), eventId, "completed");
    expect(run.id).toBe(sleeping.id);
    expect(count(`${key}:before`)).toBe(1);
    expect(count(`${key}:after`)).toBe(1);
  });

  it("takes over a run whose executor died (expired lease) and keeps memoised steps", async () => {
    await executor.stop();
    expect(await workflowEngineStatus()).toMatchObject({ engine: "embedded", ok: false, detail: "The embedded executor is not running in this process" });
    const key = uniq();
    // Accepted while no executor runs: the run is queued in the database.
    const eventId = await send("wft/retry", { key });
    const queued = await waitForRun(fid("wft-retry"), eventId, "queued");
    // A dead executor had claimed it and already recorded the first step.
    await prisma.workflowRun.update({
      where: { id: queued.id },
      data: { status: "running", lockedBy: "exec_dead", lockedUntil: new Date(Date.now() - 1000) },
    });
    const { createHash } = await import("node:crypto");
    await prisma.workflowStep.create({
      data: { runId: queued.id, stepId: createHash("sha1").update("side-effect").digest("hex"), op: "StepRun", data: { value: 41 } },
    });

    executor = fastExecutor(host.url);
    await executor.start();
    const run = await waitForRun(fid("wft-retry"), eventId, ["completed", "failed"]);
    expect(run.output).toEqual({ b: 42 });
    expect(count(`${key}:a`)).toBe(0);
  });

  it("never runs a step twice when two executor loops compete", async () => {
    const second = fastExecutor(host.url, { maxConcurrentRuns: 2 });
    await second.start();
    try {
      const keys = Array.from({ length: 8 }, () => uniq());
      const ids = await Promise.all(keys.map((key) => send("wft/parallel", { key })));
      for (const id of ids) await waitForRun(fid("wft-parallel"), id, "completed");
      for (const key of keys) expect([count(`${key}:x`), count(`${key}:y`)]).toEqual([1, 1]);
    } finally {
      await second.stop();
    }
  });
});

describe("security", () => {
  it("the serve handler refuses unsigned or wrongly signed requests", async () => {
    const body = JSON.stringify({ event: { name: "wft/retry", data: {} }, events: [], steps: {}, ctx: { run_id: "x", attempt: 0 } });
    const url = `${host.url}?fnId=${fid("wft-retry")}&stepId=step`;
    const unsigned = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(unsigned.status).toBe(401);
    const forged = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-inngest-signature": signRequest(body, "signkey-embedded-00ff") },
      body,
    });
    expect(forged.status).toBe(401);
    const sync = await fetch(host.url, { method: "PUT" });
    expect(sync.status).toBe(401);
  });

  it("the in-process registration endpoint requires the signing key hash", async () => {
    expect(hashedSigningKey("signkey-test-abcd")).toMatch(/^signkey-test-[0-9a-f]{64}$/);
    expect(shared().signingKey).toMatch(/^signkey-embedded-[0-9a-f]{64}$/);
  });
});
