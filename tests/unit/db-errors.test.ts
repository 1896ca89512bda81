import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/utils/db-errors.server";

describe("isDatabaseUnavailable", () => {
  it("knows an unreachable or restarting database, also as the cause of another error", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "P1001" }))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error("wrapped", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }) })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves every other error alone (bugs and bad queries stay 500s)", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("P1001")).toBe(false);
  });
});
