// The brand's own photos and clips in the scene list editor (issue 23 item 1, ADR 330): a
// project's assets take photos and clips (checked by content, at most 8 photos and 4 clips, the
// message naming the file), and a scene's "Scene material" (posted without JavaScript) makes one
// of them the scene's source: its video is then the clip fitted to the scene, which the compile
// renders. Another project's asset is refused and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromUser, type Actor } from "~/models/access";
import { addProjectAssets, storeProjectUpload } from "~/models/projects";
import { createProject, getProjectWithScenes } from "~/models/projects/project.server";
import { runSceneAssetStep } from "~/models/generation/scene-assets.server";
import * as projectRoute from "~/routes/_shell.video-projects.$projectId";
import * as canvasRoute from "~/routes/_shell.canvas.$projectId";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { wav } from "../fixtures/storage-media";
import { fileOf } from "./pipeline-helpers";
import { get, run, post, unwrap } from "./dashboard-helpers";
import { CLIPS, clipBytes, framesOf, PHOTOS, photoBytes, shareOf } from "./own-media-fixtures";
import { multipart, newUser, useTempStorage } from "./storage-helpers";

type Result = { ok: boolean; intent: string; error?: string; message?: string; sceneId?: string };

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let owner: Awaited<ReturnType<typeof newUser>>;
let admin: Awaited<ReturnType<typeof newUser>>;
let ownerA: Actor;

beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
  owner = await newUser();
  admin = await newUser({ admin: true });
  ownerA = actorFromUser({ id: owner.user.id, isAdmin: false }, "web");
});
afterAll(async () => {
  await storage?.cleanup();
});

const path = (id: string) => `/video-projects/${id}`;

function ownersProject() {
  return createProject(ownerA, {
    title: "Teal serum",
    scenes: [
      { title: "Pour", script: "It pours like silk.", voiceOverText: "It pours like silk.", imagePrompt: "A serum bottle pouring" },
      { title: "End", script: "Try it today.", voiceOverText: "Try it today.", imagePrompt: "The bottle" },
    ],
  });
}

async function send(projectId: string, parts: Parameters<typeof multipart>[1]) {
  return unwrap<Result>(await run(projectRoute.action, multipart(`http://localhost${path(projectId)}`, parts, admin.cookie), { projectId }));
}

describe("a scene's own material in the scene list editor", () => {
  it(
    "adds a clip to the project without JavaScript, sets it as a scene's material, and the scene's video is the fitted clip",
    { timeout: 180_000 },
    async () => {
      const project = await ownersProject();
      const teal = CLIPS[1];
      const added = await send(project.id, [
        { name: "intent", value: "add-media" },
        { name: "media", value: { bytes: await clipBytes(teal), filename: teal.name, type: "video/mp4" } },
        { name: "media", value: { bytes: await photoBytes(PHOTOS[0]), filename: PHOTOS[0].name, type: "image/png" } },
      ]);
      expect(added.body).toMatchObject({ ok: true, intent: "add-media", message: "2 photo(s) or clip(s) added." });
      const assets = await prisma.projectAsset.findMany({ where: { projectId: project.id }, orderBy: { createdAt: "asc" } });
      expect(assets.map((a) => [a.type, a.name])).toEqual([
        ["video", teal.name],
        ["image", PHOTOS[0].name],
      ]);
      const scene = project.scenes[0];

      const chosen = unwrap<Result>(
        await run(projectRoute.action, post(path(project.id), { intent: "scene-material", sceneId: scene.id, assetId: assets[0].id }, admin.cookie), {
          projectId: project.id,
        }),
      );
      expect(chosen.body).toMatchObject({ ok: true, intent: "scene-material", sceneId: scene.id });
      expect(chosen.body.message).toContain("your clip");
      // The loader shows it (the badge and the control's choice).
      const page = unwrap<{ open: { scenes: { id: string; material: unknown }[]; media: { id: string; kind: string }[] } }>(
        await run(projectRoute.loader, get(path(project.id), admin.cookie), { projectId: project.id }),
      );
      expect(page.body.open.scenes[0].material).toEqual({ url: assets[0].url, kind: "clip" });
      expect(page.body.open.scenes[1].material).toBeNull();
      expect(page.body.open.media.map((m) => m.kind)).toEqual(["clip", "photo"]);

      // The scene's picture and video are made from the clip (what the compile renders for that scene).
      const target = { projectId: project.id, sceneId: scene.id };
      await runSceneAssetStep(ownerA, target, "image");
      await runSceneAssetStep(ownerA, target, "video");
      const after = (await getProjectWithScenes(ownerA, project.id)).scenes[0];
      expect(after.sourceMediaUrl).toBe(assets[0].url);
      const job = await prisma.videoGenerationJob.findFirst({ where: { sceneId: scene.id }, orderBy: { createdAt: "desc" } });
      expect(job?.provider).toBe("own-clip");
      const { frames } = await framesOf(fileOf(after.videoUrl), 4);
      expect(frames.length).toBeGreaterThan(0);
      for (const frame of frames) expect(shareOf(frame, teal.bg) + shareOf(frame, teal.disc, 60)).toBeGreaterThan(0.9);

      // "Generated picture" puts the scene back; its picture and video are then stale.
      const cleared = unwrap<Result>(
        await run(projectRoute.action, post(path(project.id), { intent: "scene-material", sceneId: scene.id, assetId: "" }, admin.cookie), {
          projectId: project.id,
        }),
      );
      expect(cleared.body.ok).toBe(true);
      expect((await prisma.scene.findUniqueOrThrow({ where: { id: scene.id } })).sourceMediaUrl).toBeNull();
    },
  );

  it("refuses another project's asset with 404 and changes nothing", async () => {
    const project = await ownersProject();
    const other = await newUser();
    const otherA = actorFromUser({ id: other.user.id, isAdmin: false }, "web");
    const theirs = await createProject(otherA, { title: "Theirs" });
    const file = await storeProjectUpload(otherA, theirs.id, { purpose: "asset", body: await photoBytes(PHOTOS[1]), originalName: "theirs.png" });
    const [asset] = await addProjectAssets(otherA, theirs.id, [{ ref: file.ref }]);
    const res = unwrap<Result>(
      await run(projectRoute.action, post(path(project.id), { intent: "scene-material", sceneId: project.scenes[0].id, assetId: asset.id }, admin.cookie), {
        projectId: project.id,
      }),
    );
    expect(res.status).toBe(404);
    expect(res.body.ok).toBe(false);
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: project.scenes[0].id } })).sourceMediaUrl).toBeNull();
  });

  it("refuses a 9th photo, naming it, and keeps none of its files", { timeout: 60_000 }, async () => {
    const project = await ownersProject();
    const bytes = await photoBytes(PHOTOS[2]);
    for (let i = 0; i < 8; i++) {
      const file = await storeProjectUpload(ownerA, project.id, { purpose: "asset", body: bytes, originalName: `p${i + 1}.png` });
      await addProjectAssets(ownerA, project.id, [{ ref: file.ref }]);
    }
    const storedBefore = await prisma.storedObject.count({ where: { ownerId: owner.user.id } });
    const res = await send(project.id, [
      { name: "intent", value: "add-media" },
      { name: "media", value: { bytes, filename: "ninth.png", type: "image/png" } },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('"ninth.png" was not added: a project can have at most 8 photos. Remove one first.');
    expect(await prisma.projectAsset.count({ where: { projectId: project.id } })).toBe(8);
    expect(await prisma.storedObject.count({ where: { ownerId: owner.user.id } })).toBe(storedBefore);
  });

  it("the canvas editor's scene panel sets and clears it too, through the same core call; an audio asset or another project's asset is refused", async () => {
    const project = await ownersProject();
    const scene = project.scenes[1];
    const file = await storeProjectUpload(ownerA, project.id, { purpose: "asset", body: await photoBytes(PHOTOS[3]), originalName: "orange.png" });
    const [asset] = await addProjectAssets(ownerA, project.id, [{ ref: file.ref }]);
    const canvas = (fields: Record<string, string>) =>
      run(canvasRoute.action, post(`/canvas/${project.id}?scene=${scene.id}&tab=scenes`, fields, admin.cookie), { projectId: project.id }).then((r) =>
        unwrap<Result>(r),
      );
    const set = await canvas({ intent: "scene-material", sceneId: scene.id, assetId: asset.id });
    expect(set.body).toMatchObject({ ok: true, intent: "scene-material" });
    expect(set.body.message).toContain("your photo");
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: scene.id } })).sourceMediaUrl).toBe(asset.url);
    const page = unwrap<{ scenes: { id: string; sourceMediaUrl: string | null }[] }>(
      await run(canvasRoute.loader, get(`/canvas/${project.id}?scene=${scene.id}`, admin.cookie), { projectId: project.id }),
    );
    expect(page.body.scenes.find((s) => s.id === scene.id)?.sourceMediaUrl).toBe(asset.url);

    const other = await ownersProject();
    const theirs = await storeProjectUpload(ownerA, other.id, { purpose: "asset", body: await photoBytes(PHOTOS[0]), originalName: "other.png" });
    const [otherAsset] = await addProjectAssets(ownerA, other.id, [{ ref: theirs.ref }]);
    const refused = await canvas({ intent: "scene-material", sceneId: scene.id, assetId: otherAsset.id });
    expect(refused.status).toBe(404);
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: scene.id } })).sourceMediaUrl).toBe(asset.url);

    const sound = await storeProjectUpload(ownerA, project.id, { purpose: "asset", body: wav(), originalName: "jingle.wav" });
    const [audio] = await addProjectAssets(ownerA, project.id, [{ ref: sound.ref }]);
    const notMedia = await canvas({ intent: "scene-material", sceneId: scene.id, assetId: audio.id });
    expect(notMedia.status).toBe(400);
    expect(notMedia.body.error).toBe("Choose one of this project's photos or clips.");
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: scene.id } })).sourceMediaUrl).toBe(asset.url);

    const cleared = await canvas({ intent: "scene-material", sceneId: scene.id, assetId: "" });
    expect(cleared.body.ok).toBe(true);
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: scene.id } })).sourceMediaUrl).toBeNull();
  });
});
