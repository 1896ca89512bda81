// Time and the small dead ends of issue 20 finding 12 (ADR 267, 268): the root loader gives the
// viewer's zone from the `tz` cookie (UTC without it); an order link cannot be created already
// expired, its expiry day is read in the admin's zone, and a link past its expiry is listed as
// expired; opening a notification marks it read and goes where it leads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_MESSAGES } from "~/models/orders/custom-order-rules";
import type { OrderLinkRow } from "~/models/orders/order-links.server";
import { createNotification } from "~/models/content/notification.server";
import * as root from "~/root";
import * as linksTab from "~/routes/_shell.admin.links";
import * as notificationsPage from "~/routes/_shell.notifications";
import { prisma } from "~/utils/db.server";
import { get, post, run, unwrap } from "./dashboard-helpers";
import { newUser, useTempStorage } from "./storage-helpers";

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let admin: { user: { id: string }; cookie: string };

beforeAll(async () => {
  storage = await useTempStorage();
  admin = await newUser({ admin: true });
});
afterAll(() => storage.cleanup());

function withZone(request: Request, zone: string): Request {
  request.headers.set("Cookie", [request.headers.get("Cookie"), `tz=${encodeURIComponent(zone)}`].filter(Boolean).join("; "));
  return request;
}

describe("the viewer's time zone", () => {
  it("comes from the tz cookie, else UTC", async () => {
    expect(root.loader({ request: get("/"), params: {}, context: {} })).toEqual({ timeZone: "UTC" });
    expect(root.loader({ request: withZone(get("/"), "Asia/Kolkata"), params: {}, context: {} })).toEqual({ timeZone: "Asia/Kolkata" });
    expect(root.loader({ request: withZone(get("/"), "Not/AZone"), params: {}, context: {} })).toEqual({ timeZone: "UTC" });
  });
});

describe("order link expiry", () => {
  const create = (fields: Record<string, string>, zone?: string) => {
    const request = post("/admin/links", { intent: "create", requirePhoneSent: "1", requirePhone: "on", ...fields }, admin.cookie);
    return run(linksTab.action, zone ? withZone(request, zone) : request);
  };

  it("a link cannot be created already expired: 400 with a clear message, nothing created", async () => {
    const before = await prisma.customOrderLink.count();
    const refused = unwrap<{ error: string }>(await create({ title: "Too late", expiryDate: "2020-01-01" }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(LINK_MESSAGES.expiryPast);
    const past = unwrap<{ error: string }>(await create({ title: "Too late", expiryDate: "2021-06-01T10:00" }));
    expect(past.status).toBe(400);
    expect(await prisma.customOrderLink.count()).toBe(before);
  });

  it("the expiry day ends in the admin's zone (UTC without one)", async () => {
    await create({ title: "India day", expiryDate: "2030-01-15" }, "Asia/Kolkata");
    const india = await prisma.customOrderLink.findFirstOrThrow({ where: { title: "India day" } });
    expect(india.expiryDate?.toISOString()).toBe("2030-01-15T18:29:59.000Z");
    await create({ title: "UTC day", expiryDate: "2030-01-15" });
    const utc = await prisma.customOrderLink.findFirstOrThrow({ where: { title: "UTC day" } });
    expect(utc.expiryDate?.toISOString()).toBe("2030-01-15T23:59:59.000Z");
  });

  it("a link past its expiry is listed as expired, not active", async () => {
    await create({ title: "Soon over", expiryDate: "2031-01-01" });
    const link = await prisma.customOrderLink.findFirstOrThrow({ where: { title: "Soon over" } });
    await prisma.customOrderLink.update({ where: { id: link.id }, data: { expiryDate: new Date(Date.now() - 60_000) } });
    const page = await run<{ links: OrderLinkRow[]; today: string }>(linksTab.loader, withZone(get("/admin/links", admin.cookie), "Asia/Kolkata"));
    const rows = new Map(page.links.map((l) => [l.title, l]));
    expect(rows.get("Soon over")).toMatchObject({ isActive: true, expired: true });
    expect(rows.get("India day")).toMatchObject({ isActive: true, expired: false });
    expect(page.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("opening a notification", () => {
  it("marks it read and goes to its link; someone else's answers 404 and stays unread", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const n = await createNotification({ userId: owner.user.id, type: "video_ready", title: "Your video is ready", body: "", link: "/dashboard?story=1" });
    const refused = unwrap(await run(notificationsPage.action, post("/notifications", { intent: "open", id: n.id }, stranger.cookie)));
    expect(refused.status).toBe(404);
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: n.id } })).read).toBe(false);

    const opened = (await run(notificationsPage.action, post("/notifications", { intent: "open", id: n.id }, owner.cookie))) as Response;
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe("/dashboard?story=1");
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: n.id } })).read).toBe(true);
    const list = await run<{ notifications: { id: string }[] }>(notificationsPage.loader, get("/notifications", owner.cookie));
    expect(list.notifications.map((x) => x.id)).not.toContain(n.id);
  });
});
