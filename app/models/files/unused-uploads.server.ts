// Uploads nothing uses (docs/decisions/110-uploads-parsed-once-and-unused-uploads.md): Create
// Video's product photos and background music are uploaded before the form is accepted (by the
// dialog's JS upload, or kept from a failed plain post so the re-rendered form can carry them).
// Those no row refers to once a grace period has passed are removed, row and bytes, by the
// pipeline housekeeping.
//
// It reads every column that may hold a file reference (FILE_REFERENCE_COLUMNS; a test keeps the
// list in step with the schema) and deletes stored_objects rows only; the other tables are never
// written. The same reading tells a deletion in the editors which of its files nothing shows any
// more (unreferencedObjects, used by project-files.server.ts). A submission that is about to use a file holds FOR SHARE on its row
// (createVideoRequest), so a file is never removed under a story that is being created.
import { Prisma, prisma } from "~/utils/db.server";
import { FILES_ROUTE } from "~/utils/storage/buckets";
import { storage } from "~/utils/storage/index.server";

/** Buckets whose files matter only through a reference (the Create Video inputs). */
export const SWEPT_BUCKETS = ["product-photos", "product-clips", "background-music"] as const;

/** How long an unused upload is kept: a form left open, or re-rendered after a failed post. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Every column that may refer to a stored object, as "bucket/key", a /resources/files URL
 * (absolute or not) or a bare key. [table, column] as in the database.
 */
export const FILE_REFERENCE_COLUMNS = [
  ["profiles", "avatarKey"],
  ["stories", "productImageUrl"],
  ["stories", "backgroundMusicUrl"],
  ["stories", "finalVideoWithMusic"],
  ["stories", "posterUrl"],
  ["image_generation_jobs", "resultUrl"],
  ["image_generation_jobs", "sourceImageUrl"],
  ["video_generation_jobs", "resultUrl"],
  ["video_generation_jobs", "sourceImageUrl"],
  ["auth_showcase_videos", "videoPath"],
  ["auth_showcase_videos", "thumbnailPath"],
  ["canvas_projects", "finalVideoUrl"],
  ["canvas_projects", "mainProductImageUrl"],
  ["canvas_projects", "backgroundMusicUrl"],
  ["project_assets", "url"],
  ["canvas_scenes", "imageUrl"],
  ["canvas_scenes", "videoUrl"],
  ["canvas_scenes", "productImageUrl"],
  ["canvas_scenes", "sourceMediaUrl"],
  ["canvas_scenes", "voiceOverUrl"],
  ["canvas_scenes", "backgroundMusicUrl"],
  ["scene_asset_versions", "url"],
  ["compile_jobs", "videoUrl"],
  ["compile_jobs", "posterUrl"],
  ["custom_orders", "deliveryUrl"],
  ["custom_order_images", "imageUrl"],
  ["custom_order_media", "mediaUrl"],
  ["custom_order_media", "thumbnailUrl"],
  ["message_attachments", "url"],
  ["brand_kits", "logoKey"],
] as const satisfies readonly (readonly [string, string])[];

/** Columns holding a list of references (text[]), read element by element. */
export const FILE_REFERENCE_LIST_COLUMNS = [["stories", "mediaUrls"]] as const satisfies readonly (readonly [string, string])[];

const BATCH = 100;

/** A timestamp parameter for the TIMESTAMP(3) (UTC, no zone) columns. */
function ts(date: Date): Prisma.Sql {
  return Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/**
 * The references of every column, each brought to "bucket/key" (a file route URL, absolute or
 * not, loses its origin and prefix) or left as it is (a ref, a bare key). Objects are compared
 * with it by equality, so PostgreSQL reads each column once (hash anti-join), however many
 * objects are checked.
 */
function refsCte(): Prisma.Sql {
  const values = [
    ...FILE_REFERENCE_COLUMNS.map(([table, column]) => `SELECT "${column}" AS v FROM "${table}" WHERE "${column}" IS NOT NULL`),
    ...FILE_REFERENCE_LIST_COLUMNS.map(([table, column]) => `SELECT unnest("${column}") AS v FROM "${table}"`),
  ].join(" UNION ALL ");
  const prefix = `${FILES_ROUTE}/`;
  return Prisma.sql`
    WITH paths AS (SELECT regexp_replace(v, '^https?://[^/]+', '') AS p, v FROM (${Prisma.raw(values)}) AS columns),
    refs AS MATERIALIZED (
      SELECT split_part(split_part(CASE WHEN strpos(p, ${prefix}) = 1 THEN substr(p, ${prefix.length + 1}) ELSE v END, '?', 1), '#', 1) AS r
      FROM paths
    )`;
}

const NOT_REFERENCED = Prisma.sql`
  NOT EXISTS (SELECT 1 FROM refs WHERE refs.r = so."bucket" || '/' || so."key")
  AND NOT EXISTS (SELECT 1 FROM refs WHERE refs.r = so."key")`;

/**
 * Of these stored objects, the ones no column refers to any more (in any spelling): what a
 * deletion may remove once its rows are gone, so a file still shown elsewhere (a story's final
 * video, another project's scene) is kept.
 */
export async function unreferencedObjects<T extends { bucket: string; key: string }>(objects: readonly T[]): Promise<T[]> {
  if (objects.length === 0) return [];
  const wanted = [...new Set(objects.map((o) => `${o.bucket}/${o.key}`))];
  const referenced = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const chunk = wanted.slice(i, i + 500);
    const rows = await prisma.$queryRaw<{ r: string }[]>`
      ${refsCte()}
      SELECT DISTINCT refs.r FROM refs WHERE refs.r IN (${Prisma.join(chunk)})`;
    for (const row of rows) referenced.add(row.r);
    // A bare key in a column (legacy spelling) also counts.
    const keys = chunk.map((c) => c.slice(c.indexOf("/") + 1));
    const bare = await prisma.$queryRaw<{ r: string }[]>`
      ${refsCte()}
      SELECT DISTINCT refs.r FROM refs WHERE refs.r IN (${Prisma.join(keys)})`;
    const bareSet = new Set(bare.map((b) => b.r));
    for (const c of chunk) if (bareSet.has(c.slice(c.indexOf("/") + 1))) referenced.add(c);
  }
  return objects.filter((o) => !referenced.has(`${o.bucket}/${o.key}`));
}

export type SweepResult = { removed: { bucket: string; key: string }[] };

/**
 * Removes uploads of SWEPT_BUCKETS older than `olderThanMs` that no column refers to: first the
 * stored_objects rows (in a transaction that locks them and checks again after the lock), then
 * their bytes. Safe to run from several processes at once (locked rows are skipped).
 */
export async function sweepUnusedUploads(opts: { olderThanMs?: number; now?: Date; maxBatches?: number } = {}): Promise<SweepResult> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.olderThanMs ?? UNUSED_UPLOAD_GRACE_MS));
  const removed: SweepResult["removed"] = [];
  for (let batch = 0; batch < (opts.maxBatches ?? 20); batch++) {
    const rows = await prisma.$transaction(
      async (tx) => {
        const candidates = await tx.$queryRaw<{ id: string }[]>`
          ${refsCte()}
          SELECT so."id" FROM "stored_objects" so
          WHERE so."bucket" IN (${Prisma.join(SWEPT_BUCKETS)}) AND so."createdAt" < ${ts(cutoff)} AND ${NOT_REFERENCED}
          ORDER BY so."createdAt"
          LIMIT ${BATCH}
          FOR UPDATE OF so SKIP LOCKED`;
        if (candidates.length === 0) return [];
        // Checked again now that the rows are locked: this statement sees every submission that
        // committed before the lock, and one that comes later waits for it and finds no file.
        return tx.$queryRaw<{ bucket: string; key: string }[]>`
          ${refsCte()}
          DELETE FROM "stored_objects" so
          WHERE so."id" IN (${Prisma.join(candidates.map((c) => c.id))}) AND ${NOT_REFERENCED}
          RETURNING so."bucket", so."key"`;
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
    for (const row of rows) {
      await storage()
        .delete(row.bucket, row.key)
        .catch((error) => console.error(`[uploads] removing unused ${row.bucket}/${row.key} failed`, error));
      removed.push(row);
    }
    if (rows.length < BATCH) break;
  }
  return { removed };
}
