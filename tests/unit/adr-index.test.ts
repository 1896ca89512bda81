// Every ADR has its Date and Status lines and docs/decisions/README.md indexes all of them.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("the ADR index", () => {
  it("is up to date (node scripts/adr-index.mjs rewrites it)", () => {
    expect(() => execFileSync(process.execPath, ["scripts/adr-index.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
  });
});
