// The gateway's callbacks (docs/product.md#payments; ADR 050-052, 126, 265): the surl/furl
// posts of PayU or the built-in sandbox, cross-site and without our session cookie, so
// everything is identified from the transaction row. A callback is trusted only when its reverse
// hash verifies with the salt of the provider that row was created for, its txnid/amount/fields
// match the row, and (where configured) PayU's verify_payment agrees. Credits are granted in the
// same database transaction that moves the row to completed, by a conditional UPDATE that only
// one callback can win; a discount code is spent then, once per user.
import { lockOrderForPaymentInTx, markOrderPaidInTx } from "~/models/orders/custom-orders.server";
import { Prisma, prisma } from "~/utils/db.server";
import { gatewayConfig, type GatewayConfig, type GatewayProvider } from "~/utils/payu/config.server";
import { verifyResponseHash } from "~/utils/payu/hash.server";
import { verifyPayment as verifyPaymentApi } from "~/utils/payu/verify.server";
import { applyCreditChangeInTx } from "./credits.server";
import { lockDiscountInTx, releaseDiscountInTx, spendDiscountInTx } from "./discounts.server";
import { retireInTx } from "./payments.server";

export type CallbackRejection =
  "missing_txnid" | "unknown_transaction" | "provider_unavailable" | "key_mismatch" | "bad_hash" | "amount_mismatch" | "field_mismatch";

export type CallbackOutcome =
  | { result: "success"; txnid: string; granted: boolean; redirectTo: string }
  /** Paid, but its discount code was spent by another payment first: nothing granted (ADR 126). */
  | { result: "refund_due"; txnid: string; redirectTo: string }
  | { result: "failure"; txnid: string; redirectTo: string }
  | { result: "pending"; txnid: string; redirectTo: string; note?: string }
  | { result: "rejected"; reason: CallbackRejection; redirectTo: string };

export type CallbackDeps = {
  /** Overrides the configured gateway (tests). */
  config?: (provider: GatewayProvider) => GatewayConfig | null;
  verify?: typeof verifyPaymentApi;
};

type CallbackFields = Record<string, string>;

function field(fields: CallbackFields, name: string): string {
  const v = fields[name];
  return typeof v === "string" ? v : "";
}

function sameAmount(a: string, b: Prisma.Decimal): boolean {
  try {
    const d = new Prisma.Decimal(a.trim());
    return d.isFinite() && d.equals(b);
  } catch {
    return false;
  }
}

function resultPath(tx: { customOrderId: string | null; txnid: string }, result: "success" | "failure" | "pending" | "refund"): string {
  const q = `payment=${result}&txnid=${encodeURIComponent(tx.txnid)}`;
  return tx.customOrderId ? `/payment?orderId=${encodeURIComponent(tx.customOrderId)}&${q}` : `/plans?${q}`;
}

const REJECTED_PATH = "/plans?payment=error";

/** Everything the gateway posted, as stored for audit (the hash is kept; it proves nothing secret). */
function payload(fields: CallbackFields, endpoint: string): Prisma.InputJsonValue {
  return { endpoint, receivedAt: new Date().toISOString(), fields };
}

/**
 * Handles a post to surl or furl. The status inside the signed fields decides, not the URL the
 * gateway posted to (a signed "failure" on surl still grants nothing).
 */
export async function processGatewayCallback(fields: CallbackFields, endpoint: "success" | "failure", deps: CallbackDeps = {}): Promise<CallbackOutcome> {
  const txnid = field(fields, "txnid").trim();
  if (!txnid) return { result: "rejected", reason: "missing_txnid", redirectTo: REJECTED_PATH };
  const tx = await prisma.paymentTransaction.findUnique({ where: { txnid } });
  if (!tx) return reject("unknown_transaction", txnid);

  const provider = tx.provider === "payu" ? "payu" : "sandbox";
  const config = (deps.config ?? gatewayConfig)(provider);
  if (!config) return reject("provider_unavailable", txnid);
  if (field(fields, "key") !== config.key) return reject("key_mismatch", txnid);

  const signed = {
    key: field(fields, "key"),
    txnid,
    amount: field(fields, "amount"),
    productinfo: field(fields, "productinfo"),
    firstname: field(fields, "firstname"),
    email: field(fields, "email"),
    udf1: field(fields, "udf1"),
    udf2: field(fields, "udf2"),
    udf3: field(fields, "udf3"),
    udf4: field(fields, "udf4"),
    udf5: field(fields, "udf5"),
    status: field(fields, "status"),
    additionalCharges: fields.additionalCharges ?? null,
    hash: field(fields, "hash"),
  };
  if (!verifyResponseHash(signed, config.salt)) return reject("bad_hash", txnid);
  if (!sameAmount(signed.amount, tx.amount)) return reject("amount_mismatch", txnid);
  const expectedUdf = [tx.userId ?? "", tx.guestId ?? "", tx.planName ?? "", tx.customOrderId ?? ""];
  if (signed.productinfo !== tx.productInfo || [signed.udf1, signed.udf2, signed.udf3, signed.udf4].some((v, i) => v !== expectedUdf[i])) {
    return reject("field_mismatch", txnid);
  }

  const status = signed.status.trim().toLowerCase();
  const mihpayid = field(fields, "mihpayid") || null;
  const errorText = field(fields, "error_Message") || field(fields, "field9") || null;

  if (status === "success") {
    if (config.verifyUrl) {
      const verified = await (deps.verify ?? verifyPaymentApi)(config, txnid);
      if (!verified.ok) {
        await markPending(tx.id, fields, endpoint, `Awaiting confirmation: ${verified.error}`);
        return { result: "pending", txnid, redirectTo: resultPath(tx, "pending"), note: verified.error };
      }
      if (verified.status !== "success") {
        if (verified.status === "pending" || verified.status === "not found") {
          await markPending(tx.id, fields, endpoint, `PayU verify_payment status: ${verified.status}`);
          return { result: "pending", txnid, redirectTo: resultPath(tx, "pending") };
        }
        await markFailed(tx.id, fields, endpoint, `PayU verify_payment status: ${verified.status}`);
        return { result: "failure", txnid, redirectTo: resultPath(tx, "failure") };
      }
      if (verified.amount != null && !sameAmount(verified.amount, tx.amount)) return reject("amount_mismatch", txnid);
    }
    const completed = await completeSuccess(tx.id, txnid, fields, endpoint, mihpayid);
    if (completed === "refund_due") return { result: "refund_due", txnid, redirectTo: resultPath(tx, "refund") };
    return { result: "success", txnid, granted: completed === "granted", redirectTo: resultPath(tx, "success") };
  }
  if (status === "pending") {
    await markPending(tx.id, fields, endpoint, errorText);
    return { result: "pending", txnid, redirectTo: resultPath(tx, "pending") };
  }
  await markFailed(tx.id, fields, endpoint, errorText ?? `Payment ${status || "failed"}`);
  return { result: "failure", txnid, redirectTo: resultPath(tx, "failure") };
}

function reject(reason: CallbackRejection, txnid: string): CallbackOutcome {
  console.warn(`payment callback rejected (${reason}) for txnid ${txnid}`);
  return { result: "rejected", reason, redirectTo: REJECTED_PATH };
}

/**
 * Moves the row to completed/success and grants the credits in one database transaction.
 * The conditional UPDATE is the gate: concurrent callbacks queue on the row lock and only the
 * first finds it not yet completed. A row closed as failed may still complete here: PayU can
 * report a success after a failure, and the caller has verified it like any success (ADR 126).
 * With a discount code the payment must also be able to spend the code: when another payment
 * spent it first, nothing is granted and the row records that a refund is due.
 */
async function completeSuccess(
  id: string,
  txnid: string,
  fields: CallbackFields,
  endpoint: string,
  mihpayid: string | null,
): Promise<"granted" | "already" | "refund_due"> {
  const row = await prisma.paymentTransaction.findUniqueOrThrow({ where: { id }, select: { userId: true, discountCodeId: true, customOrderId: true } });
  try {
    return await prisma.$transaction(async (db) => {
      // Locks in one order: the discount code, then the order, then the payment row.
      if (row.userId && row.discountCodeId) await lockDiscountInTx(db, row.userId, row.discountCodeId);
      // Several checkouts of one order queue here: whoever comes second sees the first one's
      // completed payment below (ADR 265).
      if (row.customOrderId) await lockOrderForPaymentInTx(db, row.customOrderId);
      const claimed = await db.paymentTransaction.updateMany({
        where: { id, status: { not: "completed" } },
        data: {
          status: "completed",
          paymentStatus: "success",
          providerPaymentId: mihpayid,
          callbackPayload: payload(fields, endpoint),
          errorMessage: null,
          completedAt: new Date(),
        },
      });
      if (claimed.count === 0) return "already";
      const tx = await db.paymentTransaction.findUniqueOrThrow({ where: { id } });
      if (tx.customOrderId) {
        // An order is paid once: a success for an order another payment already paid is money
        // received for nothing, recorded as refund due (plans, link orders and custom orders alike).
        const paidBy = await db.paymentTransaction.findFirst({
          where: { customOrderId: tx.customOrderId, status: "completed", paymentStatus: "success", id: { not: id } },
          select: { txnid: true },
        });
        if (paidBy) {
          console.error(`payment ${txnid} succeeded for order ${tx.customOrderId}, already paid by payment ${paidBy.txnid}: refund due`);
          await markRefundDueInTx(db, id, `the order was already paid by payment ${paidBy.txnid}`);
          return "refund_due";
        }
      }
      if (tx.userId && tx.discountCodeId) {
        const spent = await spendDiscountInTx(db, { userId: tx.userId, discountCodeId: tx.discountCodeId, transactionId: tx.id });
        if (!spent.ok) {
          const other = spent.usedBy ? await db.paymentTransaction.findUnique({ where: { id: spent.usedBy }, select: { txnid: true } }) : null;
          console.error(`payment ${txnid} succeeded after its discount code was used by payment ${other?.txnid ?? "?"}: refund due`);
          await markRefundDueInTx(db, id, `the payment succeeded after its discount code was used by payment ${other?.txnid ?? "?"}`);
          return "refund_due";
        }
        if (spent.tookOverFrom) {
          await retireInTx(db, spent.tookOverFrom, `Its discount code was used by payment ${txnid}`);
        }
      }
      // A link order waits for its payment before staff see it as pending (ADR 181).
      if (tx.customOrderId) await markOrderPaidInTx(db, tx.customOrderId);
      if (tx.userId && tx.planName && tx.credits.greaterThan(0)) {
        const change = await applyCreditChangeInTx(db, {
          userId: tx.userId,
          delta: tx.credits.toFixed(2),
          reason: "purchase",
          reference: txnid,
          note: `${tx.planName} plan`,
        });
        if (!change.ok && change.code !== "already_applied") throw new Error(`credit grant failed: ${change.code}`);
      }
      return "granted";
    });
  } catch (error) {
    // The ledger's unique (user, reason, reference) is the last line: a grant cannot repeat.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "already";
    throw error;
  }
}

/** errorMessage of a payment that was received but not applied (status failed, paymentStatus success). */
export const REFUND_DUE_PREFIX = "Refund due:";

/**
 * A success that was claimed but cannot be applied (its order is already paid, or its discount
 * code was spent by another payment): the money was received, nothing is granted, and the row
 * says so for staff (failed, paymentStatus success, "Refund due: …"). One rule for every kind
 * of payment (ADR 126, ADR 265).
 */
async function markRefundDueInTx(db: Prisma.TransactionClient, id: string, why: string): Promise<void> {
  await db.paymentTransaction.update({
    where: { id },
    data: { status: "failed", paymentStatus: "success", completedAt: null, errorMessage: `${REFUND_DUE_PREFIX} ${why}` },
  });
}

async function markFailed(id: string, fields: CallbackFields, endpoint: string, message: string | null): Promise<void> {
  const row = await prisma.paymentTransaction.findUnique({ where: { id }, select: { userId: true, discountCodeId: true } });
  await prisma.$transaction(async (db) => {
    if (row?.userId && row.discountCodeId) await lockDiscountInTx(db, row.userId, row.discountCodeId);
    const failed = await db.paymentTransaction.updateMany({
      where: { id, status: "pending" },
      data: { status: "failed", paymentStatus: "failure", callbackPayload: payload(fields, endpoint), errorMessage: message },
    });
    // The code it held is free again for the user's next checkout.
    if (failed.count > 0 && row?.discountCodeId) await releaseDiscountInTx(db, id);
  });
}

async function markPending(id: string, fields: CallbackFields, endpoint: string, message: string | null): Promise<void> {
  await prisma.paymentTransaction.updateMany({
    where: { id, status: "pending" },
    data: { paymentStatus: "pending", callbackPayload: payload(fields, endpoint), errorMessage: message },
  });
}
