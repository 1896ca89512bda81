// WORKFLOW_EXECUTOR decides whether a process runs the embedded executor (ADR 225).
import { describe, expect, it } from "vitest";
import { executorRole } from "../../inngest/executor/role.ts";

describe("executorRole", () => {
  it("is on by default and for on/true/1/yes", () => {
    expect(executorRole({})).toBe("on");
    expect(executorRole({ WORKFLOW_EXECUTOR: "" })).toBe("on");
    for (const v of ["on", "ON", "true", "1", "yes", " on "]) expect(executorRole({ WORKFLOW_EXECUTOR: v })).toBe("on");
  });

  it("is off for off/false/0/no", () => {
    for (const v of ["off", "OFF", "false", "0", "no"]) expect(executorRole({ WORKFLOW_EXECUTOR: v })).toBe("off");
  });

  it("refuses anything else rather than guess", () => {
    expect(() => executorRole({ WORKFLOW_EXECUTOR: "worker" })).toThrow('WORKFLOW_EXECUTOR must be "on" or "off" (it is "worker")');
  });
});
