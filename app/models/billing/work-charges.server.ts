// Paid work (work_charges): one row per piece of work a user pays for — a scene generation
// step, a compile, a chat message, a canvas agent tool action, a Create Video story, a variant,
// a custom order — with its price, the request it belongs to (batchId), and whether it was
// delivered (completed) or given back (refunded). The one charging path (ADR 280).
//
// Every charge and refund goes through the ledger (credits.server.ts applyCreditChangeInTx) in
// the same transaction as the row, with the reference "work:<id>" (or the door's own reference,
// kept on the row as ledgerReference): the balance never goes below zero, and a charge or a
// refund applies at most once, however often a workflow step is retried. A row moves charged → completed | refunded once (a conditional UPDATE), so a refund
// and a settlement racing each other cannot both win. The user who asks pays (ADR 150); the
// modules that sell work (scene generation, compile) check access before they charge here.
import type { WorkCharge } from "~/generated/prisma/client";
import type { CreditReason } from "~/generated/prisma/enums";
import { assertActor, isSystemActor, NotFoundError, type Actor } from "~/models/access/actor.server";
import { mayAccess } from "~/models/access/permissions.server";
import { applyCreditChangeInTx, lockBalanceInTx } from "./credits.server";
import { insufficientCreditsMessage, sumCredits, type WorkKind } from "./prices";
import { Prisma, prisma } from "~/utils/db.server";

export type WorkChargeRow = WorkCharge;
type Tx = Prisma.TransactionClient;

/** The ledger reason of each kind of work. */
const REASONS: Record<WorkKind, CreditReason> = {
  scene_step: "generation_charge",
  compile: "compile_charge",
  chat_message: "chat_charge",
  canvas_tool_action: "tool_charge",
  video: "video_charge",
  story_variant: "video_charge",
  custom_order: "custom_order_charge",
};

/** The ledger reference of a charge and of its refund. */
export function workChargeReference(chargeId: string): string {
  return `work:${chargeId}`;
}

export type ChargeItem = {
  /** Which part of the batch: a step name, "compile", "message" ... (unique within the batch). */
  item: string;
  work: WorkKind;
  credits: number;
  projectId?: string | null;
  sceneId?: string | null;
  /**
   * The request this item belongs to, when it is not the request's own batch (a compile's scene
   * steps, each scene its own batch that the scene-assets workflow settles step by step). Such an
   * item is charged in the same transaction but does not carry the client's idempotency key.
   */
  batchId?: string;
  /**
   * The ledger reference and note of the charge (and the reference of its refund) when the door
   * keeps its own: a story's "story:<id>", a custom order's id. By default "work:<charge id>" and
   * "<work> <item>".
   */
  ledger?: { reference: string; note?: string | null };
};

export type ChargeRequest = {
  /** The request the items belong to (a new id per request; a compile job's id ...). */
  batchId: string;
  items: readonly ChargeItem[];
  /** The client's idempotency key: a second request with it returns the first one's charges. */
  clientRequestId?: string | null;
};

export type ChargeResult =
  | { ok: true; batchId: string; credits: number; balance: number | null; duplicate: boolean; charges: WorkChargeRow[] }
  | { ok: false; code: "insufficient_credits"; needed: number; balance: number; message: string };

/** Thrown inside a charging transaction to roll it back: what it needed and the balance. */
export class InsufficientCredits extends Error {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super("insufficient credits");
  }
}

/** Thrown inside a charging transaction when the ledger already holds a charge with this reference. */
export class ChargeAlreadyApplied extends Error {
  constructor(readonly reference: string) {
    super(`a charge with the reference ${reference} was already made`);
  }
}

/** The refusal a charging request answers with when the balance was short. */
export function insufficientCreditsRefusal(error: InsufficientCredits) {
  return {
    ok: false as const,
    code: "insufficient_credits" as const,
    needed: error.needed,
    balance: error.balance,
    message: insufficientCreditsMessage(error.needed, error.balance),
  };
}

/**
 * Charges the actor for the items of one request, all or nothing, in one transaction with the
 * ledger rows. With a `clientRequestId` already used by this actor, nothing is charged and the
 * earlier request's charges come back (`duplicate: true`). A request with no items charges
 * nothing; an item of 0 credits (already paid, ADR 383) is a row without a ledger entry. System actors pay for nothing (they are no one's account).
 */
export async function chargeWork(actor: Actor, request: ChargeRequest): Promise<ChargeResult> {
  const clientRequestId = request.clientRequestId?.trim() || null;
  try {
    return await prisma.$transaction((tx) => chargeWorkInTx(tx, actor, request), { maxWait: 10_000, timeout: 20_000 });
  } catch (error) {
    if (error instanceof InsufficientCredits) {
      return insufficientCreditsRefusal(error);
    }
    // The same idempotency key sent twice at once: the unique index let the first through.
    if (clientRequestId && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return chargeWork(actor, request);
    }
    throw error;
  }
}

/**
 * chargeWork inside the caller's transaction, for a door that writes its own rows with the
 * charge (a story, a custom order): both are made or neither. A short balance throws
 * InsufficientCredits (and a reference the ledger already holds ChargeAlreadyApplied), which
 * rolls the caller's transaction back.
 */
export async function chargeWorkInTx(tx: Tx, actor: Actor, request: ChargeRequest): Promise<Extract<ChargeResult, { ok: true }>> {
  assertActor(actor);
  if (isSystemActor(actor)) throw new Error("Work is charged to a user");
  const payerId = actor.id;
  const clientRequestId = request.clientRequestId?.trim() || null;
  const needed = sumCredits(request.items.map((i) => i.credits));
  // Orders this user's charges one after the other.
  const balance = await lockBalanceInTx(tx, payerId);
  if (clientRequestId) {
    const earlier = await tx.workCharge.findFirst({ where: { userId: payerId, clientRequestId }, select: { batchId: true } });
    if (earlier) {
      const charges = await tx.workCharge.findMany({ where: { batchId: earlier.batchId }, orderBy: { createdAt: "asc" } });
      return { ok: true, batchId: earlier.batchId, credits: sumCredits(charges.map((c) => Number(c.credits))), balance: null, duplicate: true, charges };
    }
  }
  if (needed > balance) throw new InsufficientCredits(needed, balance);
  const charges: WorkChargeRow[] = [];
  let after: number | null = balance;
  for (const item of request.items) {
    const row = await tx.workCharge.create({
      data: {
        userId: payerId,
        batchId: item.batchId ?? request.batchId,
        work: item.work,
        item: item.item,
        projectId: item.projectId ?? null,
        sceneId: item.sceneId ?? null,
        credits: item.credits,
        clientRequestId: item.batchId && item.batchId !== request.batchId ? null : clientRequestId,
        ledgerReference: item.ledger?.reference ?? null,
      },
    });
    charges.push(row);
    // Work already paid elsewhere (a clip its story paid for, ADR 383) is recorded at 0 credits: no ledger entry.
    if (Math.round(item.credits * 100) === 0) continue;
    const reference = item.ledger?.reference ?? workChargeReference(row.id);
    const applied = await applyCreditChangeInTx(tx, {
      userId: payerId,
      delta: -item.credits,
      reason: REASONS[item.work],
      reference,
      note: item.ledger ? (item.ledger.note ?? null) : `${item.work} ${item.item}`.slice(0, 200),
    });
    if (!applied.ok && applied.code === "already_applied") throw new ChargeAlreadyApplied(reference);
    if (!applied.ok) throw new InsufficientCredits(needed, applied.balance);
    after = applied.after;
  }
  return { ok: true, batchId: request.batchId, credits: needed, balance: after, duplicate: false, charges };
}

/**
 * The charges of the actor's earlier request sent with this idempotency key, oldest first, or
 * null when the key is new: a retry answers the first request without planning the work again.
 */
export async function earlierRequestCharges(actor: Actor, clientRequestId: string | null | undefined): Promise<WorkChargeRow[] | null> {
  assertActor(actor);
  const key = clientRequestId?.trim();
  if (!key || isSystemActor(actor)) return null;
  const earlier = await prisma.workCharge.findFirst({ where: { userId: actor.id, clientRequestId: key }, select: { batchId: true } });
  if (!earlier) return null;
  return prisma.workCharge.findMany({ where: { batchId: earlier.batchId }, orderBy: { createdAt: "asc" } });
}

/** The charges of one request, oldest first. */
export async function listBatchCharges(batchId: string): Promise<WorkChargeRow[]> {
  return prisma.workCharge.findMany({ where: { batchId }, orderBy: { createdAt: "asc" } });
}

/**
 * Requests with charges still open (neither delivered nor refunded) whose newest change is older
 * than `before`, of one kind of work (the stalled-work sweep, ADR 242).
 */
export async function batchesOpenSince(
  work: WorkKind,
  before: Date,
  take = 100,
): Promise<{ batchId: string; userId: string; projectId: string | null; sceneId: string | null }[]> {
  return prisma.$queryRaw`
    SELECT "batchId", min("userId") AS "userId", min("projectId") AS "projectId", min("sceneId") AS "sceneId"
    FROM "work_charges"
    WHERE "batchId" IN (SELECT "batchId" FROM "work_charges" WHERE "work" = ${work} AND "status" = 'charged')
    GROUP BY "batchId"
    HAVING max("updatedAt") < ${before}
    ORDER BY max("updatedAt") ASC
    LIMIT ${take}`;
}

/** The work of these charges was delivered: charged → completed. Returns how many moved. */
export async function settleBatchCharges(batchId: string, items?: readonly string[]): Promise<number> {
  const { count } = await prisma.workCharge.updateMany({
    where: { batchId, status: "charged", ...(items ? { item: { in: [...items] } } : {}) },
    data: { status: "completed" },
  });
  return count;
}

export type RefundOutcome = {
  refunded: number;
  charges: number;
  /** The balance after the last credits given back (none given back: absent). */
  balance?: number;
  /** The charges this call gave back (what the user is told was refunded). */
  items?: { item: string; sceneId: string | null; credits: number }[];
};

/**
 * Gives back the charges of a request that are still "charged" (all, or the named items): each
 * row moves to refunded and its credits return through the ledger, in one transaction. Charges
 * already completed or refunded are left alone, so calling this again refunds nothing more.
 */
export async function refundBatchCharges(batchId: string, note: string, items?: readonly string[]): Promise<RefundOutcome> {
  return refundWhere(Prisma.sql`"batchId" = ${batchId}${items ? Prisma.sql` AND "item" IN (${Prisma.join([...items])})` : Prisma.empty}`, note);
}

/** refundBatchCharges for several requests at once (a compile and its scenes' steps), in one transaction. */
export async function refundBatchesCharges(batchIds: readonly string[], note: string): Promise<RefundOutcome> {
  if (batchIds.length === 0) return { refunded: 0, charges: 0, items: [] };
  return refundWhere(Prisma.sql`"batchId" IN (${Prisma.join([...batchIds])})`, note);
}

/** refundBatchCharges for every open charge of a project (it is being deleted). */
export async function refundProjectCharges(projectId: string, note: string, sceneId?: string): Promise<RefundOutcome> {
  return refundWhere(Prisma.sql`"projectId" = ${projectId}${sceneId ? Prisma.sql` AND "sceneId" = ${sceneId}` : Prisma.empty}`, note);
}

/**
 * The scene steps of a project that are paid for and still under way (charged, neither settled
 * nor refunded yet): which step of which scene a workflow is making now.
 */
export async function openSceneStepCharges(projectId: string): Promise<{ sceneId: string; item: string }[]> {
  const rows = await prisma.workCharge.findMany({
    where: { projectId, work: "scene_step", status: "charged", sceneId: { not: null } },
    select: { sceneId: true, item: true },
  });
  return rows.flatMap((r) => (r.sceneId ? [{ sceneId: r.sceneId, item: r.item }] : []));
}

async function refundWhere(where: Prisma.Sql, note: string): Promise<RefundOutcome> {
  try {
    return await prisma.$transaction((tx) => refundWhereInTx(tx, where, note), { maxWait: 10_000, timeout: 20_000 });
  } catch (error) {
    // A concurrent refund of the same charge committed first (unique ledger reference).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return { refunded: 0, charges: 0 };
    throw error;
  }
}

async function refundWhereInTx(tx: Tx, where: Prisma.Sql, note: string): Promise<RefundOutcome> {
  const rows = await tx.$queryRaw<
    { id: string; userId: string; credits: Prisma.Decimal; item: string; sceneId: string | null; ledgerReference: string | null }[]
  >`
    UPDATE "work_charges" SET "status" = 'refunded', "note" = ${note.slice(0, 500)}, "updatedAt" = now()
    WHERE ${where} AND "status" = 'charged'
    RETURNING "id", "userId", "credits", "item", "sceneId", "ledgerReference"`;
  let refunded = 0;
  let balance: number | undefined;
  for (const row of rows) {
    const amount = new Prisma.Decimal(row.credits);
    if (amount.isZero()) continue;
    const result = await applyCreditChangeInTx(tx, {
      userId: row.userId,
      delta: amount.toString(),
      reason: "refund",
      reference: row.ledgerReference ?? workChargeReference(row.id),
      note: note.slice(0, 200),
    });
    if (result.ok) {
      refunded = sumCredits([refunded, amount.toNumber()]);
      balance = result.after;
    }
  }
  return {
    refunded,
    charges: rows.length,
    ...(balance !== undefined ? { balance } : {}),
    items: rows.map((r) => ({ item: r.item, sceneId: r.sceneId, credits: new Prisma.Decimal(r.credits).toNumber() })),
  };
}

/**
 * refundBatchCharges inside the caller's transaction (a story's refund marks the story failed
 * with it). `alreadyRefunded`: nothing was open, and a charge of the batch had been refunded.
 */
export async function refundBatchChargesInTx(tx: Tx, batchId: string, note: string): Promise<RefundOutcome & { alreadyRefunded: boolean }> {
  const outcome = await refundWhereInTx(tx, Prisma.sql`"batchId" = ${batchId}`, note);
  const alreadyRefunded = outcome.charges === 0 && (await tx.workCharge.count({ where: { batchId, status: "refunded" } })) > 0;
  return { ...outcome, alreadyRefunded };
}

/** The work of these charges was delivered, inside the caller's transaction (a delivered order). */
export async function settleBatchChargesInTx(tx: Tx, batchId: string): Promise<number> {
  const { count } = await tx.workCharge.updateMany({ where: { batchId, status: "charged" }, data: { status: "completed" } });
  return count;
}

// ───────────────────────────── one-off work (chat messages, agent tool actions) ─────────────────────────────

/**
 * Charges the actor for one chat message or one canvas agent tool action (the assistant's
 * doors). Settle it with settleWorkCharge when the work was done, or give it back with
 * refundWorkCharge when it failed.
 */
export async function chargeForWork(
  actor: Actor,
  work: "chat_message" | "canvas_tool_action",
  credits: number,
  opts: { batchId: string; projectId?: string | null; clientRequestId?: string | null },
): Promise<ChargeResult> {
  return chargeWork(actor, { batchId: opts.batchId, clientRequestId: opts.clientRequestId, items: [{ item: work, work, credits, projectId: opts.projectId }] });
}

/** A charge the actor may see: their own, or any for an admin. */
async function visibleCharge(actor: Actor, chargeId: string): Promise<WorkChargeRow> {
  const row = chargeId ? await prisma.workCharge.findUnique({ where: { id: chargeId } }) : null;
  if (!row || !mayAccess(actor, row.userId)) throw new NotFoundError("Charge");
  return row;
}

/** The work of this charge was delivered. False when it was already settled or refunded. */
export async function settleWorkCharge(actor: Actor, chargeId: string): Promise<boolean> {
  const row = await visibleCharge(actor, chargeId);
  const { count } = await prisma.workCharge.updateMany({ where: { id: row.id, status: "charged" }, data: { status: "completed" } });
  return count > 0;
}

/** The work of this charge failed: its credits go back, once. */
export async function refundWorkCharge(actor: Actor, chargeId: string, note: string): Promise<RefundOutcome> {
  const row = await visibleCharge(actor, chargeId);
  return refundWhere(Prisma.sql`"id" = ${row.id}`, note);
}
