// Which payment gateway is active and its credentials (ADR 050).
// PayU when PAYU_KEY and PAYU_SALT are set; otherwise the built-in sandbox gateway at
// /payment/sandbox, which speaks the same protocol with a key and salt derived from
// SESSION_SECRET (stable across restarts, never shown to the buyer). It hands out credits for
// free, so it is on by default only on a developer's own machine (outside production, listening
// on loopback) and otherwise only with PAYMENTS_SANDBOX=true (ADR 120).
import { createHmac } from "node:crypto";
import { sandboxGatewayEnabled } from "~/utils/conveniences.server";
import { appUrl, env } from "~/utils/env.server";

export type GatewayProvider = "sandbox" | "payu";

export type GatewayConfig = {
  provider: GatewayProvider;
  key: string;
  salt: string;
  /** Where the checkout form is posted. */
  paymentUrl: string;
  /** PayU post-service URL for verify_payment; null when not configured (and for the sandbox). */
  verifyUrl: string | null;
};

export const SANDBOX_PATH = "/payment/sandbox";
export const SUCCESS_CALLBACK_PATH = "/api/payments/payu/success";
export const FAILURE_CALLBACK_PATH = "/api/payments/payu/failure";

function derive(label: string): string {
  return createHmac("sha256", env().SESSION_SECRET).update(`reelforge:payu-sandbox:${label}`).digest("hex");
}

export function sandboxEnabled(): boolean {
  return sandboxGatewayEnabled(env());
}

/** The provider new payments use, or null when payments are not configured. */
export function activeProvider(): GatewayProvider | null {
  const e = env();
  if (e.PAYU_KEY && e.PAYU_SALT) return "payu";
  return sandboxEnabled() ? "sandbox" : null;
}

/**
 * Credentials of one provider. Callbacks resolve the provider from the transaction row, so a
 * payment started on one provider is always verified with that provider's salt.
 */
export function gatewayConfig(provider: GatewayProvider, request?: Request): GatewayConfig | null {
  const e = env();
  if (provider === "payu") {
    if (!e.PAYU_KEY || !e.PAYU_SALT) return null;
    return { provider, key: e.PAYU_KEY, salt: e.PAYU_SALT, paymentUrl: e.PAYU_BASE_URL, verifyUrl: e.PAYU_VERIFY_URL ?? null };
  }
  if (!sandboxEnabled()) return null;
  return {
    provider,
    key: `sbx${derive("key").slice(0, 9)}`,
    salt: derive("salt"),
    paymentUrl: `${appUrl(request)}${SANDBOX_PATH}`,
    verifyUrl: null,
  };
}

export function callbackUrls(request?: Request): { surl: string; furl: string } {
  const origin = appUrl(request);
  return { surl: `${origin}${SUCCESS_CALLBACK_PATH}`, furl: `${origin}${FAILURE_CALLBACK_PATH}` };
}
