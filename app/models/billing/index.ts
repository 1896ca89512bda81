// Billing: what work costs and how it is paid for. It owns the price list (prices.ts), the
// credit balances and their ledger (credits.server.ts: the only writer of balances), the work
// charges — every paid door's charge, settlement and refund-once (work-charges.server.ts,
// ADR 150, 280) — the payments through the gateway (checkout in payments.server.ts, the
// gateway's callbacks in gateway-callbacks.server.ts), discount codes and plans.
//
// This index is the folder's public API for server code. Browser code and isomorphic rules
// import the isomorphic modules themselves (~/models/billing/prices, /pricing,
// /payment-messages), since this index also re-exports server modules.
export {
  CHAT_COST_CREDITS,
  COMPILE_PRICE,
  CUSTOM_ORDER_COST_CREDITS,
  formatCredits,
  insufficientCreditsMessage,
  priceOf,
  PRICES,
  SCENE_STEP_PRICES,
  sumCredits,
  type VariantChanges,
  variantPriceItems,
  VIDEO_COST_CREDITS,
} from "./prices";
export { formatINR } from "./pricing";
export { DISCOUNT_MESSAGES, discountAppliedMessage, PAYMENT_MESSAGES, type PaymentOutcomeState } from "./payment-messages";
export { balanceOf, grantCredits } from "./credits.server";
export {
  batchesOpenSince,
  ChargeAlreadyApplied,
  chargeForWork,
  chargeWork,
  chargeWorkInTx,
  earlierRequestCharges,
  InsufficientCredits,
  insufficientCreditsRefusal,
  listBatchCharges,
  openSceneStepCharges,
  refundBatchCharges,
  refundBatchChargesInTx,
  refundBatchesCharges,
  type RefundOutcome,
  refundProjectCharges,
  refundWorkCharge,
  settleBatchCharges,
  settleBatchChargesInTx,
  settleWorkCharge,
} from "./work-charges.server";
export {
  getOrderPaymentOutcome,
  getPaymentResult,
  initiatePayment,
  isOrderPaid,
  listSuccessfulTransactions,
  type Payer,
  type PaymentProblem,
  type PaymentRequest,
  PROBLEM_MESSAGE,
  resolvePaymentSummary,
  type SummaryResult,
} from "./payments.server";
export { type CallbackDeps, processGatewayCallback, REFUND_DUE_PREFIX } from "./gateway-callbacks.server";
export { handleGatewayCallback } from "./payment-callbacks.server";
export { discountFor, normalizeDiscountCode } from "./discounts.server";
export { listPlans } from "./plans.server";
