// Custom orders, what staff do (docs/product.md#admin-area, docs/decisions/180-custom-orders-core.md):
// admins only list, read, update, deliver and manage the media of orders. A delivery needs a URL
// or files, happens once (also when two race), settles the customer's charge and notifies them.
// The order itself, its files and the customer's side are custom-orders.server.ts.
import { NotFoundError, type Actor } from "~/models/access/actor.server";
import { assertStaff } from "~/models/access/permissions.server";
import { settleBatchChargesInTx } from "~/models/billing";
import {
  ADMIN_NOTES_MAX,
  ADMIN_ORDER_STATUSES,
  DELIVERY_MESSAGE_MAX,
  DELIVERY_URL_MAX,
  STAFF_ORDER_PAGE_SIZE,
  ORDER_MESSAGES,
  orderPath,
  type AdminOrderStatus,
  type OrderStatusValue,
} from "./custom-order-rules";
import {
  checkOrderFiles,
  cleanText,
  discardOrderFiles,
  ORDER_BUCKET,
  ORDER_STAFF,
  OrderError,
  orderMediaRows,
  orderUploadTarget,
  toOrderFile,
  TYPE_DEFAULT,
  type OrderFile,
  type OrderFileInput,
} from "./custom-orders.server";
import { createNotification } from "~/models/content/notification.server";
import { deleteFile, type UploadTarget } from "~/models/files/stored-files.server";
import { Prisma, prisma, sqlRows } from "~/utils/db.server";
import { fileUrlFromRef, parseObjectRef } from "~/utils/storage/buckets";
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
 * All orders, newest first, STAFF_ORDER_PAGE_SIZE per page (page 1 is the newest), optionally
 * of one status. Usernames come from profiles in one query for the whole page.
 */
export async function listOrdersForStaff(actor: Actor, opts: { status?: OrderStatusValue | null; page?: number } = {}): Promise<AdminOrderPage> {
  assertStaff(actor, ORDER_STAFF);
  const page = Math.max(1, Math.min(Math.floor(opts.page ?? 1), 100_000));
  // The staff's list in one statement, straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md):
  // the guest's name, the order link's title and the customer's username joined.
  const rows = await sqlRows<{
    id: string;
    orderNumber: number;
    createdAt: Date;
    status: OrderStatusValue;
    creditsUsed: number;
    userId: string | null;
    deliveredAt: Date | null;
    hasGuest: boolean;
    guestName: string | null;
    linkTitle: string | null;
    username: string | null;
  }>(Prisma.sql`
    SELECT o."id", o."orderNumber", o."createdAt", o."status"::text AS "status", o."creditsUsed"::float8 AS "creditsUsed", o."userId",
           o."deliveredAt", (g."id" IS NOT NULL) AS "hasGuest", g."name" AS "guestName", l."title" AS "linkTitle", p."username"
    FROM "custom_orders" o
    LEFT JOIN "custom_order_guests" g ON g."id" = o."guestId"
    LEFT JOIN "custom_order_links" l ON l."id" = o."orderLinkId"
    LEFT JOIN "profiles" p ON p."userId" = o."userId"
    ${opts.status ? Prisma.sql`WHERE o."status" = ${opts.status}` : Prisma.empty}
    ORDER BY o."createdAt" DESC, o."id" DESC
    OFFSET ${(page - 1) * STAFF_ORDER_PAGE_SIZE} LIMIT ${STAFF_ORDER_PAGE_SIZE + 1}`);
  const hasMore = rows.length > STAFF_ORDER_PAGE_SIZE;
  return {
    page,
    hasMore,
    rows: rows.slice(0, STAFF_ORDER_PAGE_SIZE).map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      creditsUsed: r.creditsUsed,
      customer: r.userId ? r.username || null : r.guestName,
      isGuest: !r.userId && r.hasGuest,
      orderType: r.linkTitle ?? TYPE_DEFAULT,
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
  assertStaff(actor, ORDER_STAFF);
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
  assertStaff(actor, ORDER_STAFF);
  const order = await prisma.customOrder.findUnique({ where: { id: orderId }, select: { userId: true, deliveredAt: true } });
  if (!order) throw new NotFoundError("Order");
  if (role === "delivery" && order.deliveredAt) throw new OrderError(409, ORDER_MESSAGES.alreadyDelivered);
  return orderUploadTarget(orderId, order.userId);
}

/** Status and admin notes, saved together (update_custom_order_status). */
export async function updateOrderStatus(actor: Actor, orderId: string, input: { status: AdminOrderStatus; adminNotes?: string | null }): Promise<void> {
  assertStaff(actor, ORDER_STAFF);
  if (!(ADMIN_ORDER_STATUSES as readonly string[]).includes(input.status)) throw new OrderError(400, ORDER_MESSAGES.updateFailed);
  const adminNotes = cleanText(input.adminNotes, ADMIN_NOTES_MAX);
  const { count } = await prisma.customOrder.updateMany({ where: { id: orderId }, data: { status: input.status, adminNotes } });
  if (count === 0) throw new NotFoundError("Order");
}

/** Staff files added to an order (Media: role admin; Delivery: role delivery). */
export async function addOrderMedia(actor: Actor, orderId: string, files: readonly OrderFileInput[], role: "admin" | "delivery"): Promise<number> {
  assertStaff(actor, ORDER_STAFF);
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
  assertStaff(actor, ORDER_STAFF);
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
  assertStaff(actor, ORDER_STAFF);
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
