// Announcements on the Dashboard: active ones whose end date is on or after now, newest first;
// a dismissed one stays hidden for the session (the no-JavaScript path of the action).
import { describe, expect, it } from "vitest";
import { createAnnouncement, listActiveAnnouncements, setAnnouncementActive } from "~/models/content/announcement.server";
import * as dashboardRoute from "~/routes/_shell._index";
import { prisma } from "~/utils/db.server";
import { get, newUser, post, run, uid, unwrap } from "./dashboard-helpers";

const DAY = 86_400_000;

describe("announcements", () => {
  it("lists active ones with an end date on or after now, newest first", async () => {
    const now = new Date();
    const tag = uid();
    const old = await createAnnouncement({ title: `old ${tag}`, content: "c", endDate: new Date(now.getTime() + DAY) });
    await prisma.announcement.update({ where: { id: old.id }, data: { createdAt: new Date(now.getTime() - DAY) } });
    const fresh = await createAnnouncement({ title: `new ${tag}`, content: "c", type: "warning", endDate: new Date(now.getTime() + DAY) });
    const endsNow = await createAnnouncement({ title: `now ${tag}`, content: "c", endDate: now });
    await prisma.announcement.update({ where: { id: endsNow.id }, data: { createdAt: new Date(now.getTime() - 2 * DAY) } });
    const ended = await createAnnouncement({ title: `ended ${tag}`, content: "c", endDate: new Date(now.getTime() - 1) });
    const inactive = await createAnnouncement({ title: `off ${tag}`, content: "c", active: false, endDate: new Date(now.getTime() + DAY) });

    const listed = (await listActiveAnnouncements(now)).filter((a) => a.title.endsWith(tag));
    expect(listed.map((a) => a.id)).toEqual([fresh.id, old.id, endsNow.id]);
    expect(listed[0]).toMatchObject({ type: "warning", content: "c" });
    expect(listed.some((a) => a.id === ended.id || a.id === inactive.id)).toBe(false);

    // A minute later the one that ended "now" is gone; switching one off removes it.
    const later = (await listActiveAnnouncements(new Date(now.getTime() + 60_000))).map((a) => a.id);
    expect(later).not.toContain(endsNow.id);
    await setAnnouncementActive(old.id, false);
    expect((await listActiveAnnouncements(now)).map((a) => a.id)).not.toContain(old.id);
  });

  it("hides an announcement the user dismissed, for that session only", async () => {
    const a = await createAnnouncement({ title: `dismiss ${uid()}`, content: "c", endDate: new Date(Date.now() + DAY) });
    const me = await newUser();
    const shown = await run<{ announcements: { id: string }[] }>(dashboardRoute.loader, get("/", me.cookie));
    expect(shown.announcements.map((x) => x.id)).toContain(a.id);

    const res = await run<Response>(
      dashboardRoute.action,
      post("/?index", { intent: "dismiss-announcement", id: a.id, redirectTo: "/?tab=images" }, me.cookie),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/?tab=images");
    const after = await run<{ announcements: { id: string }[] }>(dashboardRoute.loader, get("/", me.cookie));
    expect(after.announcements.map((x) => x.id)).not.toContain(a.id);

    // Another session of the same user still sees it.
    const { cookieFor } = await import("./dashboard-helpers");
    const other = await run<{ announcements: { id: string }[] }>(dashboardRoute.loader, get("/", await cookieFor(me.id)));
    expect(other.announcements.map((x) => x.id)).toContain(a.id);

    // The JavaScript path answers with data (no redirect).
    const js = unwrap<{ ok: boolean }>(await run(dashboardRoute.action, post("/?index", { intent: "dismiss-announcement", id: a.id }, me.cookie)));
    expect(js.body.ok).toBe(true);
  });
});
