// The hosted-checkout form handed to the browser (shared by server and client code).
export type CheckoutForm = {
  /** Gateway URL the browser posts to (PayU's _payment or the sandbox page). */
  action: string;
  provider: "sandbox" | "payu";
  /** Field name and value, in the order they are posted. */
  fields: Array<[string, string]>;
};

const REQUIRED = ["key", "txnid", "amount", "productinfo", "firstname", "surl", "furl", "hash"] as const;

/** A form the client may auto-submit: http(s) action and every field PayU requires. */
export function isValidCheckoutForm(form: unknown): form is CheckoutForm {
  if (!form || typeof form !== "object") return false;
  const f = form as Partial<CheckoutForm>;
  if (typeof f.action !== "string" || !/^https?:\/\//i.test(f.action)) return false;
  if (!Array.isArray(f.fields)) return false;
  const names = new Map(f.fields.filter((p) => Array.isArray(p) && p.length === 2).map(([k, v]) => [k, v]));
  return REQUIRED.every((name) => typeof names.get(name) === "string" && names.get(name) !== "");
}
