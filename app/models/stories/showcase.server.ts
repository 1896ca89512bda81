// Showcase videos (auth_showcase_videos): example videos published by staff for the
// landing page and the sign-in carousel.
import { Prisma, prisma, sqlRows } from "~/utils/db.server";
import { fileUrl } from "~/utils/storage/buckets";

import type { ShowcaseItem } from "./showcase";

export type { ShowcaseItem };

/**
 * An http(s) URL is used as is; anything else is a key in the "showcase-videos" bucket,
 * served by the storage file route.
 */
export function showcaseFileUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return fileUrl("showcase-videos", pathOrUrl.replace(/^\/+/, ""));
}

export async function listShowcaseVideos(limit = 12): Promise<ShowcaseItem[]> {
  // Read by the landing page and the sign-in pages: straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
  const rows = await sqlRows<{
    id: string;
    title: string;
    description: string | null;
    category: string | null;
    videoPath: string;
    thumbnailPath: string | null;
  }>(Prisma.sql`
    SELECT "id", "title", "description", "category", "videoPath", "thumbnailPath" FROM "auth_showcase_videos"
    ORDER BY "displayOrder" ASC, "createdAt" DESC LIMIT ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    videoUrl: showcaseFileUrl(row.videoPath),
    thumbnailUrl: row.thumbnailPath ? showcaseFileUrl(row.thumbnailPath) : null,
  }));
}

/** The carousel of the sign-in pages: the showcase, or nothing when it cannot be read. */
export async function listShowcaseVideosSafely(limit = 12): Promise<ShowcaseItem[]> {
  try {
    return await listShowcaseVideos(limit);
  } catch (error) {
    console.error("showcase load failed", error);
    return [];
  }
}

export async function showcaseCount(): Promise<number> {
  return prisma.showcaseVideo.count();
}

export async function hasShowcaseVideo(title: string): Promise<boolean> {
  return (await prisma.showcaseVideo.count({ where: { title } })) > 0;
}

export type NewShowcaseVideo = { title: string; description: string; category: string; videoPath: string; thumbnailPath: string; displayOrder: number };

/**
 * Adds a showcase video unless one with its title exists (a retried seeding step adds nothing
 * twice; a per-title advisory lock makes the check and the insert atomic). False when it existed.
 */
export async function addShowcaseVideoOnce(video: NewShowcaseVideo): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`showcase-seed:${video.title}`}))`;
    if (await tx.showcaseVideo.findFirst({ where: { title: video.title }, select: { id: true } })) return false;
    await tx.showcaseVideo.create({ data: video });
    return true;
  });
}
