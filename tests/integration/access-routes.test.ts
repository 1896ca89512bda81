import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { applyCreditChange } from "~/models/billing/credits.server";
import { countUnread } from "~/models/content/notification.server";
import { prisma } from "~/utils/db.server";
import { sessionCookieFor, visit } from "./access-router";
import { actorOf } from "./dashboard-helpers";

const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
/** A user's project: the project pages answer 404 for an id that is not a project. */
const projectId = `proj-${stamp}`;
let userCookie = "";
let adminCookie = "";
let userId = "";

beforeAll(async () => {
  const user = await prisma.user.create({ data: { email: `access-user-${stamp}@test.local` } });
  const admin = await prisma.user.create({ data: { email: `access-admin-${stamp}@test.local` } });
  await prisma.adminUser.create({ data: { userId: admin.id } });
  await prisma.profile.create({ data: { userId: admin.id, avatarKey: "avatars/admin-face.png" } });
  await applyCreditChange({ userId: user.id, delta: "59.93", reason: "admin_grant", reference: `access-${stamp}` });
  await prisma.notification.createMany({
    data: [
      { userId: user.id, type: "video_ready", title: "Your video is ready" },
      { userId: user.id, type: "video_ready", title: "Another video is ready" },
      { userId: user.id, type: "video_ready", title: "Old news", read: true },
      { userId: admin.id, type: "video_ready", title: "Admin's own" },
    ],
  });
  await prisma.project.create({ data: { id: projectId, userId: user.id, title: "Access project" } });
  userId = user.id;
  userCookie = await sessionCookieFor(user.id);
  adminCookie = await sessionCookieFor(admin.id);
});

const login = (path: string) => `/auth/login?redirectTo=${encodeURIComponent(path)}`;

describe("admin-only routes", () => {
  const adminRoutes: [string, string][] = [
    ["/canvas", "routes/_shell.canvas._index"],
    [`/canvas/${projectId}`, "routes/_shell.canvas.$projectId"],
    ["/video-projects", "routes/_shell.video-projects._index"],
    [`/video-projects/${projectId}`, "routes/_shell.video-projects.$projectId"],
    [`/multi-agent-chat/${projectId}`, "routes/_shell.multi-agent-chat.$projectId"],
    ["/admin/orders", "routes/_shell.admin"],
  ];

  it.each(adminRoutes)("%s sends anonymous visitors to login with redirectTo", async (path, id) => {
    const r = await visit(path);
    expect(r.matched).toContain(id);
    expect(r.status).toBe(302);
    expect(r.location).toBe(login(path));
  });

  it.each(adminRoutes)("%s answers 403 to a signed-in non-admin, inside the shell", async (path, id) => {
    const r = await visit(path, userCookie);
    expect(r.status).toBe(403);
    expect(r.boundary).toBe(id);
  });

  it.each(adminRoutes)("%s lets an admin in", async (path, id) => {
    const r = await visit(path, adminCookie);
    expect(r.status).toBe(200);
    expect(r.matched).toContain(id);
  });

  it("/admin opens the first tab for an admin and stays closed to others", async () => {
    expect((await visit("/admin", adminCookie)).location).toBe("/admin/orders");
    const refused = await visit("/admin", userCookie);
    expect(refused.status).toBe(403);
    expect(refused.boundary).toBe("routes/_shell.admin");
    expect((await visit("/admin")).location).toBe(login("/admin"));
    expect((await visit("/admin/no-such-tab", adminCookie)).status).toBe(404);
  });

  it("keeps the query string in redirectTo", async () => {
    const r = await visit("/canvas?projectId=abc");
    expect(r.location).toBe(login("/canvas?projectId=abc"));
  });

  it("opens another user's project in the canvas editor for an admin; an unknown id is 404", async () => {
    const r = await visit(`/canvas/${projectId}`, adminCookie);
    expect(r.data["routes/_shell.canvas.$projectId"]).toMatchObject({ project: { id: projectId, title: "Access project" } });
    const missing = await visit("/canvas/p-42", adminCookie);
    expect(missing.status).toBe(404);
  });
});

describe("login-required routes", () => {
  it.each([
    ["/create-video", "routes/_shell.create-video"],
    ["/explore", "routes/_shell.explore"],
  ])("%s: anonymous -> login, signed in -> 200", async (path, id) => {
    const anon = await visit(path);
    expect(anon.matched).toContain(id);
    expect(anon.status).toBe(302);
    expect(anon.location).toBe(login(path));
    const user = await visit(path, userCookie);
    expect(user.status).toBe(200);
    expect(user.matched.at(-1)).toBe(id);
  });

  it("/dashboard redirects signed-in users to /", async () => {
    const r = await visit("/dashboard", userCookie);
    expect(r.status).toBe(302);
    expect(r.location).toBe("/");
  });

  it("/dashboard sends anonymous visitors to login", async () => {
    const r = await visit("/dashboard");
    expect(r.location).toBe(login("/dashboard"));
  });
});

describe("open routes", () => {
  const open: [string, string][] = [
    ["/custom-orders", "routes/_shell.custom-orders._index"],
    ["/about", "routes/about"],
    ["/contact", "routes/contact"],
    ["/privacy", "routes/privacy"],
    ["/terms", "routes/terms"],
  ];

  it.each(open)("%s is 200 for anonymous visitors, users and admins", async (path, id) => {
    for (const cookie of [undefined, userCookie, adminCookie]) {
      const r = await visit(path, cookie);
      expect(r.status).toBe(200);
      expect(r.matched.at(-1)).toBe(id);
    }
  });

  it("an order's page is its customer's and staff's; others get 404, anonymous visitors sign in", async () => {
    const order = await prisma.customOrder.create({ data: { userId, creditsUsed: 20 } });
    const path = `/custom-orders/${order.orderNumber}`;
    for (const cookie of [userCookie, adminCookie]) {
      const r = await visit(path, cookie);
      expect(r.status).toBe(200);
      expect(r.matched.at(-1)).toBe("routes/_shell.custom-orders.$orderNumber");
    }
    const stranger = await prisma.user.create({ data: { email: `access-stranger-${Date.now()}@test.local` } });
    expect((await visit(path, await sessionCookieFor(stranger.id))).status).toBe(404);
    expect((await visit("/custom-orders/ORD-1001", userCookie)).status).toBe(404);
    expect((await visit(path)).location).toBe(login(path));
  });

  it("an order link's page is open while the link takes orders; an unknown code is 404", async () => {
    const link = await prisma.customOrderLink.create({ data: { title: "Open link", accessCode: `Acc${Date.now().toString(36)}`.slice(0, 12) } });
    for (const cookie of [undefined, userCookie, adminCookie]) {
      const r = await visit(`/order/${link.accessCode}`, cookie);
      expect(r.status).toBe(200);
      expect(r.matched.at(-1)).toBe("routes/order.$accessCode");
    }
    expect((await visit("/order/abc123")).status).toBe(404);
  });

  it("legal pages carry the configured contact e-mail and governing law", async () => {
    const terms = await visit("/terms");
    expect(terms.data["routes/terms"]).toMatchObject({
      contactEmail: expect.stringContaining("@"),
      governingLaw: expect.any(String),
    });
    const privacy = await visit("/privacy");
    expect(privacy.data["routes/privacy"]).toMatchObject({ contactEmail: expect.stringContaining("@") });
  });
});

describe("/ and the shell", () => {
  it("shows the landing page to anonymous visitors", async () => {
    const r = await visit("/");
    expect(r.status).toBe(200);
    // Other test files may have showcase rows in the shared database: only the shape is ours.
    const landing = r.data["routes/_shell._index"] as { view: string; showcase: unknown[] };
    expect(landing.view).toBe("landing");
    expect(Array.isArray(landing.showcase)).toBe(true);
    expect(r.data["routes/_shell"]).toMatchObject({ user: null, unread: 0 });
  });

  it("lists showcase rows on the landing page", async () => {
    const row = await prisma.showcaseVideo.create({
      data: { title: `Demo ${stamp}`, videoPath: "https://cdn.example.com/demo.mp4", displayOrder: -1000 },
    });
    const stored = await prisma.showcaseVideo.create({
      data: { title: `Stored ${stamp}`, videoPath: "demo/clip 1.mp4", thumbnailPath: "demo/poster.jpg", displayOrder: -999 },
    });
    try {
      const r = await visit("/");
      const showcase = (r.data["routes/_shell._index"] as { showcase: { id: string; videoUrl: string }[] }).showcase.filter(
        (v) => v.id === row.id || v.id === stored.id,
      );
      expect(showcase[0]).toMatchObject({ id: row.id, videoUrl: "https://cdn.example.com/demo.mp4", thumbnailUrl: null });
      expect(showcase[1]).toMatchObject({
        id: stored.id,
        videoUrl: "/resources/files/showcase-videos/demo/clip%201.mp4",
        thumbnailUrl: "/resources/files/showcase-videos/demo/poster.jpg",
      });
    } finally {
      await prisma.showcaseVideo.deleteMany({ where: { id: { in: [row.id, stored.id] } } });
    }
  });

  it("shows the dashboard, account card and unread count to a signed-in user", async () => {
    const r = await visit("/", userCookie);
    expect(r.status).toBe(200);
    expect(r.data["routes/_shell._index"]).toMatchObject({ view: "dashboard" });
    expect(r.data["routes/_shell"]).toMatchObject({
      user: { label: `access-user-${stamp}@test.local`, credits: 59.93, isAdmin: false, avatarUrl: null },
      unread: 2,
      sidebarOpen: true,
    });
    expect(await countUnread(actorOf(userId))).toBe(2);
  });

  it("marks admins for the Admin and Canvas items and shows their avatar", async () => {
    const r = await visit("/", adminCookie);
    expect(r.data["routes/_shell"]).toMatchObject({
      user: { isAdmin: true, avatarUrl: "/resources/files/avatars/admin-face.png" },
      unread: 1,
    });
  });

  it("reads the sidebar cookie on the server", async () => {
    const r = await visit("/", `${userCookie}; sidebar_state=false`);
    expect(r.data["routes/_shell"]).toMatchObject({ sidebarOpen: false });
  });

  it("treats a session of a deleted user, or a forged cookie, as signed out", async () => {
    const ghost = await prisma.user.create({ data: { email: `access-ghost-${stamp}@test.local` } });
    const ghostCookie = await sessionCookieFor(ghost.id);
    await prisma.user.delete({ where: { id: ghost.id } });
    for (const cookie of [ghostCookie, "__session=forged.value"]) {
      const r = await visit("/", cookie);
      expect(r.data["routes/_shell._index"]).toMatchObject({ view: "landing" });
      const admin = await visit("/admin", cookie);
      expect(admin.location).toBe(login("/admin"));
    }
  });

  it("shows the landing page when the session check itself fails", async () => {
    // The session and its user are read in one raw statement on the pg pool (docs/decisions/239-page-speed-shell.md, 392).
    const spy = (await import("vitest")).vi.spyOn(pg.Pool.prototype, "query").mockRejectedValue(new Error("db down"));
    const quiet = (await import("vitest")).vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const r = await visit("/", userCookie);
      expect(r.status).toBe(200);
      expect(r.data["routes/_shell._index"]).toMatchObject({ view: "landing" });
      expect(r.data["routes/_shell"]).toMatchObject({ user: null });
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
  });
});

describe("unknown paths", () => {
  it.each(["/no-such-page", "/canvasx", "/admin/whatever/deep"])("%s is a 404", async (path) => {
    const r = await visit(path, userCookie);
    expect(r.status).toBe(404);
    expect(r.matched.at(-1)).toBe("routes/$");
  });

  it("/not-found is a 404 page", async () => {
    const r = await visit("/not-found");
    expect(r.status).toBe(404);
  });
});
