// Shared by the payments-*.test.ts files: users, sessions, gateway answers signed like PayU.
import { createHash } from "node:crypto";
import type { Payer } from "~/models/billing";
import { prisma } from "~/utils/db.server";
import type { CheckoutForm } from "~/utils/payu/checkout";
import { sessionStorage, USER_SESSION_KEY } from "~/utils/session.server";

export const sha512 = (s: string) => createHash("sha512").update(s, "utf8").digest("hex");

let counter = 0;
export function uid(tag = "t"): string {
  counter += 1;
  return `${tag}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export async function newPayer(opts: { username?: string | null; credits?: number } = {}): Promise<Payer> {
  const email = `${uid("pay")}@test.local`;
  const username = opts.username === undefined ? uid("u") : opts.username;
  const user = await prisma.user.create({ data: { email, profile: { create: { username } } } });
  return { id: user.id, email, phone: null, username };
}

/** The Cookie header of a signed-in session for the user. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession();
  session.set(USER_SESSION_KEY, userId);
  return (await storage.commitSession(session)).split(";")[0];
}

export function fieldsOf(form: CheckoutForm): Record<string, string> {
  return Object.fromEntries(form.fields);
}

/**
 * What PayU posts back: the request fields plus status, mihpayid, and the reverse hash
 * sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 * computed here independently of the app's code.
 */
export function signedAnswer(request: Record<string, string>, salt: string, status: string, overrides: Record<string, string> = {}): Record<string, string> {
  const f: Record<string, string> = { ...request, status, mihpayid: `MIH${Date.now()}`, ...overrides };
  const parts = [salt, f.status, "", "", "", "", "", f.udf5, f.udf4, f.udf3, f.udf2, f.udf1, f.email, f.firstname, f.productinfo, f.amount, f.txnid, f.key];
  if (f.additionalCharges) parts.unshift(f.additionalCharges);
  const answer: Record<string, string> = { ...f, hash: sha512(parts.join("|")) };
  delete answer.surl;
  delete answer.furl;
  return answer;
}

export async function ledgerFor(userId: string) {
  return prisma.creditLedgerEntry.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
}

export async function balanceOf(userId: string): Promise<number> {
  const row = await prisma.creditAccount.findUnique({ where: { userId } });
  return row ? Number(row.balance) : 0;
}

export async function ensurePlans(): Promise<void> {
  const plans = [
    { name: "BASIC", credits: 20, price: 600, billing: "One-time", features: ["AI Video: 20 credits"], sortOrder: 1 },
    { name: "PRO", credits: 100, price: 2499, billing: "One-time", features: ["AI Video: 20 credits", "Priority Support"], sortOrder: 2 },
  ];
  for (const plan of plans) await prisma.plan.upsert({ where: { name: plan.name }, update: plan, create: plan });
}

export async function newDiscount(percentage: number, opts: { validUntil?: Date; code?: string } = {}) {
  return prisma.discountCode.create({
    data: {
      code: opts.code ?? uid("CODE").toUpperCase(),
      discountPercentage: percentage,
      validUntil: opts.validUntil ?? new Date(Date.now() + 24 * 3600 * 1000),
    },
  });
}
