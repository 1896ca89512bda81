import { describe, expect, it } from "vitest";
import { ExpressionError, matches, parseExpression } from "../../inngest/executor/expression.ts";

const event = { name: "video/requested", data: { projectId: "p1", storyId: 5, nested: { ok: true } } };

describe("workflow expressions", () => {
  it("compares dotted paths of the waiting run's event and the incoming event", () => {
    const expr = "async.data.projectId == event.data.projectId";
    expect(matches(expr, { event, async: { data: { projectId: "p1" } } })).toBe(true);
    expect(matches(expr, { event, async: { data: { projectId: "p2" } } })).toBe(false);
  });

  it("never matches on missing fields (two missing values are not equal)", () => {
    expect(matches("async.data.missing == event.data.missing", { event, async: { data: {} } })).toBe(false);
    expect(matches("async.data.x != event.data.x", { event, async: { data: {} } })).toBe(false);
    expect(matches("nothing.here == 'x'", { event })).toBe(false);
  });

  it("supports literals, &&, ||, !, parentheses, comparisons and brackets", () => {
    const scope = { event, async: { data: { projectId: "p1", n: 3, ok: true, "odd-key": "y" } } };
    expect(matches("event.data.function_id == 'x' || event.data.storyId == 5", scope)).toBe(true);
    expect(matches("async.data.ok == true && async.data.n >= 3 && async.data.n < 4", scope)).toBe(true);
    expect(matches("!(async.data.n > 10) && event.data.nested.ok", scope)).toBe(true);
    expect(matches('async.data["odd-key"] == "y"', scope)).toBe(true);
    expect(matches("async.data.n == -3", scope)).toBe(false);
    expect(matches("async.data.projectId == null", scope)).toBe(false);
    expect(matches("event.data.function_id == 'reelforge-video'", { event: { data: { function_id: "reelforge-video" } } })).toBe(true);
  });

  it("does not walk prototypes or run code", () => {
    expect(matches("event.constructor == event.constructor", { event })).toBe(false);
    expect(matches("event.data.__proto__ == null", { event })).toBe(false);
    expect(() => parseExpression("event.data.x == process.exit()")).toThrow(ExpressionError);
    expect(() => parseExpression("event.data.x = 1")).toThrow(ExpressionError);
    expect(() => parseExpression("event.data.x == 'open")).toThrow(ExpressionError);
    expect(() => parseExpression("(".repeat(100) + "1" + ")".repeat(100))).toThrow(ExpressionError);
  });
});
