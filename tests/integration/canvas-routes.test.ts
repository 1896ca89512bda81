// /canvas and /canvas/:projectId (docs/product.md#canvas-editor): admins only (anonymous
// visitors sign in, other users get 403 and change nothing), an admin works on another user's
// project through the core, bad input answers 400 with the field's message and changes nothing,
// an unknown project 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromUser } from "~/models/access";
import { listProjectAssets } from "~/models/projects/project-assets.server";
import { createProject, getProjectWithScenes } from "~/models/projects/project.server";
import { listSceneAssetVersions, setSceneMedia } from "~/models/generation/scene-asset-versions.server";
import { storeFile } from "~/models/files/stored-files.server";
import { action as editorAction, loader as editorLoader } from "~/routes/_shell.canvas.$projectId";
import { action as indexAction, loader as indexLoader } from "~/routes/_shell.canvas._index";
import type { CanvasActionData } from "~/routes/_shell.canvas.server";
import { applyCreditChange, getBalance } from "~/models/billing/credits.server";
import { prisma } from "~/utils/db.server";
import { png, wav } from "../fixtures/storage-media";
import { get, post, run, unwrap } from "./dashboard-helpers";
import { newUser, useTempStorage } from "./storage-helpers";

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let owner: Awaited<ReturnType<typeof newUser>>;
let admin: Awaited<ReturnType<typeof newUser>>;
let projectId = "";
let sceneId = "";

const editorPath = (id: string) => `/canvas/${id}`;

beforeAll(async () => {
  storage = await useTempStorage();
  owner = await newUser();
  admin = await newUser({ admin: true });
  const project = await createProject(actorFromUser({ id: owner.user.id, isAdmin: false }, "web"), {
    title: "Owner's serum",
    fullScript: "Mornings are hard. Meet the serum. Order today.",
    scenes: [{ title: "Morning", script: "Mornings are hard.", voiceOverText: "Mornings are hard." }],
  });
  projectId = project.id;
  sceneId = project.scenes[0].id;
});

afterAll(async () => {
  await storage.cleanup();
});

async function projectNow() {
  return getProjectWithScenes(actorFromUser({ id: admin.user.id, isAdmin: true }, "web"), projectId);
}

describe("/canvas", () => {
  it("sends anonymous visitors to sign in and refuses non-admins with 403", async () => {
    const anon = await run<Response>(indexLoader, get("/canvas"));
    expect(anon.status).toBe(302);
    const user = await run<Response>(indexLoader, get("/canvas", owner.cookie));
    expect(user.status).toBe(403);
    const before = await prisma.project.count({ where: { userId: owner.user.id } });
    const posted = await run<Response>(indexAction, post("/canvas?index", { intent: "create", title: "Sneaky" }, owner.cookie));
    expect(posted.status).toBe(403);
    const del = await run<Response>(indexAction, post("/canvas?index", { intent: "delete", projectId }, owner.cookie));
    expect(del.status).toBe(403);
    expect(await prisma.project.count({ where: { userId: owner.user.id } })).toBe(before);
  });

  it("lists the admin's projects; ?projectId= opens the editor", async () => {
    const list = await run<{ projects: { id: string }[] }>(indexLoader, get("/canvas", admin.cookie));
    expect(Array.isArray(list.projects)).toBe(true);
    const open = await run<Response>(indexLoader, get(`/canvas?projectId=${projectId}`, admin.cookie));
    expect(open.status).toBe(302);
    expect(open.headers.get("Location")).toBe(`/canvas/${projectId}`);
  });

  it("creates a project and goes to its editor; an empty title is refused and creates nothing", async () => {
    const before = await prisma.project.count({ where: { userId: admin.user.id } });
    const bad = unwrap<CanvasActionData>(await run(indexAction, post("/canvas?index", { intent: "create", title: "   " }, admin.cookie)));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.title).toBe("Project title is required");
    expect(await prisma.project.count({ where: { userId: admin.user.id } })).toBe(before);

    const made = await run<Response>(indexAction, post("/canvas?index", { intent: "create", title: "  Launch ad ", description: "Spring" }, admin.cookie));
    expect(made.status).toBe(302);
    const created = await prisma.project.findFirstOrThrow({ where: { userId: admin.user.id }, orderBy: { createdAt: "desc" } });
    expect(created).toMatchObject({ title: "Launch ad", description: "Spring" });
    expect(made.headers.get("Location")).toBe(`/canvas?projectId=${created.id}`);
  });

  it("deletes a project (another user's too, as an admin); an unknown id is 404", async () => {
    const doomed = await createProject(actorFromUser({ id: owner.user.id, isAdmin: false }, "web"), { title: "Doomed" });
    const res = unwrap<CanvasActionData>(await run(indexAction, post("/canvas?index", { intent: "delete", projectId: doomed.id }, admin.cookie)));
    expect(res.body.ok).toBe(true);
    expect(await prisma.project.count({ where: { id: doomed.id } })).toBe(0);
    const again = unwrap<CanvasActionData>(await run(indexAction, post("/canvas?index", { intent: "delete", projectId: doomed.id }, admin.cookie)));
    expect(again.status).toBe(404);
  });
});

describe("/canvas/:projectId", () => {
  it("refuses non-admins with 403 on the loader and every action, changing nothing", async () => {
    expect((await run<Response>(editorLoader, get(editorPath(projectId), owner.cookie), { projectId })).status).toBe(403);
    const attempts: Record<string, string>[] = [
      { intent: "rename", title: "Hijacked" },
      { intent: "save-script", fullScript: "Hijacked" },
      { intent: "add-scene" },
      { intent: "delete-scene", sceneId },
      { intent: "edit-scene", sceneId, field: "title", value: "Hijacked" },
    ];
    for (const fields of attempts) {
      const res = await run<Response>(editorAction, post(editorPath(projectId), fields, owner.cookie), { projectId });
      expect(res.status).toBe(403);
    }
    const now = await projectNow();
    expect(now.title).toBe("Owner's serum");
    expect(now.scenes.map((s) => s.title)).toEqual(["Morning"]);
  });

  it("shows another user's project to an admin; an unknown project is 404", async () => {
    const view = await run<{ project: { title: string }; scenes: { title: string; assets: unknown }[] }>(
      editorLoader,
      get(`${editorPath(projectId)}?tab=scenes&scene=${sceneId}`, admin.cookie),
      { projectId },
    );
    expect(view.project.title).toBe("Owner's serum");
    expect(view.scenes.map((s) => s.title)).toEqual(["Morning"]);
    const missing = await run<Response>(editorLoader, get(editorPath("c000000000000000000000000"), admin.cookie), { projectId: "c000000000000000000000000" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Project with ID c000000000000000000000000 not found.");
  });

  it("lets an admin rename, save the script, add, edit and delete scenes of another user's project", async () => {
    const act = async (fields: Record<string, string>) =>
      unwrap<CanvasActionData>(await run(editorAction, post(editorPath(projectId), fields, admin.cookie), { projectId }));
    expect((await act({ intent: "rename", title: "Serum v2" })).body.ok).toBe(true);
    expect((await act({ intent: "save-script", fullScript: "Scene 1: Hi.\nScene 2: Bye." })).body.ok).toBe(true);
    expect((await act({ intent: "add-scene" })).body.ok).toBe(true);
    let now = await projectNow();
    expect(now).toMatchObject({ title: "Serum v2", fullScript: "Scene 1: Hi.\nScene 2: Bye.", userId: owner.user.id });
    expect(now.scenes.map((s) => [s.sceneOrder, s.title])).toEqual([
      [1, "Morning"],
      [2, ""],
    ]);
    const added = now.scenes[1].id;
    expect((await act({ intent: "edit-scene", sceneId: added, field: "voiceOverText", value: "Order today." })).body.ok).toBe(true);
    expect((await act({ intent: "delete-scene", sceneId })).body.ok).toBe(true);
    now = await projectNow();
    expect(now.scenes.map((s) => [s.id, s.voiceOverText])).toEqual([[added, "Order today."]]);
  });

  it("answers bad input with 400 and the field's message, and changes nothing", async () => {
    const before = await projectNow();
    const act = async (fields: Record<string, string>) =>
      unwrap<CanvasActionData>(await run(editorAction, post(editorPath(projectId), fields, admin.cookie), { projectId }));
    const empty = await act({ intent: "rename", title: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors?.title).toBe("Project title is required");
    const long = await act({ intent: "edit-scene", sceneId: before.scenes[0].id, field: "title", value: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors?.title).toMatch(/at most 200/);
    expect(long.body.error).toMatch(/^Failed to update Title: .*at most 200/);
    const unknownField = await act({ intent: "edit-scene", sceneId: before.scenes[0].id, field: "videoUrl", value: "http://evil" });
    expect(unknownField.status).toBe(400);
    const unknownIntent = await act({ intent: "explode" });
    expect(unknownIntent.status).toBe(400);
    const otherScene = await act({ intent: "delete-scene", sceneId: "c000000000000000000000000" });
    expect(otherScene.status).toBe(404);
    const stranger = await act({ intent: "main-image", ref: "project-images/not-theirs.png" });
    expect(stranger.status).toBe(400);
    expect(await projectNow()).toEqual(before);
  });

  it("divides the script with the product's messages", async () => {
    const res = unwrap<CanvasActionData>(await run(editorAction, post(editorPath(projectId), { intent: "divide" }, admin.cookie), { projectId }));
    expect(res.body).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Script divided into scenes\. Generated image prompts for \d+ out of \d+ scenes$/),
    });
    expect((await projectNow()).scenes.length).toBeGreaterThan(0);
  });

  it("adds several project assets at once and removes one; another user's file is refused and adds nothing", async () => {
    const adminA = actorFromUser({ id: admin.user.id, isAdmin: true }, "web");
    const store = (ownerId: string, body: Buffer, name: string) =>
      storeFile({ bucket: "project-images", ownerId, params: { projectId, purpose: "asset" }, body, originalName: name });
    const [a, b] = [await store(owner.user.id, png(), "a.png"), await store(owner.user.id, wav(), "b.wav")];
    const foreign = await store(admin.user.id, png(), "mine.png");
    const body = new URLSearchParams([
      ["intent", "add-assets"],
      ["ref", a.ref],
      ["ref", foreign.ref],
    ]);
    const req = (fields: URLSearchParams) =>
      new Request(new URL(editorPath(projectId), "http://localhost:3109"), {
        method: "POST",
        body: fields,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.cookie },
      });
    const refused = unwrap<CanvasActionData>(await run(editorAction, req(body), { projectId }));
    expect(refused.status).toBe(400);
    expect(await listProjectAssets(adminA, projectId)).toEqual([]);
    const controls = unwrap<CanvasActionData>(
      await run(
        editorAction,
        req(
          new URLSearchParams([
            ["intent", "add-assets"],
            ["ref", a.ref],
            ["ref", "project-images/a\u0000b"],
          ]),
        ),
        { projectId },
      ),
    );
    expect(controls.status).toBe(400);
    expect(await listProjectAssets(adminA, projectId)).toEqual([]);
    const added = unwrap<CanvasActionData>(
      await run(
        editorAction,
        req(
          new URLSearchParams([
            ["intent", "add-assets"],
            ["ref", a.ref],
            ["ref", b.ref],
          ]),
        ),
        { projectId },
      ),
    );
    expect(added.body).toMatchObject({ ok: true, message: "2 asset(s) uploaded successfully." });
    const assets = await listProjectAssets(adminA, projectId);
    expect(assets.map((x) => x.type).sort()).toEqual(["audio", "image"]);
    const removed = unwrap<CanvasActionData>(
      await run(editorAction, post(editorPath(projectId), { intent: "remove-asset", assetId: assets[0].id }, admin.cookie), { projectId }),
    );
    expect(removed.body).toMatchObject({ ok: true, message: `Asset "${assets[0].name}" removed.` });
    expect((await listProjectAssets(adminA, projectId)).map((x) => x.id)).toEqual([assets[1].id]);
  });

  it("shows the cost before generating, with the rules' messages, and restores an earlier version", async () => {
    const adminA = actorFromUser({ id: admin.user.id, isAdmin: true }, "web");
    const scene = (await projectNow()).scenes[0];
    const act = async (fields: Record<string, string>) =>
      unwrap<CanvasActionData>(await run(editorAction, post(editorPath(projectId), fields, admin.cookie), { projectId }));
    const voice = await act({ intent: "estimate", sceneId: scene.id, step: "voice-over" });
    expect(voice.body).toMatchObject({ ok: true, estimate: { step: "voice-over", credits: 0.4, blocked: null } });
    const image = await act({ intent: "estimate", sceneId: scene.id, step: "image" });
    expect(image.body.estimate?.blocked).toBe("Upload a product image first to generate scene variations.");

    const first = await storeFile({
      bucket: "canvas-assets",
      ownerId: owner.user.id,
      params: { sceneId: scene.id, kind: "image" },
      body: png(),
      originalName: "1.png",
    });
    const second = await storeFile({
      bucket: "canvas-assets",
      ownerId: owner.user.id,
      params: { sceneId: scene.id, kind: "image" },
      body: png(4, 4),
      originalName: "2.png",
    });
    await setSceneMedia(adminA, projectId, scene.id, "image", first.ref);
    await setSceneMedia(adminA, projectId, scene.id, "image", second.ref);
    const view = await run<{ versions: { id: string; url: string; current: boolean }[] }>(
      editorLoader,
      get(`${editorPath(projectId)}?scene=${scene.id}`, admin.cookie),
      { projectId },
    );
    const earlier = view.versions.find((v) => !v.current);
    expect(earlier?.url).toBe(first.url);
    const foreign = await storeFile({
      bucket: "canvas-assets",
      ownerId: admin.user.id,
      params: { sceneId: scene.id, kind: "image" },
      body: png(),
      originalName: "x.png",
    });
    const refusedUpload = await act({ intent: "scene-media", sceneId: scene.id, field: "image", ref: foreign.ref });
    expect(refusedUpload.status).toBe(400);
    expect(refusedUpload.body.error).toMatch(/^Failed to upload: /);
    expect((await projectNow()).scenes[0].imageUrl).toBe(second.url);
    const restored = await act({ intent: "restore-version", sceneId: scene.id, versionId: earlier!.id });
    expect(restored.body.ok).toBe(true);
    expect((await projectNow()).scenes[0].imageUrl).toBe(first.url);
    expect((await listSceneAssetVersions(adminA, projectId, scene.id)).find((v) => v.current)?.url).toBe(first.url);
    const uploaded = await act({ intent: "scene-media", sceneId: scene.id, field: "image", ref: second.ref });
    expect(uploaded.body).toMatchObject({ ok: true, message: "Image uploaded successfully" });
    expect((await projectNow()).scenes[0].imageUrl).toBe(second.url);
  });

  it("charges for a generation exactly what the confirmation showed; a refused rule or another project's ids charge nothing", async () => {
    const payer = await newUser({ admin: true });
    await applyCreditChange({ userId: payer.user.id, delta: 10, reason: "admin_grant", reference: `canvas-gen-${payer.user.id}` });
    const ownerA = actorFromUser({ id: owner.user.id, isAdmin: false }, "web");
    const mine = await createProject(ownerA, {
      title: "Charged",
      scenes: [{ title: "One", script: "Hello there.", voiceOverText: "Hello there.", imagePrompt: "a bottle" }],
    });
    const other = await createProject(ownerA, { title: "Other", scenes: [{ title: "Elsewhere", script: "Bye.", voiceOverText: "Bye." }] });
    const scene = mine.scenes[0].id;
    const act = async (id: string, fields: Record<string, string>) =>
      unwrap<CanvasActionData>(await run(editorAction, post(editorPath(id), fields, payer.cookie), { projectId: id }));
    const charges = () => prisma.workCharge.count({ where: { userId: payer.user.id } });

    // Refused by the rules: the product's message, nothing charged.
    const image = await act(mine.id, { intent: "generate", sceneId: scene, step: "image" });
    expect(image.status).toBe(400);
    expect(image.body.error).toBe("Failed to generate image: Upload a product image first to generate scene variations.");
    const video = await act(mine.id, { intent: "generate", sceneId: scene, step: "video" });
    expect(video.status).toBe(400);
    expect(video.body.error).toBe("Failed to generate video: The scene has no image yet");
    // Another project's scene through this project, or a project that is not there: 404.
    expect((await act(mine.id, { intent: "estimate", sceneId: other.scenes[0].id, step: "voice-over" })).status).toBe(404);
    expect((await act(mine.id, { intent: "generate", sceneId: other.scenes[0].id, step: "voice-over" })).status).toBe(404);
    expect((await act("c000000000000000000000000", { intent: "generate", sceneId: scene, step: "voice-over" })).status).toBe(404);
    expect(await charges()).toBe(0);
    expect(await getBalance(payer.user.id)).toBe(10);

    // The confirmation shows the cost; the same amount is charged, once.
    const quote = await act(mine.id, { intent: "estimate", sceneId: scene, step: "voice-over" });
    expect(quote.body.estimate).toMatchObject({ credits: 0.4, balance: 10, enough: true, blocked: null });
    const started = await act(mine.id, { intent: "generate", sceneId: scene, step: "voice-over" });
    expect(started.body).toMatchObject({ ok: true, message: "Voice-over generation started (0.4 credits)" });
    expect(await getBalance(payer.user.id)).toBe(10 - quote.body.estimate!.credits);
    expect(await prisma.workCharge.findMany({ where: { userId: payer.user.id }, select: { item: true, credits: true, sceneId: true } })).toEqual([
      { item: "voice-over", credits: expect.anything(), sceneId: scene },
    ]);
    expect(Number((await prisma.workCharge.findFirstOrThrow({ where: { userId: payer.user.id } })).credits)).toBe(quote.body.estimate!.credits);
  });

  it("sets a scene's background music from an upload or composes one; another project's scene is 404 and changes nothing", async () => {
    const ownerA = actorFromUser({ id: owner.user.id, isAdmin: false }, "web");
    const mine = await createProject(ownerA, { title: "Music", scenes: [{ title: "One", script: "Hi.", voiceOverText: "Hi." }] });
    const other = await createProject(ownerA, { title: "Other music", scenes: [{ title: "Two", script: "", voiceOverText: "" }] });
    const scene = mine.scenes[0].id;
    const act = async (id: string, fields: Record<string, string>) =>
      unwrap<CanvasActionData>(await run(editorAction, post(editorPath(id), fields, admin.cookie), { projectId: id }));
    const musicOf = async (id: string) => (await prisma.scene.findUniqueOrThrow({ where: { id } })).backgroundMusicUrl;

    const track = await storeFile({
      bucket: "canvas-assets",
      ownerId: owner.user.id,
      params: { sceneId: scene, kind: "audio" },
      body: wav(),
      originalName: "bed.wav",
    });
    expect((await act(mine.id, { intent: "scene-media", sceneId: other.scenes[0].id, field: "backgroundMusic", ref: track.ref })).status).toBe(404);
    expect((await act(mine.id, { intent: "generate-music", sceneId: other.scenes[0].id })).status).toBe(404);
    expect(await musicOf(other.scenes[0].id)).toBeNull();
    const picture = await storeFile({
      bucket: "canvas-assets",
      ownerId: owner.user.id,
      params: { sceneId: scene, kind: "image" },
      body: png(),
      originalName: "p.png",
    });
    expect((await act(mine.id, { intent: "scene-media", sceneId: scene, field: "backgroundMusic", ref: picture.ref })).status).toBe(400);
    expect(await musicOf(scene)).toBeNull();

    const uploaded = await act(mine.id, { intent: "scene-media", sceneId: scene, field: "backgroundMusic", ref: track.ref });
    expect(uploaded.body).toMatchObject({ ok: true, message: "Background music uploaded successfully" });
    expect(await musicOf(scene)).toBe(track.url);
    const view = await run<{ scenes: { id: string; backgroundMusicUrl: string | null }[] }>(
      editorLoader,
      get(`${editorPath(mine.id)}?scene=${scene}`, admin.cookie),
      { projectId: mine.id },
    );
    expect(view.scenes.find((s) => s.id === scene)?.backgroundMusicUrl).toBe(track.url);

    const composed = await act(mine.id, { intent: "generate-music", sceneId: scene });
    expect(composed.body).toMatchObject({ ok: true, message: "Background music generated" });
    const url = await musicOf(scene);
    expect(url).not.toBe(track.url);
    const key = url!.replace(/^\/resources\/files\/canvas-assets\//, "");
    expect(await prisma.storedObject.findUniqueOrThrow({ where: { bucket_key: { bucket: "canvas-assets", key } } })).toMatchObject({
      ownerId: owner.user.id,
      contentType: expect.stringMatching(/^audio\//),
    });
  }, 60_000);

  it("refuses the new actions to non-admins (403) and compiles only a project that is there (404 otherwise, nothing charged)", async () => {
    const attempts: Record<string, string>[] = [
      { intent: "generate-music", sceneId },
      { intent: "compile", format: "mp4" },
      { intent: "generate", sceneId, step: "voice-over" },
    ];
    for (const fields of attempts) {
      expect((await run<Response>(editorAction, post(editorPath(projectId), fields, owner.cookie), { projectId })).status).toBe(403);
    }
    const missing = "c000000000000000000000000";
    const res = unwrap<CanvasActionData>(
      await run(editorAction, post(editorPath(missing), { intent: "compile", format: "mp4" }, admin.cookie), { projectId: missing }),
    );
    expect(res.status).toBe(404);
    const bad = unwrap<CanvasActionData>(
      await run(editorAction, post(editorPath(projectId), { intent: "compile", format: "avi" }, admin.cookie), { projectId }),
    );
    expect(bad.status).toBe(400);
    expect(await prisma.compileJob.count({ where: { projectId } })).toBe(0);
    expect(await prisma.workCharge.count({ where: { userId: { in: [admin.user.id, owner.user.id] } } })).toBe(0);
  });
});

describe("/canvas/:projectId without JavaScript (docs/decisions/210-canvas-editor-without-javascript.md)", () => {
  const multipart = (
    path: string,
    fields: Record<string, string>,
    files: { field: string; name: string; type: string; body: Uint8Array }[],
    cookie: string,
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.body)], { type: f.type }), f.name);
    return new Request(new URL(path, "http://localhost"), { method: "POST", body: form, headers: { Cookie: cookie } });
  };

  it("prices the ?confirm= step in the loader, with the rules' blocks", async () => {
    const project = await createProject(actorFromUser({ id: owner.user.id, isAdmin: false }, "web"), {
      title: "Confirm me",
      scenes: [{ title: "One", script: "Hello there.", voiceOverText: "Hello there." }],
    });
    const scene = project.scenes[0].id;
    type View = { quote: { step: string; sceneId: string; credits: number; blocked: string | null; regenerate: boolean } | null };
    const voice = await run<View>(editorLoader, get(`${editorPath(project.id)}?scene=${scene}&confirm=voice-over`, admin.cookie), { projectId: project.id });
    expect(voice.quote).toMatchObject({ step: "voice-over", sceneId: scene, credits: 0.4, blocked: null, regenerate: false });
    const image = await run<View>(editorLoader, get(`${editorPath(project.id)}?scene=${scene}&confirm=image`, admin.cookie), { projectId: project.id });
    expect(image.quote?.blocked).toBe("The scene has no image prompt");
    const none = await run<View>(editorLoader, get(`${editorPath(project.id)}?scene=${scene}&confirm=music`, admin.cookie), { projectId: project.id });
    expect(none.quote).toBeNull();
  });

  it("stores the main image and several assets posted as multipart; a wrong type, no file or a non-admin changes nothing", async () => {
    const project = await createProject(actorFromUser({ id: owner.user.id, isAdmin: false }, "web"), { title: "Multipart" });
    const path = editorPath(project.id);
    const send = async (fields: Record<string, string>, files: Parameters<typeof multipart>[2], cookie = admin.cookie) =>
      run(editorAction, multipart(path, fields, files, cookie), { projectId: project.id });

    expect(
      ((await send({ intent: "add-assets" }, [{ field: "assets", name: "a.png", type: "image/png", body: png() }], owner.cookie)) as Response).status,
    ).toBe(403);
    const wrong = unwrap<CanvasActionData>(await send({ intent: "main-image" }, [{ field: "mainImage", name: "song.wav", type: "audio/wav", body: wav() }]));
    expect(wrong.status).toBe(415);
    expect(wrong.body.error).toMatch(/^Failed to update the main project image: /);
    const empty = unwrap<CanvasActionData>(await send({ intent: "add-assets" }, []));
    expect(empty.status).toBe(400);
    expect(await listProjectAssets(actorFromUser({ id: admin.user.id, isAdmin: true }, "web"), project.id)).toHaveLength(0);
    expect((await prisma.project.findUniqueOrThrow({ where: { id: project.id } })).mainProductImageUrl).toBeNull();

    const main = unwrap<CanvasActionData>(
      await send({ intent: "main-image" }, [{ field: "mainImage", name: "product.png", type: "image/png", body: png(6, 6) }]),
    );
    expect(main.body).toMatchObject({ ok: true, message: "Main project image updated successfully" });
    expect((await prisma.project.findUniqueOrThrow({ where: { id: project.id } })).mainProductImageUrl).toBeTruthy();
    const added = unwrap<CanvasActionData>(
      await send({ intent: "add-assets" }, [
        { field: "assets", name: "logo.png", type: "image/png", body: png() },
        { field: "assets", name: "jingle.wav", type: "audio/wav", body: wav() },
      ]),
    );
    expect(added.body).toMatchObject({ ok: true, message: "2 asset(s) uploaded successfully." });
    const assets = await listProjectAssets(actorFromUser({ id: admin.user.id, isAdmin: true }, "web"), project.id);
    expect(assets.map((a) => [a.name, a.type])).toEqual([
      ["logo.png", "image"],
      ["jingle.wav", "audio"],
    ]);
    const missing = "c000000000000000000000000";
    const gone = await run(
      editorAction,
      multipart(editorPath(missing), { intent: "add-assets" }, [{ field: "assets", name: "a.png", type: "image/png", body: png() }], admin.cookie),
      { projectId: missing },
    );
    expect(unwrap<CanvasActionData>(gone).status).toBe(404);
  });
});
