// Phone sign-in with one-time codes (docs/product.md#phone; ADR 012).
// A code is 6 random digits; only its HMAC (keyed with SESSION_SECRET) is stored in
// phone_codes. A code expires after 10 minutes and allows 5 attempts. Requests are limited per
// phone and per client IP. Verifying the right code signs in the user owning the phone, or
// creates one.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { findOrCreateUserByPhone } from "./user.server";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { getSmsSender, type SmsSender } from "~/utils/sms/index.server";
import { PHONE_MESSAGES } from "./auth-messages";

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_LIMIT_PER_PHONE = { max: 3, windowMs: 10 * 60 * 1000 };
export const PHONE_CODE_LIMIT_PER_IP = { max: 20, windowMs: 60 * 60 * 1000 };

export { PHONE_MESSAGES };

export type PhoneErrorCode =
  "invalid_phone" | "code_required" | "invalid_code" | "expired" | "too_many_attempts" | "rate_limited_phone" | "rate_limited_ip" | "send_failed";

export type PhoneFailure = { ok: false; code: PhoneErrorCode; message: string };

const messageFor: Record<PhoneErrorCode, string> = {
  invalid_phone: PHONE_MESSAGES.invalidPhone,
  code_required: PHONE_MESSAGES.codeRequired,
  invalid_code: PHONE_MESSAGES.invalidCode,
  expired: PHONE_MESSAGES.expired,
  too_many_attempts: PHONE_MESSAGES.tooManyAttempts,
  rate_limited_phone: PHONE_MESSAGES.tooManyForPhone,
  rate_limited_ip: PHONE_MESSAGES.tooManyForIp,
  send_failed: PHONE_MESSAGES.unexpected,
};

function fail(code: PhoneErrorCode): PhoneFailure {
  return { ok: false, code, message: messageFor[code] };
}

/** E.164: a phone number has at most 15 digits. */
export const PHONE_MAX_DIGITS = 15;
/** Typed input longer than this is not a phone number, however it is spaced (checked before cleaning). */
const PHONE_MAX_INPUT_CHARS = 40;

/**
 * docs/product.md#phone: everything that is not a digit or a plus sign is removed before checking.
 * NFKC first, so full-width digits count as digits (ADR 127).
 */
export function cleanPhoneInput(raw: unknown): string {
  return typeof raw === "string" ? raw.normalize("NFKC").replace(/[^\d+]/g, "") : "";
}

/**
 * The rule: at least 5 characters remain after cleaning. The stored form keeps a leading plus
 * and the digits (so "+91 98765-43210" and "+919876543210" are the same account); input without
 * any digit cannot be a number at all and is rejected too, and so are more than 15 digits
 * (E.164) or an input too long to be a typed number.
 */
export function validatePhone(raw: unknown): { ok: true; phone: string } | PhoneFailure {
  if (typeof raw === "string" && raw.length > PHONE_MAX_INPUT_CHARS) return fail("invalid_phone");
  const cleaned = cleanPhoneInput(raw);
  const digits = cleaned.replace(/\D/g, "");
  if (cleaned.length < 5 || digits.length === 0 || digits.length > PHONE_MAX_DIGITS) return fail("invalid_phone");
  return { ok: true, phone: (cleaned.startsWith("+") ? "+" : "") + digits };
}

export function generatePhoneCode(): string {
  return randomInt(0, 10 ** PHONE_CODE_LENGTH)
    .toString()
    .padStart(PHONE_CODE_LENGTH, "0");
}

/** HMAC-SHA256 of phone and code; the phone is part of the input so a hash is bound to its number. */
export function hashPhoneCode(phone: string, code: string, secret: string = env().SESSION_SECRET): string {
  return createHmac("sha256", secret).update(`${phone}\n${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

export function phoneCodeMessage(code: string): string {
  return `Your Reelforge verification code is ${code}. It expires in ${PHONE_CODE_TTL_MS / 60_000} minutes. Do not share it with anyone.`;
}

export type RequestPhoneCodeResult = { ok: true; phone: string; expiresAt: Date } | PhoneFailure;

/** Step 1: validates the number, applies the rate limits, stores the code's hash and sends the SMS. */
export async function requestPhoneCode(input: { phone: unknown; ip?: string | null; sender?: SmsSender; now?: Date }): Promise<RequestPhoneCodeResult> {
  const valid = validatePhone(input.phone);
  if (!valid.ok) return valid;
  const phone = valid.phone;
  const ip = input.ip || null;
  const now = input.now ?? new Date();
  const code = generatePhoneCode();
  const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MS);

  // Count and insert under advisory locks (IP first, then phone: one order, no deadlock), so
  // parallel requests cannot all pass the count.
  const created = await prisma.$transaction(async (tx) => {
    if (ip) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`phone-code-ip:${ip}`}))`;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`;
    const forPhone = await tx.phoneCode.count({
      where: { phone, createdAt: { gt: new Date(now.getTime() - PHONE_CODE_LIMIT_PER_PHONE.windowMs) } },
    });
    if (forPhone >= PHONE_CODE_LIMIT_PER_PHONE.max) return fail("rate_limited_phone");
    if (ip) {
      const forIp = await tx.phoneCode.count({
        where: { requestIp: ip, createdAt: { gt: new Date(now.getTime() - PHONE_CODE_LIMIT_PER_IP.windowMs) } },
      });
      if (forIp >= PHONE_CODE_LIMIT_PER_IP.max) return fail("rate_limited_ip");
    }
    return tx.phoneCode.create({
      data: { phone, codeHash: hashPhoneCode(phone, code), expiresAt, requestIp: ip, createdAt: now },
      select: { id: true },
    });
  });
  if ("ok" in created) return created;

  try {
    await (input.sender ?? getSmsSender()).send({ to: phone, body: phoneCodeMessage(code) });
  } catch (error) {
    console.error("phone code: SMS not sent", error);
    // A code that never left cannot be used; it does not count against the limits either.
    await prisma.phoneCode.deleteMany({ where: { id: created.id } });
    return fail("send_failed");
  }
  return { ok: true, phone, expiresAt };
}

export type VerifyPhoneCodeResult = { ok: true; phone: string; userId: string; created: boolean } | PhoneFailure;

/**
 * Step 2: checks the code against the newest unused code for the number. Every check counts as
 * an attempt (atomically), a right code is consumed once, then the user is found or created.
 */
export async function verifyPhoneCode(input: { phone: unknown; code: unknown; now?: Date }): Promise<VerifyPhoneCodeResult> {
  const valid = validatePhone(input.phone);
  if (!valid.ok) return valid;
  const phone = valid.phone;
  const code = typeof input.code === "string" ? input.code.replace(/\s+/g, "") : "";
  if (!code) return fail("code_required");
  const now = input.now ?? new Date();

  const latest = await prisma.phoneCode.findFirst({
    where: { phone, consumedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (!latest) return fail("invalid_code");
  if (latest.expiresAt.getTime() <= now.getTime()) return fail("expired");

  const counted = await prisma.phoneCode.updateMany({
    where: { id: latest.id, consumedAt: null, attempts: { lt: PHONE_CODE_MAX_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
  });
  if (counted.count === 0) {
    // Used up or consumed meanwhile (possibly by a parallel request): read what happened.
    const current = await prisma.phoneCode.findUnique({ where: { id: latest.id }, select: { attempts: true, consumedAt: true } });
    return current && !current.consumedAt && current.attempts >= PHONE_CODE_MAX_ATTEMPTS ? fail("too_many_attempts") : fail("invalid_code");
  }
  if (!/^\d+$/.test(code) || !sameHash(hashPhoneCode(phone, code), latest.codeHash)) return fail("invalid_code");

  const consumed = await prisma.phoneCode.updateMany({
    where: { id: latest.id, consumedAt: null },
    data: { consumedAt: now },
  });
  if (consumed.count === 0) return fail("invalid_code");

  const { userId, created } = await findOrCreateUserByPhone(phone);
  return { ok: true, phone, userId, created };
}
