// Announcements: banners staff show at the top of every user's Dashboard while they are active
// and their end date has not passed (docs/product.md#announcements).
import { Prisma, prisma, sqlRows } from "~/utils/db.server";
import type { AnnouncementType } from "~/generated/prisma/enums";

export type AnnouncementItem = {
  id: string;
  title: string;
  content: string;
  type: AnnouncementType;
  endDate: string;
  createdAt: string;
};

export const ANNOUNCEMENT_LIMIT = 10;

/** Active announcements whose end date is on or after `now`, newest first. */
export async function listActiveAnnouncements(now: Date = new Date(), limit = ANNOUNCEMENT_LIMIT): Promise<AnnouncementItem[]> {
  // Read on every Dashboard visit: straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
  const rows = await sqlRows<{ id: string; title: string; content: string; type: AnnouncementType; endDate: Date; createdAt: Date }>(Prisma.sql`
    SELECT "id", "title", "content", "type"::text AS "type", "endDate", "createdAt" FROM "announcements"
    WHERE "active" AND "endDate" >= ${now} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}`);
  return rows.map((row) => ({ ...row, endDate: row.endDate.toISOString(), createdAt: row.createdAt.toISOString() }));
}

export type NewAnnouncement = {
  title: string;
  content: string;
  type?: AnnouncementType;
  active?: boolean;
  endDate: Date;
};

export async function createAnnouncement(input: NewAnnouncement): Promise<AnnouncementItem> {
  const row = await prisma.announcement.create({
    data: {
      title: input.title.trim().slice(0, 200),
      content: input.content.trim().slice(0, 2000),
      type: input.type ?? "info",
      active: input.active ?? true,
      endDate: input.endDate,
    },
  });
  return { id: row.id, title: row.title, content: row.content, type: row.type, endDate: row.endDate.toISOString(), createdAt: row.createdAt.toISOString() };
}

export async function setAnnouncementActive(id: string, active: boolean): Promise<boolean> {
  const { count } = await prisma.announcement.updateMany({ where: { id }, data: { active } });
  return count > 0;
}

// ───────────────────────────── dismissed for the session ─────────────────────────────

/** Session key holding the ids a user dismissed (the no-JavaScript path, ADR 083). */
export const DISMISSED_SESSION_KEY = "dismissedAnnouncements";
const MAX_DISMISSED = 50;

export function dismissedIdsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.length <= 64).slice(-MAX_DISMISSED) : [];
}

export function withDismissed(current: unknown, id: string): string[] {
  const ids = dismissedIdsOf(current).filter((v) => v !== id);
  ids.push(id);
  return ids.slice(-MAX_DISMISSED);
}
