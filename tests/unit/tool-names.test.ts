// One tool list (issue 22): the catalogue's tools and the names the local planner routes with are
// the same list, in the same order.
import { describe, expect, it, vi } from "vitest";
import { TOOL_NAMES } from "~/tools/names";

vi.hoisted(() => {
  // The catalogue imports the core, which makes its database client on import; nothing connects.
  process.env.DATABASE_URL ??= "postgresql://unused:unused@127.0.0.1:1/unused";
});

const { TOOLS } = await import("~/tools/index");

describe("tool names", () => {
  it("are the catalogue's names, one each", () => {
    expect(TOOLS.map((t) => t.name)).toEqual([...TOOL_NAMES]);
  });
});
