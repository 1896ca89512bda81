// The Dashboard and Explore loaders cost the same number of SQL statements whatever the number
// of items (no query per card): every statement sent through pg is counted.
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as dashboardRoute from "~/routes/_shell._index";
import * as exploreRoute from "~/routes/_shell.explore";
import { createAnnouncement } from "~/models/content/announcement.server";
import { PAGE_SIZE } from "~/models/content/content-feed";
import { prisma } from "~/utils/db.server";
import { get, newUser, run, storyType, uid } from "./dashboard-helpers";

type Loaded = { feed: { items: unknown[]; nextCursor: string | null } };

async function countQueries(fn: () => Promise<unknown>): Promise<{ count: number; result: unknown }> {
  const spy = vi.spyOn(pg.Client.prototype, "query");
  try {
    spy.mockClear();
    const result = await fn();
    if (process.env.SHOW_SQL) for (const c of spy.mock.calls) console.log(String((c[0] as { text?: string })?.text ?? c[0]).slice(0, 160));
    return { count: spy.mock.calls.length, result };
  } finally {
    spy.mockRestore();
  }
}

async function fill(userId: string, n: number, tag: string, typeId: number) {
  const base = Date.now() - 1_000_000;
  await prisma.story.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      userId,
      source: `${tag} story ${i}`,
      seoTitle: `Title ${i}`,
      instagramHashtags: ["a", "b"],
      storyTypeId: typeId,
      isPublic: true,
      finalVideoWithMusic: i % 2 ? `renders/${tag}/${i}.mp4` : null,
      createdAt: new Date(base + i * 1000),
    })),
  });
  await prisma.imageGenerationJob.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      userId,
      prompt: `${tag} image ${i}`,
      metadata: { seo_title: `I${i}` },
      createdAt: new Date(base + i * 1000 + 1),
    })),
  });
  await prisma.videoGenerationJob.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      userId,
      prompt: `${tag} video ${i}`,
      visibility: "public" as const,
      resultUrl: `renders/${tag}/v${i}.mp4`,
      createdAt: new Date(base + i * 1000 + 2),
    })),
  });
}

let small: Awaited<ReturnType<typeof newUser>>;
let large: Awaited<ReturnType<typeof newUser>>;
const smallTag = `few${uid()}`;
const largeTag = `many${uid()}`;

beforeAll(async () => {
  const type = await storyType();
  small = await newUser();
  large = await newUser();
  await fill(small.id, 2, smallTag, type.id);
  await fill(large.id, 60, largeTag, type.id);
  await createAnnouncement({ title: "Count me", content: "once", endDate: new Date(Date.now() + 86_400_000) });
});

afterEach(() => vi.restoreAllMocks());

describe("queries per page", () => {
  for (const tab of ["stories", "images", "videos", "all"]) {
    it(`dashboard tab ${tab}: the same count for 2 and 60 items of each kind`, async () => {
      const few = await countQueries(() => run(dashboardRoute.loader, get(`/?tab=${tab}`, small.cookie)));
      const many = await countQueries(() => run(dashboardRoute.loader, get(`/?tab=${tab}`, large.cookie)));
      expect((few.result as Loaded).feed.items.length).toBe(tab === "all" ? 6 : 2);
      expect((many.result as Loaded).feed.items.length).toBe(PAGE_SIZE);
      expect(few.count).toBeGreaterThan(0);
      expect(many.count).toBe(few.count);
      // A later page costs the same as the first.
      const cursor = (many.result as Loaded).feed.nextCursor!;
      const next = await countQueries(() => run(dashboardRoute.loader, get(`/?tab=${tab}&cursor=${cursor}`, large.cookie)));
      expect((next.result as Loaded).feed.items.length).toBe(PAGE_SIZE);
      expect(next.count).toBe(few.count);
    });
  }

  // session with its user 1 (ADR 239) + stories 1 (their story types and variants in the same statement, ADR 392)
  // + images 1 + videos 1 + announcements 1
  it("the query count is small and fixed: 5 statements for All", async () => {
    const { count } = await countQueries(() => run(dashboardRoute.loader, get("/?tab=all", large.cookie)));
    expect(count).toBeLessThanOrEqual(5);
  });

  it("explore: the same count for few and many public items, uploader names included", async () => {
    const few = await countQueries(() => run(exploreRoute.loader, get(`/explore?q=${smallTag}`, small.cookie)));
    const many = await countQueries(() => run(exploreRoute.loader, get(`/explore?q=${largeTag}`, small.cookie)));
    expect((few.result as Loaded).feed.items.length).toBe(3);
    expect((many.result as Loaded).feed.items.length).toBe(PAGE_SIZE);
    expect(many.count).toBe(few.count);
  });
});
