// Issue 13 items 4-8 and 10: the admin area's Users, Usage Stats, AI Tools, Canvas Updates and
// User Messages tabs and the user's /messages page, through their route modules (the doors) and
// the core. Every admin loader and action intent is refused to anonymous visitors (login) and
// to signed-in non-admins (403), changing nothing.
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { actorFromUser } from "~/models/access";
import { ADMIN_USERS_MESSAGES, CANVAS_UPDATE_MESSAGES, STAFF_MESSAGE_MESSAGES } from "~/models/messaging/admin-messages";
import { addAdmin, removeAdmin } from "~/models/admin/admin-users.server";
import { applyCreditChange } from "~/models/billing/credits.server";
import { createProject } from "~/models/projects/project.server";
import { hashInputs, isStale, stepInputs } from "~/models/projects/scene-staleness.server";
import { findSceneOfProject } from "~/models/projects/scenes.server";
import { usageStats } from "~/models/admin/usage-stats.server";
import { prisma } from "~/utils/db.server";
import * as aiToolsRoute from "~/routes/_shell.admin.ai-tools";
import * as canvasUpdatesRoute from "~/routes/_shell.admin.canvas-updates";
import * as statsRoute from "~/routes/_shell.admin.stats";
import * as userMessagesRoute from "~/routes/_shell.admin.user-messages";
import * as usersRoute from "~/routes/_shell.admin.users";
import * as messagesRoute from "~/routes/_shell.messages";
import { sessionCookieFor } from "./access-router";
import { call, formRequest, getRequest } from "./auth-helpers";
import { uid } from "./http-helpers";
import { useTempStorage } from "./storage-helpers";
import { png } from "../fixtures/storage-media";

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

async function newUser(opts: { admin?: boolean; credits?: number; username?: string } = {}) {
  const user = await prisma.user.create({
    data: { email: `${uid("adm")}@test.local`, profile: { create: { username: opts.username ?? null } }, ...(opts.admin ? { admin: { create: {} } } : {}) },
  });
  if (opts.credits) await applyCreditChange({ userId: user.id, delta: opts.credits, reason: "admin_grant", reference: `admin-area-${user.id}` });
  return {
    id: user.id,
    cookie: await sessionCookieFor(user.id),
    actor: actorFromUser({ id: user.id, isAdmin: Boolean(opts.admin) }, opts.admin ? "admin" : "web"),
  };
}

function multipart(
  path: string,
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; body: Buffer }[],
  cookie?: string,
): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.name, new Blob([new Uint8Array(f.body)], { type: f.type }), f.filename);
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, "http://localhost:3101"), { method: "POST", headers, body: form });
}

let admin: Awaited<ReturnType<typeof newUser>>;
let user: Awaited<ReturnType<typeof newUser>>;
let project: Awaited<ReturnType<typeof createProject>>;
let jobId: string;

beforeAll(async () => {
  await useTempStorage();
  admin = await newUser({ admin: true, username: uid("staff") });
  user = await newUser({ credits: 12.5, username: uid("owner") });
  project = await createProject(user.actor, {
    title: `Admin area ${uid()}`,
    scenes: [
      { title: "One", script: "The first scene has a script that is longer than thirty characters.", voiceOverText: "First." },
      { title: "Two", script: "Second scene.", voiceOverText: "Second." },
    ],
  });
  const job = await prisma.imageGenerationJob.create({
    data: { userId: user.id, prompt: "A stuck prompt", status: "failed", errorMessage: "provider timed out", providerRequestId: "req-1" },
  });
  jobId = job.id;
});

describe("authorization: every admin door refuses anonymous visitors and non-admins", () => {
  const cases: [string, Handler, (cookie?: string) => Request][] = [
    ["users loader", usersRoute.loader as Handler, (c) => getRequest("/admin/users", c)],
    ["users add-admin", usersRoute.action as Handler, (c) => formRequest("/admin/users", { intent: "add-admin", userId: "" }, c)],
    ["users remove-admin", usersRoute.action as Handler, (c) => formRequest("/admin/users", { intent: "remove-admin", userId: "" }, c)],
    ["stats loader", statsRoute.loader as Handler, (c) => getRequest("/admin/stats", c)],
    ["ai-tools loader", aiToolsRoute.loader as Handler, (c) => getRequest("/admin/ai-tools", c)],
    ["ai-tools retry", aiToolsRoute.action as Handler, (c) => formRequest("/admin/ai-tools", { intent: "retry", jobId }, c)],
    ["ai-tools check", aiToolsRoute.action as Handler, (c) => formRequest("/admin/ai-tools", { intent: "check", jobId }, c)],
    ["ai-tools delete", aiToolsRoute.action as Handler, (c) => formRequest("/admin/ai-tools", { intent: "delete", jobId, confirmed: "yes" }, c)],
    ["canvas-updates loader", canvasUpdatesRoute.loader as Handler, (c) => getRequest(`/admin/canvas-updates?project=${project.id}`, c)],
    [
      "canvas-updates submit",
      canvasUpdatesRoute.action as Handler,
      (c) => formRequest("/admin/canvas-updates", { projectId: project.id, sceneId: project.scenes[0].id, field: "script", content: "Hijacked" }, c),
    ],
    ["user-messages loader", userMessagesRoute.loader as Handler, (c) => getRequest(`/admin/user-messages?user=${user.id}`, c)],
    [
      "user-messages send",
      userMessagesRoute.action as Handler,
      (c) => formRequest(`/admin/user-messages?user=${user.id}`, { message: "Hello from a stranger" }, c),
    ],
    [
      "user-messages send with a file",
      userMessagesRoute.action as Handler,
      (c) =>
        multipart(
          `/admin/user-messages?user=${user.id}`,
          { message: "x" },
          [{ name: "attachments", filename: "a.png", type: "image/png", body: png(8, 8) }],
          c,
        ),
    ],
  ];

  async function state() {
    const [admins, job, scene, messages, objects] = await Promise.all([
      prisma.adminUser.count(),
      prisma.imageGenerationJob.findUnique({ where: { id: jobId }, select: { status: true, updatedAt: true } }),
      prisma.scene.findUnique({ where: { id: project.scenes[0].id }, select: { script: true } }),
      prisma.staffMessage.count({ where: { userId: user.id } }),
      prisma.storedObject.count({ where: { bucket: "message-attachments" } }),
    ]);
    return { admins, job, scene, messages, objects };
  }

  it.each(cases)("%s: anonymous visitors are sent to login", async (_name, handler, request) => {
    const before = await state();
    const r = await call(handler, request());
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/auth\/login/);
    expect(await state()).toEqual(before);
  });

  it.each(cases)("%s: a signed-in non-admin gets 403", async (_name, handler, request) => {
    const before = await state();
    const r = await call(handler, request(user.cookie));
    expect(r.status).toBe(403);
    expect(await state()).toEqual(before);
  });

  it("the core refuses a non-admin actor whatever the door", async () => {
    await expect(addAdmin(user.actor, user.id)).rejects.toMatchObject({ status: 403 });
    await expect(removeAdmin(user.actor, admin.id)).rejects.toMatchObject({ status: 403 });
    await expect(usageStats(user.actor)).rejects.toMatchObject({ status: 403 });
  });
});

describe("Users tab", () => {
  it("lists profiles with their credits, newest first, and finds them by name", async () => {
    const r = await call(usersRoute.loader as Handler, getRequest("/admin/users", admin.cookie));
    expect(r.status).toBe(200);
    const body = r.body as { list: { users: { id: string; createdAt: string; credits: string }[] } };
    const dates = body.list.users.map((u) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const found = await call(
      usersRoute.loader as Handler,
      getRequest(`/admin/users?q=${encodeURIComponent((await prisma.profile.findUniqueOrThrow({ where: { userId: user.id } })).username!)}`, admin.cookie),
    );
    expect((found.body as { list: { users: { id: string; credits: string }[] } }).list.users).toEqual([
      expect.objectContaining({ id: user.id, credits: "12.50" }),
    ]);
  });

  it("adds an admin by user id with the documented messages", async () => {
    const add = (userId: string) => call(usersRoute.action as Handler, formRequest("/admin/users", { intent: "add-admin", userId }, admin.cookie));
    expect((await add("  ")).body).toMatchObject({ ok: false, message: ADMIN_USERS_MESSAGES.invalidId });
    expect((await add("c000000000000000000000000")).body).toMatchObject({ ok: false, message: ADMIN_USERS_MESSAGES.notFound });
    const other = await newUser();
    expect((await add(other.id)).body).toMatchObject({ ok: true });
    expect(await prisma.adminUser.findUnique({ where: { userId: other.id } })).toMatchObject({ grantedById: admin.id });
    const again = await add(other.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, message: ADMIN_USERS_MESSAGES.alreadyAdmin });
  });

  it("removes an admin; removing yourself needs a confirmation; the last admin stays", async () => {
    const other = await newUser({ admin: true });
    const remove = (userId: string, extra: Record<string, string> = {}) =>
      call(usersRoute.action as Handler, formRequest("/admin/users", { intent: "remove-admin", userId, ...extra }, admin.cookie));
    expect((await remove(other.id)).body).toMatchObject({ ok: true });
    expect(await prisma.adminUser.count({ where: { userId: other.id } })).toBe(0);

    const self = await remove(admin.id);
    expect(self.body).toMatchObject({ ok: false, confirmFor: admin.id, message: ADMIN_USERS_MESSAGES.confirmSelf });
    expect(await prisma.adminUser.count({ where: { userId: admin.id } })).toBe(1);

    const confirmed = await call(usersRoute.action as Handler, formRequest("/admin/users", { intent: "remove-admin", userId: other.id }, admin.cookie));
    expect(confirmed.body).toMatchObject({ ok: false, message: ADMIN_USERS_MESSAGES.notAdmin });
  });

  it("never removes the last admin, also when two admins remove each other at once", async () => {
    const a = await newUser({ admin: true });
    const b = await newUser({ admin: true });
    // Only a and b are admins for a moment (the others are put back right after).
    const others = await prisma.adminUser.findMany({ where: { userId: { notIn: [a.id, b.id] } } });
    await prisma.adminUser.deleteMany({ where: { userId: { notIn: [a.id, b.id] } } });
    try {
      const results = await Promise.all([removeAdmin(a.actor, b.id), removeAdmin(b.actor, a.id)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, code: "last_admin", message: ADMIN_USERS_MESSAGES.lastAdmin }]);
      const left = await prisma.adminUser.findMany({ where: { userId: { in: [a.id, b.id] } } });
      expect(left).toHaveLength(1);
      const last = left[0].userId === a.id ? a : b;
      expect(await removeAdmin(last.actor, last.id, { confirmSelf: true })).toMatchObject({ ok: false, code: "last_admin" });
    } finally {
      await prisma.adminUser.createMany({ data: others, skipDuplicates: true });
    }
  });
});

describe("Usage Stats", () => {
  async function countQueries<T>(fn: () => Promise<T>): Promise<{ count: number; texts: string[]; result: T }> {
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      spy.mockClear();
      const result = await fn();
      return { count: spy.mock.calls.length, texts: spy.mock.calls.map((c) => String((c[0] as { text?: string })?.text ?? c[0])), result };
    } finally {
      spy.mockRestore();
    }
  }

  it("shows the six figures from COUNT and SUM queries, credits with 2 decimals", async () => {
    const before = await usageStats(admin.actor);
    await prisma.customOrder.createMany({
      data: [
        { userId: user.id, status: "pending", creditsUsed: "20.25" },
        { userId: user.id, status: "completed", creditsUsed: "0.5" },
      ],
    });
    await prisma.videoGenerationJob.create({ data: { userId: user.id, prompt: "v" } });
    const { texts, result: after } = await countQueries(() => usageStats(admin.actor));
    expect(after.pendingOrders - before.pendingOrders).toBe(1);
    expect(after.videoJobs - before.videoJobs).toBe(1);
    expect((Number(after.totalCreditsUsed) - Number(before.totalCreditsUsed)).toFixed(2)).toBe("20.75");
    expect(after.totalCreditsUsed).toMatch(/^\d+\.\d{2}$/);
    expect(after.totalProfiles).toBe(await prisma.profile.count());
    expect(after.activeUsers).toBeGreaterThanOrEqual(2);
    // Every statement is an aggregate: no rows are loaded.
    const selects = texts.filter((t) => /^\s*SELECT/i.test(t));
    expect(selects.length).toBeGreaterThanOrEqual(5);
    for (const t of selects) expect(t).toMatch(/COUNT\(|SUM\(/i);

    const page = await call(statsRoute.loader as Handler, getRequest("/admin/stats", admin.cookie));
    expect(page.body).toMatchObject({ stats: { totalCreditsUsed: expect.stringMatching(/^\d+\.\d{2}$/) }, error: null });
  });
});

describe("AI Tools: stuck image jobs", () => {
  const act = (fields: Record<string, string>) => call(aiToolsRoute.action as Handler, formRequest("/admin/ai-tools", fields, admin.cookie));

  it("lists in_queue and failed jobs, newest first, with request id, prompt and error", async () => {
    const done = await prisma.imageGenerationJob.create({ data: { userId: user.id, prompt: "Done", status: "completed" } });
    const queued = await prisma.imageGenerationJob.create({ data: { userId: user.id, prompt: "Queued", status: "in_queue" } });
    const r = await call(aiToolsRoute.loader as Handler, getRequest("/admin/ai-tools", admin.cookie));
    const jobs = (r.body as { jobs: { id: string; status: string; requestId: string | null; errorMessage: string | null; prompt: string }[] }).jobs;
    const ids = jobs.map((j) => j.id);
    expect(ids).toContain(jobId);
    expect(ids).toContain(queued.id);
    expect(ids).not.toContain(done.id);
    expect(ids.indexOf(queued.id)).toBeLessThan(ids.indexOf(jobId));
    expect(jobs.find((j) => j.id === jobId)).toMatchObject({
      status: "failed",
      requestId: "req-1",
      errorMessage: "provider timed out",
      prompt: "A stuck prompt",
    });
  });

  it("checks a job's status; a retry of a job without a scene is refused with a reason", async () => {
    const check = await act({ intent: "check", jobId });
    expect(check.body).toMatchObject({ ok: true, message: "Status: FAILED", check: { status: "failed", run: null } });
    const retry = await act({ intent: "retry", jobId });
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ ok: false, message: "This job has no scene to generate again." });
    expect(await prisma.imageGenerationJob.findUnique({ where: { id: jobId }, select: { status: true } })).toEqual({ status: "failed" });
    expect((await act({ intent: "check", jobId: "nope" })).status).toBe(404);
  });

  it("deletes only with the confirmation, and only a stuck job", async () => {
    const job = await prisma.imageGenerationJob.create({ data: { userId: user.id, prompt: "Delete me", status: "failed" } });
    const unconfirmed = await act({ intent: "delete", jobId: job.id });
    expect(unconfirmed.status).toBe(400);
    expect(await prisma.imageGenerationJob.count({ where: { id: job.id } })).toBe(1);
    expect((await act({ intent: "delete", jobId: job.id, confirmed: "yes" })).body).toMatchObject({ ok: true });
    expect(await prisma.imageGenerationJob.count({ where: { id: job.id } })).toBe(0);
    const done = await prisma.imageGenerationJob.create({ data: { userId: user.id, prompt: "Keep me", status: "completed" } });
    expect((await act({ intent: "delete", jobId: done.id, confirmed: "yes" })).status).toBe(404);
    expect(await prisma.imageGenerationJob.count({ where: { id: done.id } })).toBe(1);
  });
});

describe("Canvas Updates", () => {
  const submit = (fields: Record<string, string>) => call(canvasUpdatesRoute.action as Handler, formRequest("/admin/canvas-updates", fields, admin.cookie));

  it("lists projects newest first and the chosen project's scenes in order, named by 30 characters of script", async () => {
    const r = await call(canvasUpdatesRoute.loader as Handler, getRequest(`/admin/canvas-updates?project=${project.id}`, admin.cookie));
    const body = r.body as { projects: { id: string; createdAt: string }[]; scenes: { id: string; label: string; sceneOrder: number }[]; error: string | null };
    expect(body.error).toBeNull();
    const dates = body.projects.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.scenes.map((s) => s.label)).toEqual(["The first scene has a script t", "Second scene."]);
    expect(body.scenes.map((s) => s.sceneOrder)).toEqual([1, 2]);
    const unknown = await call(canvasUpdatesRoute.loader as Handler, getRequest("/admin/canvas-updates?project=nope", admin.cookie));
    expect(unknown.body).toMatchObject({ error: CANVAS_UPDATE_MESSAGES.loadScenesFailed });
  });

  it("refuses an incomplete update with the documented message, changing nothing", async () => {
    const incomplete: Record<string, string>[] = [
      { projectId: project.id, sceneId: project.scenes[0].id, field: "script", content: "   " },
      { projectId: project.id, field: "script", content: "Text" },
      { sceneId: project.scenes[0].id, field: "script", content: "Text" },
    ];
    for (const fields of incomplete) {
      const r = await submit(fields);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, message: CANVAS_UPDATE_MESSAGES.incomplete });
    }
    const wrongScene = await submit({ projectId: project.id, sceneId: "c000000000000000000000000", field: "script", content: "Text" });
    expect(wrongScene.body).toMatchObject({ ok: false, message: CANVAS_UPDATE_MESSAGES.failed });
  });

  it("applies the update through the scene edit: the asset made from the old text is stale, the owner is notified", async () => {
    const scene = project.scenes[1];
    // The scene's voice-over was made from its current text (what the staleness check compares with).
    const before = await findSceneOfProject(user.actor, project.id, scene.id);
    const projectRow = await prisma.project.findUniqueOrThrow({ where: { id: project.id } });
    await prisma.scene.update({
      where: { id: scene.id },
      data: {
        voiceOverUrl: "/resources/files/canvas-assets/scenes/x_audio.wav",
        voiceOverInputsHash: hashInputs(stepInputs("voice-over", before, projectRow)),
      },
    });
    expect(isStale("voice-over", await findSceneOfProject(user.actor, project.id, scene.id), projectRow)).toBe(false);
    const r = await submit({ projectId: project.id, sceneId: scene.id, field: "voiceOverText", content: "  Fresh words from staff.  " });
    expect(r.body).toMatchObject({ ok: true, message: CANVAS_UPDATE_MESSAGES.submitted });
    const after = await findSceneOfProject(user.actor, project.id, scene.id);
    expect(after.voiceOverText).toBe("Fresh words from staff.");
    expect(after.script).toBe("Second scene.");
    expect(isStale("voice-over", after, projectRow)).toBe(true);
    const note = await prisma.notification.findFirst({ where: { userId: user.id, type: "canvas_update" }, orderBy: { createdAt: "desc" } });
    expect(note).toMatchObject({ title: CANVAS_UPDATE_MESSAGES.notificationTitle, link: null });
    expect(note?.body).toContain("Fresh words from staff.");
    expect(note?.body).toContain("scene 2");
  });
});

describe("User Messages and /messages", () => {
  it("staff write with an attachment; the user is notified, reads it and answers; references become links", async () => {
    const note0 = await prisma.notification.count({ where: { userId: user.id, type: "staff_message" } });
    const send = await call(
      userMessagesRoute.action as Handler,
      multipart(
        `/admin/user-messages?user=${user.id}`,
        { message: "Your #order-12 is ready", projectId: project.id },
        [{ name: "attachments", filename: "brief.png", type: "image/png", body: png(16, 16) }],
        admin.cookie,
      ),
    );
    expect(send.status).toBe(200);
    expect(send.body).toMatchObject({
      ok: true,
      sent: {
        sender: "admin",
        status: "completed",
        message: "Your #order-12 is ready",
        projectId: project.id,
        attachments: [{ name: "brief.png", type: "image/png", size: png(16, 16).length }],
      },
    });
    expect(await prisma.notification.count({ where: { userId: user.id, type: "staff_message" } })).toBe(note0 + 1);

    const page = await call(messagesRoute.loader as Handler, getRequest("/messages", user.cookie));
    const messages = (page.body as { messages: { sender: string; attachments: { url: string }[] }[] }).messages;
    expect(messages.at(-1)).toMatchObject({ sender: "admin" });
    const url = messages.at(-1)!.attachments[0].url;
    const file = await prisma.storedObject.findFirst({ where: { bucket: "message-attachments", key: url.split("/").at(-1) } });
    expect(file).toMatchObject({ ownerId: user.id, isPublic: false });

    const reply = await call(messagesRoute.action as Handler, formRequest("/messages", { message: "Thanks!" }, user.cookie));
    expect(reply.body).toMatchObject({ ok: true, sent: { sender: "user", message: "Thanks!" } });

    const list = await call(userMessagesRoute.loader as Handler, getRequest(`/admin/user-messages?user=${user.id}&project=${project.id}`, admin.cookie));
    const body = list.body as { users: { id: string; lastMessageSnippet: string }[]; messages: { message: string }[] };
    expect(body.users.find((u) => u.id === user.id)).toMatchObject({ lastMessageSnippet: "Thanks!" });
    // Filtered by the project: the reply without a project is not in it.
    expect(body.messages.map((m) => m.message)).toEqual(["Your #order-12 is ready"]);
  });

  it("refuses an empty message without attachments, and someone else's project", async () => {
    const empty = await call(userMessagesRoute.action as Handler, formRequest(`/admin/user-messages?user=${user.id}`, { message: "  " }, admin.cookie));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ ok: false, message: STAFF_MESSAGE_MESSAGES.emptyMessage });
    const other = await newUser();
    const otherProject = await createProject(other.actor, { title: "Other" });
    const before = await prisma.staffMessage.count({ where: { userId: user.id } });
    const wrong = await call(messagesRoute.action as Handler, formRequest("/messages", { message: "Hi", projectId: otherProject.id }, user.cookie));
    expect(wrong.status).toBe(400);
    expect(await prisma.staffMessage.count({ where: { userId: user.id } })).toBe(before);
    const noUser = await call(userMessagesRoute.action as Handler, formRequest("/admin/user-messages", { message: "Hi" }, admin.cookie));
    expect(noUser.status).toBe(400);
  });

  it("a user reads only their own conversation", async () => {
    const other = await newUser();
    const page = await call(messagesRoute.loader as Handler, getRequest("/messages", other.cookie));
    expect((page.body as { messages: unknown[] }).messages).toEqual([]);
  });
});
