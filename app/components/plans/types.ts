// Shapes shared by the plans routes and components (client-safe).
export type PlanCardData = { id: string; name: string; credits: number; price: number; billing: string; features: string[] };

export type TransactionRowData = { id: string; txnid: string; createdAt: string; amount: number; planName: string | null };

export type DiscountActionData =
  | { intent: "apply-discount"; ok: true; code: string; percentage: number; title: string; description: string }
  | { intent: "apply-discount"; ok: false; code: string; error: string; title: string; description: string };

export type AppliedCode = { code: string; percentage: number };
