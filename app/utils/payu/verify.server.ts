// Client of PayU's post-service verify_payment command: asks PayU for the state of a txnid
// before credits are granted (ADR 051).
import type { GatewayConfig } from "./config.server";
import { apiHash } from "./hash.server";

export type VerifiedPayment = {
  ok: true;
  /** PayU's status, lower-cased: success, failure, pending, not found ... */
  status: string;
  /** Amount PayU recorded ("540.00"), when it reports one. */
  amount: string | null;
  mihpayid: string | null;
};

export type VerifyFailure = { ok: false; error: string };

type Fetch = typeof fetch;

export async function verifyPayment(
  config: Pick<GatewayConfig, "key" | "salt" | "verifyUrl">,
  txnid: string,
  opts: { fetch?: Fetch; timeoutMs?: number } = {},
): Promise<VerifiedPayment | VerifyFailure> {
  if (!config.verifyUrl) return { ok: false, error: "verify_payment is not configured" };
  const command = "verify_payment";
  const body = new URLSearchParams({ key: config.key, command, var1: txnid, hash: apiHash(config.key, command, txnid, config.salt) });
  let json: unknown;
  try {
    const response = await (opts.fetch ?? fetch)(config.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    if (!response.ok) return { ok: false, error: `verify_payment answered HTTP ${response.status}` };
    json = await response.json();
  } catch (error) {
    return { ok: false, error: `verify_payment failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const details = (json as { transaction_details?: Record<string, Record<string, unknown>> } | null)?.transaction_details;
  const row = details && typeof details === "object" ? details[txnid] : undefined;
  if (!row || typeof row !== "object") return { ok: false, error: "verify_payment returned no details for this transaction" };
  const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : null);
  const status = (str(row.status) ?? "").trim().toLowerCase();
  if (!status) return { ok: false, error: "verify_payment returned no status" };
  return {
    ok: true,
    status,
    amount: str(row.amt) ?? str(row.transaction_amount) ?? str(row.amount),
    mihpayid: str(row.mihpayid),
  };
}
