// docs/product.md#discount-codes: discounted price = price minus the percentage, rounded to a whole
// number.
import { describe, expect, it } from "vitest";
import { DISCOUNT_MESSAGES, discountAppliedMessage } from "~/models/billing/payment-messages";
import { discountedPrice, formatINR, formatTransactionDate, shortTransactionId } from "~/models/billing/pricing";

describe("discounted price", () => {
  it("takes the percentage off and rounds to whole rupees", () => {
    expect(discountedPrice(600, 10)).toBe(540);
    expect(discountedPrice(2499, 10)).toBe(2249); // 2249.1
    expect(discountedPrice(2499, 15)).toBe(2124); // 2124.15
    expect(discountedPrice(2499, 25)).toBe(1874); // 1874.25
    expect(discountedPrice(2499, 50)).toBe(1250); // 1249.5 rounds half up
    expect(discountedPrice(2499, 33)).toBe(1674); // 1674.33
    expect(discountedPrice(600, 0)).toBe(600);
    expect(discountedPrice(600, 100)).toBe(0);
  });
});

describe("discount messages", () => {
  it("are the documented texts", () => {
    expect(DISCOUNT_MESSAGES.empty).toEqual({ title: "Error", description: "Please enter a discount code." });
    expect(DISCOUNT_MESSAGES.invalid).toEqual({ title: "Invalid Code", description: "This discount code is invalid or has expired." });
    expect(DISCOUNT_MESSAGES.auth_required).toEqual({ title: "Authentication Required", description: "Please log in to apply discount codes." });
    expect(DISCOUNT_MESSAGES.already_used).toEqual({ title: "Code Already Used", description: "You have already used this discount code." });
    expect(DISCOUNT_MESSAGES.error).toEqual({ title: "Error", description: "Failed to validate discount code. Please try again." });
    expect(discountAppliedMessage(10)).toEqual({ title: "Discount Applied!", description: "10% discount has been applied to your purchase." });
  });
});

describe("history formats", () => {
  it("formats rupees with Intl en-IN", () => {
    expect(formatINR(540)).toBe("₹540");
    expect(formatINR(2499)).toBe("₹2,499");
    expect(formatINR(19.5)).toBe("₹19.50");
  });
  it("shows dates as MMM dd, yyyy and the first 12 characters of a transaction id", () => {
    expect(formatTransactionDate("2026-03-05T10:00:00.000Z")).toBe("Mar 05, 2026");
    expect(shortTransactionId("RFMABC123DEF4567XYZ")).toBe("RFMABC123DEF…");
  });
});
