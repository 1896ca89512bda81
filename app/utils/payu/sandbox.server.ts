// The built-in sandbox gateway (ADR 050): it takes the same form post as PayU's hosted
// checkout, checks the request hash like PayU does, and prepares the signed responses the
// buyer can send back to surl (success) or furl (failure). It never touches the database:
// the callbacks go through the same verification as PayU's.
import { randomBytes } from "node:crypto";
import type { GatewayConfig } from "./config.server";
import { responseHash, verifyRequestHash } from "./hash.server";

export type SandboxForm = { action: string; fields: Array<[string, string]> };

export type SandboxCheckout =
  | {
      ok: true;
      order: { key: string; txnid: string; amount: string; productinfo: string; firstname: string; email: string; phone: string };
      success: SandboxForm;
      failure: SandboxForm;
    }
  | { ok: false; error: string };

const UDFS = ["udf1", "udf2", "udf3", "udf4", "udf5"] as const;

function isReturnUrl(value: string, origin: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === origin;
  } catch {
    return false;
  }
}

function istTimestamp(now: Date): string {
  // PayU's "addedon" is local time in India, "YYYY-MM-DD HH:mm:ss".
  const ist = new Date(now.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 19)}`;
}

/**
 * Validates a checkout post and prepares both possible answers.
 * `origin` is this app's public origin: the sandbox only answers to its own surl/furl.
 */
export function prepareSandboxCheckout(
  post: Record<string, string>,
  config: Pick<GatewayConfig, "key" | "salt">,
  origin: string,
  now = new Date(),
): SandboxCheckout {
  const get = (name: string) => (typeof post[name] === "string" ? post[name] : "");
  const req = {
    key: get("key"),
    txnid: get("txnid"),
    amount: get("amount"),
    productinfo: get("productinfo"),
    firstname: get("firstname"),
    email: get("email"),
    udf1: get("udf1"),
    udf2: get("udf2"),
    udf3: get("udf3"),
    udf4: get("udf4"),
    udf5: get("udf5"),
    hash: get("hash"),
  };
  if (!req.key || !req.txnid || !req.amount || !req.productinfo || !req.hash) return { ok: false, error: "The payment request is missing required fields." };
  if (req.key !== config.key) return { ok: false, error: "Unknown merchant key." };
  if (!verifyRequestHash(req, config.salt)) return { ok: false, error: "The request hash does not match: the payment request was rejected." };
  if (!/^\d+(\.\d{1,2})?$/.test(req.amount) || !(Number(req.amount) > 0)) return { ok: false, error: "Invalid amount." };
  const surl = get("surl");
  const furl = get("furl");
  if (!isReturnUrl(surl, origin) || !isReturnUrl(furl, origin)) return { ok: false, error: "The return URLs must point back to this app." };

  const mihpayid = `SBX${Date.now()}${randomBytes(3).toString("hex")}`;
  const answer = (status: "success" | "failure"): SandboxForm => {
    const base = { ...req, status };
    const hash = responseHash(base, config.salt);
    const ok = status === "success";
    const fields: Array<[string, string]> = [
      ["mihpayid", mihpayid],
      ["mode", "SANDBOX"],
      ["status", status],
      ["unmappedstatus", ok ? "captured" : "failed"],
      ["key", req.key],
      ["txnid", req.txnid],
      ["amount", req.amount],
      ["addedon", istTimestamp(now)],
      ["productinfo", req.productinfo],
      ["firstname", req.firstname],
      ["lastname", ""],
      ["email", req.email],
      ["phone", get("phone")],
      ...UDFS.map((name): [string, string] => [name, req[name]]),
      ["field9", ok ? "Sandbox payment completed successfully" : "Sandbox payment declined by the buyer"],
      ["payment_source", "sandbox"],
      ["PG_TYPE", "SANDBOX"],
      ["bank_ref_num", ok ? mihpayid : ""],
      ["bankcode", "SANDBOX"],
      ["error", ok ? "E000" : "E500"],
      ["error_Message", ok ? "No Error" : "Declined in the sandbox"],
      ["hash", hash],
    ];
    return { action: ok ? surl : furl, fields };
  };
  return {
    ok: true,
    order: {
      key: req.key,
      txnid: req.txnid,
      amount: req.amount,
      productinfo: req.productinfo,
      firstname: req.firstname,
      email: req.email,
      phone: get("phone"),
    },
    success: answer("success"),
    failure: answer("failure"),
  };
}
