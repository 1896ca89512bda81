// The unsafe conveniences of the demo (app/utils/conveniences.server.ts): on only on a
// developer's own machine or by an explicit flag; a deployment refuses the published password.
// A deployment is decided by HOST, APP_URL and REELFORGE_DEPLOYMENT, not NODE_ENV (ADR 325):
// `npm start` runs NODE_ENV=production on loopback and keeps the conveniences.
import { describe, expect, it } from "vitest";
import {
  activeConveniences,
  demoDataEnabled,
  deploymentReason,
  isDeployment,
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

  it("are off when the server is exposed, and on a deployment", () => {
    expect(demoDataEnabled({ HOST: "0.0.0.0" })).toBe(false);
    expect(sandboxGatewayEnabled({ HOST: "0.0.0.0" })).toBe(false);
    expect(demoDataEnabled({ REELFORGE_DEPLOYMENT: "production" })).toBe(false);
    expect(sandboxGatewayEnabled({ REELFORGE_DEPLOYMENT: "production" })).toBe(false);
    expect(demoDataEnabled({ APP_URL: "https://reelforge.example" })).toBe(false);
    expect(sandboxGatewayEnabled({ APP_URL: "http://192.0.2.10:3000" })).toBe(false);
  });

  it("follow an explicit flag either way", () => {
    expect(demoDataEnabled({ HOST: "0.0.0.0", SEED_DEMO_DATA: "true" })).toBe(true);
    expect(sandboxGatewayEnabled({ REELFORGE_DEPLOYMENT: "production", PAYMENTS_SANDBOX: "true" })).toBe(true);
    expect(demoDataEnabled({ SEED_DEMO_DATA: "false" })).toBe(false);
    expect(sandboxGatewayEnabled({ PAYMENTS_SANDBOX: "false" })).toBe(false);
  });
});

describe("/dev/outbox without signing in", () => {
  it("is open to requests from this machine, never on a deployment", () => {
    expect(outboxOpenToClient({}, "127.0.0.1")).toBe(true);
    expect(outboxOpenToClient({}, "::ffff:127.0.0.1")).toBe(true);
    expect(outboxOpenToClient({}, "203.0.113.9")).toBe(false);
    expect(outboxOpenToClient({}, null)).toBe(false);
    expect(outboxOpenToClient({ REELFORGE_DEPLOYMENT: "production" }, "127.0.0.1")).toBe(false);
    // Exposed (HOST=0.0.0.0) is a deployment now (ADR 325): admins only, even from this machine.
    expect(outboxOpenToClient({ HOST: "0.0.0.0" }, "::ffff:127.0.0.1")).toBe(false);
  });
});

describe("start-up", () => {
  it("names every unsafe convenience that is on", () => {
    const on = activeConveniences({}).join("\n");
    expect(on).toContain("demo accounts with the published password demo1234");
    expect(on).toContain("sandbox payment gateway");
    expect(on).toContain("/dev/outbox");
    expect(activeConveniences({ REELFORGE_DEPLOYMENT: "production" })).toEqual([]);
    expect(activeConveniences({ HOST: "0.0.0.0" })).toEqual([]);
    expect(activeConveniences({ HOST: "0.0.0.0", SMS_PROVIDER: "http" })).toEqual([]);
  });

  it("a deployment refuses demo accounts with the published password", () => {
    expect(productionRefusals({ REELFORGE_DEPLOYMENT: "production", SEED_DEMO_DATA: "true" })).toHaveLength(1);
    expect(productionRefusals({ REELFORGE_DEPLOYMENT: "production", SEED_DEMO_DATA: "true", DEMO_PASSWORD: "demo1234" })).toHaveLength(1);
    expect(productionRefusals({ HOST: "0.0.0.0", SEED_DEMO_DATA: "true" })).toHaveLength(1);
    expect(productionRefusals({ REELFORGE_DEPLOYMENT: "production", SEED_DEMO_DATA: "true", DEMO_PASSWORD: "a-long-secret" })).toEqual([]);
    expect(productionRefusals({ REELFORGE_DEPLOYMENT: "production" })).toEqual([]);
    expect(productionRefusals({ SEED_DEMO_DATA: "true" })).toEqual([]);
  });

  it("refuses a REELFORGE_DEPLOYMENT it does not understand", () => {
    expect(productionRefusals({ REELFORGE_DEPLOYMENT: "prod" })[0]).toMatch(/REELFORGE_DEPLOYMENT=prod is not understood/);
  });
});

describe("a deployment (ADR 325)", () => {
  it("is decided by the host and the explicit flag, not by NODE_ENV", () => {
    // `npm start` on a developer's machine: the production build on loopback keeps the conveniences.
    const npmStart = { NODE_ENV: "production" };
    expect(isDeployment(npmStart)).toBe(false);
    expect(demoDataEnabled(npmStart)).toBe(true);
    expect(sandboxGatewayEnabled(npmStart)).toBe(true);
    expect(outboxOpenToClient(npmStart, "127.0.0.1")).toBe(true);
    expect(activeConveniences(npmStart)).toHaveLength(3);
    expect(productionRefusals({ ...npmStart, SEED_DEMO_DATA: "true" })).toEqual([]);
    // Loopback, with or without a loopback APP_URL.
    expect(isDeployment({ HOST: "::1", APP_URL: "http://localhost:3000" })).toBe(false);
    expect(isDeployment({ APP_URL: "https://localhost:3443" })).toBe(false);
  });

  it("is recognised by a reachable listen address, a public origin elsewhere, or REELFORGE_DEPLOYMENT=production", () => {
    expect(deploymentReason({ HOST: "0.0.0.0" })).toBe("listening on 0.0.0.0");
    expect(deploymentReason({ HOST: "10.0.0.5" })).toBe("listening on 10.0.0.5");
    // Behind a reverse proxy on this machine: the public origin says so.
    expect(deploymentReason({ HOST: "127.0.0.1", APP_URL: "https://reelforge.example" })).toBe("APP_URL is https://reelforge.example");
    expect(deploymentReason({ REELFORGE_DEPLOYMENT: "production" })).toBe("REELFORGE_DEPLOYMENT=production");
    expect(isDeployment({ NODE_ENV: "development", REELFORGE_DEPLOYMENT: "production" })).toBe(true);
  });

  it("lets the explicit convenience flags win over it", () => {
    const deployment = { REELFORGE_DEPLOYMENT: "production" };
    expect(demoDataEnabled({ ...deployment, SEED_DEMO_DATA: "true" })).toBe(true);
    expect(sandboxGatewayEnabled({ ...deployment, PAYMENTS_SANDBOX: "true" })).toBe(true);
    expect(demoDataEnabled({ NODE_ENV: "production", SEED_DEMO_DATA: "false" })).toBe(false);
    expect(sandboxGatewayEnabled({ NODE_ENV: "production", PAYMENTS_SANDBOX: "false" })).toBe(false);
  });
});
