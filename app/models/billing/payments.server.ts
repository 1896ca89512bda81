// Payments core (docs/product.md#payments; ADR 050-052): the checkout and the reads.
// Proceed creates a pending transaction whose amount is computed here from the plan and the
// discount (or the custom order's rate), never taken from the form, and answers with the
// gateway's hosted-checkout form. The gateway's callbacks that complete it are
// gateway-callbacks.server.ts. A discount code is reserved for the payment when it starts and
// spent when it succeeds, once per user whatever the number of checkouts opened (ADR 126, which
// also gives the rule for a success that arrives after a failure).
import { randomBytes } from "node:crypto";
import { assertActor, type Actor } from "~/models/access/actor.server";
import type { CheckoutForm } from "~/utils/payu/checkout";
import { activeProvider, callbackUrls, gatewayConfig, type GatewayConfig, type GatewayProvider } from "~/utils/payu/config.server";
import { buildCheckoutForm, payuText } from "~/utils/payu/form.server";
import { Prisma, prisma } from "~/utils/db.server";
import { getOrderForPayment, getOrderGuest, type OrderGuest } from "~/models/orders/custom-orders.server";
import { checkDiscountCode, normalizeDiscountCode, priceWithDiscount, reserveDiscountInTx, type AppliedDiscount } from "./discounts.server";
import { PAYMENT_MESSAGES, type DiscountCheckError, type OrderPaymentOutcome } from "./payment-messages";

export type { OrderPaymentOutcome };
import { getPlanByName } from "./plans.server";

export type PaymentProblem = "order_load_failed" | "invalid_details" | "order_unpayable" | "guest_not_found" | "login_required";

export const PROBLEM_MESSAGE: Record<PaymentProblem, string> = {
  order_load_failed: PAYMENT_MESSAGES.orderLoadFailed,
  invalid_details: PAYMENT_MESSAGES.invalidDetails,
  order_unpayable: PAYMENT_MESSAGES.orderUnpayable,
  guest_not_found: PAYMENT_MESSAGES.guestNotFound,
  login_required: PAYMENT_MESSAGES.loginRequired,
};

export type Payer = { id: string; email: string | null; phone: string | null; username: string | null };

export type PaymentRequest = {
  user: Payer | null;
  planName?: string | null;
  discountCode?: string | null;
  orderId?: string | null;
};

export type PaymentSummary =
  | {
      kind: "plan";
      planName: string;
      credits: number;
      /** Rupees to pay, after the discount. */
      amount: number;
      originalAmount: number;
      discount: AppliedDiscount | null;
      /** Why a code given with the request was not applied. */
      discountError: DiscountCheckError | null;
      payer: { userId: string; guestId: null };
    }
  | {
      kind: "order";
      orderId: string;
      orderNumber: number;
      planName: string;
      amount: number;
      originalAmount: number;
      creditsUsed: number;
      payer: { userId: string | null; guestId: string | null };
      guest: OrderGuest | null;
    };

export type SummaryResult = { ok: true; summary: PaymentSummary } | { ok: false; problem: PaymentProblem };

async function orderSummary(user: Payer | null, orderId: string): Promise<SummaryResult> {
  let order;
  try {
    order = await getOrderForPayment(orderId);
  } catch (error) {
    console.error("order load failed", error);
    return { ok: false, problem: "order_load_failed" };
  }
  if (!order) return { ok: false, problem: "order_load_failed" };

  let payer: { userId: string | null; guestId: string | null };
  let guest: OrderGuest | null = null;
  if (order.userId) {
    // A member's order is paid by that member, signed in.
    if (!user) return { ok: false, problem: "login_required" };
    if (user.id !== order.userId) return { ok: false, problem: "order_unpayable" };
    payer = { userId: user.id, guestId: null };
  } else {
    // A guest order (placed through a shared link) is paid through the order's guest.
    guest = order.guestId ? await getOrderGuest(order.id) : null;
    if (!guest) return { ok: false, problem: "guest_not_found" };
    payer = { userId: user?.id ?? null, guestId: guest.id };
  }
  if (!order.title || order.customRate == null || !(order.customRate > 0)) return { ok: false, problem: "order_unpayable" };
  if (await isOrderPaid(order.id)) return { ok: false, problem: "order_unpayable" };
  return {
    ok: true,
    summary: {
      kind: "order",
      orderId: order.id,
      orderNumber: order.orderNumber,
      planName: order.title,
      amount: order.customRate,
      originalAmount: order.customRate,
      creditsUsed: order.creditsUsed,
      payer,
      guest,
    },
  };
}

/** What /payment shows and Proceed charges, computed from the database. */
export async function resolvePaymentSummary(req: PaymentRequest): Promise<SummaryResult> {
  const orderId = req.orderId?.trim();
  if (orderId) return orderSummary(req.user, orderId);

  const planName = req.planName?.trim();
  if (!planName) return { ok: false, problem: "invalid_details" };
  if (!req.user) return { ok: false, problem: "login_required" };
  const plan = await getPlanByName(planName);
  if (!plan) return { ok: false, problem: "invalid_details" };

  let discount: AppliedDiscount | null = null;
  let discountError: DiscountCheckError | null = null;
  if (normalizeDiscountCode(req.discountCode)) {
    const check = await checkDiscountCode(req.user.id, req.discountCode);
    if (check.ok) discount = check.discount;
    else discountError = check.error;
  }
  const amount = priceWithDiscount(plan.price, discount);
  if (!(amount > 0)) return { ok: false, problem: "invalid_details" };
  return {
    ok: true,
    summary: {
      kind: "plan",
      planName: plan.name,
      credits: plan.credits,
      amount,
      originalAmount: plan.price,
      discount,
      discountError,
      payer: { userId: req.user.id, guestId: null },
    },
  };
}

const DISCOUNT_GONE_MESSAGE = "This discount code can no longer be applied. Please go back to Plans and try again.";
const RETIRED_MESSAGE = "Replaced by a newer checkout with the same discount code";

/** Spent by a payment that completed while this one was being set up. */
class DiscountNoLongerApplies extends Error {}

/** A pending payment that can no longer use its discount code is closed as failed (ADR 126). */
export async function retireInTx(db: Prisma.TransactionClient, id: string, message: string): Promise<void> {
  await db.paymentTransaction.updateMany({
    where: { id, status: "pending" },
    data: { status: "failed", paymentStatus: "failure", errorMessage: message },
  });
}

/** PayU txnid: at most 25 alphanumerics; unique (the column is unique too). */
export function newTxnid(): string {
  return `RF${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString("hex").toUpperCase()}`;
}

function amountString(amount: number | Prisma.Decimal): string {
  return new Prisma.Decimal(amount).toFixed(2);
}

export type InitiateResult =
  | { ok: true; txnid: string; checkout: CheckoutForm; summary: PaymentSummary }
  | { ok: false; problem: PaymentProblem }
  | { ok: false; problem: "payment_error"; title: string; message: string };

/**
 * Proceed: creates the pending transaction and the signed checkout form.
 * `request` gives the public origin for the callback URLs when APP_URL is unset.
 */
export async function initiatePayment(
  req: PaymentRequest,
  opts: { request?: Request; provider?: GatewayProvider; config?: GatewayConfig } = {},
): Promise<InitiateResult> {
  const resolved = await resolvePaymentSummary(req);
  if (!resolved.ok) return resolved;
  const summary = resolved.summary;
  // A code that no longer applies must not silently change the price between summary and pay.
  if (summary.kind === "plan" && summary.discountError) {
    return { ok: false, problem: "payment_error", title: PAYMENT_MESSAGES.paymentErrorTitle, message: DISCOUNT_GONE_MESSAGE };
  }
  const provider = opts.provider ?? activeProvider();
  const config = opts.config ?? (provider ? gatewayConfig(provider, opts.request) : null);
  if (!config) {
    return { ok: false, problem: "payment_error", title: PAYMENT_MESSAGES.paymentErrorTitle, message: "Online payments are not configured on this server." };
  }

  const user = req.user;
  const guest = summary.kind === "order" ? summary.guest : null;
  const txnid = newTxnid();
  const amount = amountString(summary.amount);
  const productinfo =
    summary.kind === "plan"
      ? payuText(`${summary.planName} - ${summary.credits} credits`, 100, summary.planName)
      : payuText(`Custom order ${summary.orderNumber} - ${summary.planName}`, 100, `Custom order ${summary.orderNumber}`);
  const displayName = guest?.name ?? user?.username ?? user?.email?.split("@")[0] ?? "";
  const firstname = payuText(displayName, 60, "Customer");
  const email = (summary.kind === "order" && guest ? guest.email : user?.email) ?? user?.email ?? "";
  const phone = ((summary.kind === "order" && guest ? guest.phoneNumber : user?.phone) ?? user?.phone ?? "").replace(/[^\d]/g, "").slice(-15);
  const udf = {
    udf1: summary.payer.userId ?? "",
    udf2: summary.payer.guestId ?? "",
    udf3: summary.kind === "plan" ? summary.planName : "",
    udf4: summary.kind === "order" ? summary.orderId : "",
    udf5: "",
  };

  const discountCodeId = summary.kind === "plan" ? (summary.discount?.id ?? null) : null;
  try {
    await prisma.$transaction(async (db) => {
      const row = await db.paymentTransaction.create({
        data: {
          txnid,
          userId: summary.payer.userId,
          guestId: summary.payer.guestId,
          planName: summary.kind === "plan" ? summary.planName : null,
          customOrderId: summary.kind === "order" ? summary.orderId : null,
          discountCodeId,
          amount,
          originalAmount: amountString(summary.originalAmount),
          credits: summary.kind === "plan" ? summary.credits : 0,
          provider: config.provider,
          productInfo: productinfo,
        },
        select: { id: true },
      });
      if (discountCodeId && summary.payer.userId) {
        // The code is held for this payment; the user's earlier checkout with it is retired.
        const reserved = await reserveDiscountInTx(db, { userId: summary.payer.userId, discountCodeId, transactionId: row.id });
        if (!reserved.ok) throw new DiscountNoLongerApplies();
        if (reserved.superseded) await retireInTx(db, reserved.superseded, RETIRED_MESSAGE);
      }
    });
  } catch (error) {
    if (error instanceof DiscountNoLongerApplies) {
      return { ok: false, problem: "payment_error", title: PAYMENT_MESSAGES.paymentErrorTitle, message: DISCOUNT_GONE_MESSAGE };
    }
    console.error("could not create the pending transaction", error);
    return { ok: false, problem: "payment_error", title: PAYMENT_MESSAGES.paymentErrorTitle, message: PAYMENT_MESSAGES.initiateFailed };
  }

  const { surl, furl } = callbackUrls(opts.request);
  const checkout = buildCheckoutForm(config, { txnid, amount, productinfo, firstname, email, phone, surl, furl, ...udf });
  return { ok: true, txnid, checkout, summary };
}

// ───────────────────────────── reads ─────────────────────────────

export type TransactionRow = { id: string; txnid: string; createdAt: string; amount: number; planName: string | null };

/** The actor's transaction history: only completed + success rows, newest first. */
export async function listSuccessfulTransactions(actor: Actor, limit = 100): Promise<TransactionRow[]> {
  assertActor(actor);
  const rows = await prisma.paymentTransaction.findMany({
    where: { userId: actor.id, status: "completed", paymentStatus: "success" },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: { id: true, txnid: true, createdAt: true, amount: true, planName: true },
  });
  return rows.map((r) => ({ id: r.id, txnid: r.txnid, createdAt: r.createdAt.toISOString(), amount: Number(r.amount), planName: r.planName }));
}

export type PaymentResultView = {
  txnid: string;
  /** refund: paid, but not applied (its discount code was used by another payment first). */
  state: "success" | "failure" | "pending" | "refund";
  planName: string | null;
  credits: number;
  amount: number;
  customOrderId: string | null;
};

/**
 * The outcome page reads the row, never the query string, so a crafted URL cannot show a
 * success. Only the payer (or, for guest orders, whoever holds the order link) may see it;
 * `viewer` is the signed-in user, null for a visitor.
 */
export async function getPaymentResult(txnid: string, viewer: Actor | null): Promise<PaymentResultView | null> {
  if (viewer) assertActor(viewer);
  const viewerId = viewer?.id ?? null;
  if (!txnid) return null;
  const tx = await prisma.paymentTransaction.findUnique({ where: { txnid } });
  if (!tx) return null;
  const mayView = tx.userId ? tx.userId === viewerId : Boolean(tx.guestId && tx.customOrderId);
  if (!mayView) return null;
  const state =
    tx.status === "completed" && tx.paymentStatus === "success"
      ? "success"
      : tx.status === "failed"
        ? tx.paymentStatus === "success"
          ? "refund"
          : "failure"
        : "pending";
  return { txnid: tx.txnid, state, planName: tx.planName, credits: Number(tx.credits), amount: Number(tx.amount), customOrderId: tx.customOrderId };
}

/** "asha@example.com" -> "a…@example.com": enough for the buyer to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "…";
  return `${email[0]}…${email.slice(at)}`;
}

/**
 * The outcome page of an order's payment: the stored result (same viewing rule as
 * getPaymentResult) with what the buyer needs next, the order number and how staff reach them.
 */
export async function getOrderPaymentOutcome(txnid: string, orderId: string, viewer: Actor | null): Promise<OrderPaymentOutcome | null> {
  const result = await getPaymentResult(txnid, viewer);
  if (!result || result.customOrderId !== orderId) return null;
  const order = await getOrderForPayment(orderId);
  if (!order) return null;
  const guest = order.userId ? null : await getOrderGuest(order.id);
  return {
    state: result.state,
    txnid: result.txnid,
    amount: result.amount,
    orderNumber: order.orderNumber,
    title: order.title,
    guest: !order.userId,
    contactEmail: guest?.email ? maskEmail(guest.email) : null,
    accessCode: order.accessCode,
  };
}

export async function isOrderPaid(orderId: string): Promise<boolean> {
  const paid = await prisma.paymentTransaction.findFirst({
    where: { customOrderId: orderId, status: "completed", paymentStatus: "success" },
    select: { id: true },
  });
  return Boolean(paid);
}
