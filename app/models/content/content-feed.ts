// Content feeds of the Dashboard and Explore (client-safe, no server code): the card types, the
// URL query (tab, search, date range, page cursor), inclusive date bounds, and the keyset cursor
// that pages through stories, images and videos merged newest first (ADR 080).
import { TZDate } from "@date-fns/tz";
import { addDays, isValid, parse } from "date-fns";
import { isValidTimeZone } from "~/utils/dates";
import type { RunProgress } from "~/models/stories/eta";
import type { StoryboardView } from "~/models/stories/storyboard";

// 12: a full grid at 1, 2, 3 or 4 columns, and half the markup of the 24 it was (ADR 399).
export const PAGE_SIZE = 12;
export const SEARCH_MAX_LENGTH = 200;

export type StoryStatusValue = "queued" | "processing" | "ready" | "failed";
export type JobStatusValue = "in_queue" | "in_progress" | "completed" | "failed";
export type VisibilityValue = "public" | "private";

export type StoryItem = {
  kind: "story";
  id: number;
  source: string;
  status: StoryStatusValue;
  progressStep: string | null;
  errorMessage: string | null;
  /** URL of final_video_with_music; the card is "Ready" exactly when it is set. */
  videoUrl: string | null;
  /** The video's poster frame (docs/decisions/198-poster-frame.md), when it has one. */
  posterUrl: string | null;
  productImageUrl: string | null;
  seoTitle: string | null;
  hashtags: string[];
  isPublic: boolean;
  storyTypeName: string | null;
  /** ISO 8601 with milliseconds (the cursor relies on the exact value). */
  createdAt: string;
  /** "9:16", "1:1" or "16:9" (docs/decisions/214-aspect-ratio-at-creation.md). */
  aspectRatio?: string;
  /** On the owner's Dashboard: its other sizes and variants, oldest first (docs/decisions/215-story-variants.md). */
  variants?: StoryItem[];
  /** On the owner's Dashboard, while it is being made: its storyboard (null until planned; docs/decisions/355-storyboard-and-eta.md). */
  storyboard?: StoryboardView | null;
  /** On the owner's Dashboard, while it is being made: progress by step and the ETA. */
  progress?: RunProgress | null;
};

export type ImageItem = {
  kind: "image";
  id: string;
  prompt: string;
  status: JobStatusValue;
  visibility: VisibilityValue;
  resultUrl: string | null;
  seoTitle: string | null;
  errorMessage: string | null;
  createdAt: string;
};

export type VideoItem = {
  kind: "video";
  id: string;
  prompt: string;
  status: JobStatusValue;
  visibility: VisibilityValue;
  resultUrl: string | null;
  seoTitle: string | null;
  sceneDescription: string | null;
  errorMessage: string | null;
  /** The uploader's username (Explore only; null: "Anonymous"). */
  uploaderName?: string | null;
  createdAt: string;
};

export type ContentItem = StoryItem | ImageItem | VideoItem;
export type ContentKind = ContentItem["kind"];

/** Tie-break between kinds created in the same millisecond (part of the feed's total order). */
export const KIND_RANK: Record<ContentKind, number> = { story: 0, image: 1, video: 2 };

// ───────────────────────────── the URL query ─────────────────────────────

export const DASHBOARD_TABS = [
  { value: "stories", label: "Stories" },
  { value: "images", label: "Images" },
  { value: "videos", label: "Videos" },
  { value: "all", label: "All" },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]["value"];
export const DEFAULT_DASHBOARD_TAB: DashboardTab = "stories";

export const EXPLORE_TABS = [
  { value: "all", label: "All Content" },
  { value: "stories", label: "Stories" },
] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number]["value"];
export const DEFAULT_EXPLORE_TAB: ExploreTab = "all";

export type FeedQuery<Tab extends string> = {
  tab: Tab;
  /** Trimmed search text, or null. */
  q: string | null;
  /** yyyy-MM-dd or null (open bound). */
  from: string | null;
  to: string | null;
  /** IANA time zone the dates are meant in (the browser's, sent by the form); default UTC. */
  tz: string;
  cursor: string | null;
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-MM-dd string that is a real calendar date, else null. */
export function parseDateParam(value: string | null | undefined): string | null {
  if (!value || !DATE_RE.test(value)) return null;
  const date = parse(value, "yyyy-MM-dd", new Date(2000, 0, 1));
  return isValid(date) ? value : null;
}

export { isValidTimeZone };

function parseTab<Tab extends string>(value: string | null, tabs: readonly { value: Tab }[], fallback: Tab): Tab {
  return tabs.find((t) => t.value === value)?.value ?? fallback;
}

export function parseFeedQuery<Tab extends string>(params: URLSearchParams, tabs: readonly { value: Tab }[], fallback: Tab): FeedQuery<Tab> {
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  let from = parseDateParam(params.get("from"));
  let to = parseDateParam(params.get("to"));
  // A reversed range is read as the user meant it.
  if (from && to && from > to) [from, to] = [to, from];
  const tz = params.get("tz");
  const cursor = params.get("cursor");
  return {
    tab: parseTab(params.get("tab"), tabs, fallback),
    q: q || null,
    from,
    to,
    tz: isValidTimeZone(tz) ? tz : "UTC",
    cursor: cursor && cursor.length <= 200 ? cursor : null,
  };
}

export const parseDashboardQuery = (params: URLSearchParams) => parseFeedQuery(params, DASHBOARD_TABS, DEFAULT_DASHBOARD_TAB);
export const parseExploreQuery = (params: URLSearchParams) => parseFeedQuery(params, EXPLORE_TABS, DEFAULT_EXPLORE_TAB);

/** The query string for a feed URL; defaults are left out. `cursor: null` starts over. */
export function feedSearch<Tab extends string>(query: FeedQuery<Tab>, patch: Partial<FeedQuery<Tab>>, defaultTab: Tab): string {
  const next = { ...query, ...patch };
  const params = new URLSearchParams();
  if (next.tab !== defaultTab) params.set("tab", next.tab);
  if (next.q) params.set("q", next.q);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if ((next.from || next.to) && next.tz !== "UTC") params.set("tz", next.tz);
  if (next.cursor) params.set("cursor", next.cursor);
  const s = params.toString();
  return s ? `?${s}` : "";
}

// ───────────────────────────── the filter the models apply ─────────────────────────────

export type ContentFilter = {
  /** Case-insensitive substring. */
  search: string | null;
  /** createdAt >= createdFrom (start of the "from" day). */
  createdFrom: Date | null;
  /** createdAt < createdBefore (start of the day after "to": the "to" day is included). */
  createdBefore: Date | null;
};

/**
 * The search text for a Prisma `contains` (a LIKE pattern that Prisma does not escape): % and _
 * match themselves, not any text.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function startOfDayIn(date: string, tz: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, tz).getTime());
}

/** Inclusive calendar-day bounds in the given time zone; a missing bound is open. */
export function dateBounds(from: string | null, to: string | null, tz = "UTC"): Pick<ContentFilter, "createdFrom" | "createdBefore"> {
  const zone = isValidTimeZone(tz) ? tz : "UTC";
  let createdBefore: Date | null = null;
  if (to) {
    const [y, m, d] = to.split("-").map(Number);
    const next = addDays(new Date(Date.UTC(y, m - 1, d)), 1);
    createdBefore = startOfDayIn(next.toISOString().slice(0, 10), zone);
  }
  return { createdFrom: from ? startOfDayIn(from, zone) : null, createdBefore };
}

export function contentFilterOf(query: FeedQuery<string>): ContentFilter {
  return { search: query.q, ...dateBounds(query.from, query.to, query.tz) };
}

// ───────────────────────────── keyset pagination ─────────────────────────────

/** Position after which the next page starts: the last item of the previous page. */
export type FeedCursor = { createdAt: Date; kind: ContentKind; id: string };

/** What a model's list function is asked for: items after `cursor`, at most `take`. */
export type PageRequest = { cursor: FeedCursor | null; take: number };

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
}

export function encodeCursor(item: Pick<ContentItem, "kind" | "id" | "createdAt">): string {
  return toBase64Url(JSON.stringify([item.createdAt, item.kind, String(item.id)]));
}

/** The cursor in a URL, or null when it is missing or not one of ours (then: first page). */
export function decodeCursor(value: string | null | undefined): FeedCursor | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(fromBase64Url(value)) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [at, kind, id] = parsed as [unknown, unknown, unknown];
    if (typeof at !== "string" || typeof id !== "string" || id.length === 0 || id.length > 64) return null;
    if (kind !== "story" && kind !== "image" && kind !== "video") return null;
    // Ids go into the query: a story id within int4, other ids plain tokens (no NUL or controls).
    if (kind === "story" ? !/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647 : !/^[A-Za-z0-9_-]+$/.test(id)) return null;
    const createdAt = new Date(at);
    // Beyond PostgreSQL's timestamp range a comparison would fail in the database.
    if (Number.isNaN(createdAt.getTime()) || createdAt.getUTCFullYear() < 1 || createdAt.getUTCFullYear() > 9999) return null;
    return { createdAt, kind, id };
  } catch {
    return null;
  }
}

/**
 * Which items of the table of `kind` come after the cursor in the feed order (createdAt desc, kind
 * rank asc, id desc): those created before it ("before"), at or before it ("atOrBefore": a kind
 * ranked after the cursor's), or, for the cursor's own kind, before it or at it with a lower id ("tie").
 */
export function keysetBound(cursor: FeedCursor, kind: ContentKind): "before" | "atOrBefore" | "tie" {
  const rank = KIND_RANK[kind];
  const cursorRank = KIND_RANK[cursor.kind];
  return rank < cursorRank ? "before" : rank > cursorRank ? "atOrBefore" : "tie";
}

/** keysetBound as a where-condition (Prisma shape). */
export function keysetCondition<Id extends string | number>(cursor: FeedCursor | null, kind: ContentKind, id: (raw: string) => Id): Record<string, unknown> {
  if (!cursor) return {};
  const bound = keysetBound(cursor, kind);
  if (bound === "before") return { createdAt: { lt: cursor.createdAt } };
  if (bound === "atOrBefore") return { createdAt: { lte: cursor.createdAt } };
  return { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: id(cursor.id) } }] };
}

/**
 * Merges lists that are each sorted newest first (per table: createdAt desc, id desc) into one,
 * newest first, kinds ranked on equal times; items of one kind keep their list's order.
 */
export function mergeNewestFirst(lists: ReadonlyArray<ReadonlyArray<ContentItem>>): ContentItem[] {
  const index = lists.map(() => 0);
  const out: ContentItem[] = [];
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const item = lists[i][index[i]];
      if (!item) continue;
      if (best === -1) {
        best = i;
        continue;
      }
      const current = lists[best][index[best]];
      const a = Date.parse(item.createdAt);
      const b = Date.parse(current.createdAt);
      if (a > b || (a === b && KIND_RANK[item.kind] < KIND_RANK[current.kind])) best = i;
    }
    if (best === -1) return out;
    out.push(lists[best][index[best]++]);
  }
}

export type FeedPage<T extends ContentItem = ContentItem> = { items: T[]; nextCursor: string | null };

/** One page out of lists fetched with `take: pageSize + 1` each. */
export function pageOf<T extends ContentItem>(lists: ReadonlyArray<ReadonlyArray<T>>, pageSize = PAGE_SIZE): FeedPage<T> {
  const merged = mergeNewestFirst(lists) as T[];
  const items = merged.slice(0, pageSize);
  const last = items[items.length - 1];
  return { items, nextCursor: merged.length > pageSize && last ? encodeCursor(last) : null };
}
