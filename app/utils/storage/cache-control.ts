// Cache-Control of stored files (ADR 123), derived from the object's visibility when it is served.
// A file can be published and made private again: a copy kept by a shared cache (a proxy, a CDN)
// or another visitor's browser must not outlive that, so such files may be stored but must be
// revalidated before each use (the file route answers 304 or, once private, 404).
import { BUCKETS, isBucketName } from "./buckets";

export const FILE_CACHE_SECONDS = 3600;

/** The header for an object as it is now. */
export function fileCacheControl(bucket: string, isPublic: boolean): string {
  if (!isPublic) return `private, max-age=${FILE_CACHE_SECONDS}`;
  // Files of a public bucket (avatars, showcase videos) are public for good.
  if (isBucketName(bucket) && BUCKETS[bucket].public) return `public, max-age=${FILE_CACHE_SECONDS}`;
  return "public, no-cache";
}

/**
 * The header kept with the bytes where the backend stores one (S3 metadata), which is not
 * updated when visibility changes: the bucket's rule decides, never the object's first visibility.
 */
export function storedCacheControl(bucket: string): string {
  return fileCacheControl(bucket, isBucketName(bucket) && BUCKETS[bucket].public);
}
