// Pure pieces of the Dashboard/Explore feeds: the URL query, inclusive date bounds, the LIKE
// escaping, the keyset cursor, merging kinds newest first, and the card texts.
import { describe, expect, it } from "vitest";
import { storyBadgeState } from "~/components/dashboard/CardParts";
import { rangeLabel } from "~/components/dashboard/DateRangePicker";
import { imageFileName } from "~/components/dashboard/DownloadImageButton";
import {
  dateBounds,
  decodeCursor,
  encodeCursor,
  escapeLike,
  feedSearch,
  keysetCondition,
  mergeNewestFirst,
  pageOf,
  parseDashboardQuery,
  parseExploreQuery,
  type ContentItem,
} from "~/models/content/content-feed";
import { EMPTY_HINT, EMPTY_TEXT, TOASTS } from "~/components/dashboard/messages";
import { hashtagText } from "~/components/dashboard/StoryCard";

const params = (s: string) => new URLSearchParams(s);

describe("feed query", () => {
  it("reads tab, search, dates, time zone and cursor with safe defaults", () => {
    expect(parseDashboardQuery(params(""))).toEqual({ tab: "stories", q: null, from: null, to: null, tz: "UTC", cursor: null });
    expect(parseDashboardQuery(params("tab=all&q=%20Shoes%20&from=2026-03-01&to=2026-03-05&tz=Asia/Kolkata&cursor=abc"))).toEqual({
      tab: "all",
      q: "Shoes",
      from: "2026-03-01",
      to: "2026-03-05",
      tz: "Asia/Kolkata",
      cursor: "abc",
    });
    expect(parseDashboardQuery(params("tab=bogus&from=2026-02-30&to=2026-13-01&tz=Mars/Base")).tab).toBe("stories");
    expect(parseDashboardQuery(params("from=2026-02-30&to=2026-13-01&tz=Mars/Base"))).toMatchObject({ from: null, to: null, tz: "UTC" });
    expect(parseDashboardQuery(params("from=2026-03-09&to=2026-03-01"))).toMatchObject({ from: "2026-03-01", to: "2026-03-09" });
    expect(parseDashboardQuery(params(`q=${"x".repeat(500)}`)).q).toHaveLength(200);
    expect(parseExploreQuery(params("")).tab).toBe("all");
    expect(parseExploreQuery(params("tab=images")).tab).toBe("all");
    expect(parseExploreQuery(params("tab=stories")).tab).toBe("stories");
  });

  it("writes URLs without defaults and drops the cursor on a new filter", () => {
    const q = parseDashboardQuery(params("tab=images&q=cat&from=2026-01-01&tz=Asia/Kolkata&cursor=xyz"));
    expect(feedSearch(q, { tab: "stories", cursor: null }, "stories")).toBe("?q=cat&from=2026-01-01&tz=Asia%2FKolkata");
    expect(feedSearch(q, { q: null, from: null, to: null, cursor: null }, "stories")).toBe("?tab=images");
    expect(feedSearch(parseDashboardQuery(params("")), {}, "stories")).toBe("");
  });
});

describe("dateBounds", () => {
  it("includes both days and leaves a missing bound open", () => {
    expect(dateBounds("2026-03-01", "2026-03-05")).toEqual({
      createdFrom: new Date("2026-03-01T00:00:00.000Z"),
      createdBefore: new Date("2026-03-06T00:00:00.000Z"),
    });
    expect(dateBounds(null, "2026-12-31")).toEqual({ createdFrom: null, createdBefore: new Date("2027-01-01T00:00:00.000Z") });
    expect(dateBounds("2026-02-28", null)).toEqual({ createdFrom: new Date("2026-02-28T00:00:00.000Z"), createdBefore: null });
    expect(dateBounds(null, null)).toEqual({ createdFrom: null, createdBefore: null });
  });

  it("uses the viewer's time zone, daylight saving included", () => {
    expect(dateBounds("2026-03-06", "2026-03-06", "Asia/Kolkata")).toEqual({
      createdFrom: new Date("2026-03-05T18:30:00.000Z"),
      createdBefore: new Date("2026-03-06T18:30:00.000Z"),
    });
    // New York moves to summer time on 2026-03-08: that day has 23 hours.
    const ny = dateBounds("2026-03-08", "2026-03-08", "America/New_York");
    expect(ny.createdFrom).toEqual(new Date("2026-03-08T05:00:00.000Z"));
    expect(ny.createdBefore).toEqual(new Date("2026-03-09T04:00:00.000Z"));
  });
});

describe("escapeLike", () => {
  it("escapes the LIKE wildcards and the escape character", () => {
    expect(escapeLike("50%_off\\now")).toBe("50\\%\\_off\\\\now");
    expect(escapeLike("plain")).toBe("plain");
  });
});

const item = (kind: ContentItem["kind"], id: string | number, at: string) => ({ kind, id, createdAt: at }) as unknown as ContentItem;

describe("keyset cursor", () => {
  it("round-trips and rejects anything else", () => {
    const c = encodeCursor(item("story", 42, "2026-01-01T00:00:00.123Z"));
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c)).toEqual({ createdAt: new Date("2026-01-01T00:00:00.123Z"), kind: "story", id: "42" });
    expect(decodeCursor(encodeCursor(item("image", "ckabc", "2026-01-01T00:00:00.000Z")))?.kind).toBe("image");
    expect(decodeCursor("garbage!")).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(["2026-01-01", "story", "not-a-number"])))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(["nope", "image", "x"])))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(["2026-01-01", "user", "x"])))).toBeNull();
    expect(decodeCursor(null)).toBeNull();
    // Nothing that would fail in the database: NUL in an id, a story id beyond int4, a date out of range.
    expect(decodeCursor(btoa(JSON.stringify(["2026-01-01", "image", "a\u0000b"])))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(["2026-01-01", "video", "a b"])))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(["2026-01-01", "story", "2147483648"])))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(["2026-01-01", "story", "2147483647"])))?.id).toBe("2147483647");
    expect(decodeCursor(btoa(JSON.stringify(["-200000-01-01T00:00:00Z", "story", "1"])))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(["+275000-01-01T00:00:00Z", "story", "1"])))).toBeNull();
  });

  it("builds the condition for items after the cursor in each table", () => {
    const at = new Date("2026-01-01T00:00:00.000Z");
    const cursor = { createdAt: at, kind: "image" as const, id: "c1" };
    expect(keysetCondition(null, "story", Number)).toEqual({});
    // Stories rank before images: equal times are already shown.
    expect(keysetCondition(cursor, "story", Number)).toEqual({ createdAt: { lt: at } });
    expect(keysetCondition(cursor, "video", String)).toEqual({ createdAt: { lte: at } });
    expect(keysetCondition(cursor, "image", String)).toEqual({ OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: "c1" } }] });
    expect(keysetCondition({ createdAt: at, kind: "story", id: "7" }, "story", Number)).toEqual({
      OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: 7 } }],
    });
  });

  it("merges kinds newest first, stories before images before videos on equal times, keeping each list's order", () => {
    const t = (s: number) => `2026-01-01T00:00:0${s}.000Z`;
    const stories = [item("story", 9, t(5)), item("story", 3, t(2)), item("story", 2, t(2))];
    const images = [item("image", "b", t(5)), item("image", "a", t(1))];
    const videos = [item("video", "z", t(5)), item("video", "y", t(3))];
    expect(mergeNewestFirst([videos, images, stories]).map((i) => `${i.kind}:${i.id}`)).toEqual([
      "story:9",
      "image:b",
      "video:z",
      "video:y",
      "story:3",
      "story:2",
      "image:a",
    ]);
  });

  it("cuts a page and points the next cursor at its last item only when more exist", () => {
    const list = Array.from({ length: 4 }, (_, i) => item("story", 10 - i, `2026-01-01T00:00:0${9 - i}.000Z`));
    const page = pageOf([list], 3);
    expect(page.items.map((i) => i.id)).toEqual([10, 9, 8]);
    expect(decodeCursor(page.nextCursor)).toMatchObject({ kind: "story", id: "8" });
    expect(pageOf([list.slice(0, 3)], 3).nextCursor).toBeNull();
    expect(pageOf([], 3)).toEqual({ items: [], nextCursor: null });
  });
});

describe("card texts", () => {
  it("Ready only with the final video; Failed for a failed story; else Processing", () => {
    expect(storyBadgeState({ videoUrl: "/v.mp4", status: "processing" })).toBe("ready");
    expect(storyBadgeState({ videoUrl: null, status: "ready" })).toBe("processing");
    expect(storyBadgeState({ videoUrl: null, status: "queued" })).toBe("processing");
    expect(storyBadgeState({ videoUrl: null, status: "failed" })).toBe("failed");
  });

  it("uses the documented texts", () => {
    expect(hashtagText(["shoes", "#sale"])).toBe("#shoes #sale");
    expect(imageFileName("ck123")).toBe("image-ck123.png");
    expect(TOASTS.copied.description("Title")).toBe("Title copied to clipboard");
    expect(TOASTS.visibilityUpdated.description("image", "public")).toBe("Image is now public");
    expect(TOASTS.visibilityUpdated.description("video", "private")).toBe("Video is now private");
    expect(EMPTY_TEXT).toEqual({ stories: "No stories found", images: "No images found", videos: "No videos found", all: "No content found" });
    expect(EMPTY_HINT).toBe("Start creating content to see it here");
    expect(rangeLabel(null, null)).toBe("Pick a date range");
    expect(rangeLabel("2026-03-01", "2026-03-05")).toBe("Mar 1, 2026 – Mar 5, 2026");
  });
});
