// Discount codes (docs/product.md#discount-codes). A code is matched upper-cased, must not be past
// valid_until, needs a signed-in user, and may be used once per user, which the database
// enforces (ADR 126): discount_usage has one row per user and code, written as a reservation
// when a payment with the code starts (reserveDiscountInTx), turned into a use when that payment
// succeeds (spendDiscountInTx) and deleted when it fails (releaseDiscountInTx). Applying a code
// on /plans writes nothing. The payments core calls these inside its own transactions.
import type { DiscountCheckError } from "./payment-messages";
import { discountedPrice } from "./pricing";
import type { Actor } from "~/models/access/actor.server";
import { type Prisma, prisma } from "~/utils/db.server";

export type AppliedDiscount = { id: string; code: string; percentage: number };

export type DiscountCheck = { ok: true; discount: AppliedDiscount } | { ok: false; error: DiscountCheckError };

export function normalizeDiscountCode(raw: unknown): string {
  return typeof raw === "string" ? raw.trim().toUpperCase() : "";
}

/** Checks a code for the signed-in actor (null: a visitor), as the Plans page asks. */
export function discountFor(viewer: Actor | null, rawCode: unknown, now: Date = new Date()): Promise<DiscountCheck> {
  return checkDiscountCode(viewer?.id ?? null, rawCode, now);
}

/**
 * Checks a code for a user (core use; doors call discountFor), in the documented order: empty, signed in, exists and not expired,
 * not used by this user. `now` is injectable for tests.
 */
export async function checkDiscountCode(userId: string | null, rawCode: unknown, now: Date = new Date()): Promise<DiscountCheck> {
  const code = normalizeDiscountCode(rawCode);
  if (!code) return { ok: false, error: "empty" };
  if (!userId) return { ok: false, error: "auth_required" };
  try {
    const row = await prisma.discountCode.findFirst({ where: { code, validUntil: { gt: now } } });
    if (!row || row.discountPercentage <= 0 || row.discountPercentage > 100) return { ok: false, error: "invalid" };
    const used = await prisma.discountUsage.findFirst({ where: { userId, discountCodeId: row.id, state: "used" }, select: { id: true } });
    if (used) return { ok: false, error: "already_used" };
    return { ok: true, discount: { id: row.id, code: row.code, percentage: row.discountPercentage } };
  } catch (error) {
    console.error("discount check failed", error);
    return { ok: false, error: "error" };
  }
}

export function priceWithDiscount(price: number, discount: Pick<AppliedDiscount, "percentage"> | null): number {
  return discount ? discountedPrice(price, discount.percentage) : price;
}

type Holder = { userId: string; discountCodeId: string; transactionId: string };

/**
 * Everything about one user's use of one code (reserve, spend, release) happens under this
 * transaction-scoped lock, taken before any payment row is touched: one order, no deadlock.
 */
export async function lockDiscountInTx(tx: Prisma.TransactionClient, userId: string, discountCodeId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`discount:${userId}:${discountCodeId}`}))`;
}

export type ReserveDiscountResult = { ok: true; superseded: string | null } | { ok: false; error: "already_used" };

/**
 * A payment with the code starts: the code is held for it. A code already spent is refused. A
 * reservation of an earlier checkout of the same user moves to this one, and the caller retires
 * that checkout (`superseded`, a payment_transactions.id): only the newest checkout holds it.
 */
export async function reserveDiscountInTx(tx: Prisma.TransactionClient, holder: Holder): Promise<ReserveDiscountResult> {
  await lockDiscountInTx(tx, holder.userId, holder.discountCodeId);
  const where = { userId_discountCodeId: { userId: holder.userId, discountCodeId: holder.discountCodeId } };
  const row = await tx.discountUsage.findUnique({ where });
  if (row?.state === "used") return { ok: false, error: "already_used" };
  if (row) {
    await tx.discountUsage.update({ where, data: { transactionId: holder.transactionId } });
    return { ok: true, superseded: row.transactionId && row.transactionId !== holder.transactionId ? row.transactionId : null };
  }
  await tx.discountUsage.create({ data: { ...holder, state: "reserved" } });
  return { ok: true, superseded: null };
}

export type SpendDiscountResult = { ok: true; tookOverFrom: string | null } | { ok: false; usedBy: string | null };

/**
 * The payment succeeded: the code becomes used by it. A reservation held by another, unpaid
 * checkout is taken over (money in hand wins; the caller retires that checkout). A code already
 * spent by another payment is NOT used twice: the caller must not grant this payment.
 * Call with lockDiscountInTx already taken.
 */
export async function spendDiscountInTx(tx: Prisma.TransactionClient, holder: Holder): Promise<SpendDiscountResult> {
  const where = { userId_discountCodeId: { userId: holder.userId, discountCodeId: holder.discountCodeId } };
  const row = await tx.discountUsage.findUnique({ where });
  if (!row) {
    await tx.discountUsage.create({ data: { ...holder, state: "used" } });
    return { ok: true, tookOverFrom: null };
  }
  if (row.state === "used") return row.transactionId === holder.transactionId ? { ok: true, tookOverFrom: null } : { ok: false, usedBy: row.transactionId };
  await tx.discountUsage.update({ where, data: { transactionId: holder.transactionId, state: "used" } });
  return { ok: true, tookOverFrom: row.transactionId && row.transactionId !== holder.transactionId ? row.transactionId : null };
}

/** The payment failed: the code it held is free again. Call with lockDiscountInTx already taken. */
export async function releaseDiscountInTx(tx: Prisma.TransactionClient, transactionId: string): Promise<void> {
  await tx.discountUsage.deleteMany({ where: { transactionId, state: "reserved" } });
}

export async function hasUsedDiscount(userId: string, discountCodeId: string): Promise<boolean> {
  return Boolean(await prisma.discountUsage.findFirst({ where: { userId, discountCodeId, state: "used" }, select: { id: true } }));
}
