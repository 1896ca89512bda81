// PayU hash vectors: every expected digest is computed here, independently, with node:crypto
// from the literal pipe-joined string of PayU's documented sequences.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidCheckoutForm } from "~/utils/payu/checkout";
import { buildCheckoutForm } from "~/utils/payu/form.server";
import { apiHash, requestHash, responseHash, verifyRequestHash, verifyResponseHash } from "~/utils/payu/hash.server";

const sha512 = (s: string) => createHash("sha512").update(s, "utf8").digest("hex");

const KEY = "gtKFFx";
const SALT = "eCwWELxi";
const base = {
  key: KEY,
  txnid: "RFMABC123DEF4567",
  amount: "540.00",
  productinfo: "BASIC - 20 credits",
  firstname: "Asha",
  email: "asha@example.com",
  udf1: "user_1",
  udf2: "",
  udf3: "BASIC",
  udf4: "",
  udf5: "",
};

describe("PayU request hash", () => {
  it("is sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)", () => {
    const expected = sha512("gtKFFx|RFMABC123DEF4567|540.00|BASIC - 20 credits|Asha|asha@example.com|user_1||BASIC||||||||eCwWELxi");
    expect(requestHash(base, SALT)).toBe(expected);
  });

  it("places all five udf fields in order", () => {
    const p = { ...base, udf1: "a", udf2: "b", udf3: "c", udf4: "d", udf5: "e" };
    expect(requestHash(p, SALT)).toBe(sha512("gtKFFx|RFMABC123DEF4567|540.00|BASIC - 20 credits|Asha|asha@example.com|a|b|c|d|e||||||eCwWELxi"));
  });

  it("verifies only the exact fields it was computed from", () => {
    const hash = requestHash(base, SALT);
    expect(verifyRequestHash({ ...base, hash }, SALT)).toBe(true);
    expect(verifyRequestHash({ ...base, hash: hash.toUpperCase() }, SALT)).toBe(true);
    expect(verifyRequestHash({ ...base, amount: "1.00", hash }, SALT)).toBe(false);
    expect(verifyRequestHash({ ...base, hash }, "other-salt")).toBe(false);
    expect(verifyRequestHash({ ...base, hash: "" }, SALT)).toBe(false);
  });
});

describe("PayU response (reverse) hash", () => {
  it("is sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)", () => {
    const p = { ...base, udf1: "a", udf2: "b", udf3: "c", udf4: "d", udf5: "e", status: "success" };
    const expected = sha512("eCwWELxi|success||||||e|d|c|b|a|asha@example.com|Asha|BASIC - 20 credits|540.00|RFMABC123DEF4567|gtKFFx");
    expect(responseHash(p, SALT)).toBe(expected);
  });

  it("puts additionalCharges in front when it is posted", () => {
    const p = { ...base, status: "success", additionalCharges: "12.50" };
    const expected = sha512("12.50|eCwWELxi|success||||||||BASIC||user_1|asha@example.com|Asha|BASIC - 20 credits|540.00|RFMABC123DEF4567|gtKFFx");
    expect(responseHash(p, SALT)).toBe(expected);
    // An empty additionalCharges field is the same as none.
    expect(responseHash({ ...p, additionalCharges: "" }, SALT)).toBe(
      sha512("eCwWELxi|success||||||||BASIC||user_1|asha@example.com|Asha|BASIC - 20 credits|540.00|RFMABC123DEF4567|gtKFFx"),
    );
  });

  it("rejects a tampered status, amount, txnid or udf", () => {
    const p = { ...base, status: "failure" };
    const hash = sha512("eCwWELxi|failure||||||||BASIC||user_1|asha@example.com|Asha|BASIC - 20 credits|540.00|RFMABC123DEF4567|gtKFFx");
    expect(verifyResponseHash({ ...p, hash }, SALT)).toBe(true);
    expect(verifyResponseHash({ ...p, status: "success", hash }, SALT)).toBe(false);
    expect(verifyResponseHash({ ...p, amount: "5400.00", hash }, SALT)).toBe(false);
    expect(verifyResponseHash({ ...p, txnid: "RFOTHER", hash }, SALT)).toBe(false);
    expect(verifyResponseHash({ ...p, udf1: "someone_else", hash }, SALT)).toBe(false);
    expect(verifyResponseHash({ ...p, additionalCharges: "0.00", hash }, SALT)).toBe(false);
  });
});

describe("post-service API hash", () => {
  it("is sha512(key|command|var1|SALT)", () => {
    expect(apiHash(KEY, "verify_payment", "RFMABC123DEF4567", SALT)).toBe(sha512("gtKFFx|verify_payment|RFMABC123DEF4567|eCwWELxi"));
  });
});

describe("hosted-checkout form", () => {
  it("carries every PayU field and a request hash over them", () => {
    const form = buildCheckoutForm(
      { key: KEY, salt: SALT, paymentUrl: "https://test.payu.in/_payment", provider: "payu" },
      {
        txnid: base.txnid,
        amount: base.amount,
        productinfo: base.productinfo,
        firstname: base.firstname,
        email: base.email,
        phone: "9876543210",
        surl: "https://app.example/api/payments/payu/success",
        furl: "https://app.example/api/payments/payu/failure",
        udf1: "user_1",
        udf3: "BASIC",
      },
    );
    expect(form.action).toBe("https://test.payu.in/_payment");
    expect(form.fields.map(([name]) => name)).toEqual([
      "key",
      "txnid",
      "amount",
      "productinfo",
      "firstname",
      "email",
      "phone",
      "surl",
      "furl",
      "udf1",
      "udf2",
      "udf3",
      "udf4",
      "udf5",
      "hash",
    ]);
    const fields = Object.fromEntries(form.fields);
    expect(fields.hash).toBe(sha512("gtKFFx|RFMABC123DEF4567|540.00|BASIC - 20 credits|Asha|asha@example.com|user_1||BASIC||||||||eCwWELxi"));
    expect(isValidCheckoutForm(form)).toBe(true);
  });

  it("is refused by the client check when it is malformed", () => {
    expect(isValidCheckoutForm(null)).toBe(false);
    expect(isValidCheckoutForm({ action: "javascript:alert(1)", provider: "payu", fields: [["hash", "x"]] })).toBe(false);
    expect(isValidCheckoutForm({ action: "https://test.payu.in/_payment", provider: "payu", fields: [["key", "k"]] })).toBe(false);
  });
});
