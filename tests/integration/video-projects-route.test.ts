// /video-projects and /video-projects/:projectId: the loaders and actions of the Video Project
// Management page go through the core as the signed-in admin (docs/product.md#video-projects):
// admins only, an admin may work on any user's project, bad input answers 400 and changes nothing,
// and paid work is charged through the core's price list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorFromUser } from "~/models/access";
import { estimateCost } from "~/models/projects/cost-estimates.server";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { createProject, type ProjectWithScenes } from "~/models/projects/project.server";
import { storeFile } from "~/models/files/stored-files.server";
import * as indexRoute from "~/routes/_shell.video-projects._index";
import * as projectRoute from "~/routes/_shell.video-projects.$projectId";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { productPhoto } from "../providers/fixtures";
import { get, post, run, unwrap } from "./dashboard-helpers";
import { multipart, newUser, useTempStorage } from "./storage-helpers";

type Result = { ok: boolean; intent: string; error?: string; message?: string; sceneId?: string; data?: unknown };

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let owner: Awaited<ReturnType<typeof newUser>>;
let admin: Awaited<ReturnType<typeof newUser>>;
let ownerA: Actor;
let adminA: Actor;

const projectPath = (id: string) => `/video-projects/${id}`;

async function ownersProject(title = "Owner's serum"): Promise<ProjectWithScenes> {
  return createProject(ownerA, {
    title,
    description: "A morning serum",
    scenes: [{ title: "Morning", script: "Mornings are hard.", voiceOverText: "Mornings are hard." }],
  });
}

beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
  owner = await newUser();
  admin = await newUser({ admin: true });
  ownerA = actorFromUser({ id: owner.user.id, isAdmin: false }, "web");
  adminA = actorFromUser({ id: admin.user.id, isAdmin: true }, "web");
  await applyCreditChange({ userId: admin.user.id, delta: 500, reason: "admin_grant", reference: `video-projects-${admin.user.id}` });
});

afterAll(async () => {
  await storage?.cleanup();
});

describe("access", () => {
  it("sends anonymous visitors to sign in and refuses signed-in non-admins with 403, loaders and actions", async () => {
    const project = await ownersProject();
    const anon = await run<Response>(indexRoute.loader, get("/video-projects"));
    expect(anon.status).toBe(302);
    expect((await run<Response>(indexRoute.loader, get("/video-projects", owner.cookie))).status).toBe(403);
    expect((await run<Response>(projectRoute.loader, get(projectPath(project.id), owner.cookie), { projectId: project.id })).status).toBe(403);
    const refused = await run<Response>(indexRoute.action, post("/video-projects?index", { intent: "create-project", name: "Mine" }, owner.cookie));
    expect(refused.status).toBe(403);
    const del = await run<Response>(
      projectRoute.action,
      post(projectPath(project.id), { intent: "delete-project", projectId: project.id, confirmed: "yes" }, owner.cookie),
      { projectId: project.id },
    );
    expect(del.status).toBe(403);
    expect(await prisma.project.count({ where: { id: project.id } })).toBe(1);
    expect(await prisma.project.count({ where: { userId: owner.user.id, title: "Mine" } })).toBe(0);
  });

  it("lets an admin open another user's project with its scenes, costs and compile state", async () => {
    const project = await ownersProject();
    const page = (await run(projectRoute.loader, get(projectPath(project.id), admin.cookie), { projectId: project.id })) as Awaited<
      ReturnType<typeof projectRoute.loader>
    >;
    expect(page.open.project).toMatchObject({ id: project.id, title: "Owner's serum", status: "draft" });
    expect(page.open.scenes).toHaveLength(1);
    expect(page.open.scenes[0]).toMatchObject({ title: "Morning", hasImage: false, hasVideo: false });
    expect(page.open.compile.job).toBeNull();
    expect(page.historyOpen).toBe(false);
    const missing = await run<Response>(projectRoute.loader, get(projectPath("cnotaprojectatall000000000"), admin.cookie), {
      projectId: "cnotaprojectatall000000000",
    });
    expect(missing.status).toBe(404);
  });
});

describe("history", () => {
  it("lists the admin's projects with their scene counts; the history is open by default without a project", async () => {
    const mine = await createProject(adminA, {
      title: `History ${Date.now()}`,
      description: "Listed",
      scenes: [{ title: "A", script: "a", voiceOverText: "a" }],
    });
    const page = (await run(indexRoute.loader, get("/video-projects", admin.cookie))) as Awaited<ReturnType<typeof indexRoute.loader>>;
    expect(page.historyOpen).toBe(true);
    expect(page.history.find((p) => p.id === mine.id)).toEqual({ id: mine.id, title: mine.title, description: "Listed", status: "draft", sceneCount: 1 });
    const closed = (await run(indexRoute.loader, get("/video-projects?history=closed", admin.cookie))) as Awaited<ReturnType<typeof indexRoute.loader>>;
    expect(closed.historyOpen).toBe(false);
  });
});

describe("create and delete projects", () => {
  it("creates a project for the admin and opens it", async () => {
    const name = `Created ${Date.now()}`;
    const res = await run<Response>(indexRoute.action, post("/video-projects?index", { intent: "create-project", name, description: "Desc" }, admin.cookie));
    expect(res.status).toBe(302);
    const created = await prisma.project.findFirstOrThrow({ where: { userId: admin.user.id, title: name } });
    expect(res.headers.get("Location")).toBe(projectPath(created.id));
    expect(created.description).toBe("Desc");
  });

  it("refuses a create without a Project Name, or with control characters, with 400 and creates nothing", async () => {
    const before = await prisma.project.count({ where: { userId: admin.user.id } });
    for (const fields of <Record<string, string>[]>[
      { intent: "create-project", name: "   " },
      { intent: "create-project" },
      { intent: "create-project", name: "a\u0000b" },
      { intent: "nope" },
    ]) {
      const res = unwrap<Result>(await run(indexRoute.action, post("/video-projects?index", fields, admin.cookie)));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.ok).toBe(false);
    }
    expect(await prisma.project.count({ where: { userId: admin.user.id } })).toBe(before);
  });

  it("asks before deleting when the delete is not confirmed (no JavaScript), and deletes nothing", async () => {
    const project = await ownersProject("Ask first");
    const res = unwrap<Result & { confirm?: unknown }>(
      await run(indexRoute.action, post("/video-projects?index", { intent: "delete-project", projectId: project.id }, admin.cookie)),
    );
    expect(res.body).toEqual({
      ok: false,
      intent: "delete-project",
      error: 'Are you sure you want to delete project "Ask first"?',
      confirm: { projectId: project.id, title: "Ask first" },
    });
    expect(await prisma.project.count({ where: { id: project.id } })).toBe(1);
    const bad = unwrap<Result>(
      await run(indexRoute.action, post("/video-projects?index", { intent: "delete-project", projectId: project.id, confirmed: "no" }, admin.cookie)),
    );
    expect(bad.status).toBe(400);
    expect(await prisma.project.count({ where: { id: project.id } })).toBe(1);
  });

  it("deletes another user's project as admin; deleting the open project goes back to the list with the history open", async () => {
    const a = await ownersProject("To delete A");
    const b = await ownersProject("To delete B");
    const fromOther = unwrap<Result>(
      await run(projectRoute.action, post(projectPath(a.id), { intent: "delete-project", projectId: b.id, confirmed: "yes" }, admin.cookie), {
        projectId: a.id,
      }),
    );
    expect(fromOther.body).toMatchObject({ ok: true, intent: "delete-project" });
    expect(await prisma.project.count({ where: { id: b.id } })).toBe(0);
    const open = await run<Response>(
      projectRoute.action,
      post(projectPath(a.id), { intent: "delete-project", projectId: a.id, confirmed: "yes" }, admin.cookie),
      { projectId: a.id },
    );
    expect(open.status).toBe(302);
    expect(open.headers.get("Location")).toBe("/video-projects?history=open");
    expect(await prisma.project.count({ where: { id: a.id } })).toBe(0);
    const gone = unwrap<Result>(
      await run(indexRoute.action, post("/video-projects?index", { intent: "delete-project", projectId: a.id, confirmed: "yes" }, admin.cookie)),
    );
    expect(gone.status).toBe(404);
  });
});

describe("scenes", () => {
  it("shows a long project's first 8 scene cards and their count; ?scenes=all shows every card (ADR 396)", async () => {
    const project = await createProject(ownerA, {
      title: "Long serum",
      scenes: Array.from({ length: 14 }, (_, i) => ({ title: `Scene ${i + 1}`, script: `Line ${i + 1}.`, voiceOverText: `Line ${i + 1}.` })),
    });
    type Page = Awaited<ReturnType<typeof projectRoute.loader>>;
    const first = (await run(projectRoute.loader, get(projectPath(project.id), admin.cookie), { projectId: project.id })) as Page;
    expect(first.open.scenes.map((s) => s.title)).toEqual(Array.from({ length: 8 }, (_, i) => `Scene ${i + 1}`));
    expect(first.open.sceneCount).toBe(14);
    const all = (await run(projectRoute.loader, get(`${projectPath(project.id)}?scenes=all`, admin.cookie), { projectId: project.id })) as Page;
    expect(all.open.scenes).toHaveLength(14);
    expect(all.open.sceneCount).toBe(14);
    // Anything else in the query is the default.
    const odd = (await run(projectRoute.loader, get(`${projectPath(project.id)}?scenes=everything`, admin.cookie), { projectId: project.id })) as Page;
    expect(odd.open.scenes).toHaveLength(8);
  });

  it("adds a scene last, after the highest order (one rule, ADR 255), to another user's project", async () => {
    const project = await ownersProject();
    const res = unwrap<Result>(
      await run(projectRoute.action, post(projectPath(project.id), { intent: "add-scene", name: "Offer", description: "Order today" }, admin.cookie), {
        projectId: project.id,
      }),
    );
    expect(res.body).toMatchObject({ ok: true, intent: "add-scene" });
    const scenes = await prisma.scene.findMany({ where: { projectId: project.id }, orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] });
    expect(scenes.map((s) => [s.title, s.description, s.sceneOrder])).toEqual([
      ["Morning", null, 1],
      ["Offer", "Order today", 2],
    ]);
  });

  it("refuses a scene without a Scene Name with 400 and adds nothing", async () => {
    const project = await ownersProject();
    for (const fields of <Record<string, string>[]>[
      { intent: "add-scene", name: " " },
      { intent: "add-scene" },
      { intent: "add-scene", name: "x", description: "a\u0001" },
    ]) {
      const res = unwrap<Result>(await run(projectRoute.action, post(projectPath(project.id), fields, admin.cookie), { projectId: project.id }));
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await prisma.scene.count({ where: { projectId: project.id } })).toBe(1);
  });

  it("Generate Assets answers the core's 'Failed while {step}: {reason}' and charges nothing when a rule stops it", async () => {
    const project = await ownersProject();
    const before = await getBalance(admin.user.id);
    const res = unwrap<Result>(
      await run(projectRoute.action, post(projectPath(project.id), { intent: "generate-assets", sceneId: project.scenes[0].id }, admin.cookie), {
        projectId: project.id,
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Failed while image: Upload a product image first/);
    expect(await getBalance(admin.user.id)).toBe(before);
  });

  it("Generate Assets charges the admin the price the page showed, through the core", async () => {
    const photo = await storeFile({
      bucket: "product-photos",
      ownerId: owner.user.id,
      body: await productPhoto({ width: 200, height: 260 }),
      originalName: "p.jpg",
    });
    const project = await createProject(ownerA, {
      title: "With photo",
      mainProductImageUrl: photo.ref,
      scenes: [{ title: "Morning", script: "Mornings are hard.", voiceOverText: "Mornings are hard." }],
    });
    const sceneId = project.scenes[0].id;
    const page = (await run(projectRoute.loader, get(projectPath(project.id), admin.cookie), { projectId: project.id })) as Awaited<
      ReturnType<typeof projectRoute.loader>
    >;
    const shown = page.open.scenes[0].cost;
    expect(shown).toBe((await estimateCost(adminA, { projectId: project.id, work: { kind: "scene", sceneId } })).credits);
    expect(shown).toBeGreaterThan(0);
    const before = await getBalance(admin.user.id);
    const res = unwrap<Result>(
      await run(projectRoute.action, post(projectPath(project.id), { intent: "generate-assets", sceneId }, admin.cookie), { projectId: project.id }),
    );
    expect(res.body).toMatchObject({ ok: true, intent: "generate-assets" });
    expect(await getBalance(admin.user.id)).toBeCloseTo(before - shown, 2);
  });

  it("answers 404 for a scene of another project and charges nothing", async () => {
    const project = await ownersProject();
    const other = await ownersProject();
    const before = await getBalance(admin.user.id);
    const res = unwrap<Result>(
      await run(projectRoute.action, post(projectPath(project.id), { intent: "generate-assets", sceneId: other.scenes[0].id }, admin.cookie), {
        projectId: project.id,
      }),
    );
    expect(res.status).toBe(404);
    expect(await getBalance(admin.user.id)).toBe(before);
  });
});

describe("compile", () => {
  it("compiles another user's project for the shown cost and the page then shows the compile job", async () => {
    const project = await ownersProject();
    const page = (await run(projectRoute.loader, get(projectPath(project.id), admin.cookie), { projectId: project.id })) as Awaited<
      ReturnType<typeof projectRoute.loader>
    >;
    const before = await getBalance(admin.user.id);
    const res = unwrap<Result>(
      await run(projectRoute.action, post(projectPath(project.id), { intent: "compile", format: "webm" }, admin.cookie), { projectId: project.id }),
    );
    expect(res.body).toMatchObject({ ok: true, intent: "compile" });
    expect(await getBalance(admin.user.id)).toBeCloseTo(before - page.open.compile.cost, 2);
    const after = (await run(projectRoute.loader, get(projectPath(project.id), admin.cookie), { projectId: project.id })) as Awaited<
      ReturnType<typeof projectRoute.loader>
    >;
    expect(after.open.compile.job).toMatchObject({ format: "webm" });
    // A second compile while the first one runs is refused and charges nothing.
    const busy = unwrap<Result>(
      await run(projectRoute.action, post(projectPath(project.id), { intent: "compile", format: "mp4" }, admin.cookie), { projectId: project.id }),
    );
    expect(busy.status).toBe(409);
    expect(await getBalance(admin.user.id)).toBeCloseTo(before - page.open.compile.cost, 2);
  });

  it("shows the compile's notice: which part was refunded and what was kept, or the scenes not in the video (ADR 250)", async () => {
    const project = await ownersProject();
    const notice =
      "Refunded 4 credits for what failed or never ran: the compile; scene 1: video. Kept (paid, not charged again): scene 1: image prompt, image.";
    await prisma.compileJob.create({ data: { projectId: project.id, userId: project.userId, status: "failed", message: "Video compilation failed", notice } });
    const page = (await run(projectRoute.loader, get(projectPath(project.id), admin.cookie), { projectId: project.id })) as Awaited<
      ReturnType<typeof projectRoute.loader>
    >;
    expect(page.open.compile.job).toMatchObject({ status: "failed", notice });
  });

  it("refuses a bad format, a project without scenes, and scene work on the index, with 400 and no charge", async () => {
    const project = await ownersProject();
    const empty = await createProject(ownerA, { title: "Empty" });
    const before = await getBalance(admin.user.id);
    const bad = unwrap<Result>(
      await run(projectRoute.action, post(projectPath(project.id), { intent: "compile", format: "avi" }, admin.cookie), { projectId: project.id }),
    );
    expect(bad.status).toBe(400);
    const none = unwrap<Result>(
      await run(projectRoute.action, post(projectPath(empty.id), { intent: "compile", format: "mp4" }, admin.cookie), { projectId: empty.id }),
    );
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("There are no scenes to compile");
    const onIndex = unwrap<Result>(await run(indexRoute.action, post("/video-projects?index", { intent: "compile", format: "mp4" }, admin.cookie)));
    expect(onIndex.status).toBe(400);
    expect(await getBalance(admin.user.id)).toBe(before);
    expect(await prisma.compileJob.count({ where: { projectId: { in: [project.id, empty.id] } } })).toBe(0);
  });
});

describe("the planner's actions", () => {
  type Page = Awaited<ReturnType<typeof projectRoute.loader>>;
  const act = (projectId: string, fields: Record<string, string>) =>
    run(projectRoute.action, post(projectPath(projectId), fields, admin.cookie), { projectId }).then((r) => unwrap<Result>(r));

  it("Analyze Project answers the analysis of another user's project and charges nothing", async () => {
    const project = await ownersProject();
    const before = await getBalance(admin.user.id);
    const res = await act(project.id, { intent: "analyze-project" });
    expect(res.body).toMatchObject({ ok: true, intent: "analyze-project", data: { sceneCount: 1, readyToCompile: false } });
    expect(res.body.message).toMatch(/^1 scene, 0 ready for compilation/);
    expect(await getBalance(admin.user.id)).toBe(before);
  });

  it("Optimize Scenes proposes an order and changes nothing until it is applied; a stale order is 409", async () => {
    const project = await createProject(ownerA, {
      title: "Arc",
      scenes: [
        { title: "Buy", script: "Order yours today.", voiceOverText: "Order yours today." },
        { title: "Ask", script: "Tired of dull mornings?", voiceOverText: "Tired of dull mornings?" },
      ],
    });
    const res = await act(project.id, { intent: "optimize-scenes" });
    const proposal = res.body.data as { changed: boolean; proposedOrder: string[] };
    expect(proposal.changed).toBe(true);
    expect(proposal.proposedOrder).toEqual([project.scenes[1].id, project.scenes[0].id]);
    const order = () => prisma.scene.findMany({ where: { projectId: project.id }, orderBy: { sceneOrder: "asc" }, select: { title: true } });
    expect((await order()).map((s) => s.title)).toEqual(["Buy", "Ask"]);
    const stale = await act(project.id, { intent: "apply-order", order: proposal.proposedOrder[0] });
    expect(stale.status).toBe(409);
    const bad = await act(project.id, { intent: "apply-order", order: "a,,b" });
    expect(bad.status).toBe(400);
    expect((await order()).map((s) => s.title)).toEqual(["Buy", "Ask"]);
    expect((await act(project.id, { intent: "apply-order", order: proposal.proposedOrder.join(",") })).body).toMatchObject({ ok: true });
    expect((await order()).map((s) => s.title)).toEqual(["Ask", "Buy"]);
  });

  it("Enhance Scene proposes a description and changes nothing until the user uses it; Suggest Improvements lists suggestions; a scene of another project is 404 and changes nothing", async () => {
    const project = await ownersProject();
    const other = await ownersProject();
    const sceneId = project.scenes[0].id;
    const original = (await prisma.scene.findUniqueOrThrow({ where: { id: sceneId } })).description;
    const enhanced = await act(project.id, { intent: "enhance-scene", sceneId });
    expect(enhanced.body).toMatchObject({
      ok: true,
      intent: "enhance-scene",
      sceneId,
      message: "Here is a proposed description. Use it, or keep yours: nothing has changed yet.",
    });
    const proposed = (enhanced.body.data as { description: string; previous: string | null }).description;
    expect(proposed).toMatch(/Mornings are hard\./);
    expect((enhanced.body.data as { previous: string | null }).previous).toBe(original);
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: sceneId } })).description).toBe(original);
    const used = await act(project.id, { intent: "apply-description", sceneId, description: proposed });
    expect(used.body).toMatchObject({ ok: true, intent: "apply-description", sceneId, message: "Scene description updated." });
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: sceneId } })).description).toBe(proposed);
    const suggested = await act(project.id, { intent: "suggest-improvements", sceneId });
    expect(suggested.body).toMatchObject({ ok: true, sceneId, data: { sceneId } });
    expect((suggested.body.data as { suggestions: unknown[] }).suggestions.length).toBeGreaterThan(0);
    const before = await getBalance(admin.user.id);
    for (const intent of ["enhance-scene", "suggest-improvements", "apply-description"]) {
      const res = await act(project.id, { intent, sceneId: other.scenes[0].id, ...(intent === "apply-description" ? { description: "Not yours." } : {}) });
      expect(res.status, intent).toBe(404);
      expect(res.body.error).toBe("Scene not found");
    }
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: other.scenes[0].id } })).description).toBeNull();
    expect(await getBalance(admin.user.id)).toBe(before);
  });

  it("Automated Scene Creation stores the picture, makes the scene, charges the shown price and opens its progress", async () => {
    const project = await ownersProject();
    const page = (await run(projectRoute.loader, get(projectPath(project.id), admin.cookie), { projectId: project.id })) as Page;
    expect(page.open.automation).toMatchObject({ cost: 3.5, costLabel: "3.5", progress: null });
    const before = await getBalance(admin.user.id);
    const bytes = await productPhoto({ width: 200, height: 260 });
    const res = await run<Response>(
      projectRoute.action,
      multipart(
        `http://localhost${projectPath(project.id)}`,
        [
          { name: "intent", value: "create-scene-auto" },
          { name: "description", value: "Serum on a marble counter" },
          { name: "image", value: { bytes, filename: "serum.jpg", type: "image/jpeg" } },
        ],
        admin.cookie,
      ),
      { projectId: project.id },
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    const sceneId = new URL(location, "http://localhost").searchParams.get("auto")!;
    const scene = await prisma.scene.findUniqueOrThrow({ where: { id: sceneId } });
    expect(scene).toMatchObject({ projectId: project.id, description: "Serum on a marble counter", sceneOrder: 2 });
    // The picture is the project owner's stored product photo.
    expect(await prisma.storedObject.count({ where: { ownerId: owner.user.id, bucket: "product-photos" } })).toBeGreaterThan(0);
    expect(await getBalance(admin.user.id)).toBeCloseTo(before - 3.5, 2);
    const after = (await run(projectRoute.loader, get(`${projectPath(project.id)}?auto=${sceneId}`, admin.cookie), { projectId: project.id })) as Page;
    expect(after.open.automation.progress).toMatchObject({ sceneId, status: "running", message: "Generating scene image..." });
  });

  it("Automated Scene Creation without a picture, with a file that is not an image, or on the index: 4xx, nothing made or charged", async () => {
    const project = await ownersProject();
    const before = await getBalance(admin.user.id);
    const send = (parts: Parameters<typeof multipart>[1], path = projectPath(project.id)) =>
      run(path === projectPath(project.id) ? projectRoute.action : indexRoute.action, multipart(`http://localhost${path}`, parts, admin.cookie), {
        projectId: project.id,
      }).then((r) => unwrap<Result>(r));
    const none = await send([
      { name: "intent", value: "create-scene-auto" },
      { name: "description", value: "x" },
    ]);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ ok: false, intent: "create-scene-auto", error: "Product image is required" });
    const text = await send([
      { name: "intent", value: "create-scene-auto" },
      { name: "image", value: { bytes: new TextEncoder().encode("not an image at all"), filename: "x.jpg", type: "image/jpeg" } },
    ]);
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    const onIndex = await send([{ name: "intent", value: "create-scene-auto" }], "/video-projects?index");
    expect(onIndex.status).toBe(400);
    expect(await prisma.scene.count({ where: { projectId: project.id } })).toBe(1);
    expect(await getBalance(admin.user.id)).toBe(before);
  });

  it("two compile requests at the same moment: one runs and is charged, the other is 409 and charged nothing", async () => {
    const project = await ownersProject();
    const before = await getBalance(admin.user.id);
    const both = await Promise.all([act(project.id, { intent: "compile", format: "mp4" }), act(project.id, { intent: "compile", format: "mp4" })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    // One compile charged (its scene steps are rows of their own, ADR 250), paid once.
    expect(await prisma.workCharge.count({ where: { projectId: project.id, work: "compile" } })).toBe(1);
    const charged = await prisma.workCharge.aggregate({ where: { projectId: project.id }, _sum: { credits: true } });
    expect(await getBalance(admin.user.id)).toBeCloseTo(before - Number(charged._sum.credits), 2);
  });
});

// Issue 20 finding 5: the page had no way to add the product image Generate Assets needs.
describe("product image", () => {
  const act = (projectId: string, fields: Record<string, string>) =>
    run(projectRoute.action, post(projectPath(projectId), fields, admin.cookie), { projectId }).then((r) => unwrap<Result>(r));
  const mainImageOf = async (id: string) => (await prisma.project.findUniqueOrThrow({ where: { id } })).mainProductImageUrl;

  it("Generate Assets without one says where on the page to add it", async () => {
    const project = await ownersProject();
    const res = await act(project.id, { intent: "generate-assets", sceneId: project.scenes[0].id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Failed while image: Upload a product image first to generate scene variations. Add one under "Product Image" above.');
  });

  it("with JavaScript: the uploaded file's ref is saved as the project's main image (the canvas's core path), shown by the loader, and Generate Assets then runs", async () => {
    const project = await ownersProject();
    // What /resources/upload/project-images stores for the card's FileUpload (purpose "main").
    const photo = await storeFile({
      bucket: "project-images",
      ownerId: owner.user.id,
      params: { projectId: project.id, purpose: "main" },
      body: await productPhoto({ width: 200, height: 260 }),
      originalName: "serum.jpg",
    });
    const saved = await act(project.id, { intent: "main-image", ref: photo.ref });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ok: true, intent: "main-image", message: "Main project image updated successfully" });
    expect(await mainImageOf(project.id)).toBeTruthy();
    const page = (await run(projectRoute.loader, get(projectPath(project.id), admin.cookie), { projectId: project.id })) as Awaited<
      ReturnType<typeof projectRoute.loader>
    >;
    expect(page.open.project.mainProductImageUrl).toBe(photo.url);
    expect(page.open.project.userId).toBe(owner.user.id);
    expect(page.open.scenes[0].blocked).toBeNull();

    const generated = await act(project.id, { intent: "generate-assets", sceneId: project.scenes[0].id });
    expect(generated.body).toMatchObject({ ok: true, intent: "generate-assets" });

    const removed = await act(project.id, { intent: "main-image", ref: "" });
    expect(removed.body).toEqual({ ok: true, intent: "main-image", message: "Main project image removed" });
    expect(await mainImageOf(project.id)).toBeNull();
  });

  it("without JavaScript: the file posted as multipart is stored and saved; a wrong type or no file answers 4xx and changes nothing", async () => {
    const project = await ownersProject();
    const send = (parts: Parameters<typeof multipart>[1]) =>
      run(projectRoute.action, multipart(`http://localhost${projectPath(project.id)}`, parts, admin.cookie), { projectId: project.id }).then((r) =>
        unwrap<Result>(r),
      );

    const none = await send([{ name: "intent", value: "main-image" }]);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("Failed to upload product image: Choose an image first.");
    const wrong = await send([
      { name: "intent", value: "main-image" },
      { name: "mainImage", value: { bytes: new TextEncoder().encode("not an image at all"), filename: "x.png", type: "image/png" } },
    ]);
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect(wrong.body.error).toMatch(/^Failed to upload product image: /);
    expect(await mainImageOf(project.id)).toBeNull();

    const bytes = await productPhoto({ width: 200, height: 260 });
    const ok = await send([
      { name: "intent", value: "main-image" },
      { name: "mainImage", value: { bytes, filename: "serum.jpg", type: "image/jpeg" } },
    ]);
    expect(ok.body).toEqual({ ok: true, intent: "main-image", message: "Main project image updated successfully" });
    const ref = await mainImageOf(project.id);
    expect(ref).toBeTruthy();
    // Stored where the canvas stores a main image: the owner's file in project-images.
    const stored = await prisma.storedObject.findMany({ where: { ownerId: owner.user.id, bucket: "project-images" } });
    expect(stored.some((o) => ref!.includes(o.key))).toBe(true);
  });

  it("refuses someone else's file (400) and a non-admin (403), changing nothing", async () => {
    const project = await ownersProject();
    const foreign = await storeFile({
      bucket: "project-images",
      ownerId: admin.user.id,
      params: { projectId: project.id, purpose: "main" },
      body: await productPhoto({ width: 100, height: 130 }),
      originalName: "mine.jpg",
    });
    const res = await act(project.id, { intent: "main-image", ref: foreign.ref });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Failed to upload product image: /);
    const denied = await run<Response>(projectRoute.action, post(projectPath(project.id), { intent: "main-image", ref: foreign.ref }, owner.cookie), {
      projectId: project.id,
    });
    expect(denied.status).toBe(403);
    expect(await mainImageOf(project.id)).toBeNull();
  });
});
