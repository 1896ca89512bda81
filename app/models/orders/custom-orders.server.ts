// Custom orders (docs/product.md#custom-orders, docs/product.md#admin-area): the one module that
// touches custom_orders, custom_order_media and custom_order_images. Every function takes the
// acting user and owns its rules: a user's request is charged the price list's price through the
// work charges (a work_charges row, ledger reference the order id; ADR 280) in the same
// transaction that creates it, and the charge is settled when the order is delivered
// (custom-order-staff.server.ts holds what staff do); staff (admins only) list, update, deliver and manage media; a
// delivery needs a URL or files, happens once, and notifies the customer. Order files live in
// the custom-order-media bucket under {orderId}/ and belong to the customer (private: the
// customer and staff read them). Orders placed through a shared link are order-links.server.ts.
// See docs/decisions/180-custom-orders-core.md.
import { randomBytes } from "node:crypto";
import { assertActor, NotFoundError, type Actor } from "~/models/access/actor.server";
import { isAdminActor, type StaffRule } from "~/models/access/permissions.server";
import { ChargeAlreadyApplied, chargeWorkInTx, InsufficientCredits, priceOf } from "~/models/billing";
import { ORDER_LIST_LIMIT, ORDER_MESSAGES, ORDER_REMARK_MAX, type OrderStatusValue } from "./custom-order-rules";
import { removeFiles, type StoredFile, type UploadTarget } from "~/models/files/stored-files.server";
import { Prisma, prisma } from "~/utils/db.server";
import { fileUrlFromRef, objectRef } from "~/utils/storage/buckets";
import { normalizeText } from "~/utils/text";

export const ORDER_BUCKET = "custom-order-media" as const;

/** A refusal with the status a door answers and the product's message. */
export class OrderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "OrderError";
  }
}

export function isOrderError(error: unknown): error is OrderError {
  return error instanceof OrderError || (error instanceof Error && error.name === "OrderError");
}

/**
 * What staff do with orders and order links is staff only (assertStaff of the permissions module):
 * anyone else is refused with OrderError 403; the system actor counts as staff here
 * (docs/decisions/180-custom-orders-core.md).
 */
export const ORDER_STAFF: StaffRule = {
  refusal: () => new OrderError(403, "You don't have permission to access this page."),
  systemActor: "allowed",
};

/** A new order id, cuid-shaped ("c" + 24 base-36 characters), made before its files are stored. */
export function newOrderId(): string {
  const bytes = randomBytes(24);
  let id = "c";
  for (const b of bytes) id += (b % 36).toString(36);
  return id;
}

/** Where the files of an order go: {orderId}/{uuid}.{ext}, owned by the customer (null: staff only). */
export function orderUploadTarget(orderId: string, ownerId: string | null): UploadTarget {
  return { bucket: ORDER_BUCKET, ownerId, params: { orderId }, kinds: ["image", "video"], isPublic: false };
}

export function cleanText(value: string | null | undefined, max: number): string | null {
  const text = normalizeText(value ?? "", { keepJoiners: true });
  if (!text) return null;
  return text.slice(0, max);
}

export type OrderFileInput = Pick<StoredFile, "bucket" | "key" | "kind" | "ownerId" | "originalName">;

/** The files really belong to this order (its folder) and to its customer; anything else is refused. */
export function checkOrderFiles(orderId: string, ownerId: string | null, files: readonly OrderFileInput[]): void {
  for (const file of files) {
    if (file.bucket !== ORDER_BUCKET || !file.key.startsWith(`${orderId}/`) || file.ownerId !== ownerId) {
      throw new OrderError(403, ORDER_MESSAGES.permission);
    }
  }
}

export function orderMediaRows(orderId: string, files: readonly OrderFileInput[], role: "client" | "admin" | "delivery") {
  return files.map((file) => {
    const ref = objectRef(file.bucket, file.key);
    const mediaType = file.kind === "image" ? "image" : file.kind === "video" ? "video" : "other";
    return {
      orderId,
      mediaUrl: ref,
      mediaType: mediaType as "image" | "video" | "other",
      role,
      thumbnailUrl: mediaType === "image" ? ref : null,
      originalFilename: file.originalName,
    };
  });
}

// ───────────────────────────── a user's request ─────────────────────────────

/** Removes what a failed request stored: only files in the new order's own folder. */
export async function discardOrderFiles(orderId: string, files: readonly OrderFileInput[]): Promise<void> {
  await removeFiles(files.filter((f) => f.bucket === ORDER_BUCKET && f.key.startsWith(`${orderId}/`)));
}

export type CreatedOrder = { id: string; orderNumber: number };

/**
 * A user's custom order: at least one image or video (stored already under {orderId}/, owned by
 * the user) and a remark. The price (20 credits) is charged in the same transaction that creates
 * the order: both happen or neither (a failed request removes its files).
 */
export async function createCustomOrder(
  actor: Actor,
  input: { orderId: string; remark?: string | null; files: readonly OrderFileInput[] },
): Promise<CreatedOrder> {
  assertActor(actor);
  try {
    if (input.files.length === 0) throw new OrderError(400, ORDER_MESSAGES.noFiles);
    checkOrderFiles(input.orderId, actor.id, input.files);
    const remark = cleanText(input.remark, ORDER_REMARK_MAX);
    const price = priceOf({ work: "custom_order" });
    return await prisma.$transaction(async (tx) => {
      try {
        await chargeWorkInTx(tx, actor, {
          batchId: input.orderId,
          items: [{ item: "custom order", work: "custom_order", credits: price, ledger: { reference: input.orderId, note: "Custom order" } }],
        });
      } catch (error) {
        if (error instanceof InsufficientCredits) throw new OrderError(402, ORDER_MESSAGES.insufficientCredits);
        if (error instanceof ChargeAlreadyApplied) throw new OrderError(409, ORDER_MESSAGES.submitFailed);
        throw error;
      }
      const order = await tx.customOrder.create({
        data: { id: input.orderId, userId: actor.id, status: "pending", creditsUsed: price, remark },
        select: { id: true, orderNumber: true },
      });
      await tx.customOrderMedia.createMany({ data: orderMediaRows(order.id, input.files, "client") });
      return order;
    });
  } catch (error) {
    await discardOrderFiles(input.orderId, input.files);
    if (isOrderError(error)) throw error;
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new OrderError(409, ORDER_MESSAGES.submitFailed);
    console.error("custom order failed", error);
    throw new OrderError(500, ORDER_MESSAGES.submitFailed);
  }
}

// ───────────────────────────── the user's page ─────────────────────────────

export type MyOrderRow = {
  id: string;
  orderNumber: number;
  createdAt: string;
  status: OrderStatusValue;
  creditsUsed: number;
  /** The order link's title, when it came through one. */
  orderType: string;
  guest: { name: string; email: string | null; phoneNumber: string | null } | null;
};

export const TYPE_DEFAULT = "Custom Order";

/** The actor's own orders, newest first (at most the list limit). */
export async function listMyOrders(actor: Actor): Promise<MyOrderRow[]> {
  assertActor(actor);
  const rows = await prisma.customOrder.findMany({
    where: { userId: actor.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ORDER_LIST_LIMIT,
    select: {
      id: true,
      orderNumber: true,
      createdAt: true,
      status: true,
      creditsUsed: true,
      orderLink: { select: { title: true } },
      guest: { select: { name: true, email: true, phoneNumber: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.orderNumber,
    createdAt: r.createdAt.toISOString(),
    status: r.status,
    creditsUsed: Number(r.creditsUsed),
    orderType: r.orderLink?.title ?? TYPE_DEFAULT,
    guest: r.guest,
  }));
}

export type OrderFile = {
  id: string;
  url: string;
  ref: string;
  mediaType: "image" | "video" | "other";
  role: "client" | "admin" | "delivery";
  thumbnailUrl: string | null;
  name: string;
  createdAt: string;
};

export function toOrderFile(m: {
  id: string;
  mediaUrl: string;
  mediaType: "image" | "video" | "other";
  role: "client" | "admin" | "delivery";
  thumbnailUrl: string | null;
  originalFilename: string | null;
  createdAt: Date;
}): OrderFile {
  const url = fileUrlFromRef(m.mediaUrl) ?? m.mediaUrl;
  return {
    id: m.id,
    url,
    ref: m.mediaUrl,
    mediaType: m.mediaType,
    role: m.role,
    thumbnailUrl: m.thumbnailUrl ? (fileUrlFromRef(m.thumbnailUrl) ?? m.thumbnailUrl) : null,
    name: m.originalFilename ?? m.mediaUrl.split("/").pop() ?? "file",
    createdAt: m.createdAt.toISOString(),
  };
}

export type MyOrderDetails = MyOrderRow & {
  remark: string | null;
  deliveryMessage: string | null;
  deliveryUrl: string | null;
  deliveredAt: string | null;
  files: OrderFile[];
  deliveredFiles: OrderFile[];
};

/** One order by its number, for its customer (or staff); anyone else: not found. */
export async function getMyOrder(actor: Actor, orderNumber: number): Promise<MyOrderDetails> {
  assertActor(actor);
  if (!Number.isSafeInteger(orderNumber) || orderNumber < 1 || orderNumber > 2_147_483_647) throw new NotFoundError("Order");
  const order = await prisma.customOrder.findUnique({
    where: { orderNumber },
    include: {
      orderLink: { select: { title: true } },
      guest: { select: { name: true, email: true, phoneNumber: true } },
      media: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!order || (!isAdminActor(actor) && order.userId !== actor.id)) throw new NotFoundError("Order");
  const files = order.media.map(toOrderFile);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    creditsUsed: Number(order.creditsUsed),
    orderType: order.orderLink?.title ?? TYPE_DEFAULT,
    guest: order.guest,
    remark: order.remark,
    deliveryMessage: order.deliveryMessage,
    deliveryUrl: order.deliveryUrl,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    files: files.filter((f) => f.role === "client"),
    deliveredFiles: files.filter((f) => f.role === "delivery"),
  };
}

// ───────────────────────────── payment ─────────────────────────────

/**
 * Serialises the success callbacks of one order: a row lock held to the end of the payment's
 * transaction (NO KEY UPDATE, so new checkouts may still reference the order meanwhile).
 */
export async function lockOrderForPaymentInTx(tx: Prisma.TransactionClient, orderId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "custom_orders" WHERE "id" = ${orderId} FOR NO KEY UPDATE`;
}

/** A link order's payment completed: it is now pending for staff (called in the payment's transaction). */
export async function markOrderPaidInTx(tx: Prisma.TransactionClient, orderId: string): Promise<void> {
  await tx.customOrder.updateMany({ where: { id: orderId, status: "awaiting_payment" }, data: { status: "pending" } });
}

// ───────────────────────────── reads for the payment page ─────────────────────────────

export type OrderForPayment = {
  id: string;
  orderNumber: number;
  userId: string | null;
  guestId: string | null;
  creditsUsed: number;
  orderLinkId: string | null;
  /** The order link's access code (/order/{code}), where a guest can order again. */
  accessCode: string | null;
  /** The order link's title, shown as the "Plan" row. */
  title: string | null;
  /** Rupees; the amount to pay. */
  customRate: number | null;
};

export async function getOrderForPayment(orderId: string): Promise<OrderForPayment | null> {
  if (!orderId) return null;
  const order = await prisma.customOrder.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      orderNumber: true,
      userId: true,
      guestId: true,
      creditsUsed: true,
      orderLinkId: true,
      orderLink: { select: { title: true, customRate: true, accessCode: true } },
    },
  });
  if (!order) return null;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: order.userId,
    guestId: order.guestId,
    creditsUsed: Number(order.creditsUsed),
    orderLinkId: order.orderLinkId,
    accessCode: order.orderLink?.accessCode ?? null,
    title: order.orderLink?.title ?? null,
    customRate: order.orderLink ? Number(order.orderLink.customRate) : null,
  };
}

/** Pending orders and the credits used by all orders (the admin area's Usage Stats): a COUNT and a SUM. */
export async function customOrderTotals(): Promise<{ pending: number; creditsUsed: string }> {
  const [pending, sum] = await Promise.all([
    prisma.customOrder.count({ where: { status: "pending" } }),
    prisma.customOrder.aggregate({ _sum: { creditsUsed: true } }),
  ]);
  return { pending, creditsUsed: sum._sum.creditsUsed?.toFixed(2) ?? "0.00" };
}

export type OrderGuest = { id: string; name: string; email: string | null; phoneNumber: string | null };

/** The guest who placed an order through a shared link (the order's guest_id). */
export async function getOrderGuest(orderId: string): Promise<OrderGuest | null> {
  const order = await prisma.customOrder.findUnique({
    where: { id: orderId },
    select: { guest: { select: { id: true, name: true, email: true, phoneNumber: true } } },
  });
  return order?.guest ?? null;
}
