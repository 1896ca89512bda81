// The sandbox gateway checks the request like PayU and answers with correctly signed responses.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCheckoutForm } from "~/utils/payu/form.server";
import { verifyResponseHash } from "~/utils/payu/hash.server";
import { prepareSandboxCheckout } from "~/utils/payu/sandbox.server";

const sha512 = (s: string) => createHash("sha512").update(s, "utf8").digest("hex");
const config = { key: "sbxKEY", salt: "sandbox-salt-123", paymentUrl: "http://app.test/payment/sandbox", provider: "sandbox" as const };
const origin = "http://app.test";

function post(overrides: Record<string, string> = {}) {
  const form = buildCheckoutForm(config, {
    txnid: "RFSANDBOX1",
    amount: "540.00",
    productinfo: "BASIC - 20 credits",
    firstname: "Asha",
    email: "asha@example.com",
    phone: "",
    surl: `${origin}/api/payments/payu/success`,
    furl: `${origin}/api/payments/payu/failure`,
    udf1: "user_1",
    udf3: "BASIC",
  });
  return { ...Object.fromEntries(form.fields), ...overrides };
}

describe("sandbox gateway", () => {
  it("answers success to surl and failure to furl, each with the reverse hash", () => {
    const result = prepareSandboxCheckout(post(), config, origin);
    if (!result.ok) throw new Error(result.error);
    expect(result.success.action).toBe(`${origin}/api/payments/payu/success`);
    expect(result.failure.action).toBe(`${origin}/api/payments/payu/failure`);
    const success = Object.fromEntries(result.success.fields);
    const failure = Object.fromEntries(result.failure.fields);
    expect(success.status).toBe("success");
    expect(success.hash).toBe(sha512("sandbox-salt-123|success||||||||BASIC||user_1|asha@example.com|Asha|BASIC - 20 credits|540.00|RFSANDBOX1|sbxKEY"));
    expect(failure.hash).toBe(sha512("sandbox-salt-123|failure||||||||BASIC||user_1|asha@example.com|Asha|BASIC - 20 credits|540.00|RFSANDBOX1|sbxKEY"));
    const signed = {
      key: success.key,
      txnid: success.txnid,
      amount: success.amount,
      productinfo: success.productinfo,
      firstname: success.firstname,
      email: success.email,
      udf1: success.udf1,
      udf2: success.udf2,
      udf3: success.udf3,
      udf4: success.udf4,
      udf5: success.udf5,
      status: success.status,
      hash: success.hash,
    };
    expect(verifyResponseHash(signed, config.salt)).toBe(true);
  });

  it("rejects a request whose hash does not match (e.g. an edited amount)", () => {
    const result = prepareSandboxCheckout(post({ amount: "1.00" }), config, origin);
    expect(result).toEqual({ ok: false, error: "The request hash does not match: the payment request was rejected." });
  });

  it("rejects an unknown key and return URLs outside the app", () => {
    expect(prepareSandboxCheckout(post({ key: "other" }), config, origin).ok).toBe(false);
    expect(prepareSandboxCheckout(post({ surl: "https://evil.example/steal" }), config, origin).ok).toBe(false);
    expect(prepareSandboxCheckout(post({ furl: "javascript:alert(1)" }), config, origin).ok).toBe(false);
  });
});
