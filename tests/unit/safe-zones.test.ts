import { describe, expect, it } from "vitest";
import { bandCentreY, insideSafeArea, ratioOf, safeArea, safeAreaOverflow } from "~/providers/media/safe-zones";

describe("platform-safe zones", () => {
  it("scales the 9:16 rule (top 250, bottom 420, right 170 at 1080x1920) to the 720x1280 output", () => {
    const a = safeArea({ width: 720, height: 1280 });
    expect(a.top).toBe(167);
    expect(a.bottom).toBe(1280 - 280);
    expect(a.right).toBe(720 - 114); // 170 * 720/1080 = 113.3, floored edge
    expect(a.left).toBe(40);
  });

  it("has an area for each ratio and tells boxes in from boxes out", () => {
    for (const size of [
      { width: 720, height: 1280 },
      { width: 720, height: 720 },
      { width: 1280, height: 720 },
    ]) {
      const a = safeArea(size);
      expect(a.width).toBeGreaterThan(size.width * 0.6);
      expect(a.height).toBeGreaterThan(size.height * 0.6);
      expect(insideSafeArea({ left: a.left, top: a.top, width: a.width, height: a.height }, size)).toBe(true);
      expect(insideSafeArea({ left: a.left, top: a.top, width: a.width + 5, height: 10 }, size)).toBe(false);
      expect(insideSafeArea({ left: a.left, top: a.top, width: a.width + 5, height: 10 }, size, 5)).toBe(true);
    }
    expect(ratioOf({ width: 720, height: 1280 })).toBe("9:16");
    expect(ratioOf({ width: 1280, height: 720 })).toBe("16:9");
    expect(ratioOf({ width: 700, height: 720 })).toBe("1:1");
  });

  it("says how far a box reaches out on each side", () => {
    const size = { width: 720, height: 1280 };
    expect(safeAreaOverflow({ left: 600, top: 1200, width: 120, height: 40 }, size)).toEqual({ top: 0, right: 720 - 606, bottom: 1240 - 1000, left: 0 });
  });

  it("puts blocks against the top edge, in the middle, or against the bottom edge, never past the edges", () => {
    const size = { width: 720, height: 1280 };
    const a = safeArea(size);
    const ys = (["upper", "middle", "lower"] as const).map((b) => bandCentreY(size, b, 100));
    expect(ys[0]).toBeLessThan(ys[1]);
    expect(ys[1]).toBeLessThan(ys[2]);
    expect(ys[0] - 50).toBe(a.top);
    expect(ys[2] + 50).toBe(a.bottom);
    expect(bandCentreY(size, "upper", 400) - 200).toBeGreaterThanOrEqual(a.top);
  });
});
