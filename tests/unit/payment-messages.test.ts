// Outcome texts of an order's payment (issue 20 finding 11, ADR 266): a guest has no credits and
// no account, so an order's failure and pending texts speak of the order, and the next steps
// after a success name the order number and where staff will write.
import { describe, expect, it } from "vitest";
import { orderNextSteps, orderReference, paymentOutcomeMessage } from "~/models/billing/payment-messages";

describe("order payment outcome texts", () => {
  it("a failed or pending order payment never speaks of credits; a plan's still does", () => {
    for (const state of ["failure", "pending", "refund"] as const) {
      const text = paymentOutcomeMessage(state, { order: true });
      expect(`${text.title} ${text.description}`).not.toMatch(/credit/i);
    }
    expect(paymentOutcomeMessage("failure", { order: true }).description).toBe(
      "The payment did not go through, so nothing was paid for this order. Your order is saved: you can try again below.",
    );
    expect(paymentOutcomeMessage("failure").description).toBe("The payment did not go through and nothing was charged to your credits. Please try again.");
    expect(paymentOutcomeMessage("success", { order: true })).toEqual({
      title: "Payment successful",
      description: "Thank you! Your payment for this order has been received.",
    });
  });

  it("a guest's next steps name the order number and the e-mail staff will write to", () => {
    expect(orderReference(42)).toBe("#order-42");
    const guest = orderNextSteps({ orderNumber: 42, guest: true, contactEmail: "a…@example.com" }).join(" ");
    expect(guest).toContain("#order-42");
    expect(guest).toContain("a…@example.com");
    expect(guest).toMatch(/transaction ID/);
    const member = orderNextSteps({ orderNumber: 42, guest: false, contactEmail: null }).join(" ");
    expect(member).toContain("#order-42");
    expect(member).not.toContain("e-mail");
  });
});
