// Pure pricing and formatting helpers shared by the server core and the plan screens.
import { TRANSACTION_ID_DISPLAY_CHARS } from "~/utils/constants";
import { FALLBACK_TIME_ZONE, formatInZone } from "~/utils/dates";

/** docs/product.md#discount-codes: price minus the percentage, rounded to a whole number (of rupees). */
export function discountedPrice(price: number, percentage: number): number {
  const pct = Math.min(100, Math.max(0, percentage));
  // Work in paise so 2499 * 0.9 is exactly 224910 before rounding.
  const paise = Math.round(price * 100);
  return Math.round((paise * (100 - pct)) / 100 / 100);
}

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });
const inrCents = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "₹2,499" for whole rupees, "₹19.50" otherwise (Intl en-IN, INR). */
export function formatINR(amount: number): string {
  return Number.isInteger(amount) ? inr.format(amount) : inrCents.format(amount);
}

/** "MMM dd, yyyy", e.g. "Nov 05, 2026", in the viewer's zone (UTC when unknown; ADR 267). */
export function formatTransactionDate(date: Date | string, zone: string = FALLBACK_TIME_ZONE): string {
  return formatInZone(date, zone, "date");
}

/** The first 12 characters of a transaction id and an ellipsis. */
export function shortTransactionId(id: string): string {
  return id.length > TRANSACTION_ID_DISPLAY_CHARS ? `${id.slice(0, TRANSACTION_ID_DISPLAY_CHARS)}…` : id;
}
