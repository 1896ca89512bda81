const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** Rupees for marketing copy: 600 -> "₹600", 2499 -> "₹2,499". */
export function formatRupees(amount: number): string {
  return inr.format(amount);
}

/** Landing claims (seed 000 §1 and §9). */
export const LANDING_PRICE_PER_VIDEO_INR = 600;
export const LANDING_DELIVERY_MINUTES = 30;
