// The project editors' core (issue 10: ADR 150-152) against a real PostgreSQL and real stored
// files, without the workflow engine (requests that start a workflow are tested in
// pipeline-workflows.test.ts, which owns the executor):
//   - every new function with another user's ids: not found, nothing changed, nothing charged,
//     nothing sent; an admin may;
//   - the two scene ordering rules, the project list, title/script edits, the main image and
//     project assets (type from the bytes, files removed), dividing a script, deleting a scene
//     and a project with their files, jobs and open charges;
//   - staleness after an edit, regenerate, versions listed and restored, generation jobs on the
//     Dashboard; charges and refunds applied exactly once; refusals that charge nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorFromUser } from "~/models/access";
import { requestCompile } from "~/models/compile/compile-jobs.server";
import { dashboardFeed } from "~/models/content/content-feed.server";
import { estimateCost } from "~/models/projects/cost-estimates.server";
import { chargeWork, refundBatchCharges, settleBatchCharges } from "~/models/billing";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { addProjectAssets, listProjectAssets, removeProjectAsset, setMainProjectImage, storeProjectUpload } from "~/models/projects/project-assets.server";
import { deleteProject, deleteScene } from "~/models/projects/project-removal.server";
import { getProjectWorkspace, getSceneDetail } from "~/models/projects/project-workspace.server";
import { createProject, getProjectWithScenes, listUserProjects, updateProject, type ProjectWithScenes } from "~/models/projects/project.server";
import { listSceneAssetVersions, restoreSceneAssetVersion, setSceneMedia } from "~/models/generation/scene-asset-versions.server";
import { runSceneAssetStep } from "~/models/generation/scene-assets.server";
import { requestSceneGeneration } from "~/models/generation/scene-generation.server";
import { addScene, editScene } from "~/models/projects/scenes.server";
import { divideProjectScript } from "~/models/projects/script-division.server";
import { storeFile, type StoredFile } from "~/models/files/stored-files.server";
import { prisma } from "~/utils/db.server";
import { ADMINS_AUDIENCE, stopLive, subscribe, type LiveEvent } from "~/utils/live.server";
import { seedReferenceData } from "../../prisma/seed";
import { mp4, png, wav } from "../fixtures/storage-media";
import { productPhoto } from "../providers/fixtures";
import { newUser, useTempStorage } from "./storage-helpers";
import { CLIPS, clipBytes } from "./own-media-fixtures";
import { actorOf } from "./dashboard-helpers";

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let owner: { id: string };
let other: { id: string };
let admin: { id: string };
let ownerA: Actor;
let otherA: Actor;
let adminA: Actor;

beforeAll(async () => {
  process.env.RENDER_LONG_SIDE = "256";
  storage = await useTempStorage();
  await seedReferenceData();
  owner = (await newUser()).user;
  other = (await newUser()).user;
  admin = (await newUser({ admin: true })).user;
  ownerA = actorFromUser({ id: owner.id, isAdmin: false }, "web");
  otherA = actorFromUser({ id: other.id, isAdmin: false }, "mcp");
  adminA = actorFromUser({ id: admin.id, isAdmin: true }, "admin");
  await applyCreditChange({ userId: owner.id, delta: 500, reason: "admin_grant", reference: `editor-core-${owner.id}` });
  await applyCreditChange({ userId: other.id, delta: 500, reason: "admin_grant", reference: `editor-core-${other.id}` });
});

afterAll(async () => {
  await stopLive();
  await storage?.cleanup();
});

const store = {
  photo: async (ownerId: string) =>
    storeFile({ bucket: "product-photos", ownerId, body: await productPhoto({ width: 200, height: 260 }), originalName: "p.jpg" }),
  sceneImage: (ownerId: string, sceneId: string) =>
    storeFile({ bucket: "canvas-assets", ownerId, params: { sceneId, kind: "image" }, body: png(8, 8), originalName: "s.png" }),
  render: (ownerId: string, projectId: string) =>
    storeFile({ bucket: "renders", ownerId, params: { prefix: `projects/${projectId}` }, kinds: ["video"], body: mp4(), originalName: "v.mp4" }),
};

async function exists(file: Pick<StoredFile, "bucket" | "key">): Promise<boolean> {
  return (
    Boolean(await prisma.storedObject.findUnique({ where: { bucket_key: { bucket: file.bucket, key: file.key } } })) &&
    Boolean(await storage.driver.exists(file.bucket, file.key))
  );
}

type Fixture = { project: ProjectWithScenes; sceneId: string; assetId: string; versionId: string; photo: StoredFile; assetFile: StoredFile };

/** The owner's project: a main image, two scenes (the first with an image uploaded twice: two versions), one asset. */
async function fixture(): Promise<Fixture> {
  const photo = await store.photo(owner.id);
  const created = await createProject(ownerA, {
    title: "Owner's project",
    fullScript: "Meet Aurora, the serum for a morning glow. Bright skin in seven days.",
    mainProductImageUrl: photo.ref,
    scenes: [
      { title: "One", script: "Meet Aurora.", voiceOverText: "Meet Aurora.", imagePrompt: "a serum bottle" },
      { title: "Two", script: "Glow daily.", voiceOverText: "Glow daily." },
    ],
  });
  const sceneId = created.scenes[0].id;
  await setSceneMedia(ownerA, created.id, sceneId, "image", (await store.sceneImage(owner.id, sceneId)).ref);
  await setSceneMedia(ownerA, created.id, sceneId, "image", (await store.sceneImage(owner.id, sceneId)).ref);
  const assetFile = await storeProjectUpload(ownerA, created.id, { purpose: "asset", body: wav(), originalName: "jingle.wav" });
  const [asset] = await addProjectAssets(ownerA, created.id, [{ ref: assetFile.ref }]);
  const versions = await listSceneAssetVersions(ownerA, created.id, sceneId);
  return { project: await getProjectWithScenes(ownerA, created.id), sceneId, assetId: asset.id, versionId: versions[1].id, photo, assetFile };
}

/** Every row and file the owner's data is made of: a refused call must leave it as it was. */
async function snapshot() {
  return {
    projects: await prisma.project.findMany({
      where: { userId: owner.id },
      orderBy: { id: "asc" },
      include: { scenes: { orderBy: { id: "asc" }, include: { versions: { orderBy: { id: "asc" } } } }, assets: { orderBy: { id: "asc" } }, compiles: true },
    }),
    objects: await prisma.storedObject.findMany({ where: { ownerId: { in: [owner.id, other.id] } }, orderBy: { id: "asc" }, select: { id: true } }),
    ledger: await prisma.creditLedgerEntry.count({ where: { userId: { in: [owner.id, other.id] } } }),
    charges: await prisma.workCharge.count({ where: { userId: { in: [owner.id, other.id] } } }),
    events: await prisma.workflowEvent.count(),
    imageJobs: await prisma.imageGenerationJob.count({ where: { userId: owner.id } }),
    videoJobs: await prisma.videoGenerationJob.count({ where: { userId: owner.id } }),
  };
}

const notFound = { name: "NotFoundError" };

type Case = {
  name: string;
  call: (actor: Actor, f: Fixture) => Promise<unknown>;
  /** Another user's call answers instead of throwing (request functions answer with a code). */
  refused?: (result: unknown) => void;
  admin?: (result: unknown, f: Fixture) => Promise<void> | void;
};

const CASES: Case[] = [
  {
    name: "getProjectWorkspace",
    call: (a, f) => getProjectWorkspace(a, f.project.id),
    admin: (r) =>
      expect(r).toMatchObject({ scenes: [{ assets: { image: { generated: false, stale: false } }, ready: false }, {}], assets: [{ type: "audio" }] }),
  },
  {
    name: "getSceneDetail",
    call: (a, f) => getSceneDetail(a, f.project.id, f.sceneId),
    admin: (r) => expect(r).toMatchObject({ title: "One", assets: { image: { generated: false } }, versions: [{ current: true }, { current: false }] }),
  },
  {
    name: "listUserProjects with a status filter",
    call: (a) => listUserProjects(a, { ownerId: owner.id, status: "draft" }),
    admin: (r, f) => expect((r as { id: string }[]).map((p) => p.id)).toContain(f.project.id),
  },
  {
    name: "updateProject (title and script)",
    call: (a, f) => updateProject(a, f.project.id, { title: "  Renamed  ", fullScript: "New script." }),
    admin: (r) => expect(r).toMatchObject({ title: "Renamed", fullScript: "New script." }),
  },
  {
    name: "setMainProjectImage (remove)",
    call: (a, f) => setMainProjectImage(a, f.project.id, null),
    admin: (r) => expect(r).toMatchObject({ mainProductImageUrl: null }),
  },
  { name: "listProjectAssets", call: (a, f) => listProjectAssets(a, f.project.id), admin: (r) => expect(r).toHaveLength(1) },
  {
    name: "addProjectAssets",
    call: (a, f) => addProjectAssets(a, f.project.id, [{ ref: f.photo.ref, name: "Bottle" }]),
    admin: (r) => expect(r).toMatchObject([{ type: "image", name: "Bottle" }]),
  },
  {
    name: "removeProjectAsset",
    call: (a, f) => removeProjectAsset(a, f.project.id, f.assetId),
    admin: async (_r, f) => expect(await exists(f.assetFile)).toBe(false),
  },
  {
    name: "storeProjectUpload",
    call: (a, f) => storeProjectUpload(a, f.project.id, { purpose: "main", body: png(), originalName: "main.png" }),
    admin: (r, f) =>
      expect(r).toMatchObject({ bucket: "project-images", ownerId: owner.id, key: expect.stringContaining(`main-project-images/${f.project.id}-`) }),
  },
  {
    name: "addScene (a named scene, as on the management page)",
    call: (a, f) => addScene(a, f.project.id, { title: "Three" }, { requireTitle: true }),
    admin: (r) => expect(r).toMatchObject({ title: "Three", sceneOrder: 3 }),
  },
  {
    name: "editScene",
    call: (a, f) => editScene(a, f.project.id, f.sceneId, { voiceOverText: "Meet Aurora today.", title: "First" }),
    admin: (r) => expect(r).toMatchObject({ voiceOverText: "Meet Aurora today.", title: "First" }),
  },
  {
    name: "setSceneMedia",
    call: async (a, f) => setSceneMedia(a, f.project.id, f.sceneId, "image", null),
    admin: (r) => expect(r).toMatchObject({ imageUrl: null }),
  },
  { name: "listSceneAssetVersions", call: (a, f) => listSceneAssetVersions(a, f.project.id, f.sceneId), admin: (r) => expect(r).toHaveLength(2) },
  {
    name: "restoreSceneAssetVersion",
    call: (a, f) => restoreSceneAssetVersion(a, f.project.id, f.sceneId, f.versionId),
    admin: async (r, f) => {
      const versions = await listSceneAssetVersions(adminA, f.project.id, f.sceneId);
      expect((r as { imageUrl: string }).imageUrl).toBe(versions.find((v) => v.id === f.versionId)!.url);
    },
  },
  {
    name: "deleteScene",
    call: (a, f) => deleteScene(a, f.project.id, f.sceneId),
    admin: async (_r, f) => expect(await prisma.scene.count({ where: { projectId: f.project.id } })).toBe(1),
  },
  {
    name: "deleteProject",
    call: (a, f) => deleteProject(a, f.project.id),
    admin: async (_r, f) => expect(await prisma.project.count({ where: { id: f.project.id } })).toBe(0),
  },
  {
    name: "divideProjectScript",
    call: (a, f) => divideProjectScript(a, f.project.id),
    admin: (r) =>
      expect(r).toMatchObject({ messages: ["Script divided into scenes", expect.stringMatching(/^Generated image prompts for \d+ out of \d+ scenes$/)] }),
  },
  {
    name: "estimateCost (a scene's steps)",
    call: (a, f) => estimateCost(a, { projectId: f.project.id, work: { kind: "scene", sceneId: f.sceneId } }),
    admin: (r) => expect(r).toMatchObject({ blocked: null, lines: [{ step: "voice-over" }, { step: "video" }] }),
  },
  {
    name: "estimateCost (a compile)",
    call: (a, f) => estimateCost(a, { projectId: f.project.id, work: { kind: "compile" } }),
    admin: (r) => expect((r as { lines: { work: string }[] }).lines.at(-1)).toEqual({ work: "compile", credits: 2 }),
  },
  {
    // Allowed for the admin, and stopped by the product's rule before any charge (a video needs an image).
    name: "requestSceneGeneration",
    call: (a, f) => requestSceneGeneration(a, { projectId: f.project.id, sceneId: f.project.scenes[1].id, step: "video" }),
    refused: (r) => expect(r).toEqual({ ok: false, code: "not_found", message: "Scene not found" }),
    admin: (r) => expect(r).toEqual({ ok: false, code: "blocked", step: "video", reason: "The scene has no image yet", message: "The scene has no image yet" }),
  },
  {
    name: "requestCompile",
    call: (a, f) => requestCompile(a, { projectId: f.project.id }),
    refused: (r) => expect(r).toEqual({ ok: false, code: "not_found", message: "Project not found" }),
  },
];

describe("another user's ids are not found and change nothing", () => {
  it.each(CASES)("$name", async ({ call, refused }) => {
    const f = await fixture();
    const before = await snapshot();
    const balance = await getBalance(other.id);
    if (refused) refused(await call(otherA, f));
    else await expect(call(otherA, f)).rejects.toMatchObject(notFound);
    expect(await snapshot()).toEqual(before);
    expect(await getBalance(other.id)).toBe(balance);
  });

  it("a scene is reached only through its own project; a version only through its scene", async () => {
    const f = await fixture();
    const mine = await createProject(otherA, { title: "Other's", scenes: [{ title: "x", script: "x", voiceOverText: "x" }] });
    const before = await snapshot();
    await expect(editScene(otherA, mine.id, f.sceneId, { title: "Taken" })).rejects.toMatchObject(notFound);
    await expect(deleteScene(otherA, mine.id, f.sceneId)).rejects.toMatchObject(notFound);
    await expect(restoreSceneAssetVersion(otherA, mine.id, mine.scenes[0].id, f.versionId)).rejects.toMatchObject({
      name: "NotFoundError",
      message: "Version not found",
    });
    await expect(removeProjectAsset(otherA, mine.id, f.assetId)).rejects.toMatchObject(notFound);
    // Another user's stored file is not theirs to add to their own project.
    await expect(addProjectAssets(otherA, mine.id, [{ ref: f.assetFile.ref }])).rejects.toMatchObject({ name: "MediaRefError" });
    expect(await snapshot()).toEqual(before);
  });
});

describe("an admin may", () => {
  it.each(CASES.filter((c) => c.admin))("$name", async ({ call, admin: check }) => {
    const f = await fixture();
    const ownerBalance = await getBalance(owner.id);
    await check!(await call(adminA, f), f);
    // Nothing here is paid work; the owner is never charged for what an admin asks.
    expect(await getBalance(owner.id)).toBe(ownerBalance);
  });
});

// ───────────────────────────── the owner's editing ─────────────────────────────

describe("scene ordering", () => {
  it("canvas: orders start at 1 and a new scene takes the highest order plus 1; a deletion closes the gap", async () => {
    const project = await createProject(ownerA, { title: "Canvas order" });
    const a = await addScene(ownerA, project.id, { title: "A" });
    const b = await addScene(ownerA, project.id, {});
    const c = await addScene(ownerA, project.id, { title: "C" });
    expect([a.sceneOrder, b.sceneOrder, c.sceneOrder]).toEqual([1, 2, 3]);
    expect(b.title).toBe("");
    await deleteScene(ownerA, project.id, b.id);
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: c.id } })).sceneOrder).toBe(2);
    expect((await addScene(ownerA, project.id, { title: "D" })).sceneOrder).toBe(3);
  });

  it("management page, chat and tools: the same rule (from 1, max + 1), a name is required, and a position moves the others down", async () => {
    const project = await createProject(ownerA, { title: "Management order" });
    const orders: number[] = [];
    for (const title of ["A", "B", "C"]) orders.push((await addScene(ownerA, project.id, { title, description: "d" }, { requireTitle: true })).sceneOrder);
    expect(orders).toEqual([1, 2, 3]);
    await expect(addScene(ownerA, project.id, { title: "  " }, { requireTitle: true })).rejects.toMatchObject({
      name: "SceneInputError",
      message: "Scene name is required",
    });
    // An explicit position (the add_scene tool's): the scene goes there, the others move down.
    expect((await addScene(ownerA, project.id, { title: "X" }, { requireTitle: true, order: 2 })).sceneOrder).toBe(2);
    const rows = await prisma.scene.findMany({ where: { projectId: project.id }, orderBy: { sceneOrder: "asc" } });
    expect(rows.map((r) => [r.title, r.sceneOrder])).toEqual([
      ["A", 1],
      ["X", 2],
      ["B", 3],
      ["C", 4],
    ]);
    // Beyond the end: last.
    expect((await addScene(ownerA, project.id, { title: "Y" }, { order: 99 })).sceneOrder).toBe(5);
    await expect(addScene(ownerA, project.id, { title: "Z" }, { order: 0 })).rejects.toMatchObject({ name: "SceneInputError" });
  });

  it("a scene added from the chat to a canvas project (1..4) takes 5, never a second 4", async () => {
    const project = await createProject(ownerA, { title: "Canvas then chat" });
    await prisma.scene.createMany({ data: [1, 2, 3, 4].map((n) => ({ projectId: project.id, title: `S${n}`, sceneOrder: n })) });
    const added = await addScene(ownerA, project.id, { title: "From the chat" }, { requireTitle: true });
    expect(added.sceneOrder).toBe(5);
  });

  it("the migration renumbers old data 1..n in play order (from 0, repeated numbers) and leaves good data alone", async () => {
    const fromZero = await createProject(ownerA, { title: "Numbered from 0" });
    const clash = await createProject(ownerA, { title: "Two fours" });
    const good = await createProject(ownerA, { title: "Already right" });
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await prisma.scene.createMany({ data: [0, 1, 2].map((n) => ({ projectId: fromZero.id, title: `Z${n}`, sceneOrder: n, createdAt: t(n) })) });
    await prisma.scene.createMany({ data: [1, 2, 3, 4, 4].map((n, i) => ({ projectId: clash.id, title: `C${i}`, sceneOrder: n, createdAt: t(i) })) });
    await prisma.scene.createMany({ data: [1, 2].map((n) => ({ projectId: good.id, title: `G${n}`, sceneOrder: n, createdAt: t(n) })) });
    const before = await prisma.scene.findMany({ where: { projectId: good.id } });
    const { readFile } = await import("node:fs/promises");
    const sql = await readFile(new URL("../../prisma/migrations/20261126072550_scene_order_from_one/migration.sql", import.meta.url), "utf8");
    for (const statement of sql
      .split(/;\s*\n/)
      .map((x) => x.replace(/^\s*--.*$/gm, "").trim())
      .filter(Boolean))
      await prisma.$executeRawUnsafe(statement);
    const orders = async (projectId: string) =>
      (await prisma.scene.findMany({ where: { projectId }, orderBy: { sceneOrder: "asc" } })).map((s) => [s.title, s.sceneOrder]);
    expect(await orders(fromZero.id)).toEqual([
      ["Z0", 1],
      ["Z1", 2],
      ["Z2", 3],
    ]);
    expect(await orders(clash.id)).toEqual([
      ["C0", 1],
      ["C1", 2],
      ["C2", 3],
      ["C3", 4],
      ["C4", 5],
    ]);
    expect((await prisma.scene.findMany({ where: { projectId: good.id } })).map((s) => s.updatedAt.getTime())).toEqual(
      before.map((s) => s.updatedAt.getTime()),
    );
  });
});

describe("projects", () => {
  it("are created only with a name: an empty or invisible title is refused and nothing is written", async () => {
    const before = await prisma.project.count({ where: { userId: owner.id } });
    for (const title of ["", "   ", "\u200b\u200b"]) {
      await expect(createProject(ownerA, { title })).rejects.toMatchObject({ name: "ProjectError", status: 400 });
    }
    expect(await prisma.project.count({ where: { userId: owner.id } })).toBe(before);
    const named = await createProject(ownerA, { title: "  Spring\u200b launch  " });
    expect(named.title).toBe("Spring launch");
  });

  it("are listed newest first by last update, and filtered by status", async () => {
    const user = (await newUser()).user;
    const actor = actorFromUser({ id: user.id, isAdmin: false }, "web");
    const first = await createProject(actor, { title: "First" });
    const second = await createProject(actor, { title: "Second" });
    expect((await listUserProjects(actor)).map((p) => p.title)).toEqual(["Second", "First"]);
    await updateProject(actor, first.id, { description: "touched" });
    expect((await listUserProjects(actor)).map((p) => p.title)).toEqual(["First", "Second"]);
    await prisma.project.update({ where: { id: second.id }, data: { status: "completed" } });
    expect((await listUserProjects(actor, { status: "completed" })).map((p) => p.title)).toEqual(["Second"]);
    expect(await listUserProjects(actor, { status: "all" })).toHaveLength(2);
    await expect(listUserProjects(actor, { status: "bogus" as never })).rejects.toMatchObject({ name: "ProjectError" });
  });

  it("refuse an empty title and keep the project as it was", async () => {
    const f = await fixture();
    await expect(updateProject(ownerA, f.project.id, { title: " \u200B " })).rejects.toMatchObject({
      name: "ProjectError",
      message: "Project title is required",
      status: 400,
    });
    expect((await prisma.project.findUnique({ where: { id: f.project.id } }))!.title).toBe("Owner's project");
  });

  it("main image: set from an upload, replaced (the old file removed), removed", async () => {
    const f = await fixture();
    const first = await storeProjectUpload(ownerA, f.project.id, { purpose: "main", body: png(), originalName: "a.png" });
    expect(await setMainProjectImage(ownerA, f.project.id, first.ref)).toMatchObject({ mainProductImageUrl: first.url });
    const second = await storeProjectUpload(ownerA, f.project.id, { purpose: "main", body: png(4, 4), originalName: "b.png" });
    await setMainProjectImage(ownerA, f.project.id, second.ref);
    expect(await exists(first)).toBe(false);
    expect(await setMainProjectImage(ownerA, f.project.id, null)).toMatchObject({ mainProductImageUrl: null });
    expect(await exists(second)).toBe(false);
    // A raw URL is never a media value.
    await expect(setMainProjectImage(ownerA, f.project.id, "https://example.com/x.png")).rejects.toMatchObject({ name: "MediaRefError" });
    // A video is not an image.
    const video = await store.render(owner.id, f.project.id);
    await expect(setMainProjectImage(ownerA, f.project.id, video.ref)).rejects.toMatchObject({ name: "MediaRefError" });
  });

  it("project assets: several at once, typed from their bytes, removed with their file", { timeout: 60_000 }, async () => {
    const f = await fixture();
    const image = await storeProjectUpload(ownerA, f.project.id, { purpose: "asset", body: png(), originalName: "looks-like.mp3" });
    // A project's clips are checked like Create Video's (ADR 330: at least 240 px on the short side), so a real small clip.
    const video = await storeProjectUpload(ownerA, f.project.id, { purpose: "asset", body: await clipBytes(CLIPS[1]), originalName: "clip.mp4" });
    const added = await addProjectAssets(ownerA, f.project.id, [{ ref: image.ref }, { ref: video.ref, name: "Intro clip" }]);
    expect(added.map((a) => [a.type, a.name])).toEqual([
      // The name people gave it; the type (and the stored key's extension) come from the bytes.
      ["image", "looks-like.mp3"],
      ["video", "Intro clip"],
    ]);
    expect((await listProjectAssets(ownerA, f.project.id)).map((a) => a.type)).toEqual(["audio", "image", "video"]);
    // All or nothing: a raw URL among them adds none.
    await expect(addProjectAssets(ownerA, f.project.id, [{ ref: image.ref }, { ref: "https://example.com/a.png" }])).rejects.toMatchObject({
      name: "MediaRefError",
    });
    expect(await listProjectAssets(ownerA, f.project.id)).toHaveLength(3);
    expect(image.key).toMatch(/\.png$/);
    expect(await removeProjectAsset(ownerA, f.project.id, added[0].id)).toMatchObject({ name: "looks-like.mp3" });
    expect(await exists(image)).toBe(false);
    expect(await listProjectAssets(ownerA, f.project.id)).toHaveLength(2);
  });

  it("divide into scenes: needs a script; replaces the scenes (their files removed) with prompts written", async () => {
    const empty = await createProject(ownerA, { title: "No script" });
    await expect(divideProjectScript(ownerA, empty.id)).rejects.toMatchObject({ name: "ProjectError", message: "Please write a script first" });
    await expect(divideProjectScript(ownerA, empty.id, { script: "   " })).rejects.toMatchObject({ message: "Please write a script first" });

    const f = await fixture();
    const oldImage = (await listSceneAssetVersions(ownerA, f.project.id, f.sceneId))[0];
    const script = "Scene 1: Meet Aurora, the serum for a morning glow.\nScene 2: Bright skin in seven days.\nScene 3: Order yours today.";
    const result = await divideProjectScript(ownerA, f.project.id, { script });
    expect(result.messages).toEqual(["Script divided into scenes", "Generated image prompts for 3 out of 3 scenes"]);
    expect(result.imagePrompts).toEqual({ successful: 3, processed: 3 });
    const project = await getProjectWithScenes(ownerA, f.project.id);
    expect(project.fullScript).toBe(script);
    expect(project.scenes.map((s) => s.sceneOrder)).toEqual([1, 2, 3]);
    expect(project.scenes.every((s) => s.imagePrompt && s.voiceOverText)).toBe(true);
    expect(project.scenes.map((s) => s.id)).not.toContain(f.sceneId);
    expect(await prisma.storedObject.count({ where: { bucket: "canvas-assets", key: { startsWith: `scenes/${f.sceneId}_` } } })).toBe(0);
    expect(oldImage.url).toContain(f.sceneId);
  });

  it("deleting a scene removes its files, versions and jobs, and keeps the others", async () => {
    const f = await fixture();
    const files = await prisma.storedObject.findMany({ where: { bucket: "canvas-assets", key: { startsWith: `scenes/${f.sceneId}_` } } });
    expect(files).toHaveLength(2);
    await prisma.imageGenerationJob.create({
      data: { userId: owner.id, prompt: "p", projectId: f.project.id, sceneId: f.sceneId, resultUrl: `/resources/files/canvas-assets/${files[0].key}` },
    });
    const result = await deleteScene(ownerA, f.project.id, f.sceneId);
    expect(result.filesRemoved).toBe(2);
    for (const file of files) expect(await exists({ bucket: "canvas-assets", key: file.key })).toBe(false);
    expect(await prisma.sceneAssetVersion.count({ where: { sceneId: f.sceneId } })).toBe(0);
    expect(await prisma.imageGenerationJob.count({ where: { sceneId: f.sceneId } })).toBe(0);
    expect((await getProjectWithScenes(ownerA, f.project.id)).scenes.map((s) => s.title)).toEqual(["Two"]);
  });

  it("deleting a project removes its rows, jobs and files, refunds open work, and keeps what a story still shows", async () => {
    const f = await fixture();
    const main = await storeProjectUpload(ownerA, f.project.id, { purpose: "main", body: png(), originalName: "m.png" });
    await setMainProjectImage(ownerA, f.project.id, main.ref);
    const render = await store.render(owner.id, f.project.id);
    const storyVideo = await store.render(owner.id, f.project.id);
    await prisma.story.create({ data: { userId: owner.id, source: "s", finalVideoWithMusic: storyVideo.url, projectId: f.project.id } });
    await prisma.videoGenerationJob.create({ data: { userId: owner.id, prompt: "compiled", projectId: f.project.id, resultUrl: render.url } });
    const balance = await getBalance(owner.id);
    const charge = await chargeWork(ownerA, {
      batchId: `test-${f.project.id}`,
      items: [{ item: "video", work: "scene_step", credits: 2, projectId: f.project.id, sceneId: f.sceneId }],
    });
    expect(charge.ok).toBe(true);
    expect(await getBalance(owner.id)).toBe(balance - 2);

    const result = await deleteProject(ownerA, f.project.id);
    expect(result.refunded).toBe(2);
    expect(await getBalance(owner.id)).toBe(balance);
    expect(await prisma.project.count({ where: { id: f.project.id } })).toBe(0);
    expect(await prisma.videoGenerationJob.count({ where: { projectId: f.project.id } })).toBe(0);
    for (const file of [main, render, f.assetFile]) expect(await exists(file)).toBe(false);
    expect(await prisma.storedObject.count({ where: { bucket: "canvas-assets", key: { startsWith: `scenes/${f.sceneId}_` } } })).toBe(0);
    // The story's final video is still shown on the Dashboard: kept. The product photo is left to the sweep.
    expect(await exists(storyVideo)).toBe(true);
    expect(await exists(f.photo)).toBe(true);
    expect(result.filesRemoved).toBe(5);
  });
});

// ───────────────────────────── staleness, regenerate, versions, jobs ─────────────────────────────

describe("a scene's generated assets", () => {
  it("record what they were made from; an edit makes the dependants stale; regenerate keeps the old version; restore brings it back", async () => {
    const f = await fixture();
    const target = { projectId: f.project.id, sceneId: f.project.scenes[1].id };
    const states = async () => (await getProjectWorkspace(ownerA, f.project.id)).scenes[1].assets;

    // Made by request r1: a retried step of the same request finds its own work.
    const first = await runSceneAssetStep(ownerA, target, "voice-over", { runKey: "r1" });
    expect(first).toMatchObject({ skipped: false, madeByRequest: true });
    expect(await runSceneAssetStep(ownerA, target, "voice-over", { runKey: "r1", regenerate: true })).toMatchObject({ skipped: true, madeByRequest: true });
    expect(await runSceneAssetStep(ownerA, target, "voice-over", { runKey: "r2" })).toMatchObject({ skipped: true, madeByRequest: false });
    expect((await states())["voice-over"]).toEqual({ url: first.url, generated: true, stale: false });

    // voice-over text → voice-over stale (the image and video are not).
    await editScene(ownerA, target.projectId, target.sceneId, { voiceOverText: "Glow daily, all day long." });
    expect((await states())["voice-over"]).toMatchObject({ stale: true });
    const workspace = await getProjectWorkspace(ownerA, f.project.id);
    expect(workspace.scenes[1].ready).toBe(false);

    // Regenerate: a stale step runs again without being asked to; the old file stays a version.
    const second = await runSceneAssetStep(ownerA, target, "voice-over", { runKey: "r3" });
    expect(second).toMatchObject({ skipped: false });
    expect(second.url).not.toBe(first.url);
    expect((await states())["voice-over"]).toEqual({ url: second.url, generated: true, stale: false });
    const versions = await listSceneAssetVersions(ownerA, target.projectId, target.sceneId, "voice-over");
    expect(versions.map((v) => [v.url, v.current, v.source])).toEqual([
      [second.url, true, "generated"],
      [first.url, false, "generated"],
    ]);
    expect(versions[1].inputs).toMatchObject({ text: "Glow daily.", voice: 1 });

    // Restore the first: current again, with its own length, and stale (made from the old text).
    const restored = await restoreSceneAssetVersion(ownerA, target.projectId, target.sceneId, versions[1].id);
    expect(restored.voiceOverUrl).toBe(first.url);
    expect(restored.voiceOverDuration).toBe(versions[1].durationSec);
    expect((await states())["voice-over"]).toMatchObject({ url: first.url, stale: true });
    expect((await listSceneAssetVersions(ownerA, target.projectId, target.sceneId, "voice-over")).map((v) => v.current)).toEqual([false, true]);
  });

  it("image prompt → image → video; the image and the video are generation jobs on the Dashboard", async () => {
    const user = (await newUser()).user;
    const actor = actorFromUser({ id: user.id, isAdmin: false }, "web");
    const photo = await store.photo(user.id);
    const project = await createProject(actor, {
      title: "Jobs",
      mainProductImageUrl: photo.ref,
      scenes: [{ title: "One", script: "Meet Aurora.", voiceOverText: "Meet Aurora.", imagePrompt: "a serum bottle on marble" }],
    });
    const target = { projectId: project.id, sceneId: project.scenes[0].id };
    const image = await runSceneAssetStep(actor, target, "image", { runKey: "a" });
    const video = await runSceneAssetStep(actor, target, "video", { runKey: "a" });
    const states = async () => (await getProjectWorkspace(actor, project.id)).scenes[0].assets;
    expect(await states()).toMatchObject({ image: { stale: false, generated: true }, video: { stale: false, generated: true } });

    const images = await dashboardFeed(actorOf(user.id), { tab: "images", q: null, from: null, to: null, tz: "UTC", cursor: null });
    const videos = await dashboardFeed(actorOf(user.id), { tab: "videos", q: null, from: null, to: null, tz: "UTC", cursor: null });
    expect(images.items).toMatchObject([{ kind: "image", status: "completed", prompt: "a serum bottle on marble", resultUrl: image.url }]);
    expect(videos.items).toMatchObject([{ kind: "video", status: "completed", resultUrl: video.url }]);

    // The prompt changes: the image is stale, the video not yet; a new image makes the video stale.
    await editScene(actor, project.id, target.sceneId, { imagePrompt: "a serum bottle on sand" });
    expect(await states()).toMatchObject({ image: { stale: true }, video: { stale: false } });
    await runSceneAssetStep(actor, target, "image", { runKey: "b" });
    expect(await states()).toMatchObject({ image: { stale: false }, video: { stale: true } });
    // An uploaded image is never stale itself, and the video made from the old one still is.
    await setSceneMedia(actor, project.id, target.sceneId, "image", (await store.sceneImage(user.id, target.sceneId)).ref);
    expect(await states()).toMatchObject({ image: { stale: false, generated: false }, video: { stale: true } });
    expect(await listSceneAssetVersions(actor, project.id, target.sceneId, "image")).toHaveLength(3);
    expect((await dashboardFeed(actorOf(user.id), { tab: "images", q: null, from: null, to: null, tz: "UTC", cursor: null })).items).toHaveLength(2);
  });

  it("a failed image step is a failed image job with the reason", async () => {
    const user = (await newUser()).user;
    const actor = actorFromUser({ id: user.id, isAdmin: false }, "web");
    const photo = await store.photo(user.id);
    const project = await createProject(actor, {
      title: "Fails",
      mainProductImageUrl: photo.ref,
      scenes: [{ title: "One", script: "x", voiceOverText: "x", imagePrompt: "a bottle" }],
    });
    // The product photo's file disappears behind the row: the step cannot read it.
    await storage.driver.delete(photo.bucket, photo.key);
    await expect(runSceneAssetStep(actor, { projectId: project.id, sceneId: project.scenes[0].id }, "image", { runKey: "x" })).rejects.toMatchObject({
      name: "SceneAssetError",
    });
    expect(await prisma.imageGenerationJob.findFirst({ where: { userId: user.id } })).toMatchObject({
      status: "failed",
      errorMessage: "The product image file cannot be found",
    });
  });
});

// ───────────────────────────── charges ─────────────────────────────

describe("charges", () => {
  it("a refusal charges nothing and starts nothing: no credits, a rule, nothing to do", async () => {
    const poor = (await newUser()).user;
    const poorA = actorFromUser({ id: poor.id, isAdmin: false }, "web");
    const photo = await store.photo(poor.id);
    const project = await createProject(poorA, {
      title: "Poor",
      mainProductImageUrl: photo.ref,
      scenes: [{ title: "One", script: "x", voiceOverText: "x", imagePrompt: "p" }],
    });
    const sceneId = project.scenes[0].id;
    const events = await prisma.workflowEvent.count();
    expect(await estimateCost(poorA, { projectId: project.id, work: { kind: "scene", sceneId, step: "image" } })).toMatchObject({
      credits: 1,
      balance: 0,
      enough: false,
      blocked: null,
    });
    expect(await requestSceneGeneration(poorA, { projectId: project.id, sceneId, step: "image" })).toEqual({
      ok: false,
      code: "insufficient_credits",
      needed: 1,
      balance: 0,
      message: "Not enough credits: this costs 1 credits and you have 0.",
    });
    // The compile prepares the scene first (image 1 + voice-over 0.4 + video 2) and renders (2).
    expect(await requestCompile(poorA, { projectId: project.id })).toMatchObject({ ok: false, code: "insufficient_credits", needed: 5.4 });
    expect(await requestSceneGeneration(poorA, { projectId: project.id, sceneId, step: "video" })).toMatchObject({
      ok: false,
      code: "blocked",
      message: "The scene has no image yet",
    });
    await updateProject(poorA, project.id, { mainProductImageUrl: null });
    expect(await requestSceneGeneration(poorA, { projectId: project.id, sceneId })).toMatchObject({
      ok: false,
      code: "blocked",
      message: "Failed while image: Upload a product image first to generate scene variations.",
    });
    expect(await requestSceneGeneration(poorA, { projectId: project.id, sceneId, step: "image prompt" })).toMatchObject({ ok: false, code: "nothing_to_do" });
    expect(await prisma.workCharge.count({ where: { userId: poor.id } })).toBe(0);
    expect(await prisma.creditLedgerEntry.count({ where: { userId: poor.id } })).toBe(0);
    expect(await prisma.workflowEvent.count()).toBe(events);
    expect(await prisma.compileJob.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("are charged once per request id and refunded exactly once, never after they were settled", async () => {
    const user = (await newUser()).user;
    const actor = actorFromUser({ id: user.id, isAdmin: false }, "web");
    await applyCreditChange({ userId: user.id, delta: 5, reason: "admin_grant", reference: `g-${user.id}` });
    const items = [
      { item: "image", work: "scene_step" as const, credits: 1 },
      { item: "video", work: "scene_step" as const, credits: 2 },
    ];
    const first = await chargeWork(actor, { batchId: `b1-${user.id}`, items, clientRequestId: "retry-me" });
    const again = await chargeWork(actor, { batchId: `b2-${user.id}`, items, clientRequestId: "retry-me" });
    expect(first).toMatchObject({ ok: true, credits: 3, balance: 2, duplicate: false });
    expect(again).toMatchObject({ ok: true, batchId: `b1-${user.id}`, duplicate: true });
    expect(await getBalance(user.id)).toBe(2);
    // Not enough for another: all or nothing.
    expect(await chargeWork(actor, { batchId: `b3-${user.id}`, items })).toMatchObject({ ok: false, code: "insufficient_credits", needed: 3, balance: 2 });
    expect(await prisma.workCharge.count({ where: { userId: user.id } })).toBe(2);

    expect(await settleBatchCharges(`b1-${user.id}`, ["image"])).toBe(1);
    const refunds = await Promise.all([
      refundBatchCharges(`b1-${user.id}`, "failed"),
      refundBatchCharges(`b1-${user.id}`, "failed"),
      refundBatchCharges(`b1-${user.id}`, "failed"),
    ]);
    expect(refunds.map((r) => r.refunded).sort()).toEqual([0, 0, 2]);
    expect(await getBalance(user.id)).toBe(4);
    expect(await prisma.creditLedgerEntry.count({ where: { userId: user.id, reason: "refund" } })).toBe(1);
    expect(await prisma.workCharge.findMany({ where: { userId: user.id }, orderBy: { item: "asc" }, select: { item: true, status: true } })).toEqual([
      { item: "image", status: "completed" },
      { item: "video", status: "refunded" },
    ]);
  });
});

// ───────────────────────────── live hints ─────────────────────────────

describe("changes are announced on the live stream", () => {
  it("to the owner's pages and to every admin's (scenes added, deleted or replaced, assets)", async () => {
    const f = await fixture();
    const heard: Record<string, LiveEvent[]> = { owner: [], admins: [] };
    const stops = [await subscribe(owner.id, (e) => heard.owner.push(e)), await subscribe(ADMINS_AUDIENCE, (e) => heard.admins.push(e))];
    try {
      await addScene(adminA, f.project.id, { title: "Three" });
      await removeProjectAsset(ownerA, f.project.id, f.assetId);
      await deleteScene(ownerA, f.project.id, f.sceneId);
      await divideProjectScript(ownerA, f.project.id);
      const mine = (events: LiveEvent[]) => events.filter((e) => e.type === "project.updated" && e.projectId === f.project.id);
      const until = Date.now() + 5000;
      while (mine(heard.owner).length < 4 || mine(heard.admins).length < 4) {
        if (Date.now() > until) throw new Error(`heard ${JSON.stringify(heard)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(mine(heard.owner)[0]).toEqual({ type: "project.updated", projectId: f.project.id });
    } finally {
      for (const stop of stops) stop();
    }
  });
});
