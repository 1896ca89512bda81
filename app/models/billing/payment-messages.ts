// Texts of the payment outcome shown after the gateway returns (docs/product.md#callbacks,
// ADR 052). Shared by the plans page and the custom-order payment page.
export type PaymentOutcomeState = "success" | "failure" | "pending" | "refund" | "error";

export function paymentOutcomeMessage(
  state: PaymentOutcomeState,
  detail: { credits?: number; planName?: string | null; order?: boolean } = {},
): { title: string; description: string } {
  switch (state) {
    case "success":
      return detail.order
        ? { title: "Payment successful", description: "Thank you! Your payment for this order has been received." }
        : {
            title: "Payment successful",
            description: `${detail.credits ?? 0} credits have been added to your account${detail.planName ? ` (${detail.planName} plan)` : ""}.`,
          };
    case "failure":
      return detail.order
        ? {
            title: "Payment failed",
            description: "The payment did not go through, so nothing was paid for this order. Your order is saved: you can try again below.",
          }
        : { title: "Payment failed", description: "The payment did not go through and nothing was charged to your credits. Please try again." };
    case "pending":
      return detail.order
        ? { title: "Payment pending", description: "Your payment is being confirmed. Your order goes ahead as soon as the payment provider confirms it." }
        : { title: "Payment pending", description: "Your payment is being confirmed. Credits are added as soon as the payment provider confirms it." };
    case "refund":
      if (detail.order) {
        return {
          title: "Payment received, order already paid",
          description:
            "This order had already been paid by another payment, so this one was not applied. Please contact us with the transaction ID for a refund.",
        };
      }
      return {
        title: "Payment received, no credits added",
        description:
          "This payment completed after its discount code had already been used by another of your payments, so no credits were added. Please contact us with the transaction ID for a refund.",
      };
    case "error":
      return { title: "Payment could not be verified", description: "We could not verify the response from the payment provider. No credits were added." };
  }
}

/** The order number as the product writes it: "#order-12". */
export function orderReference(orderNumber: number): string {
  return `#order-${orderNumber}`;
}

/**
 * What happens after an order's payment succeeded, for the outcome page (ADR 266): a member
 * follows the order on its page; a guest (no account) hears from staff at the e-mail given.
 */
export function orderNextSteps(detail: { orderNumber: number; guest: boolean; contactEmail: string | null }): string[] {
  const ref = orderReference(detail.orderNumber);
  if (!detail.guest) return [`Our team now starts on order ${ref}. Its page shows its status and, once ready, your video.`];
  return [
    `Our team now starts on order ${ref}. We will write to ${detail.contactEmail ?? "the e-mail address you gave"} when your video is ready, or if we need anything from you.`,
    `Keep the order number ${ref} and the transaction ID: quote them when you contact us about this order.`,
  ];
}

/** Payment messages, verbatim (docs/product.md#payments). */
export const PAYMENT_MESSAGES = {
  orderLoadFailed: "Could not load order details. Please try again.",
  invalidDetails: "Invalid payment details. Please select a plan or order first.",
  orderUnpayable: "Unable to process payment for this order.",
  guestNotFound: "Guest information not found. Please try again.",
  loginRequired: "Please login to continue",
  paymentErrorTitle: "Payment Error",
  initiateFailed: "Failed to initiate payment. Please try again.",
  invalidForm: "Invalid payment form received",
} as const;

export type DiscountCheckError = "empty" | "auth_required" | "invalid" | "already_used" | "error";

/** Discount toasts: title and text, verbatim (docs/product.md#discount-codes). */
export const DISCOUNT_MESSAGES: Record<DiscountCheckError, { title: string; description: string }> = {
  empty: { title: "Error", description: "Please enter a discount code." },
  auth_required: { title: "Authentication Required", description: "Please log in to apply discount codes." },
  invalid: { title: "Invalid Code", description: "This discount code is invalid or has expired." },
  already_used: { title: "Code Already Used", description: "You have already used this discount code." },
  error: { title: "Error", description: "Failed to validate discount code. Please try again." },
};

export function discountAppliedMessage(percentage: number): { title: string; description: string } {
  return { title: "Discount Applied!", description: `${percentage}% discount has been applied to your purchase.` };
}

/** The outcome page of an order's payment (the loader's data; ADR 266). */
export type OrderPaymentOutcome = {
  state: "success" | "refund" | "failure" | "pending";
  txnid: string;
  amount: number;
  orderNumber: number;
  /** The order link's title. */
  title: string | null;
  /** Placed by a guest (no account): the next steps go by e-mail, not an order page. */
  guest: boolean;
  /** The guest's e-mail, partly masked ("a…@example.com"): where staff will write. */
  contactEmail: string | null;
  /** The order link's code, for "Place another order". */
  accessCode: string | null;
};
