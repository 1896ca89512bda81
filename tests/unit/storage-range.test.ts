import { describe, expect, it } from "vitest";
import { contentRange, parseRange } from "~/utils/storage/range";

describe("Range header parsing", () => {
  it("parses the single-range forms", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ type: "range", range: { start: 0, end: 99 } });
    expect(parseRange("bytes=900-", 1000)).toEqual({ type: "range", range: { start: 900, end: 999 } });
    expect(parseRange("bytes=-100", 1000)).toEqual({ type: "range", range: { start: 900, end: 999 } });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ type: "range", range: { start: 0, end: 999 } });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ type: "range", range: { start: 990, end: 999 } });
    expect(parseRange(" Bytes = 5 - 9 ", 1000)).toEqual({ type: "range", range: { start: 5, end: 9 } });
  });

  it("caps open-ended ranges when asked", () => {
    expect(parseRange("bytes=0-", 1000, 100)).toEqual({ type: "range", range: { start: 0, end: 99 } });
    expect(parseRange("bytes=950-", 1000, 100)).toEqual({ type: "range", range: { start: 950, end: 999 } });
    expect(parseRange("bytes=0-499", 1000, 100)).toEqual({ type: "range", range: { start: 0, end: 499 } });
  });

  it("reports unsatisfiable ranges", () => {
    expect(parseRange("bytes=1000-", 1000)).toEqual({ type: "unsatisfiable" });
    expect(parseRange("bytes=1000-1001", 1000)).toEqual({ type: "unsatisfiable" });
    expect(parseRange("bytes=-0", 1000)).toEqual({ type: "unsatisfiable" });
    expect(parseRange("bytes=0-", 0)).toEqual({ type: "unsatisfiable" });
  });

  it("ignores what it does not serve", () => {
    for (const h of [null, "", "items=0-1", "bytes=", "bytes=-", "bytes=a-b", "bytes=5-2", "bytes=0-1,5-6", "bytes=99999999999999999999-"]) {
      expect(parseRange(h, 1000), String(h)).toEqual({ type: "none" });
    }
  });

  it("formats Content-Range", () => {
    expect(contentRange({ start: 0, end: 99 }, 1000)).toBe("bytes 0-99/1000");
  });
});
