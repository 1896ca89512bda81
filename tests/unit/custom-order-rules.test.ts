import { describe, expect, it } from "vitest";
import { formatRate, isValidPhone, orderStatusBadge } from "~/models/orders/custom-order-rules";

describe("order status badges (docs/product.md#custom-orders)", () => {
  it("colour the known statuses and show any other one grey with its raw text", () => {
    expect(orderStatusBadge("pending").className).toContain("yellow");
    expect(orderStatusBadge("processing").className).toContain("blue");
    expect(orderStatusBadge("completed").className).toContain("green");
    expect(orderStatusBadge("delivered").className).toContain("purple");
    expect(orderStatusBadge("cancelled").className).toContain("red");
    expect(orderStatusBadge("in_progress")).toEqual({ label: "in_progress", className: expect.stringContaining("slate") });
    expect(orderStatusBadge("awaiting_payment").label).toBe("awaiting_payment");
  });
});

describe("link rates", () => {
  it("are Free at 0 and rupees otherwise", () => {
    expect(formatRate(0)).toBe("Free");
    expect(formatRate(1500)).toBe("₹1,500.00");
    expect(formatRate(99.5)).toBe("₹99.50");
  });
});

describe("guest phone numbers", () => {
  it("need 5 digits or plus signs", () => {
    expect(isValidPhone("+91 98765 43210")).toBe(true);
    expect(isValidPhone("12-34")).toBe(false);
  });
});
