// The editor's project page costs the same number of SQL statements whatever the number of
// scenes (no statement per scene: docs/decisions/238-page-speed.md), reads each thing once and
// writes nothing on GET (ADR 365); every statement sent through pg is counted, as in
// dashboard-query-count.test.ts.
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { actorFromUser } from "~/models/access";
import { listChatSessions, readChatView, toMessageView } from "~/models/assistant/chat.server";
import { latestCompileJob } from "~/models/compile/compile-jobs.server";
import { listProjectAssets } from "~/models/projects/project-assets.server";
import { createProject, getProjectWithScenes } from "~/models/projects/project.server";
import { getEditorWorkspace, getProjectWorkspace } from "~/models/projects/project-workspace.server";
import { getCaptionPreference, saveCaptionPreference } from "~/models/captions";
import * as canvasRoute from "~/routes/_shell.canvas.$projectId";
import * as projectRoute from "~/routes/_shell.video-projects.$projectId";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { get, run } from "./dashboard-helpers";
import { newUser } from "./storage-helpers";

async function countQueries(fn: () => Promise<unknown>): Promise<{ count: number; result: unknown; statements: string[] }> {
  const spy = vi.spyOn(pg.Client.prototype, "query");
  try {
    spy.mockClear();
    const result = await fn();
    const statements = spy.mock.calls.map((args) => {
      const q = args[0] as unknown;
      return String(typeof q === "string" ? q : (q as { text?: string })?.text).trim();
    });
    return { count: spy.mock.calls.length, result, statements };
  } finally {
    spy.mockRestore();
  }
}

const writes = (statements: string[]) => statements.filter((s) => /^(INSERT|UPDATE|DELETE|UPSERT|MERGE)\b/i.test(s) || /\bFOR UPDATE\b/i.test(s));

let admin: Awaited<ReturnType<typeof newUser>>;
const projects: Record<number, string> = {};

beforeAll(async () => {
  await seedReferenceData();
  admin = await newUser({ admin: true });
  const actor = actorFromUser({ id: admin.user.id, isAdmin: true }, "web");
  for (const n of [2, 30]) {
    const project = await createProject(actor, {
      title: `Count ${n}`,
      scenes: Array.from({ length: n }, (_, i) => ({ title: `Scene ${i + 1}`, script: `Script ${i + 1}.`, voiceOverText: `Voice ${i + 1}.` })),
    });
    projects[n] = project.id;
  }
});

afterEach(() => vi.restoreAllMocks());

describe("queries per editor page", () => {
  it("/video-projects/:id: the same count for 2 and 30 scenes", async () => {
    // Every scene shown (?scenes=all): the first page shows 8 of them (ADR 396).
    const load = (n: number) => run(projectRoute.loader, get(`/video-projects/${projects[n]}?scenes=all`, admin.cookie), { projectId: projects[n] });
    await load(2); // a warm-up (per-process caches)
    await load(30);
    const few = await countQueries(() => load(2));
    const many = await countQueries(() => load(30));
    expect((few.result as { open: { scenes: unknown[] } }).open.scenes).toHaveLength(2);
    expect((many.result as { open: { scenes: unknown[] } }).open.scenes).toHaveLength(30);
    expect(many.count).toBe(few.count);
  });
});

describe("the editor page's GET (ADR 365)", () => {
  const load = (id: string) => run(projectRoute.loader, get(`/video-projects/${id}`, admin.cookie), { projectId: id });

  it("writes nothing: no chat is made on the first visit, an existing chat is not touched", async () => {
    const actor = actorFromUser({ id: admin.user.id, isAdmin: true }, "web");
    const project = await createProject(actor, { title: "No write", scenes: [{ title: "One", script: "One.", voiceOverText: "One." }] });
    const first = await countQueries(() => load(project.id));
    expect(writes(first.statements)).toEqual([]);
    expect(await prisma.chatSession.count({ where: { projectId: project.id } })).toBe(0);
    expect((first.result as { assistant: { sessionId: string | null; messages: unknown[] } }).assistant).toMatchObject({ sessionId: null, messages: [] });

    const activeAt = new Date(Date.now() - 60_000);
    const chat = await prisma.chatSession.create({ data: { userId: admin.user.id, projectId: project.id, activeAt } });
    const stale = new Date(Date.now() - 10 * 60_000);
    await prisma.chatMessage.create({ data: { sessionId: chat.id, role: "assistant", content: "", status: "thinking", tasks: [], updatedAt: stale } });
    const second = await countQueries(() => load(project.id));
    expect(writes(second.statements)).toEqual([]);
    const shown = (second.result as { assistant: { sessionId: string; messages: { status: string }[] } }).assistant;
    expect(shown.sessionId).toBe(chat.id);
    // A reply nobody answers any more shows as ended, but stays as it is until a POST ends it.
    expect(shown.messages.map((m) => m.status)).toEqual(["error"]);
    expect((await prisma.chatSession.findUniqueOrThrow({ where: { id: chat.id } })).activeAt?.getTime()).toBe(activeAt.getTime());
    expect((await prisma.chatMessage.findFirstOrThrow({ where: { sessionId: chat.id } })).status).toBe("thinking");
  });

  it("reads the project's owner once, the chats once and the balance once: 3 statements with no chat", async () => {
    await load(projects[30]);
    const { statements } = await countQueries(() => load(projects[30]));
    const from = (table: string) => new RegExp(`FROM ("public"\\.)?"${table}"`);
    const ownerChecks = statements.filter((s) => from("canvas_projects").test(s));
    const chatReads = statements.filter((s) => from("chat_sessions").test(s));
    // The balance comes with the session user (joined there); no statement reads it again.
    const balanceReads = statements.filter((s) => /(FROM|JOIN) ("public"\.)?"user_credits"/.test(s));
    expect(ownerChecks).toHaveLength(1);
    expect(chatReads).toHaveLength(1); // the list, the active chat with it
    expect(balanceReads).toHaveLength(1);
    // The caption pick comes with the project's row.
    expect(statements.filter((s) => from("caption_preferences").test(s) && !from("canvas_projects").test(s))).toHaveLength(0);
    // session, project (with its scenes, assets, latest compile and the viewer's caption pick), the chats
    expect(statements).toHaveLength(3);
  });
});

describe("the editors' project read in raw SQL (ADR 365)", () => {
  it("answers the same project and scenes, with the same types, as Prisma's findFirst with include; another user's project is not found", async () => {
    const actor = actorFromUser({ id: admin.user.id, isAdmin: true }, "web");
    const project = await createProject(actor, {
      title: "Raw read",
      scenes: Array.from({ length: 4 }, (_, i) => ({ title: `Scene ${i + 1}`, script: `Script ${i + 1}.`, voiceOverText: `Voice ${i + 1}.` })),
    });
    await prisma.project.update({ where: { id: project.id }, data: { analysis: { tone: "calm", n: [1, 2] }, voiceId: 3 } });
    await prisma.scene.updateMany({ where: { projectId: project.id }, data: { duration: 2.5, voiceOverDuration: 1.25 } });
    // The scenes come as JSON: texts that need escaping, a float with no short decimal form, each status.
    const [first, second] = await prisma.scene.findMany({ where: { projectId: project.id }, orderBy: { sceneOrder: "asc" } });
    await prisma.scene.update({
      where: { id: first.id },
      data: {
        description: 'A "quoted"\nline \\ with 🎬 and ₹',
        voiceOverDuration: 0.1 + 0.2,
        status: "in_progress",
        errorMessage: "It broke",
        clipPaidBy: "story:1",
      },
    });
    await prisma.scene.update({ where: { id: second.id }, data: { status: "completed", imageUrl: "/x.png", imageInputsHash: "abc", duration: null } });
    const viaPrisma = await prisma.project.findFirstOrThrow({
      where: { id: project.id },
      include: { scenes: { orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] } },
    });
    const raw = await getProjectWithScenes(actor, project.id);
    expect(raw).toEqual(viaPrisma);
    expect(raw.createdAt).toBeInstanceOf(Date);
    expect(raw.scenes.map((s) => s.title)).toEqual(["Scene 1", "Scene 2", "Scene 3", "Scene 4"]);

    const stranger = await newUser();
    const strangerActor = actorFromUser({ id: stranger.user.id, isAdmin: false }, "web");
    await expect(getProjectWithScenes(strangerActor, project.id)).rejects.toMatchObject({ name: "NotFoundError" });
    await expect(getProjectWithScenes(actor, "no-such-project")).rejects.toMatchObject({ name: "NotFoundError" });
    const empty = await createProject(actor, { title: "No scenes", scenes: [] });
    expect(await getProjectWithScenes(actor, empty.id)).toEqual(await prisma.project.findFirstOrThrow({ where: { id: empty.id }, include: { scenes: true } }));
  });

  it("/canvas/:id reads the project and its scenes once, the same count for 2 and 30 scenes, and writes nothing", async () => {
    // The Scenes tab lists every scene; the Script tab sends only their count (ADR 403).
    const load = (n: number, tab = "scenes") => run(canvasRoute.loader, get(`/canvas/${projects[n]}?tab=${tab}`, admin.cookie), { projectId: projects[n] });
    await load(30);
    const few = await countQueries(() => load(2));
    const many = await countQueries(() => load(30));
    expect((many.result as { scenes: unknown[] }).scenes).toHaveLength(30);
    expect(many.count).toBe(few.count);
    const script = await countQueries(() => load(30, "script"));
    expect(script.result).toMatchObject({ sceneCount: 30, scenes: [] });
    expect(script.count).toBe(many.count);
    const from = (table: string) => new RegExp(`FROM ("public"\\.)?"${table}"`);
    expect(many.statements.filter((s) => from("canvas_projects").test(s))).toHaveLength(1);
    expect(many.statements.filter((s) => from("canvas_scenes").test(s))).toHaveLength(1);
    expect(writes(many.statements)).toEqual([]);
    // session 1, project (with its scenes, assets, latest compile and the viewer's caption pick) 1
    expect(many.count).toBe(2);
  });

  it("reads the viewer's caption pick with the project's row as getCaptionPreference does, each user their own", async () => {
    const owner = await newUser();
    const actor = actorFromUser({ id: owner.user.id, isAdmin: false }, "web");
    const adminActor = actorFromUser({ id: admin.user.id, isAdmin: true }, "web");
    const project = await createProject(actor, { title: "Captions", scenes: [] });
    const none = { style: null, size: null, position: null };
    expect((await getEditorWorkspace(actor, project.id)).captionPick).toEqual(none);
    await saveCaptionPreference(actor, { style: "boxed", size: "large", position: null });
    const saved = await getEditorWorkspace(actor, project.id);
    expect(saved.captionPick).toEqual({ style: "boxed", size: "large", position: null });
    expect(saved.captionPick).toEqual(await getCaptionPreference(actor));
    // The project's row carries no extra column.
    expect(saved.project).toEqual(await prisma.project.findUniqueOrThrow({ where: { id: project.id } }));
    // An admin opening the project sees the admin's own pick, not the owner's.
    expect((await getEditorWorkspace(adminActor, project.id)).captionPick).toEqual(await getCaptionPreference(adminActor));
  });

  it("reads the latest compile and the assets as Prisma does, alone or with the project's row (ADR 392)", async () => {
    const actor = actorFromUser({ id: admin.user.id, isAdmin: true }, "web");
    const project = await createProject(actor, { title: "Raw compile read", scenes: [] });
    expect(await latestCompileJob(actor, project.id)).toBeNull();
    expect(await getProjectWorkspace(actor, project.id)).toMatchObject({ assets: [], latestCompile: null });
    const at = new Date("2026-04-02T10:00:00.250Z");
    await prisma.compileJob.create({ data: { projectId: project.id, userId: admin.user.id, createdAt: new Date(at.getTime() - 1000) } });
    await prisma.compileJob.create({
      data: {
        projectId: project.id,
        userId: admin.user.id,
        format: "webm",
        status: "completed",
        progress: 100,
        videoUrl: "renders/x/final.webm",
        scenePlan: { scenes: [{ id: "a", seconds: 2.5 }] },
        captions: { style: "boxed" },
        createdAt: at,
      },
    });
    const viaPrisma = await prisma.compileJob.findFirstOrThrow({ where: { projectId: project.id }, orderBy: { createdAt: "desc" } });
    expect(await latestCompileJob(actor, project.id)).toEqual(viaPrisma);
    // The editors take it with the project's row, as JSON: the same values and types.
    expect((await getProjectWorkspace(actor, project.id)).latestCompile).toEqual(viaPrisma);
    await prisma.projectAsset.createMany({
      data: [
        { projectId: project.id, url: "uploads/b.mp4", type: "video", name: "b", createdAt: at },
        { projectId: project.id, url: "uploads/a.jpg", type: "image", name: "a", createdAt: new Date(at.getTime() - 5) },
      ],
    });
    const assets = await prisma.projectAsset.findMany({
      where: { projectId: project.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, url: true, type: true, name: true, createdAt: true },
    });
    expect(await listProjectAssets(actor, project.id)).toEqual(assets);
    expect(assets.map((a) => a.name)).toEqual(["a", "b"]);
    const workspace = await getProjectWorkspace(actor, project.id);
    expect(workspace.assets).toEqual(assets);
    expect(workspace.project).toEqual(await prisma.project.findUniqueOrThrow({ where: { id: project.id } }));
    // Another user sees neither the project nor what comes with it.
    const stranger = actorFromUser({ id: (await newUser()).user.id, isAdmin: false }, "web");
    await expect(getProjectWorkspace(stranger, project.id)).rejects.toMatchObject({ name: "NotFoundError" });
  });

  it("reads a project's chats as Prisma does: the list with message counts, the active one, and chats about no project apart (ADR 392)", async () => {
    const owner = await newUser();
    const actor = actorFromUser({ id: owner.user.id, isAdmin: false }, "web");
    const project = await createProject(actor, { title: "Chats", scenes: [] });
    const t = Date.parse("2026-05-01T10:00:00.000Z");
    const older = await prisma.chatSession.create({
      data: { userId: owner.user.id, projectId: project.id, title: "Ideas", activeAt: new Date(t + 9), updatedAt: new Date(t) },
    });
    const newer = await prisma.chatSession.create({ data: { userId: owner.user.id, projectId: project.id, updatedAt: new Date(t + 5) } });
    const loose = await prisma.chatSession.create({ data: { userId: owner.user.id, title: "No project" } });
    await prisma.chatMessage.createMany({
      data: [
        { sessionId: older.id, role: "user", content: "a", createdAt: new Date(t + 1) },
        {
          sessionId: older.id,
          role: "assistant",
          content: "b",
          status: "completed",
          selectedTool: "add_scene",
          tasks: [{ id: "t1", name: "Add a scene", status: "completed", type: "tool" }],
          command: { type: "open", target: "scene" },
          createdAt: new Date(t + 2),
        },
        { sessionId: loose.id, role: "user", content: "c" },
      ],
    });
    expect(await listChatSessions(actor, project.id)).toEqual([
      { id: newer.id, title: "New chat", updatedAt: new Date(t + 5), messageCount: 0 },
      { id: older.id, title: "Ideas", updatedAt: new Date(t), messageCount: 2 },
    ]);
    expect((await listChatSessions(actor, null)).map((c) => [c.id, c.messageCount])).toEqual([[loose.id, 1]]);
    const view = await readChatView(actor, { project: project.id });
    // The active chat: the one last made active (a chat never made active comes after).
    expect(view.session).toEqual(await prisma.chatSession.findUniqueOrThrow({ where: { id: older.id } }));
    expect(view.messages.map((m) => m.content)).toEqual(["a", "b"]);
    // The messages as Prisma reads them, JSON columns and timestamps included.
    const prismaRows = await prisma.chatMessage.findMany({ where: { sessionId: older.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(view.messages).toEqual(prismaRows.map(toMessageView));
    expect(view.messages[1].tasks).toEqual([{ id: "t1", name: "Add a scene", status: "completed", type: "tool" }]);
    // The list and the active chat read in one statement match the two reads they replace.
    expect(view.sessions).toEqual(await listChatSessions(actor, project.id));
    const mine = await readChatView(actor, { project: project.id, sessionId: newer.id });
    expect(mine.session).toEqual(await prisma.chatSession.findUniqueOrThrow({ where: { id: newer.id } }));
    expect(mine.sessions).toEqual(view.sessions);
    // No chat about a project yet: none active, none listed.
    const empty = await createProject(actor, { title: "Quiet", scenes: [] });
    expect(await readChatView(actor, { project: empty.id })).toEqual({ session: null, sessions: [], messages: [] });
  });
});
