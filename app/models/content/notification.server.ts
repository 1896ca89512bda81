// Notifications core: the per-user inbox shown behind the Dashboard badge. Creating one and
// marking them read publish live events to the owner, so the badge and the list update
// without a reload (docs/product.md#notifications: inserts appear at the top live; read ones leave
// the list).
import { assertActor, type Actor } from "~/models/access/actor.server";
import { presentableFailure } from "~/models/generation/failure-messages";
import { prisma, type Prisma } from "~/utils/db.server";
import { publish } from "~/utils/live.server";

export const UNREAD_LIST_LIMIT = 50;

export type NotificationItem = {
  id: string;
  type: string;
  title: string;
  body: string;
  /** A same-site path, or null. */
  link: string | null;
  read: boolean;
  createdAt: string;
};

const select = { id: true, type: true, title: true, body: true, link: true, read: true, createdAt: true } as const;

function toItem(row: { id: string; type: string; title: string; body: string; link: string | null; read: boolean; createdAt: Date }): NotificationItem {
  // A failure notice written before failures were worded for people may hold a tool's output.
  const body = row.type.endsWith("_failed") ? presentableNotice(row.body) : row.body;
  return { ...row, body, link: safeLink(row.link), createdAt: row.createdAt.toISOString() };
}

/** A failure notice's text in people's words, its refund sentence kept. */
function presentableNotice(body: string): string {
  const refund = / Your [\d.,]+ credits were refunded\.$/.exec(body);
  return refund ? `${presentableFailure(body.slice(0, refund.index))}${refund[0]}` : presentableFailure(body);
}

/** Only same-site paths are kept as links (a notification never sends anyone off-site). */
export function safeLink(link: string | null | undefined): string | null {
  if (!link || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  return link.slice(0, 500);
}

/** The actor's unread notifications (one COUNT query on the (userId, read) index). */
export async function countUnread(actor: Actor): Promise<number> {
  assertActor(actor);
  const userId = actor.id;
  return prisma.notification.count({ where: { userId, read: false } });
}

/** The actor's unread notifications, newest first. */
export async function listUnreadNotifications(actor: Actor, limit = UNREAD_LIST_LIMIT): Promise<NotificationItem[]> {
  assertActor(actor);
  const userId = actor.id;
  const rows = await prisma.notification.findMany({
    where: { userId, read: false },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(limit, 1), 200),
    select,
  });
  return rows.map(toItem);
}

export type NewNotification = {
  userId: string;
  /** "video_ready", "video_failed", "custom_order", "staff_message" ... */
  type: string;
  title: string;
  body?: string;
  /** A same-site path such as "/" or "/custom-orders/RF-123"; anything else is dropped. */
  link?: string | null;
};

async function insertNotification(tx: Prisma.TransactionClient, input: NewNotification) {
  const created = await tx.notification.create({
    data: {
      userId: input.userId,
      type: input.type.slice(0, 64),
      title: input.title.slice(0, 200),
      body: (input.body ?? "").slice(0, 2000),
      link: safeLink(input.link),
    },
    select,
  });
  await publish(input.userId, { type: "notification.created", notificationId: created.id, title: created.title }, tx);
  return created;
}

/** Creates a notification and tells the user's open pages (delivered when it commits). */
export async function createNotification(input: NewNotification): Promise<NotificationItem> {
  return toItem(await prisma.$transaction((tx) => insertNotification(tx, input)));
}

/**
 * Creates the notification unless the user has one of this type with this link already (a
 * retried workflow step asks again). An advisory lock on (user, type, link) makes the check and
 * the insert atomic.
 */
export async function createNotificationOnce(input: NewNotification & { link: string }): Promise<{ created: boolean; notification?: NotificationItem }> {
  const link = safeLink(input.link);
  const lockKey = `notify-once:${input.userId}:${input.type}:${link}`;
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${lockKey}))`;
      const existing = await tx.notification.findFirst({ where: { userId: input.userId, type: input.type, link }, select: { id: true } });
      if (existing) return { created: false };
      return { created: true, notification: toItem(await insertNotification(tx, input)) };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
}

/** Marks one of the actor's notifications read. False when it is not theirs or already read. */
export async function markNotificationRead(actor: Actor, notificationId: string): Promise<boolean> {
  assertActor(actor);
  const userId = actor.id;
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.notification.updateMany({ where: { id: notificationId, userId, read: false }, data: { read: true } });
    if (count > 0) await publish(userId, { type: "notification.updated", notificationIds: [notificationId], read: true }, tx);
    return count > 0;
  });
}

/**
 * Opening a notification reads it (issue 20 finding 12): marks it read (if it was not) and
 * returns where it leads, its stored same-site link. Null when it is not the user's or has no
 * link: the door then answers 404 and nothing changes.
 */
export async function openNotification(actor: Actor, notificationId: string): Promise<string | null> {
  assertActor(actor);
  const userId = actor.id;
  const row = await prisma.notification.findFirst({ where: { id: notificationId, userId }, select: { link: true } });
  const link = safeLink(row?.link);
  if (!row || !link) return null;
  await markNotificationRead(actor, notificationId);
  return link;
}

/** Marks all of the actor's unread notifications read; returns how many changed. */
export async function markAllNotificationsRead(actor: Actor): Promise<number> {
  assertActor(actor);
  const userId = actor.id;
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.notification.updateMany({ where: { userId, read: false }, data: { read: true } });
    if (count > 0) await publish(userId, { type: "notification.updated", notificationIds: "all", read: true }, tx);
    return count;
  });
}
