// The unsafe conveniences of the demo (app/utils/conveniences.server.ts): on only on a
// developer's own machine or by an explicit flag; production refuses the published password.
import { describe, expect, it } from "vitest";
import {
  activeConveniences,
  demoDataEnabled,
  isLoopbackAddress,
  listenHost,
  outboxOpenToClient,
  productionRefusals,
  sandboxGatewayEnabled,
} from "~/utils/conveniences.server";

describe("loopback", () => {
  it("knows this machine's addresses", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "[::1]", "localhost"]) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ["0.0.0.0", "::", "10.0.0.1", "203.0.113.9", "::ffff:10.0.0.1", "128.0.0.1", "", null, "localhost.evil.example"]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });

  it("listens on 127.0.0.1 unless HOST says otherwise", () => {
    expect(listenHost({})).toBe("127.0.0.1");
    expect(listenHost({ HOST: "" })).toBe("127.0.0.1");
    expect(listenHost({ HOST: "0.0.0.0" })).toBe("0.0.0.0");
  });
});

describe("demo data and the sandbox gateway", () => {
  it("are on for a developer's own machine (the default)", () => {
    expect(demoDataEnabled({ NODE_ENV: "development" })).toBe(true);
    expect(sandboxGatewayEnabled({})).toBe(true);
    expect(sandboxGatewayEnabled({ NODE_ENV: "test", HOST: "127.0.0.1" })).toBe(true);
  });

  it("are off when the server is exposed, and in production", () => {
    expect(demoDataEnabled({ NODE_ENV: "development", HOST: "0.0.0.0" })).toBe(false);
    expect(sandboxGatewayEnabled({ NODE_ENV: "development", HOST: "0.0.0.0" })).toBe(false);
    expect(demoDataEnabled({ NODE_ENV: "production" })).toBe(false);
    expect(sandboxGatewayEnabled({ NODE_ENV: "production" })).toBe(false);
  });

  it("follow an explicit flag either way", () => {
    expect(demoDataEnabled({ HOST: "0.0.0.0", SEED_DEMO_DATA: "true" })).toBe(true);
    expect(sandboxGatewayEnabled({ NODE_ENV: "production", PAYMENTS_SANDBOX: "true" })).toBe(true);
    expect(demoDataEnabled({ SEED_DEMO_DATA: "false" })).toBe(false);
    expect(sandboxGatewayEnabled({ PAYMENTS_SANDBOX: "false" })).toBe(false);
  });
});

describe("/dev/outbox without signing in", () => {
  it("is open to requests from this machine, never in production", () => {
    expect(outboxOpenToClient({ NODE_ENV: "development" }, "127.0.0.1")).toBe(true);
    expect(outboxOpenToClient({ NODE_ENV: "development", HOST: "0.0.0.0" }, "::ffff:127.0.0.1")).toBe(true);
    expect(outboxOpenToClient({ NODE_ENV: "development" }, "203.0.113.9")).toBe(false);
    expect(outboxOpenToClient({ NODE_ENV: "development" }, null)).toBe(false);
    expect(outboxOpenToClient({ NODE_ENV: "production" }, "127.0.0.1")).toBe(false);
  });
});

describe("start-up", () => {
  it("names every unsafe convenience that is on", () => {
    const on = activeConveniences({ NODE_ENV: "development" }).join("\n");
    expect(on).toContain("demo accounts with the published password demo1234");
    expect(on).toContain("sandbox payment gateway");
    expect(on).toContain("/dev/outbox");
    expect(activeConveniences({ NODE_ENV: "production" })).toEqual([]);
    expect(activeConveniences({ NODE_ENV: "development", HOST: "0.0.0.0", SMS_PROVIDER: "http" })).toEqual([]);
  });

  it("production refuses demo accounts with the published password", () => {
    expect(productionRefusals({ NODE_ENV: "production", SEED_DEMO_DATA: "true" })).toHaveLength(1);
    expect(productionRefusals({ NODE_ENV: "production", SEED_DEMO_DATA: "true", DEMO_PASSWORD: "demo1234" })).toHaveLength(1);
    expect(productionRefusals({ NODE_ENV: "production", SEED_DEMO_DATA: "true", DEMO_PASSWORD: "a-long-secret" })).toEqual([]);
    expect(productionRefusals({ NODE_ENV: "production" })).toEqual([]);
    expect(productionRefusals({ NODE_ENV: "development", SEED_DEMO_DATA: "true" })).toEqual([]);
  });
});
