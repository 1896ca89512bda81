// Order links (docs/product.md#admin-area, docs/product.md#custom-orders): staff create shareable
// links (/order/{accessCode}); guests or signed-in users place an order through an active,
// unexpired link. A free link's order is pending at once; a paid link's order waits for its
// payment (awaiting_payment, then pending when the payment completes: payments.server.ts). A link
// order charges no credits: its credits_amount is recorded as the order's credits used.
// See docs/decisions/181-link-orders-and-payment.md.
import { randomInt } from "node:crypto";
import { assertActor, NotFoundError, type Actor } from "~/models/access/actor.server";
import { assertStaff, orderLinkRefusal } from "~/models/access/permissions.server";
import { ACCESS_CODE_LENGTH, LINK_DEFAULTS, LINK_LIMITS, LINK_MESSAGES, ORDER_MESSAGES, ORDER_REMARK_MAX, isValidPhone } from "./custom-order-rules";
import { checkOrderFiles, discardOrderFiles, ORDER_STAFF, OrderError, orderMediaRows, type CreatedOrder, type OrderFileInput } from "./custom-orders.server";
import { Prisma, prisma } from "~/utils/db.server";
import { normalizeText } from "~/utils/text";

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 8 characters from 62, each drawn with crypto.randomInt (about 47 bits: not guessable by trying). */
export function newAccessCode(): string {
  let code = "";
  for (let i = 0; i < ACCESS_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export type OrderLinkRow = {
  id: string;
  title: string;
  description: string | null;
  customRate: number;
  creditsAmount: number;
  requirePhone: boolean;
  accessCode: string;
  expiryDate: string | null;
  isActive: boolean;
  /** Past its expiry: it takes no orders whatever isActive says, and is listed "Expired". */
  expired: boolean;
  createdAt: string;
  orders: number;
};

const linkSelect = {
  id: true,
  title: true,
  description: true,
  customRate: true,
  creditsAmount: true,
  requirePhone: true,
  accessCode: true,
  expiryDate: true,
  isActive: true,
  createdAt: true,
  _count: { select: { orders: true } },
} as const;

type LinkRecord = Prisma.CustomOrderLinkGetPayload<{ select: typeof linkSelect }>;

function toRow(l: LinkRecord, now = new Date()): OrderLinkRow {
  return {
    id: l.id,
    title: l.title,
    description: l.description,
    customRate: Number(l.customRate),
    creditsAmount: l.creditsAmount,
    requirePhone: l.requirePhone,
    accessCode: l.accessCode,
    expiryDate: l.expiryDate?.toISOString() ?? null,
    isActive: l.isActive,
    expired: Boolean(l.expiryDate && l.expiryDate.getTime() <= now.getTime()),
    createdAt: l.createdAt.toISOString(),
    orders: l._count.orders,
  };
}

export const LINK_LIST_LIMIT = 1000;

/** All links, newest first. */
export async function listOrderLinks(actor: Actor): Promise<OrderLinkRow[]> {
  assertStaff(actor, ORDER_STAFF);
  const rows = await prisma.customOrderLink.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: LINK_LIST_LIMIT, select: linkSelect });
  const now = new Date();
  return rows.map((row) => toRow(row, now));
}

export type NewOrderLink = {
  title: string;
  description?: string | null;
  customRate?: number | null;
  creditsAmount?: number | null;
  expiryDate?: Date | null;
  requirePhone?: boolean;
};

/** Creates a link with a fresh access code (a rare clash with an existing code draws again). */
export async function createOrderLink(actor: Actor, input: NewOrderLink): Promise<OrderLinkRow> {
  assertStaff(actor, ORDER_STAFF);
  const title = normalizeText(input.title, { keepJoiners: true });
  if (!title) throw new OrderError(400, LINK_MESSAGES.titleRequired);
  if (title.length > LINK_LIMITS.titleMax) throw new OrderError(400, `The title must be at most ${LINK_LIMITS.titleMax} characters.`);
  const description = normalizeText(input.description ?? "", { keepJoiners: true }).slice(0, LINK_LIMITS.descriptionMax) || null;
  const customRate = input.customRate ?? LINK_DEFAULTS.customRate;
  if (!Number.isFinite(customRate) || customRate < 0 || customRate > LINK_LIMITS.rateMax || Math.round(customRate * 100) !== customRate * 100) {
    throw new OrderError(400, LINK_MESSAGES.rateInvalid);
  }
  const creditsAmount = input.creditsAmount ?? LINK_DEFAULTS.creditsAmount;
  if (!Number.isInteger(creditsAmount) || creditsAmount < 1 || creditsAmount > LINK_LIMITS.creditsMax) throw new OrderError(400, LINK_MESSAGES.creditsInvalid);
  const expiryDate = input.expiryDate ?? null;
  if (expiryDate && Number.isNaN(expiryDate.getTime())) throw new OrderError(400, LINK_MESSAGES.expiryInvalid);
  // A link born expired would take no orders yet be shared as if it did (ADR 268).
  if (expiryDate && expiryDate.getTime() <= Date.now()) throw new OrderError(400, LINK_MESSAGES.expiryPast);
  const requirePhone = input.requirePhone ?? LINK_DEFAULTS.requirePhone;
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await prisma.customOrderLink.create({
        data: { title, description, customRate, creditsAmount, expiryDate, requirePhone, accessCode: newAccessCode(), createdById: actor.id },
        select: linkSelect,
      });
      return toRow(row);
    } catch (error) {
      if (attempt < 5 && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") continue;
      throw error;
    }
  }
}

export async function setOrderLinkActive(actor: Actor, linkId: string, isActive: boolean): Promise<void> {
  assertStaff(actor, ORDER_STAFF);
  const { count } = await prisma.customOrderLink.updateMany({ where: { id: linkId }, data: { isActive } });
  if (count === 0) throw new NotFoundError("Order link");
}

// ───────────────────────────── ordering through a link ─────────────────────────────

export type PublicOrderLink = {
  title: string;
  description: string | null;
  customRate: number;
  creditsAmount: number;
  requirePhone: boolean;
  accessCode: string;
  expiryDate: string | null;
};

export type LinkCheck = { ok: true; link: PublicOrderLink & { id: string } } | { ok: false; status: number; message: string };

function isCode(code: string): boolean {
  return /^[A-Za-z0-9]{1,64}$/.test(code);
}

/** Whether a link can take an order now: it exists, is active and has not expired. */
export async function checkOrderLink(accessCode: string, now = new Date()): Promise<LinkCheck> {
  if (!isCode(accessCode)) return { ok: false, status: 404, message: LINK_MESSAGES.notFound };
  const link = await prisma.customOrderLink.findUnique({ where: { accessCode }, select: linkSelect });
  const refusal = orderLinkRefusal(link, now);
  if (refusal === "not_found" || !link) return { ok: false, status: 404, message: LINK_MESSAGES.notFound };
  if (refusal) return { ok: false, status: 410, message: LINK_MESSAGES[refusal] };
  const row = toRow(link);
  return {
    ok: true,
    link: {
      id: row.id,
      title: row.title,
      description: row.description,
      customRate: row.customRate,
      creditsAmount: row.creditsAmount,
      requirePhone: row.requirePhone,
      accessCode: row.accessCode,
      expiryDate: row.expiryDate,
    },
  };
}

export type GuestDetails = { name?: string | null; email?: string | null; phone?: string | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The guest's details, checked against the link (phone when it asks for one). */
export function checkGuest(input: GuestDetails, requirePhone: boolean): { name: string; email: string; phone: string | null } {
  const name = normalizeText(input.name ?? "", { keepJoiners: true }).slice(0, 200);
  if (!name) throw new OrderError(400, LINK_MESSAGES.nameRequired);
  const email = normalizeText(input.email ?? "").toLowerCase();
  if (!email || email.length > 254 || !EMAIL.test(email)) throw new OrderError(400, LINK_MESSAGES.emailInvalid);
  const phone = normalizeText(input.phone ?? "");
  if ((requirePhone || phone) && (!isValidPhone(phone) || phone.length > 32 || /[^\d+\s()-]/.test(phone)))
    throw new OrderError(400, LINK_MESSAGES.phoneInvalid);
  return { name, email, phone: phone || null };
}

export type LinkOrder = CreatedOrder & { payable: boolean };

/**
 * An order through a link, by a signed-in user (actor) or a guest (actor null, with name, e-mail
 * and phone when the link asks for it). The files are stored under {orderId}/ already (owned by
 * the user, or by nobody for a guest: staff only). A failed order removes its files.
 */
export async function placeLinkOrder(
  actor: Actor | null,
  accessCode: string,
  input: { orderId: string; guest?: GuestDetails; remark?: string | null; files: readonly OrderFileInput[] },
): Promise<LinkOrder> {
  if (actor) assertActor(actor);
  try {
    const check = await checkOrderLink(accessCode);
    if (!check.ok) throw new OrderError(check.status, check.message);
    const link = check.link;
    const guest = actor ? null : checkGuest(input.guest ?? {}, link.requirePhone);
    if (input.files.length === 0) throw new OrderError(400, ORDER_MESSAGES.noFiles);
    const ownerId = actor?.id ?? null;
    checkOrderFiles(input.orderId, ownerId, input.files);
    const remark = normalizeText(input.remark ?? "", { keepJoiners: true }).slice(0, ORDER_REMARK_MAX) || null;
    const payable = link.customRate > 0;
    const order = await prisma.$transaction(async (tx) => {
      const guestRow = guest
        ? await tx.customOrderGuest.create({ data: { name: guest.name, email: guest.email, phoneNumber: guest.phone }, select: { id: true } })
        : null;
      const created = await tx.customOrder.create({
        data: {
          id: input.orderId,
          userId: ownerId,
          guestId: guestRow?.id ?? null,
          orderLinkId: link.id,
          status: payable ? "awaiting_payment" : "pending",
          creditsUsed: link.creditsAmount,
          remark,
        },
        select: { id: true, orderNumber: true },
      });
      await tx.customOrderMedia.createMany({ data: orderMediaRows(created.id, input.files, "client") });
      return created;
    });
    return { ...order, payable };
  } catch (error) {
    await discardOrderFiles(input.orderId, input.files);
    if (error instanceof OrderError) throw error;
    console.error("link order failed", error);
    throw new OrderError(500, ORDER_MESSAGES.submitFailed);
  }
}
