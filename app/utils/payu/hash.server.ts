// PayU hosted-checkout hashes (sha512, lower-case hex).
// Request:  key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT
// Response: [additionalCharges|]SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key
import { createHash, timingSafeEqual } from "node:crypto";

export type PayuRequestParams = {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
};

export type PayuResponseParams = PayuRequestParams & {
  status: string;
  /** Present only when PayU charged a convenience fee; then it leads the hash string. */
  additionalCharges?: string | null;
};

function sha512(text: string): string {
  return createHash("sha512").update(text, "utf8").digest("hex");
}

export function requestHashString(p: PayuRequestParams, salt: string): string {
  return [
    p.key,
    p.txnid,
    p.amount,
    p.productinfo,
    p.firstname,
    p.email,
    p.udf1 ?? "",
    p.udf2 ?? "",
    p.udf3 ?? "",
    p.udf4 ?? "",
    p.udf5 ?? "",
    "",
    "",
    "",
    "",
    "",
    salt,
  ].join("|");
}

export function requestHash(p: PayuRequestParams, salt: string): string {
  return sha512(requestHashString(p, salt));
}

export function responseHashString(p: PayuResponseParams, salt: string): string {
  const parts = [
    salt,
    p.status,
    "",
    "",
    "",
    "",
    "",
    p.udf5 ?? "",
    p.udf4 ?? "",
    p.udf3 ?? "",
    p.udf2 ?? "",
    p.udf1 ?? "",
    p.email,
    p.firstname,
    p.productinfo,
    p.amount,
    p.txnid,
    p.key,
  ];
  if (p.additionalCharges != null && p.additionalCharges !== "") parts.unshift(p.additionalCharges);
  return parts.join("|");
}

export function responseHash(p: PayuResponseParams, salt: string): string {
  return sha512(responseHashString(p, salt));
}

/** Hash of the post-service APIs (verify_payment ...): key|command|var1|SALT. */
export function apiHash(key: string, command: string, var1: string, salt: string): string {
  return sha512(`${key}|${command}|${var1}|${salt}`);
}

/** Constant-time comparison of two hex digests (case-insensitive). */
export function hashesEqual(expected: string, received: string | null | undefined): boolean {
  if (!received) return false;
  const a = Buffer.from(expected.toLowerCase(), "utf8");
  const b = Buffer.from(received.trim().toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifyRequestHash(p: PayuRequestParams & { hash?: string | null }, salt: string): boolean {
  return hashesEqual(requestHash(p, salt), p.hash);
}

export function verifyResponseHash(p: PayuResponseParams & { hash?: string | null }, salt: string): boolean {
  return hashesEqual(responseHash(p, salt), p.hash);
}
