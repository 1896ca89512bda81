import { describe, expect, it } from "vitest";
import { keepAtMost } from "~/utils/bounded-map";

describe("keepAtMost", () => {
  it("keeps the newest entries up to the bound; setting a key again makes it the newest", () => {
    const map = new Map<string, number>();
    for (const [i, key] of ["a", "b", "c"].entries()) keepAtMost(map, key, i, 3);
    keepAtMost(map, "a", 10, 3);
    keepAtMost(map, "d", 3, 3);
    expect([...map]).toEqual([
      ["c", 2],
      ["a", 10],
      ["d", 3],
    ]);
  });
});
