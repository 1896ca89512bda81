// The Dashboard and Explore reads on a real database: search, inclusive date bounds, tabs,
// ownership, keyset pagination across kinds, and the routes' loaders.
import { describe, expect, it } from "vitest";
import { parseDashboardQuery, parseExploreQuery, type ContentItem, type FeedPage } from "~/models/content/content-feed";
import { dashboardFeed, exploreFeed } from "~/models/content/content-feed.server";
import { mediaUrl } from "~/models/files/content-files.server";
import * as dashboardRoute from "~/routes/_shell._index";
import * as exploreRoute from "~/routes/_shell.explore";
import { actorOf, get, imageJob, newUser, run, story, storyType, uid, videoJob } from "./dashboard-helpers";

const q = (search: string) => parseDashboardQuery(new URLSearchParams(search));
const ids = (page: FeedPage) => page.items.map((i) => `${i.kind}:${i.id}`);

describe("dashboard feed", () => {
  it("searches story text and SEO title case-insensitively, and image/video prompts", async () => {
    const me = await newUser();
    const tag = uid();
    const a = await story(me.id, { source: `A video about ZEBRA-${tag} shoes` });
    const b = await story(me.id, { source: "Something else", seoTitle: `Best zebra-${tag} deals` });
    await story(me.id, { source: "Unrelated" });
    const img = await imageJob(me.id, { prompt: `Zebra-${tag} on a beach` });
    await imageJob(me.id, { prompt: "A cat", metadata: { seo_title: `zebra-${tag}` } });
    const vid = await videoJob(me.id, { prompt: `zebra-${TAG_CASE(tag)} running` });

    const stories = await dashboardFeed(actorOf(me.id), q(`q=zEbRa-${tag}`));
    expect(ids(stories).sort()).toEqual([`story:${a.id}`, `story:${b.id}`].sort());
    const images = await dashboardFeed(actorOf(me.id), q(`tab=images&q=zebra-${tag}`));
    expect(ids(images)).toEqual([`image:${img.id}`]);
    const videos = await dashboardFeed(actorOf(me.id), q(`tab=videos&q=ZEBRA-${tag}`));
    expect(ids(videos)).toEqual([`video:${vid.id}`]);
    const all = await dashboardFeed(actorOf(me.id), q(`tab=all&q=zebra-${tag}`));
    expect(all.items).toHaveLength(4);
  });

  it("treats % and _ in the search text literally", async () => {
    const me = await newUser();
    const hit = await story(me.id, { source: "Save 50% today" });
    await story(me.id, { source: "Save 500 today" });
    await story(me.id, { source: "snake_case" });
    await story(me.id, { source: "snakeXcase" });
    expect(ids(await dashboardFeed(actorOf(me.id), q("q=50%25")))).toEqual([`story:${hit.id}`]);
    expect((await dashboardFeed(actorOf(me.id), q("q=snake_case"))).items.map((i) => (i as { source: string }).source)).toEqual(["snake_case"]);
  });

  it("filters by date with inclusive bounds; a missing bound is open", async () => {
    const me = await newUser();
    const at = (iso: string) => story(me.id, { createdAt: new Date(iso) });
    const before = await at("2026-02-28T23:59:59.999Z");
    const first = await at("2026-03-01T00:00:00.000Z");
    const last = await at("2026-03-05T23:59:59.999Z");
    const after = await at("2026-03-06T00:00:00.000Z");

    expect(ids(await dashboardFeed(actorOf(me.id), q("from=2026-03-01&to=2026-03-05")))).toEqual([`story:${last.id}`, `story:${first.id}`]);
    // A single day: both bounds on it.
    expect(ids(await dashboardFeed(actorOf(me.id), q("from=2026-03-01&to=2026-03-01")))).toEqual([`story:${first.id}`]);
    expect(ids(await dashboardFeed(actorOf(me.id), q("from=2026-03-06")))).toEqual([`story:${after.id}`]);
    expect(ids(await dashboardFeed(actorOf(me.id), q("to=2026-02-28")))).toEqual([`story:${before.id}`]);
    // Reversed bounds are read the right way round.
    expect(ids(await dashboardFeed(actorOf(me.id), q("from=2026-03-05&to=2026-03-01")))).toEqual([`story:${last.id}`, `story:${first.id}`]);
    // In India (UTC+5:30) 2026-03-06 starts at 2026-03-05T18:30Z.
    expect(ids(await dashboardFeed(actorOf(me.id), q("from=2026-03-06&to=2026-03-06&tz=Asia/Kolkata")))).toEqual([`story:${after.id}`, `story:${last.id}`]);
    // Nonsense dates are ignored (open bounds).
    expect((await dashboardFeed(actorOf(me.id), q("from=2026-02-30&to=yesterday"))).items).toHaveLength(4);
  });

  it("shows each tab's kind, and all kinds newest first on All", async () => {
    const me = await newUser();
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const s1 = await story(me.id, { createdAt: t(1) });
    const i2 = await imageJob(me.id, { createdAt: t(2) });
    const v3 = await videoJob(me.id, { createdAt: t(3) });
    const s4 = await story(me.id, { createdAt: t(4) });
    expect(ids(await dashboardFeed(actorOf(me.id), q("")))).toEqual([`story:${s4.id}`, `story:${s1.id}`]);
    expect(ids(await dashboardFeed(actorOf(me.id), q("tab=images")))).toEqual([`image:${i2.id}`]);
    expect(ids(await dashboardFeed(actorOf(me.id), q("tab=videos")))).toEqual([`video:${v3.id}`]);
    expect(ids(await dashboardFeed(actorOf(me.id), q("tab=all")))).toEqual([`story:${s4.id}`, `video:${v3.id}`, `image:${i2.id}`, `story:${s1.id}`]);
  });

  it("never shows another user's items, public or private", async () => {
    const me = await newUser();
    const other = await newUser();
    await story(other.id, { isPublic: true, finalVideoWithMusic: "https://cdn.example/v.mp4" });
    await story(other.id);
    await imageJob(other.id, { visibility: "public" });
    await videoJob(other.id, { visibility: "public", resultUrl: "https://cdn.example/v.mp4" });
    const mine = await story(me.id);
    const all = await dashboardFeed(actorOf(me.id), q("tab=all"));
    expect(ids(all)).toEqual([`story:${mine.id}`]);
  });

  it("pages through everything exactly once, in order, across kinds with equal timestamps", async () => {
    const me = await newUser();
    const same = new Date(Date.UTC(2026, 1, 1, 12));
    const created: ContentItem["kind"][] = [];
    for (let i = 0; i < 9; i++) {
      // Every third item shares one timestamp across kinds, to exercise the tie-breaks.
      const createdAt = i % 3 === 0 ? same : new Date(same.getTime() - i * 1000);
      await story(me.id, { createdAt });
      await imageJob(me.id, { createdAt });
      await videoJob(me.id, { createdAt });
      created.push("story", "image", "video");
    }
    const seen: ContentItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: FeedPage = await dashboardFeed(actorOf(me.id), q(`tab=all${cursor ? `&cursor=${cursor}` : ""}`), 4);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
      expect(pages).toBeLessThan(20);
    } while (cursor);
    expect(seen).toHaveLength(27);
    expect(new Set(seen.map((i) => `${i.kind}:${i.id}`)).size).toBe(27);
    expect(pages).toBe(7);
    for (let i = 1; i < seen.length; i++) expect(Date.parse(seen[i - 1].createdAt)).toBeGreaterThanOrEqual(Date.parse(seen[i].createdAt));
    // A page that ends exactly at the last item has no next page.
    const exact = await dashboardFeed(actorOf(me.id), q("tab=stories"), 9);
    expect(exact.items).toHaveLength(9);
    expect(exact.nextCursor).toBeNull();
  });

  it("shows a story's other sizes and variants under its card, oldest first, each with every card field", async () => {
    const me = await newUser();
    const type = await storyType();
    const original = await story(me.id, {
      storyTypeId: type.id,
      status: "ready",
      finalVideoWithMusic: "renders/a/final.mp4",
      posterUrl: "renders/a/poster.jpg",
      seoTitle: "Aurora serum",
      instagramHashtags: ["#glow", "#serum"],
      createdAt: new Date("2026-02-01T08:00:00.001Z"),
    });
    const later = await story(me.id, { variantOfId: original.id, aspectRatio: "1:1", createdAt: new Date("2026-02-01T09:30:00.120Z") });
    const earlier = await story(me.id, {
      variantOfId: original.id,
      aspectRatio: "16:9",
      storyTypeId: type.id,
      status: "failed",
      errorMessage: "The render provider failed",
      instagramHashtags: ["#wide"],
      createdAt: new Date("2026-02-01T09:00:00Z"),
    });
    const page = await dashboardFeed(actorOf(me.id), q(""));
    expect(ids(page)).toEqual([`story:${original.id}`]);
    const card = page.items[0] as Extract<ContentItem, { kind: "story" }>;
    expect(card).toMatchObject({
      status: "ready",
      storyTypeName: type.name,
      seoTitle: "Aurora serum",
      hashtags: ["#glow", "#serum"],
      videoUrl: expect.stringContaining("final.mp4"),
      posterUrl: mediaUrl("renders/a/poster.jpg"),
      createdAt: "2026-02-01T08:00:00.001Z",
    });
    expect(card.variants?.map((v) => [v.id, v.aspectRatio, v.createdAt, v.storyTypeName, v.status, v.hashtags, v.variants])).toEqual([
      [earlier.id, "16:9", "2026-02-01T09:00:00.000Z", type.name, "failed", ["#wide"], undefined],
      [later.id, "1:1", "2026-02-01T09:30:00.120Z", null, "queued", [], undefined],
    ]);
    expect(card.variants?.[0].errorMessage).toBeTruthy();
  });

  it("ignores a cursor that is not ours and starts from the first page", async () => {
    const me = await newUser();
    await story(me.id);
    expect((await dashboardFeed(actorOf(me.id), q("cursor=not-a-cursor"))).items).toHaveLength(1);
  });
});

describe("explore feed", () => {
  it("lists public finished stories and public videos with the uploader's name", async () => {
    const tag = `expl${uid()}`;
    const named = await newUser({ username: `maker_${tag}` });
    const anon = await newUser({ username: null });
    const type = await storyType();
    const pub = await story(named.id, {
      source: `Public ${tag}`,
      isPublic: true,
      finalVideoWithMusic: "renders/stories/x/final.mp4",
      productImageUrl: "product-photos/p.png",
      storyTypeId: type.id,
    });
    await story(named.id, { source: `Private ${tag}`, finalVideoWithMusic: "renders/a.mp4" });
    await story(named.id, { source: `Unfinished ${tag}`, isPublic: true });
    const vid = await videoJob(anon.id, { prompt: `Video ${tag}`, visibility: "public", resultUrl: "renders/v.mp4", sceneDescription: "A beach" });
    const vid2 = await videoJob(named.id, { prompt: `Second ${tag}`, visibility: "public", resultUrl: "https://cdn.example/v2.mp4" });
    await videoJob(named.id, { prompt: `Private video ${tag}`, resultUrl: "renders/p.mp4" });
    await videoJob(named.id, { prompt: `Processing ${tag}`, visibility: "public" });

    const all = await exploreFeed(parseExploreQuery(new URLSearchParams(`q=${tag}`)));
    expect(ids(all).sort()).toEqual([`story:${pub.id}`, `video:${vid.id}`, `video:${vid2.id}`].sort());
    const s = all.items.find((i) => i.kind === "story");
    expect(s).toMatchObject({
      videoUrl: "/resources/files/renders/stories/x/final.mp4",
      productImageUrl: "/resources/files/product-photos/p.png",
      storyTypeName: type.name,
    });
    expect(all.items.find((i) => i.id === vid.id)).toMatchObject({ uploaderName: null, sceneDescription: "A beach" });
    expect(all.items.find((i) => i.id === vid2.id)).toMatchObject({ uploaderName: `maker_${tag}`, resultUrl: "https://cdn.example/v2.mp4" });

    const storiesOnly = await exploreFeed(parseExploreQuery(new URLSearchParams(`tab=stories&q=${tag}`)));
    expect(ids(storiesOnly)).toEqual([`story:${pub.id}`]);
  });
});

describe("routes", () => {
  it("dashboard loader: the signed-in user's feed with the query; landing for visitors", async () => {
    const me = await newUser();
    const s = await story(me.id, { seoTitle: "Hello" });
    const data = await run<{ view: string; feed: FeedPage; query: { tab: string } }>(dashboardRoute.loader, get("/?tab=all", me.cookie));
    expect(data.view).toBe("dashboard");
    expect(data.query.tab).toBe("all");
    expect(ids(data.feed)).toEqual([`story:${s.id}`]);
    const anon = await run<{ view: string }>(dashboardRoute.loader, get("/"));
    expect(anon.view).toBe("landing");
  });

  it("explore loader needs a session", async () => {
    const res = await run<Response>(exploreRoute.loader, get("/explore"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fexplore");
    const me = await newUser();
    const data = await run<{ query: { tab: string } }>(exploreRoute.loader, get("/explore?tab=stories", me.cookie));
    expect(data.query.tab).toBe("stories");
  });
});

describe("mediaUrl", () => {
  it("turns references into file route URLs and keeps external URLs", () => {
    expect(mediaUrl("renders/a/b.mp4")).toBe("/resources/files/renders/a/b.mp4");
    expect(mediaUrl("/resources/files/renders/a/b.mp4")).toBe("/resources/files/renders/a/b.mp4");
    expect(mediaUrl("https://cdn.example/x.mp4")).toBe("https://cdn.example/x.mp4");
    expect(mediaUrl("//evil.example/x.mp4")).toBeNull();
    expect(mediaUrl("javascript:alert(1)")).toBeNull();
    expect(mediaUrl(null)).toBeNull();
  });
});

function TAG_CASE(tag: string): string {
  return tag.toUpperCase();
}
