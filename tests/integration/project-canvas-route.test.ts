// /resources/projects/:projectId/canvas: the project canvas diagram (GET) and Optimize Layout
// (POST intent=optimize), admins only, through the core (docs/product.md#canvas-editor).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromUser } from "~/models/access";
import type { CanvasData } from "~/models/projects/canvas-layout";
import { createProject } from "~/models/projects/project.server";
import { updateScene } from "~/models/projects/scenes.server";
import { storeFile } from "~/models/files/stored-files.server";
import { action, loader } from "~/routes/resources.projects.$projectId.canvas";
import { prisma } from "~/utils/db.server";
import { png } from "../fixtures/storage-media";
import { get, post, run } from "./dashboard-helpers";
import { newUser, useTempStorage } from "./storage-helpers";

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let owner: Awaited<ReturnType<typeof newUser>>;
let admin: Awaited<ReturnType<typeof newUser>>;
let projectId = "";
let imageUrl = "";

const path = (id: string) => `/resources/projects/${id}/canvas`;

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

beforeAll(async () => {
  storage = await useTempStorage();
  owner = await newUser();
  admin = await newUser({ admin: true });
  const actor = actorFromUser({ id: owner.user.id, isAdmin: false }, "web");
  const project = await createProject(actor, {
    title: "Glow serum",
    scenes: [
      { title: "Morning", script: "Mornings are hard.", voiceOverText: "Mornings are hard." },
      { title: "", script: "Meet the serum.", voiceOverText: "Meet the serum." },
      { title: "Offer", script: "Order today.", voiceOverText: "Order today." },
    ],
  });
  projectId = project.id;
  const image = await storeFile({
    bucket: "canvas-assets",
    ownerId: owner.user.id,
    params: { sceneId: project.scenes[0].id, kind: "image" },
    body: png(),
    originalName: "a.png",
  });
  imageUrl = image.url;
  await updateScene(actor, project.id, project.scenes[0].id, { imageUrl: image.url });
});

afterAll(async () => {
  await storage.cleanup();
});

describe("GET /resources/projects/:projectId/canvas", () => {
  it("sends anonymous visitors to sign in", async () => {
    const res = await run<Response>(loader, get(path(projectId)), { projectId });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent(path(projectId))}`);
  });

  it("refuses a signed-in non-admin with 403, even on their own project", async () => {
    const res = await run<Response>(loader, get(path(projectId), owner.cookie), { projectId });
    expect(res.status).toBe(403);
  });

  it("gives an admin another user's project as the default diagram", async () => {
    const res = await run<Response>(loader, get(path(projectId), admin.cookie), { projectId });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const data = await json<CanvasData>(res);
    expect(data).toMatchObject({ projectId, title: "Glow serum" });
    expect(Date.parse(data.loadedAt)).not.toBeNaN();
    const byId = new Map(data.nodes.map((n) => [n.id, n]));
    expect(byId.get(`project-${projectId}`)).toMatchObject({ type: "project", x: 400, y: 100, data: { status: "draft" } });
    const scenes = data.nodes.filter((n) => n.type === "scene");
    expect(scenes.map((n) => [n.label, n.x, n.y])).toEqual([
      ["Morning", 200, 300],
      ["Scene 2", 450, 300],
      ["Offer", 700, 300],
    ]);
    const images = data.nodes.filter((n) => n.type === "asset");
    expect(images).toEqual([expect.objectContaining({ label: "Scene Image", x: 100, y: 450, data: { assetType: "image", url: imageUrl } })]);
    expect(data.edges.filter((e) => e.label).map((e) => e.label)).toEqual(["Scene 1", "Scene 2", "Scene 3"]);
    expect(data.edges).toHaveLength(4);
  });

  it("gives an admin their own project too", async () => {
    const mine = await createProject(actorFromUser({ id: admin.user.id, isAdmin: true }, "web"), { title: "Admin's own" });
    const res = await run<Response>(loader, get(path(mine.id), admin.cookie), { projectId: mine.id });
    expect(res.status).toBe(200);
    expect((await json<CanvasData>(res)).nodes).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["cnotaproject000000000000000", "x".repeat(300), "bad\u0000id"]) {
      const res = await run<Response>(loader, get(path(encodeURIComponent(id)), admin.cookie), { projectId: id });
      expect(res.status, id.slice(0, 20)).toBe(404);
      expect(await json(res)).toEqual({ error: "Project not found" });
    }
  });

  it("never hands out a media value that is not a stored file as a thumbnail", async () => {
    // A row written around the core (an old import, a manual fix): not shown to the browser.
    const scene = await prisma.scene.findFirstOrThrow({ where: { projectId, sceneOrder: 3 } });
    await prisma.scene.update({ where: { id: scene.id }, data: { imageUrl: "https://tracker.example/pixel.png" } });
    try {
      const data = await json<CanvasData>(await run<Response>(loader, get(path(projectId), admin.cookie), { projectId }));
      expect(data.nodes.find((n) => n.id === `image-${scene.id}`)?.data).toEqual({ assetType: "image", url: null });
    } finally {
      await prisma.scene.update({ where: { id: scene.id }, data: { imageUrl: null } });
    }
  });
});

describe("POST /resources/projects/:projectId/canvas (Optimize Layout)", () => {
  const optimize = (id: string, cookie?: string, intent = "optimize") => run<Response>(action, post(path(id), { intent }, cookie), { projectId: id });

  it("lays the diagram out without overlaps, scenes in play order", async () => {
    const res = await optimize(projectId, admin.cookie);
    expect(res.status).toBe(200);
    const data = await json<CanvasData>(res);
    const scenes = data.nodes.filter((n) => n.type === "scene");
    expect(scenes.map((n) => n.label)).toEqual(["Morning", "Scene 2", "Offer"]);
    expect(scenes.map((n) => n.x)).toEqual([...scenes.map((n) => n.x)].sort((a, b) => a - b));
    expect(new Set(scenes.map((n) => n.y)).size).toBe(1);
    const image = data.nodes.find((n) => n.type === "asset")!;
    expect(image.y).toBeGreaterThan(scenes[0].y + scenes[0].height);
    // Moved from the default layout.
    expect(scenes.map((n) => n.x)).not.toEqual([200, 450, 700]);
    for (const a of data.nodes)
      for (const b of data.nodes)
        if (a !== b) expect(a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height, `${a.id}/${b.id}`).toBe(false);
  });

  it("is admin-only and answers 404 for an unknown project", async () => {
    expect((await optimize(projectId)).status).toBe(302);
    expect((await optimize(projectId, owner.cookie)).status).toBe(403);
    expect((await optimize("cnotaproject000000000000000", admin.cookie)).status).toBe(404);
  });

  it("refuses an unknown action with 400 and a GET-only method with 405", async () => {
    const res = await optimize(projectId, admin.cookie, "delete");
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: "Unknown canvas action." });
    const put = new Request(new URL(path(projectId), "http://localhost:3109"), { method: "PUT", headers: { Cookie: admin.cookie } });
    expect((await run<Response>(action, put, { projectId })).status).toBe(405);
  });
});
