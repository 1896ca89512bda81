// Notifications: the unread list newest first, marking one or all read (only one's own), the
// page's loader and action, and the live events they publish.
import { afterAll, describe, expect, it } from "vitest";
import { countUnread, createNotification, listUnreadNotifications, markAllNotificationsRead, markNotificationRead } from "~/models/content/notification.server";
import * as page from "~/routes/_shell.notifications";
import { prisma } from "~/utils/db.server";
import { stopLive, subscribe, type LiveEvent } from "~/utils/live.server";
import { actorOf, get, newUser, post, run, unwrap } from "./dashboard-helpers";

afterAll(stopLive);

function collect(userId: string) {
  const events: LiveEvent[] = [];
  return { events, ready: subscribe(userId, (e) => events.push(e)) };
}

async function waitFor(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("notifications", () => {
  it("lists unread ones newest first and marks them read", async () => {
    const me = await newUser();
    const first = await createNotification({ userId: me.id, type: "video_ready", title: "First", link: "/" });
    const second = await createNotification({ userId: me.id, type: "video_failed", title: "Second", body: "Details", link: "https://evil.example" });
    await prisma.notification.update({ where: { id: first.id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const list = await listUnreadNotifications(actorOf(me.id));
    expect(list.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ title: "Second", body: "Details", link: null });
    expect(list[1].link).toBe("/");
    expect(await countUnread(actorOf(me.id))).toBe(2);

    expect(await markNotificationRead(actorOf(me.id), second.id)).toBe(true);
    expect(await markNotificationRead(actorOf(me.id), second.id)).toBe(false);
    expect((await listUnreadNotifications(actorOf(me.id))).map((n) => n.id)).toEqual([first.id]);
    expect(await markAllNotificationsRead(actorOf(me.id))).toBe(1);
    expect(await listUnreadNotifications(actorOf(me.id))).toEqual([]);
    expect(await countUnread(actorOf(me.id))).toBe(0);
  });

  it("never touches or shows another user's notifications", async () => {
    const me = await newUser();
    const other = await newUser();
    const theirs = await createNotification({ userId: other.id, type: "x", title: "Theirs" });
    expect(await listUnreadNotifications(actorOf(me.id))).toEqual([]);
    expect(await markNotificationRead(actorOf(me.id), theirs.id)).toBe(false);
    expect(await markAllNotificationsRead(actorOf(me.id))).toBe(0);
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: theirs.id } })).read).toBe(false);

    const res = unwrap<{ ok: boolean }>(await run(page.action, post("/notifications", { intent: "read", id: theirs.id }, me.cookie)));
    expect(res.status).toBe(404);
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: theirs.id } })).read).toBe(false);
  });

  it("serves the page and its forms to the signed-in user only", async () => {
    const me = await newUser();
    const n = await createNotification({ userId: me.id, type: "x", title: "Hello" });
    const anon = await run<Response>(page.loader, get("/notifications"));
    expect(anon.status).toBe(302);
    const data = await run<{ notifications: { id: string }[] }>(page.loader, get("/notifications", me.cookie));
    expect(data.notifications.map((x) => x.id)).toEqual([n.id]);
    const read = unwrap<{ ok: boolean }>(await run(page.action, post("/notifications", { intent: "read", id: n.id }, me.cookie)));
    expect(read.body.ok).toBe(true);
    const again = await run<{ notifications: unknown[] }>(page.loader, get("/notifications", me.cookie));
    expect(again.notifications).toEqual([]);
    await createNotification({ userId: me.id, type: "x", title: "A" });
    await createNotification({ userId: me.id, type: "x", title: "B" });
    const all = unwrap<{ changed: number }>(await run(page.action, post("/notifications", { intent: "read-all" }, me.cookie)));
    expect(all.body.changed).toBe(2);
    expect(unwrap(await run(page.action, post("/notifications", { intent: "nope" }, me.cookie))).status).toBe(400);
    const anonPost = await run<Response>(page.action, post("/notifications", { intent: "read-all" }));
    expect(anonPost.status).toBe(302);
  });

  it("publishes live events to the owner when notifications are created and read", async () => {
    const me = await newUser();
    const other = await newUser();
    const mine = collect(me.id);
    const theirs = collect(other.id);
    await Promise.all([mine.ready, theirs.ready]);
    const n = await createNotification({ userId: me.id, type: "video_ready", title: "Your video is ready" });
    await waitFor(() => mine.events.length >= 1);
    expect(mine.events[0]).toEqual({ type: "notification.created", notificationId: n.id, title: "Your video is ready" });
    await markNotificationRead(actorOf(me.id), n.id);
    await waitFor(() => mine.events.length >= 2);
    expect(mine.events[1]).toEqual({ type: "notification.updated", notificationIds: [n.id], read: true });
    await createNotification({ userId: me.id, type: "x", title: "Another" });
    await markAllNotificationsRead(actorOf(me.id));
    await waitFor(() => mine.events.length >= 4);
    expect(mine.events[3]).toEqual({ type: "notification.updated", notificationIds: "all", read: true });
    // Nothing was delivered to the other user.
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.events).toEqual([]);
  });
});
