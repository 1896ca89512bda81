// Phone validation (seed 000 §5), code generation and hashing, and the sign-in throttle.
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The modules import the Prisma client, which needs a URL to be constructed (never used here).
  process.env.DATABASE_URL ??= "postgresql://unused:unused@127.0.0.1:1/unused";
  process.env.SESSION_SECRET ??= "unit-test-session-secret-0123456789";
});

const { cleanPhoneInput, generatePhoneCode, hashPhoneCode, validatePhone } = await import("~/models/phone-auth.server");
const { FailureThrottle, safeRedirect } = await import("~/utils/auth.server");

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

describe("failed sign-in throttle", () => {
  it("blocks after max failures inside the window and forgets them after it", () => {
    const throttle = new FailureThrottle(3, 1000);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(throttle.isBlocked("a@x", t0 + i)).toBe(false);
      throttle.recordFailure("a@x", t0 + i);
    }
    expect(throttle.isBlocked("a@x", t0 + 10)).toBe(true);
    expect(throttle.isBlocked("b@x", t0 + 10)).toBe(false);
    expect(throttle.isBlocked("a@x", t0 + 999)).toBe(true);
    // The oldest failure has left the 1000 ms window: 2 remain.
    expect(throttle.isBlocked("a@x", t0 + 1000)).toBe(false);
    throttle.recordFailure("a@x", t0 + 1003);
    throttle.reset("a@x");
    expect(throttle.isBlocked("a@x", t0 + 1004)).toBe(false);
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
