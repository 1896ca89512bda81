import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/safe-redirect";

describe("safeRedirect", () => {
  // Each of these would leave the site in some browser, break the Location header, or is not a path.
  it.each([
    ["TAB (browsers drop it: //evil.example)", "/\t/evil.example"],
    ["two TABs", "/\t\t/evil.example"],
    ["LF", "/\n/evil.example"],
    ["CR", "/\r/evil.example"],
    ["CRLF header injection", "/x\r\nSet-Cookie: a=b"],
    ["NUL", "/\0"],
    ["unit separator", "/\u001f/evil.example"],
    ["DEL", "/\u007f"],
    ["backslash (read as a slash)", "/\\evil.example"],
    ["two backslashes", "/\\\\evil.example"],
    ["backslash inside", "/a\\b"],
    ["protocol-relative", "//evil.example"],
    ["three slashes", "///evil.example"],
    ["absolute", "https://evil.example"],
    ["scheme without slashes", "http:evil.example"],
    ["javascript URL", "javascript:alert(1)"],
    ["not a path", "evil.example/x"],
    ["empty", ""],
    ["leading space", " /x"],
    ["leading TAB", "\t/x"],
    ["too long", "/" + "a".repeat(3000)],
  ])("refuses %s", (_label, input) => {
    expect(safeRedirect(input)).toBe("/");
    expect(safeRedirect(input, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/", "/"],
    ["/dashboard", "/dashboard"],
    ["/plans?payment=success&txnid=RF1", "/plans?payment=success&txnid=RF1"],
    ["/a/b#c", "/a/b#c"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/a/../b", "/b"],
    ["/a/./b", "/a/b"],
    ["/café", "/caf%C3%A9"],
    ["/x?q=日本", "/x?q=%E6%97%A5%E6%9C%AC"],
    ["/x#日本", "/x#%E6%97%A5%E6%9C%AC"],
    ["/@evil.example", "/@evil.example"],
    ["/x y", "/x%20y"],
  ])("keeps the same-site path %j as %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("ignores what is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/");
  });

  it("answers only values that fit in a Location header", () => {
    for (const input of ["/é", "/\u2028", "/\ud800", "/😀?a=😀#😀"]) {
      const out = safeRedirect(input);
      expect(() => new Headers({ Location: out })).not.toThrow();
      expect(out.startsWith("/") && !out.startsWith("//")).toBe(true);
    }
  });
});
