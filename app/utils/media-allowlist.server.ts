// The only way the server fetches a media URL that came from stored data (a project's or a
// scene's column) rather than from a provider's own answer: its origin must be listed in
// MEDIA_URL_ALLOWLIST (comma-separated origins, e.g. "https://cdn.example.com"; empty by
// default, so nothing is fetched). Read at call time, so a change needs no restart of tests.
// See docs/decisions/131-media-references.md.

/** The configured origins ("https://cdn.example.com"), normalised; empty when not set. */
export function mediaUrlAllowlist(): string[] {
  const raw = process.env.MEDIA_URL_ALLOWLIST ?? "";
  const origins: string[] = [];
  for (const entry of raw.split(",")) {
    const value = entry.trim();
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.protocol === "http:" || url.protocol === "https:") origins.push(url.origin);
    } catch {
      // An entry that is not a URL allows nothing.
    }
  }
  return origins;
}

/** Whether `value` is an http(s) URL (no credentials in it) whose origin is allow-listed. */
export function isAllowedMediaUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username || url.password) return false;
  return mediaUrlAllowlist().includes(url.origin);
}

export class MediaUrlNotAllowedError extends Error {
  constructor() {
    super("This media URL is not on the server's allow-list");
    this.name = "MediaUrlNotAllowedError";
  }
}

/**
 * The bytes at an allow-listed URL. Redirects are refused (they could lead anywhere) and the
 * body is capped. Throws MediaUrlNotAllowedError for any other URL, before any request is made.
 */
export async function fetchAllowedMedia(
  url: string,
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<{ ok: boolean; status: number; bytes: Buffer }> {
  if (!isAllowedMediaUrl(url)) throw new MediaUrlNotAllowedError();
  const res = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(options.timeoutMs ?? 120_000) });
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, status: res.status, bytes: Buffer.alloc(0) };
  }
  const max = options.maxBytes ?? 1024 * 1024 * 1024;
  const chunks: Buffer[] = [];
  let total = 0;
  if (res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > max) throw new Error(`The media at this URL is larger than ${max} bytes`);
      chunks.push(Buffer.from(chunk));
    }
  }
  return { ok: true, status: res.status, bytes: Buffer.concat(chunks) };
}
