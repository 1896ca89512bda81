// Data for the video projects e2e spec, made through the core against the e2e server's own
// database and storage (scripts/e2e.mjs passes E2E_PG_PORT and E2E_DATA_DIR). Run with tsx:
//   tsx tests/e2e/support/video-projects-data.ts photo <projectId>  -> sets the project's main product image
import { EMBEDDED_PASSWORD, EMBEDDED_USER } from "../../../server/database.ts";
import { productPhoto } from "../../providers/fixtures.ts";

const port = process.env.E2E_PG_PORT;
if (!port || !process.env.E2E_DATA_DIR) throw new Error("Run through scripts/e2e.mjs (E2E_PG_PORT and E2E_DATA_DIR are not set)");
process.env.DATABASE_URL = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/reelforge`;
process.env.DATA_DIR = process.env.E2E_DATA_DIR;
process.env.SESSION_SECRET ??= "e2e-support-script-0123456789abcdef";
process.env.NODE_ENV ??= "test";

const { actorForUserId } = await import("~/models/access");
const { getProject, updateProject } = await import("~/models/projects/project.server");
const { storeFile } = await import("~/models/files/stored-files.server");
const { prisma } = await import("~/utils/db.server");

/** The project's main product image (the management page has no upload for it yet): acts as its owner. */
async function photo(projectId: string) {
  const row = await prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: { userId: true } });
  const actor = await actorForUserId(row.userId, "web");
  if (!actor) throw new Error("The project's owner is missing");
  const file = await storeFile({
    bucket: "product-photos",
    ownerId: actor.id,
    body: await productPhoto({ width: 400, height: 520 }),
    originalName: "product.jpg",
  });
  await updateProject(actor, projectId, { mainProductImageUrl: file.ref });
  return { ok: Boolean(await getProject(actor, projectId)) };
}

try {
  const [command, projectId] = process.argv.slice(2);
  if (command !== "photo" || !projectId) throw new Error(`unknown command ${command}`);
  process.stdout.write(`${JSON.stringify(await photo(projectId))}\n`);
} finally {
  await prisma.$disconnect();
}
