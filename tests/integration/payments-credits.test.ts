// The credits core under the payment flows: one function for every change, a ledger row in
// the same transaction, never negative under concurrency, each (reason, reference) once.
import { describe, expect, it } from "vitest";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { prisma } from "~/utils/db.server";
import { ledgerFor, newPayer } from "./payments-helpers";

describe("credits core", () => {
  it("many parallel video charges against a small balance succeed exactly as often as it affords", async () => {
    const { id } = await newPayer();
    await applyCreditChange({ userId: id, delta: 50, reason: "purchase", reference: "tx-small" });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => applyCreditChange({ userId: id, delta: -20, reason: "video_charge", reference: `story-${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === "insufficient_credits")).toBe(true);
    expect(await getBalance(id)).toBe(10);
    const ledger = await ledgerFor(id);
    expect(ledger).toHaveLength(3);
    expect(ledger.every((l) => Number(l.after) >= 0)).toBe(true);
  });

  it("decimal chat charges in parallel stop exactly at zero", async () => {
    const { id } = await newPayer();
    await applyCreditChange({ userId: id, delta: "0.21", reason: "admin_grant", reference: "g" });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => applyCreditChange({ userId: id, delta: "-0.07", reason: "chat_charge", reference: `m${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await getBalance(id)).toBe(0);
  });

  it("each ledger row's before/after chain adds up to the balance", async () => {
    const { id } = await newPayer();
    await applyCreditChange({ userId: id, delta: 100, reason: "purchase", reference: "p1" });
    await Promise.all([
      applyCreditChange({ userId: id, delta: -20, reason: "video_charge", reference: "s1" }),
      applyCreditChange({ userId: id, delta: "-0.07", reason: "chat_charge", reference: "c1" }),
      applyCreditChange({ userId: id, delta: 20, reason: "admin_grant", reference: "a1" }),
    ]);
    const ledger = await ledgerFor(id);
    const sorted = [...ledger].sort((a, b) => Number(a.before) - Number(b.before) || a.createdAt.getTime() - b.createdAt.getTime());
    for (const row of ledger) expect(Number(row.after)).toBeCloseTo(Number(row.before) + Number(row.delta), 2);
    expect(sorted.length).toBe(4);
    expect(await getBalance(id)).toBe(99.93);
  });

  it("a refund of a failed video applies once and restores the balance", async () => {
    const { id } = await newPayer();
    await applyCreditChange({ userId: id, delta: 20, reason: "purchase", reference: "buy" });
    expect(await applyCreditChange({ userId: id, delta: -20, reason: "video_charge", reference: "story-9" })).toMatchObject({ ok: true, after: 0 });
    const refunds = await Promise.all([
      applyCreditChange({ userId: id, delta: 20, reason: "refund", reference: "story-9", note: "Video failed" }),
      applyCreditChange({ userId: id, delta: 20, reason: "refund", reference: "story-9", note: "Video failed" }),
    ]);
    expect(refunds.filter((r) => r.ok)).toHaveLength(1);
    expect(refunds.filter((r) => !r.ok && r.code === "already_applied")).toHaveLength(1);
    expect(await applyCreditChange({ userId: id, delta: 20, reason: "refund", reference: "story-9" })).toEqual({ ok: false, code: "already_applied" });
    expect(await getBalance(id)).toBe(20);
    const refundRows = await prisma.creditLedgerEntry.findMany({ where: { userId: id, reason: "refund" } });
    expect(refundRows).toHaveLength(1);
    expect(refundRows[0]).toMatchObject({ reference: "story-9", note: "Video failed" });
  });

  it("a purchase reference applies once even when granted in parallel", async () => {
    const { id } = await newPayer();
    const results = await Promise.all(Array.from({ length: 5 }, () => applyCreditChange({ userId: id, delta: 20, reason: "purchase", reference: "RFSAME" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await getBalance(id)).toBe(20);
  });

  it("rejects amounts with more than 2 decimals and zero", async () => {
    const { id } = await newPayer();
    await expect(applyCreditChange({ userId: id, delta: "0.001", reason: "admin_grant" })).rejects.toThrow();
    await expect(applyCreditChange({ userId: id, delta: 0, reason: "admin_grant" })).rejects.toThrow();
  });
});
