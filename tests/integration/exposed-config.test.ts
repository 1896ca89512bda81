// The app as configured for a server other machines can reach (HOST=0.0.0.0) behind HTTPS
// (APP_URL https://...), outside production: no free sandbox gateway, Secure cookies (ADR 120).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitNewUserSession } from "~/utils/session.server";
import { setFlash } from "~/utils/flash.server";
import { activeProvider, gatewayConfig } from "~/utils/payu/config.server";
import { prisma } from "~/utils/db.server";
import { getRequest, uniqueEmail } from "./auth-helpers";

const saved = { HOST: process.env.HOST, APP_URL: process.env.APP_URL };
beforeAll(() => {
  // env() is read on first use, so this file runs the app code with this configuration.
  process.env.HOST = "0.0.0.0";
  process.env.APP_URL = "https://reelforge.example";
});
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe("an exposed server", () => {
  it("has no sandbox gateway unless PAYMENTS_SANDBOX=true", () => {
    expect(process.env.NODE_ENV).toBe("test");
    expect(activeProvider()).toBeNull();
    expect(gatewayConfig("sandbox")).toBeNull();
  });

  it("sets Secure cookies when its public origin is https", async () => {
    const user = await prisma.user.create({ data: { email: uniqueEmail("secure").toLowerCase() } });
    expect(await commitNewUserSession(getRequest("/"), user.id)).toMatch(/;\s*Secure/i);
    expect(await setFlash({ kind: "info", title: "hi" })).toMatch(/;\s*Secure/i);
  });
});
