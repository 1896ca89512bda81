// A project's main product image and its project assets (project_assets: image, video or audio
// files with a name), as the canvas editor's Script tab and the MCP upload tool manage them
// (docs/product.md#canvas-editor, docs/decisions/152-editor-operations.md).
//
// Files come as references to stored files of the project's owner (an upload's `ref`, ADR 131);
// an asset's type is the kind detected from the file's bytes when it was stored, never a name
// or a declared type. Removing an asset or the main image removes its file too when it is the
// project's own upload and nothing else shows it (project-files.server.ts). storeProjectUpload
// stores bytes for doors that receive them (an MCP client) under the project's keys.
//
// Every function takes the acting user: the project's owner or an admin (ADR 130).
import { NotFoundError, type Actor } from "~/models/access/actor.server";
import { EDITOR_LIMITS, EDITOR_MESSAGES } from "./editor-rules";
import { MEDIA_REF_MESSAGES, MediaRefError, parseMediaValue } from "~/models/files/media-refs.server";
import { MEDIA_LIMITS } from "~/models/stories/video-media";
import { announceProjectUpdated } from "./project-events.server";
import { removeUnusedFiles } from "~/models/files/project-files.server";
import { getProject, requireProject, updateProject, type ProjectRef, type ProjectRow } from "./project.server";
import { resolveUploadRef, storeFile, type StoredFile, type UploadTarget } from "~/models/files/stored-files.server";
import { Prisma, prisma, sqlRows, utcFromJson } from "~/utils/db.server";
import type { PutBody } from "~/utils/storage/types";
import { objectRef } from "~/utils/storage/buckets";
import { normalizeText } from "~/utils/text";

export type ProjectAssetType = "image" | "video" | "audio";

export type ProjectAssetItem = { id: string; url: string; type: ProjectAssetType; name: string; createdAt: Date };

const ASSET_KINDS = ["image", "video", "audio"] as const;

/** A project's assets, oldest first (the order they were added). */
export async function listProjectAssets(actor: Actor, projectId: string | ProjectRef): Promise<ProjectAssetItem[]> {
  const project = await requireProject(actor, projectId);
  // Straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md); the same read the editors take with the project's row.
  const [row] = await sqlRows<{ assets: unknown }>(Prisma.sql`SELECT ${projectAssetsJson(Prisma.sql`${project.id}`)} AS "assets"`);
  return projectAssetsFromJson(row.assets);
}

/**
 * The assets of the project `projectId` names (a value, or a column of a read that checked the
 * project), oldest first, as one JSON array: the editors read them with the project's row
 * (project-workspace.server.ts). projectAssetsFromJson turns it into the items.
 */
export function projectAssetsJson(projectId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT json_agg(json_build_object('id', a."id", 'url', a."url", 'type', a."type", 'name', a."name", 'createdAt', a."createdAt")
    ORDER BY a."createdAt" ASC, a."id" ASC) FROM "project_assets" a WHERE a."projectId" = ${projectId}), '[]'::json)`;
}

export function projectAssetsFromJson(value: unknown): ProjectAssetItem[] {
  return (value as (Omit<ProjectAssetItem, "createdAt"> & { createdAt: string })[]).map((a) => ({
    id: a.id,
    url: a.url,
    type: a.type,
    name: a.name,
    createdAt: utcFromJson(a.createdAt),
  }));
}

/** The owner's stored media file a reference names; MediaRefError for anything else. */
async function ownersMediaFile(field: string, value: unknown, ownerId: string): Promise<StoredFile> {
  const target = typeof value === "string" ? parseMediaValue(value) : null;
  if (!target || !("object" in target)) throw new MediaRefError(field, MEDIA_REF_MESSAGES.notAReference);
  const { bucket, key } = target.object;
  const file = await resolveUploadRef(objectRef(bucket, key), { bucket, ownerId, kinds: ASSET_KINDS });
  if (!file) throw new MediaRefError(field, MEDIA_REF_MESSAGES.notFound);
  return file;
}

/**
 * Adds stored files of the project's owner as project assets (several at once), each with its
 * detected type and a name (the given one, else the file's original name). All or nothing:
 * MediaRefError when one is not the owner's image, video or audio file.
 */
export async function addProjectAssets(actor: Actor, projectId: string, files: readonly { ref: string; name?: string | null }[]): Promise<ProjectAssetItem[]> {
  const project = await requireProject(actor, projectId);
  if (files.length > EDITOR_LIMITS.assetsAtOnce) throw new MediaRefError("assets", EDITOR_MESSAGES.tooManyAssets(EDITOR_LIMITS.assetsAtOnce));
  const resolved: { url: string; type: ProjectAssetType; name: string }[] = [];
  for (const [i, f] of files.entries()) {
    const file = await ownersMediaFile(`assets[${i}]`, f.ref, project.userId);
    const name = normalizeText(f.name ?? file.originalName ?? file.key.split("/").pop() ?? "asset", { keepJoiners: true }) || "asset";
    resolved.push({ url: file.url, type: file.kind as ProjectAssetType, name: [...name].slice(0, EDITOR_LIMITS.title).join("") });
  }
  await checkMediaCounts(project.id, resolved);
  const added = await prisma.$transaction(
    resolved.map((r) =>
      prisma.projectAsset.create({ data: { projectId: project.id, ...r }, select: { id: true, url: true, type: true, name: true, createdAt: true } }),
    ),
  );
  await announceProjectUpdated(project);
  return added;
}

/**
 * A project keeps at most MEDIA_LIMITS photos (image assets) and clips (video assets), like a
 * Create Video request (ADR 330): MediaRefError naming the first file over the limit.
 */
async function checkMediaCounts(projectId: string, adding: readonly { type: ProjectAssetType; name: string }[]): Promise<void> {
  const existing = await prisma.projectAsset.groupBy({ by: ["type"], where: { projectId, type: { in: ["image", "video"] } }, _count: { _all: true } });
  const counts = { image: 0, video: 0 } as Record<ProjectAssetType, number>;
  for (const row of existing) counts[row.type as ProjectAssetType] = row._count._all;
  for (const [i, a] of adding.entries()) {
    if (a.type === "audio") continue;
    counts[a.type] += 1;
    const kind = a.type === "image" ? "photo" : "clip";
    if (counts[a.type] > MEDIA_LIMITS[kind]) throw new MediaRefError(`assets[${i}]`, EDITOR_MESSAGES.tooManyProjectMedia(a.name, kind, MEDIA_LIMITS[kind]));
  }
}

/** Removes one project asset, and its file when nothing else shows it. NotFoundError for another project's asset. */
export async function removeProjectAsset(actor: Actor, projectId: string, assetId: string): Promise<ProjectAssetItem> {
  const project = await requireProject(actor, projectId);
  const asset = assetId
    ? await prisma.projectAsset.findFirst({
        where: { id: assetId, projectId: project.id },
        select: { id: true, url: true, type: true, name: true, createdAt: true },
      })
    : null;
  if (!asset) throw new NotFoundError("Asset");
  const { count } = await prisma.projectAsset.deleteMany({ where: { id: asset.id, projectId: project.id } });
  if (count === 0) throw new NotFoundError("Asset");
  await announceProjectUpdated(project);
  await removeUnusedFiles([asset.url], project.userId);
  return asset;
}

/** Every project asset's file (for removing a project's files). */
export async function projectAssetUrls(projectId: string): Promise<string[]> {
  const rows = await prisma.projectAsset.findMany({ where: { projectId }, select: { url: true } });
  return rows.map((r) => r.url);
}

/**
 * Sets the main product image to a stored image of the owner (an upload's ref), or removes it
 * (null). The image it replaces is removed from storage when it was the project's own upload
 * and nothing else shows it. Every generated scene image made from the old one becomes stale.
 */
export async function setMainProjectImage(actor: Actor, projectId: string, ref: string | null): Promise<ProjectRow> {
  const before = await getProject(actor, projectId);
  const updated = await updateProject(actor, projectId, { mainProductImageUrl: ref });
  if (before.mainProductImageUrl && before.mainProductImageUrl !== updated.mainProductImageUrl) {
    await removeUnusedFiles([before.mainProductImageUrl], before.userId);
  }
  return updated;
}

/**
 * Where a door that streams a multipart upload (the editor's form without JavaScript) stores the
 * project's main image ("main") or its asset files ("asset"): the same place as storeProjectUpload,
 * the owner's files under the project's keys; the refs then go to setMainProjectImage or
 * addProjectAssets. NotFoundError for a project the actor may not work on.
 */
export async function projectUploadTarget(actor: Actor, projectId: string, purpose: "main" | "asset"): Promise<UploadTarget & { maxFiles: number }> {
  const project = await requireProject(actor, projectId);
  return {
    bucket: "project-images",
    ownerId: project.userId,
    params: { projectId: project.id, purpose },
    maxFiles: purpose === "main" ? 1 : EDITOR_LIMITS.assetsAtOnce,
  };
}

/**
 * Stores bytes as the project's main image ("main": images only) or as a project asset file
 * ("asset": image, video or audio), owned by the project's owner, under the project's keys;
 * returns the stored file, whose `ref` setMainProjectImage or addProjectAssets then takes. For
 * doors that receive the bytes themselves (an MCP client); browsers upload through
 * /resources/upload/project-images. Throws UploadError for a wrong type or size.
 */
export async function storeProjectUpload(
  actor: Actor,
  projectId: string,
  upload: { purpose: "main" | "asset"; body: PutBody; originalName?: string | null },
): Promise<StoredFile> {
  const project = await requireProject(actor, projectId);
  return storeFile({
    bucket: "project-images",
    ownerId: project.userId,
    params: { projectId: project.id, purpose: upload.purpose },
    body: upload.body,
    originalName: upload.originalName ?? null,
  });
}
