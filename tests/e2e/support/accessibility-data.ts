// Data for the accessibility e2e spec, made through the core against the e2e server's own database
// and storage (scripts/e2e.mjs passes E2E_PG_PORT and E2E_DATA_DIR;
// docs/decisions/157-e2e-data-through-the-core.md). Run with tsx:
//   tsx tests/e2e/support/accessibility-data.ts setup
//     -> {"empty": {email, password}, "customer": {email, password, userId}, "full": {email, password, userId, projectId, sceneIds}, "orderLink"}
// "empty" has nothing yet (the empty dashboard); "customer" has 100 credits for custom orders; "full" is an admin with 100 credits, a ready and a failed video,
// a notification, a staff message and a project (the editors are admin-only), and "orderLink" is the
// access code of an active custom order link.
import { EMBEDDED_PASSWORD, EMBEDDED_USER } from "../../../server/database.ts";
import { mp4, png } from "../../fixtures/storage-media.ts";

const port = process.env.E2E_PG_PORT;
if (!port || !process.env.E2E_DATA_DIR) throw new Error("Run through scripts/e2e.mjs (E2E_PG_PORT and E2E_DATA_DIR are not set)");
process.env.DATABASE_URL = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/reelforge`;
process.env.DATA_DIR = process.env.E2E_DATA_DIR;
process.env.SESSION_SECRET ??= "e2e-support-script-0123456789abcdef";
process.env.NODE_ENV ??= "test";

const { actorForUserId, createUserWithPassword, ensureProfile, verifyLogin } = await import("~/models/access");
const { addAdmin } = await import("~/models/admin/admin-users.server");
const { createProject } = await import("~/models/projects/project.server");
const { storeFile } = await import("~/models/files/stored-files.server");
const { createQueuedStoryInTx, markStoryReady, markStoryFailed } = await import("~/models/stories/stories.server");
const { createNotification } = await import("~/models/content/notification.server");
const { sendMessage } = await import("~/models/messaging/staff-messages.server");
const { createOrderLink } = await import("~/models/orders/order-links.server");
const { applyCreditChange } = await import("~/models/billing/credits.server");
const { prisma } = await import("~/utils/db.server");

const PASSWORD = "a11y-pass-1234";

async function newUser(label: string) {
  const email = `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const created = await createUserWithPassword(email, PASSWORD);
  if (!created.ok) throw new Error(`could not create ${label}`);
  const self = await actorForUserId(created.userId, "web");
  if (!self) throw new Error("user missing");
  await ensureProfile(self);
  return { email, password: PASSWORD, userId: created.userId };
}

async function setup() {
  const adminId = await verifyLogin("admin@example.com", "demo1234");
  const admin = adminId ? await actorForUserId(adminId, "admin") : null;
  if (!admin) throw new Error("The demo admin is missing (the e2e server seeds it)");

  const empty = await newUser("a11y-empty");
  const full = await newUser("a11y-full");
  const granted = await addAdmin(admin, full.userId);
  if (!granted.ok) throw new Error(granted.message);
  const actor = await actorForUserId(full.userId, "web");
  if (!actor) throw new Error("user missing");
  await applyCreditChange({ userId: actor.id, delta: 100, reason: "admin_grant", reference: `a11y-e2e-${actor.id}`, note: "Accessibility e2e" });

  // A ready video with its poster, and a failed one.
  const story = {
    userId: actor.id,
    source: "a11y",
    readyToGo: false,
    voiceId: 1,
    storyTypeId: null,
    productImageUrl: null,
    backgroundMusicUrl: null,
    creditsCharged: 0,
  };
  const [ready, failed] = await prisma.$transaction(async (tx) => [await createQueuedStoryInTx(tx, story), await createQueuedStoryInTx(tx, story)]);
  const video = await storeFile({ bucket: "renders", ownerId: actor.id, body: mp4(), originalName: "final.mp4" });
  const poster = await storeFile({ bucket: "renders", ownerId: actor.id, body: png(72, 128), originalName: "poster.png" });
  await markStoryReady(actor, ready.id, {
    finalVideoWithMusic: video.ref,
    posterUrl: poster.ref,
    seoTitle: "Morning serum",
    instagramHashtags: ["serum", "skincare"],
  });
  await markStoryFailed(actor, failed.id, "The voice could not be generated.");

  await createNotification({ userId: actor.id, type: "a11y", title: "Your video is ready", body: "Morning serum is ready to watch.", link: "/dashboard" });

  const project = await createProject(actor, {
    title: `A11y project ${Date.now().toString(36)}`,
    scenes: [
      { title: "Opening", script: "Morning light on the serum bottle.", voiceOverText: "Meet the serum." },
      { title: "Routine", script: "Two drops every morning.", voiceOverText: "Two drops, every morning." },
      { title: "Close", script: "Order yours today.", voiceOverText: "Order yours today." },
    ],
  });
  const sent = await sendMessage(admin, { userId: actor.id, message: "Hello from the team", projectId: project.id });
  if (!sent.ok) throw new Error(sent.message);

  // The user who places custom orders (20 credits each): its own account, so the demo user's
  // balance stays what the other specs expect.
  const customer = await newUser("a11y-customer");
  await applyCreditChange({ userId: customer.userId, delta: 100, reason: "admin_grant", reference: `a11y-e2e-${customer.userId}`, note: "Accessibility e2e" });

  const link = await createOrderLink(admin, { title: "Spring promo videos", description: "Three short product videos.", creditsAmount: 30 });
  return { empty, customer, full: { ...full, projectId: project.id, sceneIds: project.scenes.map((s) => s.id) }, orderLink: link.accessCode };
}

try {
  const [command] = process.argv.slice(2);
  const result = command === "setup" ? await setup() : null;
  if (!result) throw new Error(`unknown command ${command}`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
