// Credits core: the balance (user_credits) and its ledger (credit_update_logs).
// applyCreditChange is the only writer of balances: it changes the balance and writes the
// ledger row in one transaction, never lets a balance go below zero (the conditional UPDATE
// is atomic under any concurrency), and applies a (reason, reference) pair at most once.
import { NotFoundError, type Actor } from "~/models/access/actor.server";
import { AdminOnlyError, isAdminActor, mayAccess } from "~/models/access/permissions.server";
import { Prisma, prisma, sqlRows } from "~/utils/db.server";
import type { CreditReason } from "~/generated/prisma/client";

export type CreditChange = {
  userId: string;
  /** Positive to add credits, negative to charge. At most 2 decimal places. */
  delta: number | string;
  reason: CreditReason;
  /** What caused it (payment txnid, story id ...). With a reference the change applies once. */
  reference?: string | null;
  note?: string | null;
};

export type CreditChangeResult =
  | { ok: true; before: number; after: number; ledgerId: string }
  | { ok: false; code: "insufficient_credits"; balance: number }
  | { ok: false; code: "already_applied" };

export class CreditAmountError extends Error {}

function toDecimal(delta: number | string): Prisma.Decimal {
  const d = new Prisma.Decimal(delta);
  if (!d.isFinite() || d.isZero()) throw new CreditAmountError("A credit change must be a non-zero amount.");
  if (d.decimalPlaces() > 2) throw new CreditAmountError("Credits have at most 2 decimal places.");
  return d;
}

type Tx = Prisma.TransactionClient;

/** Applies a change inside an existing transaction (for callers that write other rows with it). */
export async function applyCreditChangeInTx(tx: Tx, change: CreditChange): Promise<CreditChangeResult> {
  const delta = toDecimal(change.delta);
  const reference = change.reference ?? null;
  if (reference) {
    const existing = await tx.creditLedgerEntry.findFirst({
      where: { userId: change.userId, reason: change.reason, reference },
      select: { id: true },
    });
    if (existing) return { ok: false, code: "already_applied" };
  }
  await tx.$executeRaw`INSERT INTO "user_credits" ("userId", "balance", "updatedAt") VALUES (${change.userId}, 0, now()) ON CONFLICT ("userId") DO NOTHING`;
  const rows = await tx.$queryRaw<{ balance: Prisma.Decimal }[]>`
    UPDATE "user_credits" SET "balance" = "balance" + ${delta}::numeric, "updatedAt" = now()
    WHERE "userId" = ${change.userId} AND "balance" + ${delta}::numeric >= 0
    RETURNING "balance"`;
  if (rows.length === 0) {
    const current = await tx.creditAccount.findUnique({ where: { userId: change.userId }, select: { balance: true } });
    return { ok: false, code: "insufficient_credits", balance: Number(current?.balance ?? 0) };
  }
  const after = new Prisma.Decimal(rows[0].balance);
  const before = after.minus(delta);
  const entry = await tx.creditLedgerEntry.create({
    data: { userId: change.userId, delta, before, after, reason: change.reason, reference, note: change.note ?? null },
    select: { id: true },
  });
  return { ok: true, before: before.toNumber(), after: after.toNumber(), ledgerId: entry.id };
}

/**
 * Locks the user's balance row until the caller's transaction ends, which orders that user's
 * charges one after the other; returns the balance (0 when there is no row yet).
 */
export async function lockBalanceInTx(tx: Tx, userId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ balance: Prisma.Decimal }[]>`
    SELECT "balance" FROM "user_credits" WHERE "userId" = ${userId} FOR UPDATE`;
  return Number(rows[0]?.balance ?? 0);
}

/** The user's ledger entry for `reason` with this reference or note, read in the caller's transaction. */
export async function findLedgerEntryInTx(
  tx: Tx,
  where: { userId: string; reason: CreditReason; reference?: string; note?: string },
): Promise<{ reference: string | null; delta: Prisma.Decimal } | null> {
  return tx.creditLedgerEntry.findFirst({ where, select: { reference: true, delta: true } });
}

/** The references of every ledger entry that matches (e.g. the charges of one variant request), oldest first. */
export async function listLedgerReferencesInTx(tx: Tx, where: { userId: string; reason: CreditReason; note: string }): Promise<string[]> {
  const rows = await tx.creditLedgerEntry.findMany({ where, select: { reference: true }, orderBy: { createdAt: "asc" } });
  return rows.flatMap((r) => (r.reference ? [r.reference] : []));
}

/** Applies one balance change in its own transaction. */
export async function applyCreditChange(change: CreditChange): Promise<CreditChangeResult> {
  try {
    return await prisma.$transaction((tx) => applyCreditChangeInTx(tx, change));
  } catch (error) {
    // Two concurrent applications of the same reference: the unique index lets one through.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return { ok: false, code: "already_applied" };
    }
    throw error;
  }
}

/** The actor's balance (or, for an admin, a user's): what doors show. */
export async function balanceOf(actor: Actor, userId: string = actor.id): Promise<number> {
  if (!mayAccess(actor, userId)) throw new NotFoundError("User not found");
  return getBalance(userId);
}

/** Credits given by staff or a seeding script (the system actor): the ledger's "admin_grant". */
export async function grantCredits(actor: Actor, grant: { userId: string; delta: number; reference: string; note?: string }): Promise<CreditChangeResult> {
  if (!isAdminActor(actor)) throw new AdminOnlyError();
  return applyCreditChange({ ...grant, reason: "admin_grant" });
}

/** Current balance in credits (0 when the user has no account row yet); core use, doors call balanceOf. */
export async function getBalance(userId: string): Promise<number> {
  // Read by the editors' pages and every quote: straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
  const [row] = await sqlRows<{ balance: number }>(Prisma.sql`SELECT "balance"::float8 AS "balance" FROM "user_credits" WHERE "userId" = ${userId}`);
  return row ? row.balance : 0;
}
