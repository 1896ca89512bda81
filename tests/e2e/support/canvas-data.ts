// Data for the project canvas e2e spec, made through the core against the e2e server's own
// database and storage (scripts/e2e.mjs passes E2E_PG_PORT and E2E_DATA_DIR). Run with tsx:
//   tsx tests/e2e/support/canvas-data.ts create        -> {"projectId", "sceneIds"} on stdout
//   tsx tests/e2e/support/canvas-data.ts rename <projectId> <sceneId> <title>
import { EMBEDDED_PASSWORD, EMBEDDED_USER } from "../../../server/database.ts";
import { mp4, png } from "../../fixtures/storage-media.ts";

const port = process.env.E2E_PG_PORT;
if (!port || !process.env.E2E_DATA_DIR) throw new Error("Run through scripts/e2e.mjs (E2E_PG_PORT and E2E_DATA_DIR are not set)");
process.env.DATABASE_URL = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/reelforge`;
process.env.DATA_DIR = process.env.E2E_DATA_DIR;
// The app's configuration wants one; this script makes no sessions.
process.env.SESSION_SECRET ??= "e2e-support-script-0123456789abcdef";
process.env.NODE_ENV ??= "test";

// After the environment is set: the database client reads DATABASE_URL when it loads.
const { actorForUserId, verifyLogin } = await import("~/models/access");
const { createProject } = await import("~/models/projects/project.server");
const { updateScene } = await import("~/models/projects/scenes.server");
const { storeFile } = await import("~/models/files/stored-files.server");
const { prisma } = await import("~/utils/db.server");

/** The demo user (not an admin): the admin opens someone else's project. */
async function demoUser() {
  const id = await verifyLogin("user@example.com", "demo1234");
  const actor = id ? await actorForUserId(id, "web") : null;
  if (!actor) throw new Error("The demo user is missing (the e2e server seeds it)");
  return actor;
}

async function create() {
  const actor = await demoUser();
  const project = await createProject(actor, {
    title: `Canvas e2e ${Date.now().toString(36)}`,
    scenes: [
      { title: "Morning routine", script: "Mornings are hard.", voiceOverText: "Mornings are hard." },
      { title: "", script: "Meet the serum.", voiceOverText: "Meet the serum." },
      { title: "Order today", script: "Order yours today.", voiceOverText: "Order yours today." },
    ],
  });
  const [first, , third] = project.scenes;
  const image = await storeFile({
    bucket: "canvas-assets",
    ownerId: actor.id,
    params: { sceneId: first.id, kind: "image" },
    body: png(64, 64),
    originalName: "scene.png",
  });
  const video = await storeFile({
    bucket: "canvas-assets",
    ownerId: actor.id,
    params: { sceneId: first.id, kind: "video" },
    body: mp4(),
    originalName: "scene.mp4",
  });
  await updateScene(actor, project.id, first.id, { imageUrl: image.url, videoUrl: video.url });
  const broken = await storeFile({
    bucket: "canvas-assets",
    ownerId: actor.id,
    params: { sceneId: third.id, kind: "image" },
    body: png(64, 64),
    originalName: "broken.png",
  });
  await updateScene(actor, project.id, third.id, { imageUrl: broken.url });
  return { projectId: project.id, sceneIds: project.scenes.map((s) => s.id), brokenImageUrl: broken.url };
}

async function rename(projectId: string, sceneId: string, title: string) {
  await updateScene(await demoUser(), projectId, sceneId, { title });
  return { ok: true };
}

try {
  const [command, ...args] = process.argv.slice(2);
  const result = command === "create" ? await create() : command === "rename" ? await rename(args[0], args[1], args[2]) : null;
  if (!result) throw new Error(`unknown command ${command}`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await prisma.$disconnect();
}
