// Product page to ad (issue 23 item 4, docs/decisions/305-product-page-to-ad.md): reads a store's
// product page the user names, through the public-address guard (app/utils/public-fetch.server.ts:
// 5 s, 2 MB), takes its product fields and at most 8 of its pictures (10 MB each, fetched through
// the same guard), stores each picture as the user's product photo upload, checked by its content
// as any upload is (ADR 270), and returns the refs Create Video takes with an idea text written from
// the page's own words. Free: nothing is charged until the user submits the video. Pictures the
// user never uses go with the sweep of unused uploads (unused-uploads.server.ts, ADR 110).
import { createHash } from "node:crypto";
import { assertActor, type Actor } from "~/models/access/actor.server";
import { countHit } from "~/models/access/api-rate-limits.server";
import { userExists } from "~/models/access/user.server";
import { removeFiles, storeFile, UploadError, type StoredFile } from "~/models/files/stored-files.server";
import { fetchPublicUrl, PUBLIC_FETCH_MESSAGES, PublicFetchError } from "~/utils/public-fetch.server";
import { parseProductPage, productIdea, PRODUCT_PAGE_MAX_IMAGES, type ProductFields } from "./product-page-html";

export const PRODUCT_PAGE_LIMITS = {
  pageBytes: 2 * 1024 * 1024,
  pageTimeoutMs: 5_000,
  images: PRODUCT_PAGE_MAX_IMAGES,
  imageBytes: 10 * 1024 * 1024,
  imageTimeoutMs: 8_000,
  /** All the pictures together. */
  imagesTimeoutMs: 15_000,
  imagesAtOnce: 4,
  /** Pages one user may read per minute (about one every five seconds). */
  perMinute: 12,
  urlLength: 2048,
} as const;

export const PRODUCT_PAGE_MESSAGES = {
  noUser: "No authenticated user found",
  invalidUrl: "Enter the web address of a product page, such as https://yourstore.com/products/name",
  blocked: "That address is on a private or local network, so it cannot be read. Use the product page's public address.",
  timeout: "The page did not answer within 5 seconds. Please try again, or upload the photos yourself.",
  tooLarge: "The page is larger than 2 MB, so it was not read.",
  unreachable: (reason: string) => `The page could not be fetched (${reason}). Check the address and try again.`,
  notHtml: "That address is not a web page. Enter the address of the product's page in the store.",
  notProductPage: "No product was found on that page: it has no product details and no pictures. Try the product's own page in the store.",
  throttled: (seconds: number) => `You have read several pages just now. Please wait ${seconds} seconds and try again.`,
} as const;

export type ProductPageErrorCode = "no_user" | "invalid_url" | "blocked" | "timeout" | "too_large" | "unreachable" | "not_product_page" | "throttled";

export type ProductPagePhoto = { ref: string; url: string; contentType: string };

export type ReadProductPageResult =
  | {
      ok: true;
      /** The address read, after redirects. */
      pageUrl: string;
      product: ProductFields;
      /** A script to start from: the product's own words, at most ~60 words. */
      idea: string;
      /** "product-photos/<key>", in the page's order: what Create Video's productImageRef and mediaRef take. */
      photoRefs: string[];
      photos: ProductPagePhoto[];
      /** Pictures the page named that were refused (not an image, too large, not reachable, refused by the guard). */
      skipped: number;
    }
  | { ok: false; code: ProductPageErrorCode; message: string };

export type ReadProductPageOptions = { signal?: AbortSignal };

const fail = (code: ProductPageErrorCode, message: string) => ({ ok: false as const, code, message });

function checkUrl(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  let text = raw.trim();
  if (!text || text.length > PRODUCT_PAGE_LIMITS.urlLength) return null;
  // "shop.example/products/x", as people copy it from the address bar without its scheme.
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]|$)/i.test(text)) text = `https://${text}`;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function fetchFailure(error: PublicFetchError) {
  switch (error.message) {
    case PUBLIC_FETCH_MESSAGES.invalidUrl:
    case PUBLIC_FETCH_MESSAGES.credentials:
      return fail("invalid_url", PRODUCT_PAGE_MESSAGES.invalidUrl);
    case PUBLIC_FETCH_MESSAGES.blockedAddress:
      return fail("blocked", PRODUCT_PAGE_MESSAGES.blocked);
    case PUBLIC_FETCH_MESSAGES.timeout:
      return fail("timeout", PRODUCT_PAGE_MESSAGES.timeout);
    case PUBLIC_FETCH_MESSAGES.tooLarge(PRODUCT_PAGE_LIMITS.pageBytes):
      return fail("too_large", PRODUCT_PAGE_MESSAGES.tooLarge);
    case PUBLIC_FETCH_MESSAGES.unresolved:
      return fail("unreachable", PRODUCT_PAGE_MESSAGES.unreachable("its host could not be found"));
    default: {
      const status = /HTTP (\d{3})/.exec(error.message)?.[1];
      return fail("unreachable", PRODUCT_PAGE_MESSAGES.unreachable(status ? `it answered HTTP ${status}` : "no answer"));
    }
  }
}

/** The page's text in the charset its header or its <meta charset> names (UTF-8 otherwise). */
function decodePage(bytes: Buffer, contentType: string | null): string {
  const head = bytes.subarray(0, 2048).toString("latin1");
  const label = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function isHtml(contentType: string | null, bytes: Buffer): boolean {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return true;
  if (type && type !== "text/plain" && type !== "application/octet-stream") return false;
  return /<(!doctype html|html|head|meta)\b/i.test(bytes.subarray(0, 4096).toString("latin1"));
}

function fileNameOf(url: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
    return last.replace(/[^\w.-]+/g, "-").slice(-100) || "product-photo";
  } catch {
    return "product-photo";
  }
}

/**
 * Fetches the pictures (a few at a time, each through the guard) and stores those that are images
 * as the user's product photos, in the page's order; the same bytes twice are stored once.
 */
async function storePhotos(userId: string, urls: string[], signal: AbortSignal | undefined): Promise<{ photos: StoredFile[]; skipped: number }> {
  const deadline = AbortSignal.timeout(PRODUCT_PAGE_LIMITS.imagesTimeoutMs);
  const all = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const fetched: (Buffer | null)[] = new Array(urls.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const index = next++;
      try {
        const got = await fetchPublicUrl(urls[index], {
          maxBytes: PRODUCT_PAGE_LIMITS.imageBytes,
          timeoutMs: PRODUCT_PAGE_LIMITS.imageTimeoutMs,
          signal: all,
          accept: "image/*",
        });
        fetched[index] = got.bytes;
      } catch (error) {
        if (!(error instanceof PublicFetchError) && !all.aborted) console.error("[product-page] picture fetch failed", error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PRODUCT_PAGE_LIMITS.imagesAtOnce, urls.length) }, worker));

  const photos: StoredFile[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const [index, bytes] of fetched.entries()) {
    if (!bytes || bytes.length === 0) {
      skipped++;
      continue;
    }
    const hash = createHash("sha256").update(bytes).digest("hex");
    if (seen.has(hash)) continue;
    seen.add(hash);
    try {
      photos.push(await storeFile({ bucket: "product-photos", ownerId: userId, kinds: ["image"], body: bytes, originalName: fileNameOf(urls[index]) }));
    } catch (error) {
      if (error instanceof UploadError && error.code !== "storage") {
        skipped++;
        continue;
      }
      await removeFiles(photos);
      throw error;
    }
  }
  return { photos, skipped };
}

/**
 * Reads the product page at `url` for the actor: its product's name, description, brand, price
 * and currency, an idea text, and its pictures stored as the actor's product photos. Costs no
 * credits. {ok: false} with a message for people when the address is not http(s), is refused by
 * the guard, cannot be fetched in time, is too large, or holds no product and no picture; then
 * nothing is stored.
 */
export async function readProductPage(actor: Actor, url: unknown, options: ReadProductPageOptions = {}): Promise<ReadProductPageResult> {
  assertActor(actor);
  if (!actor.id || !(await userExists(actor.id))) return fail("no_user", PRODUCT_PAGE_MESSAGES.noUser);
  const address = checkUrl(url);
  if (!address) return fail("invalid_url", PRODUCT_PAGE_MESSAGES.invalidUrl);

  const window = await countHit(`product-page:${actor.id}`, 60_000);
  if (window.count > PRODUCT_PAGE_LIMITS.perMinute) {
    return fail("throttled", PRODUCT_PAGE_MESSAGES.throttled(Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000))));
  }

  let page: Awaited<ReturnType<typeof fetchPublicUrl>>;
  try {
    page = await fetchPublicUrl(address, {
      maxBytes: PRODUCT_PAGE_LIMITS.pageBytes,
      timeoutMs: PRODUCT_PAGE_LIMITS.pageTimeoutMs,
      signal: options.signal,
      accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
    });
  } catch (error) {
    if (error instanceof PublicFetchError) return fetchFailure(error);
    throw error;
  }
  if (!isHtml(page.contentType, page.bytes)) return fail("not_product_page", PRODUCT_PAGE_MESSAGES.notHtml);

  const parsed = parseProductPage(decodePage(page.bytes, page.contentType), page.finalUrl);
  if (!parsed.isProductPage && parsed.images.length === 0) return fail("not_product_page", PRODUCT_PAGE_MESSAGES.notProductPage);

  const { photos, skipped } = await storePhotos(actor.id, parsed.images, options.signal);
  if (!parsed.isProductPage && photos.length === 0) return fail("not_product_page", PRODUCT_PAGE_MESSAGES.notProductPage);

  const product: ProductFields = { name: parsed.name, description: parsed.description, brand: parsed.brand, price: parsed.price, currency: parsed.currency };
  return {
    ok: true,
    pageUrl: page.finalUrl,
    product,
    idea: productIdea(product),
    photoRefs: photos.map((p) => p.ref),
    photos: photos.map((p) => ({ ref: p.ref, url: p.url, contentType: p.contentType })),
    skipped,
  };
}
