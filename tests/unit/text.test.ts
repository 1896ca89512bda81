// The shared text normalisation (app/utils/text.ts, ADR 127).
import { describe, expect, it } from "vitest";
import { isBlankText, normalizeText, normalizeUsername, textLength, usernameKey } from "~/utils/text";

describe("normalizeText", () => {
  it("folds compatibility forms (NFKC) and trims", () => {
    expect(normalizeText("  Ｈｅｌｌｏ\u00A0ﬁne  ")).toBe("Hello fine");
    expect(normalizeText("\u3000x\u3000")).toBe("x");
  });

  it("removes invisible characters: zero-width, bidi controls, BOM, soft hyphen, fillers, blank Braille", () => {
    expect(normalizeText("a\u200Bb\u200Ec\u202Ed\uFEFFe\u00ADf\u2060g\u3164h\u2800i\u{E0041}")).toBe("abcdefghi");
    expect(normalizeText("\u200B\u200B\u200B")).toBe("");
  });

  it("keeps joiners and variation selectors after a visible character only when asked (prose)", () => {
    const conjunct = "\u0915\u094D\u200D\u0937";
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
    const heart = "\u2764\uFE0F";
    expect(normalizeText(`${conjunct} ${family} ${heart}`, { keepJoiners: true })).toBe(`${conjunct} ${family} ${heart}`);
    expect(normalizeText(conjunct)).toBe("\u0915\u094D\u0937");
    // Leading or stray joiners carry nothing.
    expect(normalizeText("\u200D\u200Chi \u200D", { keepJoiners: true })).toBe("hi");
    expect(normalizeText("\u200D\u200C", { keepJoiners: true })).toBe("");
  });

  it("treats anything that is not a string as empty", () => {
    expect(normalizeText(undefined)).toBe("");
    expect(normalizeText(42)).toBe("");
    expect(isBlankText(null)).toBe(true);
    expect(isBlankText(" \u200B\t\n")).toBe(true);
    expect(isBlankText(" a ")).toBe(false);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(textLength("😀😀")).toBe(2);
    expect(textLength("")).toBe(0);
  });
});

describe("usernames", () => {
  it("are stored normalised with one space between words", () => {
    expect(normalizeUsername("  Jane\u200B   Doe\u200D ")).toBe("Jane Doe");
  });

  it("compare by a lower-cased key, so case, invisible characters and full-width letters do not make a new name", () => {
    const key = usernameKey("Alice");
    for (const same of ["alice", "ALICE", "alice\u200B", "\u202Ealice", "ａｌｉｃｅ", " Alice "]) expect(usernameKey(same)).toBe(key);
    expect(usernameKey("Alice2")).not.toBe(key);
  });
});
