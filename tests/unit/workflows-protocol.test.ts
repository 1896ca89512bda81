// Protocol-drift guard: pins the inngest SDK version and checks, against the installed SDK's
// real serve handler, every request/response shape and op code the embedded executor relies on.
// If this fails after an SDK upgrade, re-read node_modules/inngest (InngestCommHandler.js,
// execution/engine.js) and update inngest/executor/protocol.ts before changing the pin.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { InngestFunction } from "inngest";
import type * as ProtocolModule from "../../inngest/executor/protocol.ts";

// The client module imports the Prisma singleton, which needs a URL (it never connects here).
process.env.DATABASE_URL ??= "postgresql://unused:unused@127.0.0.1:1/unused";

let P: typeof ProtocolModule;
let handler: (ctx: { request: Request; context?: unknown }) => Promise<Response>;
let signingKey: string;
const sha1 = (s: string) => createHash("sha1").update(s).digest("hex");

beforeAll(async () => {
  P = await import("../../inngest/executor/protocol.ts");
  const { inngest } = await import("../../inngest/client.ts");
  const { NonRetriableError } = await import("inngest");
  const { createServeHandler } = await import("../../inngest/serve.server.ts");
  const { shared } = await import("../../inngest/executor/shared.ts");
  signingKey = shared().signingKey;
  const stepsFn = inngest.createFunction({ id: "drift-steps", triggers: [{ event: "drift/go" }] }, async ({ step }) => {
    const a = await step.run("a", () => ({ data: 1 }));
    await step.sleep("nap", "1m");
    const got = await step.waitForEvent("wait", { event: "drift/ok", timeout: "2h", if: "async.data.id == event.data.id" });
    return { a, got: got?.data ?? null };
  });
  const fns: InngestFunction.Any[] = [
    stepsFn,
    inngest.createFunction({ id: "drift-errors", retries: 1, triggers: [{ event: "drift/err" }] }, async ({ step }) => {
      await step.run("boom", () => {
        throw new Error("kaboom");
      });
    }),
    inngest.createFunction({ id: "drift-fn-throws", triggers: [{ event: "drift/throw" }] }, async ({ event }) => {
      if (event.data.fatal) throw new NonRetriableError("fatal");
      throw new Error("transient");
    }),
    inngest.createFunction({ id: "drift-parallel", triggers: [{ event: "drift/par" }] }, async ({ step }) => {
      return Promise.all([step.run("p1", () => 1), step.run("p2", () => 2)]);
    }),
    inngest.createFunction({ id: "drift-invoke", triggers: [{ event: "drift/inv" }] }, async ({ step }) => {
      return step.invoke("call", { function: stepsFn, data: { x: 1 } });
    }),
  ];
  handler = createServeHandler(fns);
});

// The SDK refuses (400) an event that is not one of the function's triggers.
const triggerOf: Record<string, string> = {
  "drift-steps": "drift/go",
  "drift-errors": "drift/err",
  "drift-fn-throws": "drift/throw",
  "drift-parallel": "drift/par",
  "drift-invoke": "drift/inv",
};

async function call(
  fn: string,
  opts: { steps?: ProtocolModule.MemoStep[]; attempt?: number; maxAttempts?: number; stepId?: string; data?: Record<string, unknown>; sign?: boolean } = {},
) {
  const body = P.canonicalJson(
    P.buildRunRequest({
      runId: "run_drift",
      event: { id: "evt_1", name: triggerOf[fn], data: opts.data ?? { id: 7 }, ts: 1 },
      steps: opts.steps ?? [],
      attempt: opts.attempt ?? 0,
      maxAttempts: opts.maxAttempts ?? 4,
    }),
  );
  const headers: Record<string, string> = { "content-type": "application/json", host: "127.0.0.1" };
  if (opts.sign !== false) headers["x-inngest-signature"] = P.signRequest(body, signingKey);
  const url = `http://127.0.0.1/api/inngest?fnId=reelforge-${fn}&stepId=${opts.stepId ?? "step"}`;
  const res = await handler({ request: new Request(url, { method: "POST", headers, body }), context: {} });
  const text = await res.text();
  return { res, text, json: text ? JSON.parse(text) : null, outcome: P.interpretResponse(res.status, res.headers, text) };
}

describe("inngest SDK pin", () => {
  it("is exactly the version the executor was written for", async () => {
    const { version } = await import("inngest");
    expect(version).toBe(P.PINNED_SDK_VERSION);
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"));
    expect(pkg.dependencies.inngest).toBe(P.PINNED_SDK_VERSION);
    expect(pkg.dependencies["inngest-cli"]).toBeUndefined();
    expect(pkg.devDependencies?.["inngest-cli"]).toBeUndefined();
  });

  it("op codes and header names match the SDK's", async () => {
    const { StepOpCode } = await import("inngest/types");
    const { headerKeys } = await import("inngest");
    for (const [k, v] of Object.entries(P.OpCode)) expect(StepOpCode[k as keyof typeof StepOpCode]).toBe(v);
    expect(headerKeys.Signature).toBe(P.Header.Signature);
    expect(headerKeys.NoRetry).toBe(P.Header.NoRetry);
    expect(headerKeys.RetryAfter).toBe(P.Header.RetryAfter);
    expect(headerKeys.RequestVersion).toBe(P.Header.RequestVersion);
    expect(headerKeys.InngestRunId).toBe(P.Header.RunId);
  });
});

describe("serve handler protocol (inngest/remix)", () => {
  it("refuses unsigned requests", async () => {
    const { res } = await call("drift-steps", { sign: false });
    expect(res.status).toBe(401);
  });

  it("runs the first new step at once: 206 [StepRun], signed, request version 2", async () => {
    const { res, json, text, outcome } = await call("drift-steps");
    expect(res.status).toBe(206);
    expect(res.headers.get("x-inngest-req-version")).toBe("2");
    expect(P.verifyResponseSignature(text, res.headers.get("x-inngest-signature"), signingKey)).toBe(true);
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ id: sha1("a"), op: "StepRun", displayName: "a", data: { data: 1 } });
    expect(outcome.kind).toBe("step-ran");
  });

  it("reports a sleep as a Sleep op named by its duration", async () => {
    const { res, json, outcome } = await call("drift-steps", { steps: [{ stepId: sha1("a"), data: { data: 1 } }] });
    expect(res.status).toBe(206);
    expect(json).toEqual([expect.objectContaining({ id: sha1("nap"), op: "Sleep", name: "1m", displayName: "nap" })]);
    expect(outcome.kind).toBe("ops");
    expect(P.parseDuration(json[0].name)).toBe(60_000);
  });

  it("reports waitForEvent with the event name, timeout and if expression", async () => {
    const { json } = await call("drift-steps", {
      steps: [
        { stepId: sha1("a"), data: { data: 1 } },
        { stepId: sha1("nap"), data: null },
      ],
    });
    expect(json).toEqual([
      expect.objectContaining({ id: sha1("wait"), op: "WaitForEvent", name: "drift/ok", opts: { timeout: "2h", if: "async.data.id == event.data.id" } }),
    ]);
  });

  it("returns the function's result with 200 once every step is memoised (a memoised {data} object is not unwrapped)", async () => {
    const { res, json, outcome } = await call("drift-steps", {
      steps: [
        { stepId: sha1("a"), data: { data: 1 } },
        { stepId: sha1("nap"), data: null },
        { stepId: sha1("wait"), data: { name: "drift/ok", data: { id: 7 } } },
      ],
    });
    expect(res.status).toBe(200);
    expect(json).toEqual({ a: { data: 1 }, got: { id: 7 } });
    expect(outcome).toEqual({ kind: "completed", output: json });
  });

  it("a failing step is StepError while attempts remain, StepFailed on the last one", async () => {
    const first = await call("drift-errors", { maxAttempts: 2, attempt: 0 });
    expect(first.res.status).toBe(206);
    expect(first.json[0]).toMatchObject({ id: sha1("boom"), op: "StepError", error: { name: "Error", message: "kaboom" } });
    expect(first.res.headers.get("x-inngest-no-retry")).toBe("false");
    expect(first.outcome).toMatchObject({ kind: "step-ran", retriable: true });

    const last = await call("drift-errors", { maxAttempts: 2, attempt: 1 });
    expect(last.json[0]).toMatchObject({ op: "StepFailed", error: { message: "kaboom" } });
    expect(last.outcome).toMatchObject({ kind: "step-ran", retriable: false });

    const after = await call("drift-errors", { steps: [{ stepId: sha1("boom"), error: { name: "Error", message: "kaboom" } }] });
    expect(after.res.status).toBe(400);
    expect(after.res.headers.get("x-inngest-no-retry")).toBe("true");
    expect(after.outcome).toMatchObject({ kind: "rejected", retriable: false, error: { message: "kaboom" } });
  });

  it("an error thrown outside steps is 500 (retry) or 400 for NonRetriableError", async () => {
    const transient = await call("drift-fn-throws", { data: { fatal: false } });
    expect(transient.res.status).toBe(500);
    expect(transient.outcome).toMatchObject({ kind: "rejected", retriable: true, error: { message: "transient" } });
    const fatal = await call("drift-fn-throws", { data: { fatal: true } });
    expect(fatal.res.status).toBe(400);
    expect(fatal.outcome).toMatchObject({ kind: "rejected", retriable: false, error: { name: "NonRetriableError", message: "fatal" } });
  });

  it("parallel steps come back as StepPlanned ops; a stepId request runs one", async () => {
    const plan = await call("drift-parallel");
    expect(plan.res.status).toBe(206);
    expect(plan.json.map((o: ProtocolModule.SdkOp) => [o.op, o.id])).toEqual([
      ["StepPlanned", sha1("p1")],
      ["StepPlanned", sha1("p2")],
    ]);
    const one = await call("drift-parallel", { stepId: sha1("p2") });
    expect(one.json).toEqual([expect.objectContaining({ id: sha1("p2"), op: "StepRun", data: 2 })]);
  });

  it("step.invoke is an InvokeFunction op with the function id and payload", async () => {
    const { json } = await call("drift-invoke");
    expect(json).toEqual([
      expect.objectContaining({
        id: sha1("call"),
        op: "InvokeFunction",
        opts: expect.objectContaining({ function_id: "reelforge-drift-steps", payload: expect.objectContaining({ data: { x: 1 } }) }),
      }),
    ]);
  });
});

describe("protocol helpers", () => {
  it("canonical JSON sorts keys and drops undefined like the SDK's canonicalize", () => {
    expect(P.canonicalJson({ b: 1, a: [1, undefined, { d: undefined, c: "x" }] })).toBe('{"a":[1,null,{"c":"x"}],"b":1}');
  });

  it("parses durations and sleep targets", () => {
    expect(P.parseDuration("1w2d3h4m5s")).toBe(((7 + 2) * 24 * 3600 + 3 * 3600 + 4 * 60 + 5) * 1000);
    expect(P.parseDuration("")).toBe(0);
    expect(P.parseDuration("soon")).toBeUndefined();
    expect(P.sleepTarget("10s", 1_000, 0.5).getTime()).toBe(6_000);
    expect(P.sleepTarget("2030-01-01T00:00:00.000Z", Date.parse("2029-12-31T23:59:50.000Z"), 1).toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });

  it("reads retry-after as seconds or a date", () => {
    expect(P.parseRetryAfter("5", 1_000)?.getTime()).toBe(6_000);
    expect(P.parseRetryAfter("2030-01-01T00:00:00Z")?.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    expect(P.parseRetryAfter(null)).toBeUndefined();
  });

  it("rejects response signatures made with another key or too old", () => {
    const sig = P.signRequest("body", signingKey);
    expect(P.verifyResponseSignature("body", sig, signingKey)).toBe(true);
    expect(P.verifyResponseSignature("body!", sig, signingKey)).toBe(false);
    expect(P.verifyResponseSignature("body", P.signRequest("body", `signkey-x-${"ab".repeat(32)}`), signingKey)).toBe(false);
    expect(P.verifyResponseSignature("body", P.signRequest("body", signingKey, Date.now() - 10 * 60_000), signingKey)).toBe(false);
  });
});
