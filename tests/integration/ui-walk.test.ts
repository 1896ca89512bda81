// Issue 20, the dead ends a walk through the product found (findings 9 and 13), checked on the
// real server over HTTP as a browser without JavaScript sees the pages: the canvas picker's
// "Create New Project" and "Back", "Project \"{title}\" created successfully!" after a create,
// the compile panel's status dot and its format locked while compiling, the project canvas
// visible by default, the ways to /custom-orders, About's copy, the landing's demo videos and
// the demo announcement's promise.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromUser } from "~/models/access";
import { listActiveAnnouncements } from "~/models/content/announcement.server";
import { createProject } from "~/models/projects/project.server";
import { prisma } from "~/utils/db.server";
import { DEMO_ANNOUNCEMENT, seedDemoAnnouncement } from "../../prisma/seed";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { newUser } from "./storage-helpers";

let live: LiveServer;
let admin: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  live = await startLiveServer();
  admin = await newUser({ admin: true });
});
afterAll(async () => {
  await live?.close();
});

/** A browser without JavaScript: keeps the cookies it is given, follows nothing by itself. */
function browser(cookie: string) {
  const jar = new Map<string, string>();
  for (const part of cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name) jar.set(name, value.join("="));
  }
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (res: Response) => {
    for (const set of res.headers.getSetCookie()) {
      const [pair, ...attrs] = set.split(";");
      const [name, ...value] = pair.trim().split("=");
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value.join("=") === "") jar.delete(name);
      else jar.set(name, value.join("="));
    }
    return res;
  };
  return {
    get: async (path: string) => keep(await fetch(`${live.url}${path}`, { headers: { Cookie: header() }, redirect: "manual" })),
    post: async (path: string, fields: Record<string, string>) =>
      keep(
        await fetch(`${live.url}${path}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: header(), Origin: live.url, "Content-Type": "application/x-www-form-urlencoded" },
          redirect: "manual",
        }),
      ),
  };
}

/** What a reader sees: no scripts, no tags. */
function visible(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const adminActor = () => actorFromUser({ id: admin.user.id, isAdmin: true }, "web");

describe("the canvas picker and a new project (finding 13)", () => {
  it("offers Create New Project and Back", async () => {
    await createProject(adminActor(), { title: "Picker entry" });
    const res = await browser(admin.cookie).get("/canvas");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<a[^>]*href="\/canvas\?new=1"[^>]*>\s*Create New Project\s*<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>\s*Back\s*<\/a>/);
  });

  it('says "Project \\"{title}\\" created successfully!" on the new project\'s editor, through /canvas?projectId=', async () => {
    const b = browser(admin.cookie);
    const title = `Walk ${Date.now().toString(36)}`;
    const created = await b.post("/canvas?index", { intent: "create", title });
    expect(created.status).toBe(302);
    const via = created.headers.get("Location")!;
    expect(via).toMatch(/^\/canvas\?projectId=/);
    const hop = await b.get(via);
    expect(hop.status).toBe(302);
    const editor = await b.get(hop.headers.get("Location")!);
    expect(editor.status).toBe(200);
    expect(visible(await editor.text())).toContain(`Project "${title}" created successfully!`);
    // Shown once.
    const again = await b.get(hop.headers.get("Location")!);
    expect(visible(await again.text())).not.toContain("created successfully!");
  });
});

describe("the compile panel and the project canvas (finding 13)", () => {
  it("shows the project status with its dot, and locks the format while a compile runs, on both editors", async () => {
    const project = await createProject(adminActor(), { title: "Compiling", scenes: [{ title: "One", script: "Hello.", voiceOverText: "Hello." }] });
    const b = browser(admin.cookie);
    for (const path of [`/canvas/${project.id}`, `/video-projects/${project.id}`]) {
      const idle = await (await b.get(path)).text();
      expect(visible(idle)).toContain("Project Status: draft · 1 scene(s) available");
      expect(idle).toMatch(/data-status="draft"[^>]*class="[^"]*bg-slate-400/);
      expect(idle).not.toMatch(/<select[^>]*name="format"[^>]*disabled=""/);
    }
    await prisma.compileJob.create({ data: { projectId: project.id, userId: admin.user.id, status: "rendering", progress: 40, message: "Rendering" } });
    for (const path of [`/canvas/${project.id}`, `/video-projects/${project.id}`]) {
      const busy = await (await b.get(path)).text();
      expect(busy).toMatch(/<select[^>]*name="format"[^>]*disabled=""/);
    }
  });

  it("counts every scene of a long project, not the cards shown; the canvas's Script tab sends no scene's text (ADR 403)", async () => {
    const scenes = Array.from({ length: 14 }, (_, i) => ({
      title: `Scene ${i + 1}`,
      script: `Line ${i + 1} of the script.`,
      voiceOverText: `Voice ${i + 1}.`,
    }));
    const project = await createProject(adminActor(), { title: "Long one", scenes });
    const b = browser(admin.cookie);
    const editor = await (await b.get(`/video-projects/${project.id}`)).text();
    expect(visible(editor)).toContain("Showing 8 of 14 scenes.");
    expect(visible(editor)).toContain("Project Status: draft · 14 scene(s) available");
    const script = await (await b.get(`/canvas/${project.id}`)).text();
    expect(visible(script)).toContain("Project Status: draft · 14 scene(s) available");
    expect(script).not.toContain("Line 1 of the script.");
    const list = await (await b.get(`/canvas/${project.id}?tab=scenes`)).text();
    expect(visible(list)).toContain("Scenes (14)");
    expect(list).toContain("Line 14 of the script.");
  });

  it("shows the project canvas on /video-projects/{id} by default; Hide Canvas View works without JavaScript", async () => {
    const project = await createProject(adminActor(), { title: "Canvas default" });
    const b = browser(admin.cookie);
    const shown = await (await b.get(`/video-projects/${project.id}`)).text();
    expect(shown).toContain('id="canvas-view"');
    expect(visible(shown)).toContain("Hide Canvas View");
    const hidden = await (await b.get(`/video-projects/${project.id}?canvas=hidden`)).text();
    expect(hidden).not.toContain('id="canvas-view"');
    expect(visible(hidden)).toContain("Show Canvas View");
  });
});

describe("custom orders, About, the landing's demo videos and the announcement (finding 9)", () => {
  it("links to /custom-orders from the sidebar and from Create Video", async () => {
    const user = await newUser();
    const b = browser(user.cookie);
    const dashboard = await (await b.get("/")).text();
    expect(dashboard).toMatch(/<a[^>]*href="\/custom-orders"/);
    const create = await (await b.get("/create-video")).text();
    expect(create).toMatch(/<a[^>]*href="\/custom-orders"[^>]*>\s*Place a custom order\s*<\/a>/);
  });

  it("About says custom orders exist and links to them", async () => {
    const html = await (await fetch(`${live.url}/about`)).text();
    expect(visible(html)).not.toMatch(/are coming|will be able to/);
    expect(html).toMatch(/<a[^>]*href="\/custom-orders"/);
  });

  it("the landing's demo section shows the showcase videos the sign-in page plays", async () => {
    const title = `Showcase ${Date.now().toString(36)}`;
    const row = await prisma.showcaseVideo.create({ data: { title, videoPath: "demo/walk.mp4", thumbnailPath: "demo/walk.jpg", displayOrder: -1 } });
    try {
      const signIn = visible(await (await fetch(`${live.url}/auth/login`)).text());
      expect(signIn).toContain(title);
      const landing = await (await fetch(`${live.url}/`)).text();
      const section = landing.slice(landing.indexOf('id="showcase"'));
      expect(visible(section)).toContain(title);
      expect(visible(section)).not.toContain("No example videos have been published here yet");
      expect(section).toContain("/resources/files/showcase-videos/demo/walk.mp4");
    } finally {
      await prisma.showcaseVideo.delete({ where: { id: row.id } });
    }
  });

  it("the demo announcement no longer promises free videos to accounts that start with 0 credits", async () => {
    const old = await prisma.announcement.create({
      data: {
        title: DEMO_ANNOUNCEMENT.title,
        content: "Turn a script and a product photo into a short video ad. Your first videos are on us in the demo.",
        type: "info",
        active: true,
        endDate: new Date(Date.now() + 3600_000),
      },
    });
    try {
      await seedDemoAnnouncement();
      const shown = (await listActiveAnnouncements()).filter((a) => a.title === DEMO_ANNOUNCEMENT.title);
      expect(shown.length).toBeGreaterThan(0);
      for (const a of shown) {
        expect(a.content).not.toMatch(/on us|free/i);
        expect(a.content).toContain("a new account starts with 0 credits");
      }
    } finally {
      await prisma.announcement.deleteMany({ where: { title: DEMO_ANNOUNCEMENT.title } });
    }
    expect(old.id).toBeTruthy();
  });
});
