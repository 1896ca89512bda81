const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** Rupees for marketing copy: 600 -> "₹600", 2499 -> "₹2,499". */
export function formatRupees(amount: number): string {
  return inr.format(amount);
}

/** Landing claims (docs/product.md#landing-page): the BASIC pack's price per video. */
export const LANDING_PRICE_PER_VIDEO_INR = 600;
/**
 * Delivery as measured, not promised: offline renders take seconds to a minute, hosted video
 * models minutes per clip, so "in minutes" (ADR 135).
 */
export const LANDING_DELIVERY = "in minutes";
