// Numbers of the order screens. Their dates are shown with <Time> (~/components/time/TimeZone),
// in the viewer's zone like every date of the product (ADR 267).

/** "20", "5", "0.5": credits with at most 2 decimals. */
export function formatOrderCredits(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
