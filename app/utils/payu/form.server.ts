// Builds PayU's hosted-checkout form (key, txnid, amount, productinfo, firstname, email, phone,
// surl, furl, udf1-udf5, hash).
import type { CheckoutForm } from "./checkout";
import type { GatewayConfig } from "./config.server";
import { requestHash } from "./hash.server";

export type CheckoutParams = {
  txnid: string;
  /** Two decimals, e.g. "540.00": the exact string that is hashed and posted. */
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  phone: string;
  surl: string;
  furl: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
};

export function buildCheckoutForm(config: Pick<GatewayConfig, "key" | "salt" | "paymentUrl" | "provider">, p: CheckoutParams): CheckoutForm {
  const udf = [p.udf1 ?? "", p.udf2 ?? "", p.udf3 ?? "", p.udf4 ?? "", p.udf5 ?? ""];
  const hash = requestHash(
    {
      key: config.key,
      txnid: p.txnid,
      amount: p.amount,
      productinfo: p.productinfo,
      firstname: p.firstname,
      email: p.email,
      udf1: udf[0],
      udf2: udf[1],
      udf3: udf[2],
      udf4: udf[3],
      udf5: udf[4],
    },
    config.salt,
  );
  return {
    action: config.paymentUrl,
    provider: config.provider,
    fields: [
      ["key", config.key],
      ["txnid", p.txnid],
      ["amount", p.amount],
      ["productinfo", p.productinfo],
      ["firstname", p.firstname],
      ["email", p.email],
      ["phone", p.phone],
      ["surl", p.surl],
      ["furl", p.furl],
      ["udf1", udf[0]],
      ["udf2", udf[1]],
      ["udf3", udf[2]],
      ["udf4", udf[3]],
      ["udf5", udf[4]],
      ["hash", hash],
    ],
  };
}

/** PayU limits free-text fields; keep letters, digits, spaces and a few safe marks. */
export function payuText(value: string, max: number, fallback: string): string {
  const cleaned = value
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 .,_\-:#()]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
  return cleaned || fallback;
}
