// Custom orders (docs/product.md#custom-orders, docs/product.md#admin-area): the one module that
// touches custom_orders, custom_order_media and custom_order_images. Every function takes the
// acting user and owns its rules: a user's request is charged the price list's price through the
// work charges (a work_charges row, ledger reference the order id; ADR 280) in the same
// transaction that creates it, and the charge is settled when the order is delivered; staff (admins only) list, update, deliver and manage media; a
// delivery needs a URL or files, happens once, and notifies the customer. Order files live in
// the custom-order-media bucket under {orderId}/ and belong to the customer (private: the
// customer and staff read them). Orders placed through a shared link are order-links.server.ts.
// See docs/decisions/180-custom-orders-core.md.
import { randomBytes } from "node:crypto";
import { assertActor, isAdminActor, NotFoundError, type Actor } from "~/models/actor.server";
import { ChargeAlreadyApplied, chargeWorkInTx, InsufficientCredits, priceOf, settleBatchChargesInTx } from "~/models/billing";
import {
  ADMIN_NOTES_MAX,
  ADMIN_ORDER_STATUSES,
  DELIVERY_MESSAGE_MAX,
  DELIVERY_URL_MAX,
  ORDER_LIST_LIMIT,
  ORDER_MESSAGES,
  ORDER_REMARK_MAX,
  orderPath,
  type AdminOrderStatus,
  type OrderStatusValue,
} from "~/models/custom-order-rules";
import { createNotification } from "~/models/notification.server";
import { deleteFile, removeFiles, type StoredFile, type UploadTarget } from "~/models/stored-files.server";
import { Prisma, prisma } from "~/utils/db.server";
import { fileUrlFromRef, objectRef, parseObjectRef } from "~/utils/storage/buckets";
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

/** Staff only: anyone else is refused with 403 (docs/decisions/180-custom-orders-core.md). */
export function assertStaff(actor: Actor): void {
  assertActor(actor);
  if (!isAdminActor(actor)) throw new OrderError(403, "You don't have permission to access this page.");
}

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

function cleanText(value: string | null | undefined, max: number): string | null {
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

const TYPE_DEFAULT = "Custom Order";

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

function toOrderFile(m: {
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

// ───────────────────────────── staff: the list ─────────────────────────────

export type AdminOrderRow = {
  id: string;
  orderNumber: number;
  createdAt: string;
  status: OrderStatusValue;
  creditsUsed: number;
  /** Username of the customer, or the guest's name; null when neither is known. */
  customer: string | null;
  isGuest: boolean;
  orderType: string;
  deliveredAt: string | null;
};

export type AdminOrderPage = { rows: AdminOrderRow[]; page: number; hasMore: boolean };

/**
 * All orders, newest first, at most ORDER_LIST_LIMIT per page (page 1 is the newest), optionally
 * of one status. Usernames come from profiles in one query for the whole page.
 */
export async function listOrdersForStaff(actor: Actor, opts: { status?: OrderStatusValue | null; page?: number } = {}): Promise<AdminOrderPage> {
  assertStaff(actor);
  const page = Math.max(1, Math.min(Math.floor(opts.page ?? 1), 100_000));
  const rows = await prisma.customOrder.findMany({
    where: opts.status ? { status: opts.status } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * ORDER_LIST_LIMIT,
    take: ORDER_LIST_LIMIT + 1,
    select: {
      id: true,
      orderNumber: true,
      createdAt: true,
      status: true,
      creditsUsed: true,
      userId: true,
      deliveredAt: true,
      guest: { select: { name: true } },
      orderLink: { select: { title: true } },
    },
  });
  const hasMore = rows.length > ORDER_LIST_LIMIT;
  const pageRows = rows.slice(0, ORDER_LIST_LIMIT);
  const userIds = [...new Set(pageRows.map((r) => r.userId).filter((id): id is string => Boolean(id)))];
  const names = await usernamesOf(userIds);
  return {
    page,
    hasMore,
    rows: pageRows.map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      creditsUsed: Number(r.creditsUsed),
      customer: r.userId ? (names.get(r.userId) ?? null) : (r.guest?.name ?? null),
      isGuest: !r.userId && Boolean(r.guest),
      orderType: r.orderLink?.title ?? TYPE_DEFAULT,
      deliveredAt: r.deliveredAt?.toISOString() ?? null,
    })),
  };
}

/** Usernames by user id, one query for all of them. */
async function usernamesOf(userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const profiles = await prisma.profile.findMany({ where: { userId: { in: [...userIds] } }, select: { userId: true, username: true } });
  return new Map(profiles.filter((p) => p.username).map((p) => [p.userId, p.username!]));
}

// ───────────────────────────── staff: one order ─────────────────────────────

export type StaffOrderDetails = {
  id: string;
  orderNumber: number;
  status: OrderStatusValue;
  createdAt: string;
  updatedAt: string;
  creditsUsed: number;
  remark: string | null;
  adminNotes: string | null;
  deliveryUrl: string | null;
  deliveryMessage: string | null;
  deliveredAt: string | null;
  userId: string | null;
  customer: string | null;
  guest: { name: string; email: string | null; phoneNumber: string | null } | null;
  orderType: string;
  media: OrderFile[];
  deliveryFiles: OrderFile[];
  legacyImages: { id: string; url: string }[];
};

export async function getOrderForStaff(actor: Actor, orderId: string): Promise<StaffOrderDetails> {
  assertStaff(actor);
  const order = await prisma.customOrder.findUnique({
    where: { id: orderId },
    include: {
      orderLink: { select: { title: true } },
      guest: { select: { name: true, email: true, phoneNumber: true } },
      media: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      images: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!order) throw new NotFoundError("Order");
  const names = await usernamesOf(order.userId ? [order.userId] : []);
  const files = order.media.map(toOrderFile);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    creditsUsed: Number(order.creditsUsed),
    remark: order.remark,
    adminNotes: order.adminNotes,
    deliveryUrl: order.deliveryUrl,
    deliveryMessage: order.deliveryMessage,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    userId: order.userId,
    customer: order.userId ? (names.get(order.userId) ?? null) : (order.guest?.name ?? null),
    guest: order.guest,
    orderType: order.orderLink?.title ?? TYPE_DEFAULT,
    media: files.filter((f) => f.role !== "delivery"),
    deliveryFiles: files.filter((f) => f.role === "delivery"),
    legacyImages: order.images.map((i) => ({ id: i.id, url: fileUrlFromRef(i.imageUrl) ?? i.imageUrl })),
  };
}

/** The upload target of staff files for an order (owned by its customer, so they can download them). */
export async function staffUploadTarget(actor: Actor, orderId: string, role: "admin" | "delivery"): Promise<UploadTarget> {
  assertStaff(actor);
  const order = await prisma.customOrder.findUnique({ where: { id: orderId }, select: { userId: true, deliveredAt: true } });
  if (!order) throw new NotFoundError("Order");
  if (role === "delivery" && order.deliveredAt) throw new OrderError(409, ORDER_MESSAGES.alreadyDelivered);
  return orderUploadTarget(orderId, order.userId);
}

/** Status and admin notes, saved together (update_custom_order_status). */
export async function updateOrderStatus(actor: Actor, orderId: string, input: { status: AdminOrderStatus; adminNotes?: string | null }): Promise<void> {
  assertStaff(actor);
  if (!(ADMIN_ORDER_STATUSES as readonly string[]).includes(input.status)) throw new OrderError(400, ORDER_MESSAGES.updateFailed);
  const adminNotes = cleanText(input.adminNotes, ADMIN_NOTES_MAX);
  const { count } = await prisma.customOrder.updateMany({ where: { id: orderId }, data: { status: input.status, adminNotes } });
  if (count === 0) throw new NotFoundError("Order");
}

/** Staff files added to an order (Media: role admin; Delivery: role delivery). */
export async function addOrderMedia(actor: Actor, orderId: string, files: readonly OrderFileInput[], role: "admin" | "delivery"): Promise<number> {
  assertStaff(actor);
  try {
    const order = await prisma.customOrder.findUnique({ where: { id: orderId }, select: { userId: true, deliveredAt: true } });
    if (!order) throw new NotFoundError("Order");
    if (files.length === 0) throw new OrderError(400, ORDER_MESSAGES.noFiles);
    if (role === "delivery" && order.deliveredAt) throw new OrderError(409, ORDER_MESSAGES.alreadyDelivered);
    checkOrderFiles(orderId, order.userId, files);
    const { count } = await prisma.customOrderMedia.createMany({ data: orderMediaRows(orderId, files, role) });
    return count;
  } catch (error) {
    await discardOrderFiles(orderId, files);
    throw error;
  }
}

/** Deletes one file of an order: its row, then its bytes and stored-object row. */
export async function deleteOrderMedia(actor: Actor, orderId: string, mediaId: string): Promise<void> {
  assertStaff(actor);
  const media = await prisma.customOrderMedia.findFirst({ where: { id: mediaId, orderId }, select: { id: true, mediaUrl: true, thumbnailUrl: true } });
  if (!media) throw new NotFoundError("Media");
  await prisma.customOrderMedia.delete({ where: { id: media.id } });
  const refs = new Set([media.mediaUrl, media.thumbnailUrl].filter((r): r is string => Boolean(r)));
  for (const ref of refs) {
    const parsed = parseObjectRef(ref);
    // Only files of this order's folder; a row pointing elsewhere loses its row, nothing more.
    if (parsed && parsed.bucket === ORDER_BUCKET && parsed.key.startsWith(`${orderId}/`)) {
      try {
        await deleteFile(parsed.bucket, parsed.key);
      } catch (error) {
        console.error(`removing ${ref} failed`, error);
        throw new OrderError(503, ORDER_MESSAGES.deleteMediaFailed);
      }
    }
  }
}

/** http(s) only, no credentials or control characters: what a customer can safely be sent to. */
export function normalizeDeliveryUrl(raw: string | null | undefined): string | null {
  const value = (raw ?? "").trim();
  if (!value) return null;
  if (value.length > DELIVERY_URL_MAX) throw new OrderError(400, ORDER_MESSAGES.deliveryUrlInvalid);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OrderError(400, ORDER_MESSAGES.deliveryUrlInvalid);
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) throw new OrderError(400, ORDER_MESSAGES.deliveryUrlInvalid);
  return url.toString();
}

/**
 * Deliver (deliver_custom_order): a URL or at least one delivery file is needed; the order
 * becomes completed with delivered_at, once (a second delivery is refused, also when two race),
 * and the customer is notified.
 */
export async function deliverOrder(actor: Actor, orderId: string, input: { deliveryUrl?: string | null; deliveryMessage?: string | null }): Promise<void> {
  assertStaff(actor);
  const deliveryUrl = normalizeDeliveryUrl(input.deliveryUrl);
  const deliveryMessage = cleanText(input.deliveryMessage, DELIVERY_MESSAGE_MAX);
  const delivered = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; deliveredAt: Date | null; userId: string | null; orderNumber: number }[]>`
      SELECT "id", "deliveredAt", "userId", "orderNumber" FROM "custom_orders" WHERE "id" = ${orderId} FOR UPDATE`;
    const order = rows[0];
    if (!order) throw new NotFoundError("Order");
    if (order.deliveredAt) throw new OrderError(409, ORDER_MESSAGES.alreadyDelivered);
    const files = await tx.customOrderMedia.count({ where: { orderId, role: "delivery" } });
    if (!deliveryUrl && files === 0) throw new OrderError(400, ORDER_MESSAGES.deliveryNeedsContent);
    await tx.customOrder.update({
      where: { id: orderId },
      data: { status: "completed", deliveredAt: new Date(), deliveryUrl, deliveryMessage },
    });
    // The customer's charge for it was delivered (a link order, paid with money, has none).
    await settleBatchChargesInTx(tx, orderId);
    return order;
  });
  if (delivered.userId) {
    try {
      await createNotification({
        userId: delivered.userId,
        type: "custom_order",
        title: ORDER_MESSAGES.deliveredNotificationTitle(delivered.orderNumber),
        body: deliveryMessage ?? "",
        link: orderPath(delivered.orderNumber),
      });
    } catch (error) {
      // The delivery stands; the order page shows it even without the notification.
      console.error("delivery notification failed", error);
    }
  }
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
