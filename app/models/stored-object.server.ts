// Stored objects: one row per file in storage (bucket, key, type, size, owner, visibility) and
// the rule of who may read one. The only module that touches the stored_objects table; the
// bytes themselves are handled by app/utils/storage.
import { isAdmin } from "~/models/admin.server";
import { prisma, Prisma } from "~/utils/db.server";

export type StoredObjectRecord = {
  id: string;
  bucket: string;
  key: string;
  contentType: string;
  size: number;
  isPublic: boolean;
  originalName: string | null;
  ownerId: string | null;
  createdAt: Date;
};

const select = {
  id: true,
  bucket: true,
  key: true,
  contentType: true,
  size: true,
  isPublic: true,
  originalName: true,
  ownerId: true,
  createdAt: true,
} as const;

export type NewStoredObject = Omit<StoredObjectRecord, "id" | "createdAt">;

export class StoredObjectExistsError extends Error {
  readonly code = "stored_object_exists";
  constructor(bucket: string, key: string) {
    super(`A stored object is already recorded at ${bucket}/${key}`);
    this.name = "StoredObjectExistsError";
  }
}

export async function createStoredObject(data: NewStoredObject): Promise<StoredObjectRecord> {
  try {
    return await prisma.storedObject.create({ data, select });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new StoredObjectExistsError(data.bucket, data.key);
    }
    throw error;
  }
}

export function findStoredObject(bucket: string, key: string): Promise<StoredObjectRecord | null> {
  return prisma.storedObject.findUnique({ where: { bucket_key: { bucket, key } }, select });
}

export function findStoredObjectById(id: string): Promise<StoredObjectRecord | null> {
  return prisma.storedObject.findUnique({ where: { id }, select });
}

export async function deleteStoredObjectRecord(bucket: string, key: string): Promise<boolean> {
  const { count } = await prisma.storedObject.deleteMany({ where: { bucket, key } });
  return count > 0;
}

/** Makes one object public or private (e.g. when a user toggles a video's visibility). */
export async function setStoredObjectVisibility(bucket: string, key: string, isPublic: boolean): Promise<boolean> {
  const { count } = await prisma.storedObject.updateMany({ where: { bucket, key }, data: { isPublic } });
  return count > 0;
}

export function listStoredObjectsByOwner(
  ownerId: string,
  opts: { bucket?: string; take?: number } = {},
): Promise<StoredObjectRecord[]> {
  return prisma.storedObject.findMany({
    where: { ownerId, ...(opts.bucket ? { bucket: opts.bucket } : {}) },
    orderBy: { createdAt: "desc" },
    take: Math.min(opts.take ?? 100, 1000),
    select,
  });
}

/**
 * Who may read an object: anyone when it is public; otherwise its owner and admins. Objects
 * without an owner (system files, or the owner's account was deleted) are admin-only.
 */
export function canRead(object: Pick<StoredObjectRecord, "isPublic" | "ownerId">, viewer: { userId: string | null; isAdmin: boolean }): boolean {
  if (object.isPublic) return true;
  if (!viewer.userId) return false;
  if (object.ownerId !== null && object.ownerId === viewer.userId) return true;
  return viewer.isAdmin;
}

/** canRead for a viewer known by id only; the admin look-up runs only when it decides. */
export async function viewerCanRead(
  object: Pick<StoredObjectRecord, "isPublic" | "ownerId">,
  userId: string | null,
): Promise<boolean> {
  if (object.isPublic) return true;
  if (!userId) return false;
  if (object.ownerId === userId) return true;
  return canRead(object, { userId, isAdmin: await isAdmin(userId) });
}
