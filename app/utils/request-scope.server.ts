// One key per HTTP request, so the loaders of one GET can share a read (the session user, ADR
// 365). Remix hands each loader its own copy of the Fetch Request (it strips ?index and
// ?_routes by building a new Request, headers copied), so the Request object itself is not
// shared; the header below is. The server glue (server/remix-handler.ts) always sets it to a
// fresh random key, replacing anything the client sent, and ends the key when the response is
// done: a key names one live request only, and what was kept for it is dropped then.
import { randomUUID } from "node:crypto";

export const REQUEST_KEY_HEADER = "x-reelforge-request-key";

declare global {
  var __reelforgeRequestKeys: Map<string, Set<() => void>> | undefined;
}

// One map per process: the server glue imports this file from the source and the app's build
// bundles its own copy, so the state lives on globalThis (as the Prisma client does).
const live: Map<string, Set<() => void>> = globalThis.__reelforgeRequestKeys ?? (globalThis.__reelforgeRequestKeys = new Map());

/** A new key for a request the server is answering (its end must be reported with endRequestKey). */
export function openRequestKey(): string {
  const key = randomUUID();
  live.set(key, new Set());
  return key;
}

/** The request has been answered (or the client left): runs what was registered for it, once. */
export function endRequestKey(key: string): void {
  const ends = live.get(key);
  if (!ends) return;
  live.delete(key);
  for (const fn of ends) fn();
}

/**
 * The key of a request the server glue is answering, with `onEnd` run when it is done; null for
 * a request that came another way (a test calling a loader, an unknown or ended key): the caller
 * then shares nothing by key.
 */
export function liveRequestKey(request: Request, onEnd: () => void): string | null {
  const key = request.headers.get(REQUEST_KEY_HEADER);
  const ends = key ? live.get(key) : undefined;
  if (!key || !ends) return null;
  ends.add(onEnd);
  return key;
}
