// Data for the admin area e2e spec, made through the core against the e2e server's own database
// (scripts/e2e.mjs passes E2E_PG_PORT and E2E_DATA_DIR; docs/decisions/157-e2e-data-through-the-core.md).
//   tsx tests/e2e/support/admin-area-data.ts owner   -> {"email", "password", "projectId", "sceneIds"}
// The owner is a second admin (the editors are admin-only), so they can watch their project on
// /canvas/{id} while the demo admin updates it.
import { EMBEDDED_PASSWORD, EMBEDDED_USER } from "../../../server/database.ts";

const port = process.env.E2E_PG_PORT;
if (!port || !process.env.E2E_DATA_DIR) throw new Error("Run through scripts/e2e.mjs (E2E_PG_PORT and E2E_DATA_DIR are not set)");
process.env.DATABASE_URL = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/reelforge`;
process.env.DATA_DIR = process.env.E2E_DATA_DIR;
process.env.SESSION_SECRET ??= "e2e-support-script-0123456789abcdef";
process.env.NODE_ENV ??= "test";

const { actorForUserId, createUserWithPassword, ensureProfile, verifyLogin } = await import("~/models/access");
const { addAdmin } = await import("~/models/admin/admin-users.server");
const { createProject } = await import("~/models/projects/project.server");

async function owner() {
  const stamp = Date.now().toString(36);
  const email = `owner-${stamp}@example.com`;
  const password = "owner-pass-1234";
  const created = await createUserWithPassword(email, password);
  if (!created.ok) throw new Error("could not create the owner");
  const self = await actorForUserId(created.userId, "web");
  if (!self) throw new Error("user missing");
  await ensureProfile(self);
  const adminId = await verifyLogin("admin@example.com", "demo1234");
  const admin = adminId ? await actorForUserId(adminId, "admin") : null;
  if (!admin) throw new Error("The demo admin is missing (the e2e server seeds it)");
  const granted = await addAdmin(admin, created.userId);
  if (!granted.ok) throw new Error(granted.message);
  const actor = await actorForUserId(created.userId, "web");
  if (!actor) throw new Error("owner missing");
  const project = await createProject(actor, {
    title: `Owner project ${stamp}`,
    scenes: [
      { title: "Opening", script: "Morning light on the serum bottle.", voiceOverText: "Meet the serum." },
      { title: "Close", script: "Order yours today.", voiceOverText: "Order yours today." },
    ],
  });
  return { email, password, userId: created.userId, projectId: project.id, sceneIds: project.scenes.map((s) => s.id) };
}

try {
  const [command] = process.argv.slice(2);
  const result = command === "owner" ? await owner() : null;
  if (!result) throw new Error(`unknown command ${command}`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
