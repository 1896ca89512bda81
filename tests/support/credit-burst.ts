// A burst of purchases and spends through the real money paths, for the database durability
// fault test (tests/integration/faults-postgres-killed.test.ts) and its benchmark
// (bench/durability.ts). A purchase is a sandbox checkout (initiatePayment) completed by a
// signed success callback (processGatewayCallback), which grants the plan's credits; a spend is a
// charge through the one writer of balances (applyCreditChange). Each call that returns has been
// acknowledged by the database, and says what it wrote so a check after a crash can find it.
// Import it only where DATABASE_URL is already set (it loads the Prisma client).
import { initiatePayment, type Payer, processGatewayCallback } from "~/models/billing";
import { applyCreditChange } from "~/models/billing/credits.server";
import { gatewayConfig } from "~/utils/payu/config.server";
import { ensurePlans, fieldsOf, newPayer, signedAnswer, uid } from "../integration/payments-helpers";

/** BASIC: 20 credits for ₹600 (tests/integration/payments-helpers.ts ensurePlans). */
export const PURCHASE_CREDITS = 20;
export const SPEND_CREDITS = 5;

export type Acknowledged = { kind: "purchase" | "spend"; userId: string; reference: string; delta: number };

export async function burstUsers(count: number): Promise<Payer[]> {
  await ensurePlans();
  const users: Payer[] = [];
  for (let i = 0; i < count; i++) users.push(await newPayer());
  return users;
}

/** One purchase of BASIC, paid and granted. Resolves once the grant is committed. */
export async function purchase(payer: Payer): Promise<Acknowledged> {
  const sandbox = gatewayConfig("sandbox");
  if (!sandbox) throw new Error("the sandbox gateway is off (set PAYMENTS_SANDBOX=true)");
  const started = await initiatePayment({ user: payer, planName: "BASIC" }, { provider: "sandbox", config: sandbox });
  if (!started.ok) throw new Error(`initiatePayment failed: ${JSON.stringify(started)}`);
  const outcome = await processGatewayCallback(signedAnswer(fieldsOf(started.checkout), sandbox.salt, "success"), "success", { config: () => sandbox });
  if (outcome.result !== "success" || !outcome.granted) throw new Error(`the success callback granted nothing: ${JSON.stringify(outcome)}`);
  return { kind: "purchase", userId: payer.id, reference: started.txnid, delta: PURCHASE_CREDITS };
}

/** One charge of SPEND_CREDITS; null when the balance is too low (nothing written). */
export async function spend(payer: Payer): Promise<Acknowledged | null> {
  const reference = uid("spend");
  const result = await applyCreditChange({ userId: payer.id, delta: -SPEND_CREDITS, reason: "video_charge", reference, note: "durability burst" });
  if (!result.ok) {
    if (result.code === "insufficient_credits") return null;
    throw new Error(`spend failed: ${result.code}`);
  }
  return { kind: "spend", userId: payer.id, reference, delta: -SPEND_CREDITS };
}

/**
 * `clients` loops at once, each over its own share of the users: a purchase, then spends until
 * the balance runs out, again, until `stop()` says so or a call fails (the database went away).
 * Every acknowledged change is passed to `onAck` as soon as its call returns. Resolves with the
 * first error each client met (none when stopped cleanly).
 */
export async function runBurst(opts: {
  users: readonly Payer[];
  clients: number;
  stop: () => boolean;
  onAck: (ack: Acknowledged) => void;
}): Promise<unknown[]> {
  const errors: unknown[] = [];
  await Promise.all(
    Array.from({ length: opts.clients }, async (_, client) => {
      const mine = opts.users.filter((_, i) => i % opts.clients === client);
      try {
        for (let round = 0; !opts.stop(); round++) {
          const user = mine[round % mine.length];
          opts.onAck(await purchase(user));
          for (;;) {
            if (opts.stop()) return;
            const charged = await spend(user);
            if (!charged) break;
            opts.onAck(charged);
          }
        }
      } catch (error) {
        errors.push(error);
      }
    }),
  );
  return errors;
}
