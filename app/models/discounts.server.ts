// Discount codes (seed 000 §5, §8). A code is matched upper-cased, must not be past
// valid_until, needs a signed-in user, and may be used once per user. It counts as used when a
// payment with it succeeds (markDiscountUsedInTx, called by the payments core), never on Apply.
import type { DiscountCheckError } from "~/models/payment-messages";
import { discountedPrice } from "~/models/pricing";
import { type Prisma, prisma } from "~/utils/db.server";

export { DISCOUNT_MESSAGES, discountAppliedMessage, type DiscountCheckError } from "~/models/payment-messages";

export type AppliedDiscount = { id: string; code: string; percentage: number };

export type DiscountCheck = { ok: true; discount: AppliedDiscount } | { ok: false; error: DiscountCheckError };

export function normalizeDiscountCode(raw: unknown): string {
  return typeof raw === "string" ? raw.trim().toUpperCase() : "";
}

/**
 * Checks a code for a user, in the seed's order: empty, signed in, exists and not expired,
 * not used by this user. `now` is injectable for tests.
 */
export async function checkDiscountCode(userId: string | null, rawCode: unknown, now: Date = new Date()): Promise<DiscountCheck> {
  const code = normalizeDiscountCode(rawCode);
  if (!code) return { ok: false, error: "empty" };
  if (!userId) return { ok: false, error: "auth_required" };
  try {
    const row = await prisma.discountCode.findFirst({ where: { code, validUntil: { gt: now } } });
    if (!row || row.discountPercentage <= 0 || row.discountPercentage > 100) return { ok: false, error: "invalid" };
    const used = await prisma.discountUsage.findFirst({ where: { userId, discountCodeId: row.id }, select: { id: true } });
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

/**
 * Records that a user used a code with a successful payment. Idempotent: a second success with
 * the same code (two payments started before either finished) keeps the first usage row.
 */
export async function markDiscountUsedInTx(
  tx: Prisma.TransactionClient,
  usage: { userId: string; discountCodeId: string; transactionId: string },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "discount_usage" ("id", "userId", "discountCodeId", "transactionId", "createdAt")
    VALUES (${`du_${usage.transactionId}`}, ${usage.userId}, ${usage.discountCodeId}, ${usage.transactionId}, now())
    ON CONFLICT DO NOTHING`;
}

export async function hasUsedDiscount(userId: string, discountCodeId: string): Promise<boolean> {
  return Boolean(await prisma.discountUsage.findFirst({ where: { userId, discountCodeId }, select: { id: true } }));
}
