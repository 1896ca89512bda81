import { describe, expect, it } from "vitest";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { prisma } from "~/utils/db.server";

async function newUser() {
  return prisma.user.create({ data: { email: `credits-${Date.now()}-${Math.random().toString(36).slice(2)}@test.local` } });
}

describe("credits core", () => {
  it("writes a ledger row with before and after", async () => {
    const user = await newUser();
    const r = await applyCreditChange({ userId: user.id, delta: 20, reason: "admin_grant", reference: "t1" });
    expect(r).toMatchObject({ ok: true, before: 0, after: 20 });
    const c = await applyCreditChange({ userId: user.id, delta: "-0.07", reason: "chat_charge", reference: "m1" });
    expect(c).toMatchObject({ ok: true, before: 20, after: 19.93 });
    const ledger = await prisma.creditLedgerEntry.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(ledger.map((l) => [Number(l.before), Number(l.after)])).toEqual([
      [0, 20],
      [20, 19.93],
    ]);
    expect(await getBalance(user.id)).toBe(19.93);
  });

  it("never goes negative and applies a reference once", async () => {
    const user = await newUser();
    expect(await applyCreditChange({ userId: user.id, delta: -1, reason: "video_charge" })).toMatchObject({ ok: false, code: "insufficient_credits" });
    await applyCreditChange({ userId: user.id, delta: 5, reason: "purchase", reference: "tx" });
    expect(await applyCreditChange({ userId: user.id, delta: 5, reason: "purchase", reference: "tx" })).toEqual({ ok: false, code: "already_applied" });
    expect(await getBalance(user.id)).toBe(5);
  });

  it("lets parallel charges through exactly as often as the balance affords", async () => {
    const user = await newUser();
    await applyCreditChange({ userId: user.id, delta: 60, reason: "admin_grant", reference: "seed" });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => applyCreditChange({ userId: user.id, delta: -20, reason: "video_charge", reference: `s${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await getBalance(user.id)).toBe(0);
  });
});
