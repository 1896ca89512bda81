// Notifications core: the per-user inbox shown behind the Dashboard badge.
import { prisma } from "~/utils/db.server";

/** Unread notifications of one user (one COUNT query on the (userId, read) index). */
export async function countUnread(userId: string): Promise<number> {
  return prisma.notification.count({ where: { userId, read: false } });
}
