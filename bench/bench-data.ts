// The benchmark's data, made through the core against the bench database (DATABASE_URL and
// DATA_DIR must be set before this module loads: the database client reads them on import):
// a user with dashboard items, an admin with custom orders to look at, editor projects with
// scenes, session cookies and a personal access token. Dashboard items are inserted as finished
// rows (as tests/integration/dashboard-query-count.test.ts does): making 50 finished videos
// through the workflow would take the renders the end-to-end bench measures separately.
import { randomBytes } from "node:crypto";
import { type Actor, actorForUserId, createApiToken, createUserWithPassword, ensureProfile, systemActor } from "~/models/access";
import { grantCredits } from "~/models/billing";
import { createCustomOrder, newOrderId, orderUploadTarget } from "~/models/orders";
import { createProject } from "~/models/projects";
import { storeFile } from "~/models/files";
import { prisma } from "~/utils/db.server";
import { sessionStorage, USER_SESSION_KEY } from "~/utils/session.server";
import { png } from "../tests/fixtures/storage-media.ts";

export type BenchAccount = { id: string; email: string; password: string; cookie: string; actor: Actor };

/** A signed session cookie for `userId` (a row in the sessions table, as signing in makes). */
export async function sessionCookie(userId: string): Promise<string> {
  const session = await sessionStorage().getSession();
  session.set(USER_SESSION_KEY, userId);
  return (await sessionStorage().commitSession(session)).split(";")[0];
}

export async function newAccount(label: string, opts: { admin?: boolean; credits?: number } = {}): Promise<BenchAccount> {
  const email = `${label}-${randomBytes(4).toString("hex")}@bench.local`;
  const password = randomBytes(12).toString("hex");
  const created = await createUserWithPassword(email, password);
  if (!created.ok) throw new Error(`could not create ${email}`);
  // The first admin of a fresh database is made the way prisma/seed.ts makes the demo admin.
  if (opts.admin) await prisma.user.update({ where: { id: created.userId }, data: { admin: { create: {} } } });
  if (opts.credits)
    await grantCredits(systemActor("bench"), { userId: created.userId, delta: opts.credits, reference: `bench-${label}`, note: "Bench credits" });
  const actor = await actorForUserId(created.userId, "web");
  if (!actor) throw new Error("account missing");
  await ensureProfile(actor);
  return { id: created.userId, email, password, cookie: await sessionCookie(created.userId), actor };
}

/** Tops the user's dashboard up to `n` stories, `n` images and `n` videos (finished, public). */
export async function fillDashboard(userId: string, n: number): Promise<void> {
  const have = await prisma.story.count({ where: { userId } });
  const add = n - have;
  if (add <= 0) return;
  const type = await prisma.storyType.findFirst({ select: { id: true } });
  const base = Date.now() - 10_000_000;
  const range = Array.from({ length: add }, (_, k) => have + k);
  await prisma.story.createMany({
    data: range.map((i) => ({
      userId,
      source: `Bench story ${i}: a steel bottle that keeps water cold all day.`,
      seoTitle: `Bench story ${i}`,
      instagramHashtags: ["bottle", "summer"],
      storyTypeId: type?.id ?? null,
      isPublic: true,
      status: "ready" as const,
      finalVideoWithMusic: i % 2 ? `renders/bench/${i}.mp4` : null,
      createdAt: new Date(base + i * 1000),
    })),
  });
  await prisma.imageGenerationJob.createMany({
    data: range.map((i) => ({ userId, prompt: `Bench image ${i}`, metadata: { seo_title: `Image ${i}` }, createdAt: new Date(base + i * 1000 + 1) })),
  });
  await prisma.videoGenerationJob.createMany({
    data: range.map((i) => ({
      userId,
      prompt: `Bench video ${i}`,
      visibility: "public" as const,
      resultUrl: `renders/bench/v${i}.mp4`,
      createdAt: new Date(base + i * 1000 + 2),
    })),
  });
}

/** Tops the custom orders up to `n`, each placed by `customer` through the core (20 credits, one image). */
export async function fillOrders(customer: BenchAccount, n: number): Promise<void> {
  const have = await prisma.customOrder.count();
  for (let i = have; i < n; i++) {
    const orderId = newOrderId();
    const file = await storeFile({ ...orderUploadTarget(orderId, customer.id), body: png(32, 32), originalName: `brief-${i}.png` });
    await createCustomOrder(customer.actor, { orderId, remark: `Bench order ${i}: a 15 second reel for the summer sale.`, files: [file] });
  }
}

/** An editor project of `owner` with `scenes` scenes. */
export async function benchProject(owner: BenchAccount, scenes: number): Promise<string> {
  const project = await createProject(owner.actor, {
    title: `Bench project (${scenes} scenes)`,
    description: "A steel bottle ad.",
    scenes: Array.from({ length: scenes }, (_, i) => ({
      title: `Scene ${i + 1}`,
      script: `Scene ${i + 1}: morning light on the bottle, condensation on the steel.`,
      voiceOverText: `Meet Aurora, scene ${i + 1}.`,
      duration: 5,
    })),
  });
  return project.id;
}

export async function benchToken(owner: BenchAccount): Promise<string> {
  return (await createApiToken(owner.actor, { name: `bench ${Date.now().toString(36)}` })).token;
}
