// Phone sign-in: code request -> outbox row -> verify; wrong, expired and over-used codes;
// rate limits; send failures; the /dev/outbox page (open to this machine outside production).
import { describe, expect, it } from "vitest";
import {
  getOptionalUser,
  PHONE_CODE_LIMIT_PER_IP,
  PHONE_CODE_LIMIT_PER_PHONE,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_MESSAGES,
  requestPhoneCode,
  verifyPhoneCode,
} from "~/models/access";
import { action as signupAction } from "~/routes/auth.signup";
import { loader as outboxLoader } from "~/routes/dev.outbox";
import { prisma } from "~/utils/db.server";
import { SmsSendError } from "~/utils/sms/index.server";
import { call, formRequest, getRequest, sessionCookie, uniquePhone } from "./auth-helpers";

function uniqueIp(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}

async function sendCode(phone: string, ip = uniqueIp(), extra: Record<string, string> = {}) {
  return call(signupAction, formRequest("/auth/signup", { intent: "send-code", phone, ...extra }), { clientIp: ip });
}

async function verify(phone: string, code: string, extra: Record<string, string> = {}) {
  return call(signupAction, formRequest("/auth/signup", { intent: "verify-code", phone, code, ...extra }));
}

async function lastCodeSentTo(phone: string): Promise<string> {
  const message = await prisma.smsMessage.findFirstOrThrow({ where: { to: phone }, orderBy: { createdAt: "desc" } });
  const match = /\b(\d{6})\b/.exec(message.body);
  if (!match) throw new Error(`no code in ${message.body}`);
  return match[1];
}

function wrongCode(code: string): string {
  return ((Number(code) + 1) % 1_000_000).toString().padStart(6, "0");
}

describe("phone sign-in", () => {
  it("sends a code to the outbox, stores only its hash, and signs in a new user with the right code", async () => {
    const phone = uniquePhone();
    const formatted = `${phone.slice(0, 3)} ${phone.slice(3, 8)}-${phone.slice(8)}`;
    const sent = await sendCode(formatted);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ intent: "send-code", step: "code", phone, sentTo: phone, error: null });

    const code = await lastCodeSentTo(phone);
    const row = await prisma.phoneCode.findFirstOrThrow({ where: { phone } });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60 * 1000);
    expect(row.requestIp).toMatch(/^10\./);

    const res = await verify(phone, code, { redirectTo: "/create-video" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/create-video");
    const user = await getOptionalUser(getRequest("/", sessionCookie(res)));
    expect(user?.phone).toBe(phone);
    expect(user?.email).toBeNull();
    const stored = await prisma.user.findUniqueOrThrow({ where: { phone }, include: { profile: true, projects: true } });
    expect(stored.profile).not.toBeNull();
    expect(stored.projects.map((p) => p.title)).toEqual(["My First Project"]);
    // A used code cannot be used again.
    expect((await verify(phone, code)).body).toMatchObject({ error: PHONE_MESSAGES.invalidCode });
  });

  it("signs an existing phone user in again without creating another account", async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    const first = await verifyPhoneCode({ phone, code: await lastCodeSentTo(phone) });
    await sendCode(phone);
    const second = await verifyPhoneCode({ phone, code: await lastCodeSentTo(phone) });
    expect(first).toMatchObject({ ok: true, created: true });
    expect(second).toMatchObject({ ok: true, created: false });
    if (first.ok && second.ok) expect(second.userId).toBe(first.userId);
    expect(await prisma.user.count({ where: { phone } })).toBe(1);
  });

  it("validates the phone number and the code as docs/product.md says", async () => {
    const bad = await sendCode("12-3a");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ step: "phone", error: "Please enter a valid phone number" });

    const phone = uniquePhone();
    await sendCode(phone);
    const empty = await verify(phone, "   ");
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ step: "code", error: "Verification code is required" });

    const wrong = await verify(phone, wrongCode(await lastCodeSentTo(phone)));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ step: "code", error: "Invalid verification code. Please try again." });
    expect(sessionCookie(wrong)).toBeNull();
  });

  it("refuses an expired code", async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    const code = await lastCodeSentTo(phone);
    await prisma.phoneCode.updateMany({ where: { phone }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await verify(phone, code);
    expect(res.body).toMatchObject({ error: PHONE_MESSAGES.expired });
    expect(await prisma.user.count({ where: { phone } })).toBe(0);
  });

  it("allows 5 attempts per code, then refuses even the right code", async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    const code = await lastCodeSentTo(phone);
    for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) {
      expect((await verify(phone, wrongCode(code))).body).toMatchObject({ error: PHONE_MESSAGES.invalidCode });
    }
    const res = await verify(phone, code);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: PHONE_MESSAGES.tooManyAttempts });
    expect((await prisma.phoneCode.findFirstOrThrow({ where: { phone } })).attempts).toBe(PHONE_CODE_MAX_ATTEMPTS);
  });

  it("counts parallel wrong guesses exactly", async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    const code = await lastCodeSentTo(phone);
    const results = await Promise.all(Array.from({ length: 8 }, () => verifyPhoneCode({ phone, code: wrongCode(code) })));
    expect(results.filter((r) => !r.ok && r.code === "invalid_code")).toHaveLength(PHONE_CODE_MAX_ATTEMPTS);
    expect(results.filter((r) => !r.ok && r.code === "too_many_attempts")).toHaveLength(8 - PHONE_CODE_MAX_ATTEMPTS);
    expect((await prisma.phoneCode.findFirstOrThrow({ where: { phone } })).attempts).toBe(PHONE_CODE_MAX_ATTEMPTS);
  });

  it("checks only the newest code", async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    const older = await lastCodeSentTo(phone);
    await sendCode(phone);
    const newer = await lastCodeSentTo(phone);
    if (older !== newer) expect((await verifyPhoneCode({ phone, code: older })).ok).toBe(false);
    expect((await verifyPhoneCode({ phone, code: newer })).ok).toBe(true);
  });

  it("limits codes per phone (3 per 10 minutes), also when requested in parallel", async () => {
    const phone = uniquePhone();
    const results = await Promise.all(Array.from({ length: 5 }, () => sendCode(phone)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(PHONE_CODE_LIMIT_PER_PHONE.max);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0].body).toMatchObject({ error: PHONE_MESSAGES.tooManyForPhone });
    expect(await prisma.smsMessage.count({ where: { to: phone } })).toBe(3);
    // A resend from the code step keeps the visitor there.
    const resend = await sendCode(phone, uniqueIp(), { fromStep: "code" });
    expect(resend.body).toMatchObject({ step: "code", error: PHONE_MESSAGES.tooManyForPhone });
    // Codes older than the window no longer count.
    await prisma.phoneCode.updateMany({ where: { phone }, data: { createdAt: new Date(Date.now() - 11 * 60 * 1000) } });
    expect((await sendCode(phone)).status).toBe(200);
  });

  it("limits codes per client IP (20 per hour)", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < PHONE_CODE_LIMIT_PER_IP.max; i++) {
      expect((await requestPhoneCode({ phone: uniquePhone(), ip })).ok).toBe(true);
    }
    const refused = await sendCode(uniquePhone(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: PHONE_MESSAGES.tooManyForIp });
    expect((await sendCode(uniquePhone(), uniqueIp())).status).toBe(200);
  });

  it("reports a failed send as an unexpected error and leaves no usable code", async () => {
    const phone = uniquePhone();
    const failing = {
      provider: "test",
      send: async () => {
        throw new SmsSendError("provider down", 503);
      },
    };
    const result = await requestPhoneCode({ phone, ip: uniqueIp(), sender: failing });
    expect(result).toEqual({ ok: false, code: "send_failed", message: "An unexpected error occurred. Please try again." });
    expect(await prisma.phoneCode.count({ where: { phone } })).toBe(0);
  });
});

describe("/dev/outbox", () => {
  it("lists messages newest first, optionally for one number (open to loopback outside production)", async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    await prisma.smsMessage.create({ data: { to: phone, body: "later message", provider: "outbox" } });
    const loopback = { clientIp: "127.0.0.1" };
    const res = await call(outboxLoader, getRequest(`/dev/outbox?to=${encodeURIComponent(phone)}`), loopback);
    const body = res.body as { provider: string; messages: Array<{ to: string; body: string; createdAt: string }> };
    expect(body.provider).toBe("outbox");
    expect(body.messages.map((m) => m.body)).toEqual(["later message", expect.stringMatching(/verification code is \d{6}/)]);
    expect(body.messages.every((m) => m.to === phone)).toBe(true);
    const all = await call(outboxLoader, getRequest("/dev/outbox"), loopback);
    const times = (all.body as typeof body).messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
