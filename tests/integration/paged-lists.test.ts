// Long card lists are paged, 24 a page, with a "Load more" that is a plain link to ?page=N (ADR
// 365): the canvas project picker, the video projects history and the admin's orders. Page 2 is
// what that link opens without JavaScript; each page holds only the actor's own projects, in
// order, without overlap.
import { beforeAll, describe, expect, it } from "vitest";
import { actorFromUser } from "~/models/access";
import { listUserProjectsPage, PROJECT_PAGE_SIZE } from "~/models/projects";
import * as canvasIndex from "~/routes/_shell.canvas._index";
import * as ordersTab from "~/routes/_shell.admin.orders";
import * as videoIndex from "~/routes/_shell.video-projects._index";
import * as videoProject from "~/routes/_shell.video-projects.$projectId";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { get, run, unwrap } from "./dashboard-helpers";
import { newUser } from "./storage-helpers";

let admin: Awaited<ReturnType<typeof newUser>>;
let other: Awaited<ReturnType<typeof newUser>>;
const TOTAL = PROJECT_PAGE_SIZE + 6;

async function projectsOf(userId: string, n: number, prefix: string) {
  const base = Date.now() - 1_000_000;
  await prisma.project.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      userId,
      title: `${prefix} ${i}`,
      updatedAt: new Date(base + i * 1000),
      createdAt: new Date(base + i * 1000),
    })),
  });
}

beforeAll(async () => {
  await seedReferenceData();
  admin = await newUser({ admin: true });
  other = await newUser({ admin: true });
  await projectsOf(admin.user.id, TOTAL, "Mine");
  await projectsOf(other.user.id, 5, "Theirs");
});

type Card = { id: string; title: string };

describe("/canvas (Select a Project)", () => {
  it("shows 24 cards and a next page; ?page=2 (the Load more link) shows the rest, only the admin's own", async () => {
    const first = unwrap<{ projects: Card[]; page: number; hasMore: boolean }>(await run(canvasIndex.loader, get("/canvas", admin.cookie))).body;
    expect(first.projects).toHaveLength(PROJECT_PAGE_SIZE);
    expect(first).toMatchObject({ page: 1, hasMore: true });
    expect(first.projects[0].title).toBe(`Mine ${TOTAL - 1}`);
    const second = unwrap<{ projects: Card[]; page: number; hasMore: boolean }>(await run(canvasIndex.loader, get("/canvas?page=2", admin.cookie))).body;
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.projects).toHaveLength(TOTAL - PROJECT_PAGE_SIZE);
    const all = [...first.projects, ...second.projects];
    expect(new Set(all.map((p) => p.id)).size).toBe(TOTAL);
    expect(all.every((p) => p.title.startsWith("Mine "))).toBe(true);
  });

  it("answers a page past the end with no cards, and a bad page number as page 1", async () => {
    const past = unwrap<{ projects: Card[]; hasMore: boolean }>(await run(canvasIndex.loader, get("/canvas?page=9", admin.cookie))).body;
    expect(past).toMatchObject({ projects: [], hasMore: false });
    const bad = unwrap<{ projects: Card[]; page: number }>(await run(canvasIndex.loader, get("/canvas?page=-3", admin.cookie))).body;
    expect(bad.page).toBe(1);
    expect(bad.projects).toHaveLength(PROJECT_PAGE_SIZE);
  });

  it("still refuses a signed-in non-admin (403) on any page", async () => {
    const user = await newUser();
    expect((await run<Response>(canvasIndex.loader, get("/canvas?page=2", user.cookie))).status).toBe(403);
  });
});

describe("the core's page of projects", () => {
  it("is the actor's own list only, 24 a page", async () => {
    const theirs = await listUserProjectsPage(actorFromUser({ id: other.user.id, isAdmin: true }, "web"), { page: 1 });
    expect(theirs.items.map((p) => p.title).every((t) => t.startsWith("Theirs "))).toBe(true);
    expect(theirs).toMatchObject({ page: 1, hasMore: false });
    expect(theirs.items).toHaveLength(5);
  });
});

describe("/video-projects history", () => {
  type Page = { history: Card[]; historyPage: { page: number; hasMore: boolean }; historyOpen: boolean };

  it("pages the history 24 at a time; ?page=2 shows the rest", async () => {
    const first = unwrap<Page>(await run(videoIndex.loader, get("/video-projects", admin.cookie))).body;
    expect(first.history).toHaveLength(PROJECT_PAGE_SIZE);
    expect(first.historyPage).toEqual({ page: 1, hasMore: true });
    const second = unwrap<Page>(await run(videoIndex.loader, get("/video-projects?page=2", admin.cookie))).body;
    expect(second.history).toHaveLength(TOTAL - PROJECT_PAGE_SIZE);
    expect(second.historyPage).toEqual({ page: 2, hasMore: false });
    expect(second.history.every((p) => p.title.startsWith("Mine "))).toBe(true);
  });

  it("reads no history while the panel is closed (the editor page's default)", async () => {
    const closed = unwrap<Page>(await run(videoIndex.loader, get("/video-projects?history=closed", admin.cookie))).body;
    expect(closed.history).toEqual([]);
    const project = await prisma.project.findFirstOrThrow({ where: { userId: admin.user.id } });
    const editor = unwrap<Page>(await run(videoProject.loader, get(`/video-projects/${project.id}`, admin.cookie), { projectId: project.id })).body;
    expect(editor.historyOpen).toBe(false);
    expect(editor.history).toEqual([]);
    const opened = unwrap<Page>(
      await run(videoProject.loader, get(`/video-projects/${project.id}?history=open&page=2`, admin.cookie), { projectId: project.id }),
    ).body;
    expect(opened.history).toHaveLength(TOTAL - PROJECT_PAGE_SIZE);
  });
});

describe("/admin/orders", () => {
  it("shows 24 orders a page; ?page=2 shows the next ones, newest first", async () => {
    const customer = await newUser();
    const base = Date.now() - 5_000_000;
    await prisma.customOrder.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({ userId: customer.user.id, status: "cancelled" as const, createdAt: new Date(base + i * 1000) })),
    });
    type Orders = { rows: { createdAt: string }[]; page: number; hasMore: boolean };
    const first = unwrap<Orders>(await run(ordersTab.loader, get("/admin/orders?status=cancelled", admin.cookie))).body;
    expect(first.rows).toHaveLength(24);
    expect(first.hasMore).toBe(true);
    const second = unwrap<Orders>(await run(ordersTab.loader, get("/admin/orders?status=cancelled&page=2", admin.cookie))).body;
    expect(second.rows).toHaveLength(6);
    expect(second.hasMore).toBe(false);
    expect(Date.parse(second.rows[0].createdAt)).toBeLessThan(Date.parse(first.rows.at(-1)!.createdAt));
  });
});
