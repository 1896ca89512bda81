// Dates of the order screens: one zone on server and client (no hydration mismatch), en-IN.
const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

export function formatOrderDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : "—";
}

export function formatOrderDateTime(iso: string | null): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : "—";
}

/** "20", "5", "0.5": credits with at most 2 decimals. */
export function formatOrderCredits(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
