// Phone validation (docs/product.md#phone), code generation and hashing, and the sign-in throttle.
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The modules import the Prisma client, which needs a URL to be constructed (never used here).
  process.env.DATABASE_URL ??= "postgresql://unused:unused@127.0.0.1:1/unused";
  process.env.SESSION_SECRET ??= "unit-test-session-secret-0123456789";
});

const { cleanPhoneInput, generatePhoneCode, hashPhoneCode, validatePhone } = await import("~/models/access");
const { formatWait, safeRedirect, tooManyAttemptsMessage } = await import("~/models/access");
const { backoffDelayMs, networkThrottleKey, SIGN_IN_BUDGETS } = await import("~/models/access");

describe("phone validation", () => {
  it("removes everything that is not a digit or a plus sign", () => {
    expect(cleanPhoneInput("+91 (987) 654-3210")).toBe("+919876543210");
    expect(cleanPhoneInput("abc")).toBe("");
    expect(cleanPhoneInput(undefined)).toBe("");
  });

  it("needs at least 5 characters after cleaning", () => {
    const invalid = { ok: false, code: "invalid_phone", message: "Please enter a valid phone number" };
    expect(validatePhone("")).toEqual(invalid);
    expect(validatePhone("1234")).toEqual(invalid);
    expect(validatePhone("12-3a")).toEqual(invalid);
    expect(validatePhone("+123")).toEqual(invalid);
    expect(validatePhone("12345")).toEqual({ ok: true, phone: "12345" });
    expect(validatePhone("+1234")).toEqual({ ok: true, phone: "+1234" });
    expect(validatePhone(" 1 2 3 4 5 ")).toEqual({ ok: true, phone: "12345" });
  });

  it("stores one form per number", () => {
    expect(validatePhone("+91 98765-43210")).toEqual({ ok: true, phone: "+919876543210" });
    expect(validatePhone("+919876543210")).toEqual({ ok: true, phone: "+919876543210" });
    expect(validatePhone("98+765")).toEqual({ ok: true, phone: "98765" });
  });

  it("rejects input without any digit", () => {
    expect(validatePhone("+++++")).toMatchObject({ ok: false, code: "invalid_phone" });
  });
});

describe("codes", () => {
  it("are 6 digits, zero-padded, and vary", () => {
    const codes = Array.from({ length: 200 }, () => generatePhoneCode());
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it("are stored as a keyed hash bound to the phone", () => {
    const a = hashPhoneCode("+15550001", "123456", "secret-one-0123456789");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain("123456");
    expect(hashPhoneCode("+15550001", "123456", "secret-one-0123456789")).toBe(a);
    expect(hashPhoneCode("+15550001", "123457", "secret-one-0123456789")).not.toBe(a);
    expect(hashPhoneCode("+15550002", "123456", "secret-one-0123456789")).not.toBe(a);
    expect(hashPhoneCode("+15550001", "123456", "secret-two-0123456789")).not.toBe(a);
  });
});

describe("phone length (issue 8 §7)", () => {
  it("allows at most 15 digits (E.164) and refuses absurdly long input", () => {
    expect(validatePhone("+123456789012345")).toEqual({ ok: true, phone: "+123456789012345" });
    expect(validatePhone("+1234567890123456")).toMatchObject({ ok: false, code: "invalid_phone" });
    expect(validatePhone("9".repeat(5000))).toMatchObject({ ok: false, code: "invalid_phone" });
    expect(validatePhone(`+91 ${" ".repeat(100)}98765 43210`)).toMatchObject({ ok: false, code: "invalid_phone" });
  });

  it("reads full-width digits as digits", () => {
    expect(validatePhone("＋９１ ９８７６５ ４３２１０")).toEqual({ ok: true, phone: "+919876543210" });
  });
});

describe("sign-in throttle (the database part is in tests/integration/auth-throttle.test.ts)", () => {
  it("allows the free attempts, then doubles the wait up to the cap", () => {
    const budget = SIGN_IN_BUDGETS.account;
    expect(backoffDelayMs(budget.free - 1, budget)).toBe(0);
    expect(backoffDelayMs(budget.free, budget)).toBe(budget.baseMs);
    expect(backoffDelayMs(budget.free + 1, budget)).toBe(2 * budget.baseMs);
    expect(backoffDelayMs(budget.free + 5, budget)).toBe(32 * budget.baseMs);
    expect(backoffDelayMs(10_000, budget)).toBe(budget.capMs);
  });

  it("keys a network by its IPv4 address or its IPv6 /64", () => {
    expect(networkThrottleKey("203.0.113.7")).toBe(networkThrottleKey("::ffff:203.0.113.7"));
    expect(networkThrottleKey("203.0.113.7")).not.toBe(networkThrottleKey("203.0.113.8"));
    expect(networkThrottleKey("2001:db8:1:2::1")).toBe(networkThrottleKey("2001:0db8:0001:0002:ffff::9"));
    expect(networkThrottleKey("2001:db8:1:2::1")).not.toBe(networkThrottleKey("2001:db8:1:3::1"));
    expect(networkThrottleKey(null)).toBe("ip:unknown");
  });

  it("says how long to wait", () => {
    expect(formatWait(1)).toBe("1 second");
    expect(formatWait(32)).toBe("32 seconds");
    expect(formatWait(61)).toBe("2 minutes");
    expect(tooManyAttemptsMessage("account", 32)).toBe("Too many failed sign-in attempts. Please try again in 32 seconds.");
  });
});

describe("safeRedirect", () => {
  it("follows only same-site paths", () => {
    expect(safeRedirect("/plans?x=1")).toBe("/plans?x=1");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect(null, "/home")).toBe("/home");
  });
});
