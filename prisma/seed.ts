// Reference data (always) and demo data (development only). Idempotent: safe on every start.
import { systemActor } from "~/models/access";
import { grantCredits, VIDEO_COST_CREDITS } from "~/models/billing";
import { prisma } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";

export const PLANS = [
  { name: "BASIC", credits: 20, price: 600, billing: "One-time", features: ["AI Video: 20 credits"], sortOrder: 1 },
  { name: "PRO", credits: 100, price: 2499, billing: "One-time", features: ["AI Video: 20 credits", "Priority Support"], sortOrder: 2 },
];

/** Voice id 1 is the default voice (docs/product.md#create-video). providerVoice names the local TTS voice. */
export const VOICES = [
  { id: 1, name: "Ava (English, female)", providerVoice: "slt", language: "en" },
  { id: 2, name: "Noah (English, male)", providerVoice: "rms", language: "en" },
  { id: 3, name: "Leo (English, male, deep)", providerVoice: "awb", language: "en" },
  { id: 4, name: "Kabir (English, Indian accent)", providerVoice: "kal", language: "en" },
  { id: 5, name: "Priya (Hindi)", providerVoice: "hi", language: "hi" },
];

export const STORY_TYPES = [
  { id: 1, name: "Product Showcase", details: { palette: ["#1e1b4b", "#7c3aed", "#f5f3ff"], mood: "confident" } },
  { id: 2, name: "UGC Testimonial", details: { palette: ["#fff7ed", "#fb923c", "#7c2d12"], mood: "warm" } },
  { id: 3, name: "Unboxing", details: { palette: ["#f0fdf4", "#22c55e", "#14532d"], mood: "playful" } },
  { id: 4, name: "Problem / Solution", details: { palette: ["#0f172a", "#38bdf8", "#e0f2fe"], mood: "dramatic" } },
  { id: 5, name: "Lifestyle", details: { palette: ["#fdf2f8", "#ec4899", "#831843"], mood: "upbeat" } },
];

export async function seedReferenceData(): Promise<void> {
  for (const plan of PLANS) {
    await prisma.plan.upsert({ where: { name: plan.name }, update: plan, create: plan });
  }
  for (const voice of VOICES) {
    await prisma.voice.upsert({ where: { id: voice.id }, update: voice, create: voice });
  }
  for (const type of STORY_TYPES) {
    await prisma.storyType.upsert({ where: { id: type.id }, update: type, create: type });
  }
  // Explicit ids above: move the sequences past them so new rows do not collide.
  await prisma.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('voices','id'), GREATEST((SELECT MAX(id) FROM voices), 1))`);
  await prisma.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('story_type','id'), GREATEST((SELECT MAX(id) FROM story_type), 1))`);
}

export const DEMO_ANNOUNCEMENT = {
  title: "Welcome to Reelforge",
  // Honest about money (ADR 261): a new account starts with 0 credits; only the demo accounts come with some.
  content:
    `Turn a script and a product photo into a short video ad for ${VIDEO_COST_CREDITS} credits. The demo accounts come with ` +
    "credits to try it; a new account starts with 0 credits and can buy a pack on Plans & Billing (the code WELCOME10 " +
    "takes 10% off one purchase).",
};

/** What earlier versions of the demo announcement promised: credits that a new account never got. */
const BROKEN_PROMISES = ["Turn a script and a product photo into a short video ad. Your first videos are on us in the demo."];

/** The demo's welcome announcement: created once; an installation seeded with the old promise gets the honest text. */
export async function seedDemoAnnouncement(): Promise<void> {
  const { title, content } = DEMO_ANNOUNCEMENT;
  await prisma.announcement.updateMany({ where: { title, content: { in: BROKEN_PROMISES } }, data: { content } });
  if (!(await prisma.announcement.findFirst({ where: { title } }))) {
    await prisma.announcement.create({
      data: { title, content, type: "info", active: true, endDate: new Date(Date.now() + 365 * 24 * 3600 * 1000) },
    });
  }
}

export type DemoAccount = { role: "admin" | "user"; email: string; password: string };

function demoEmails(): { admin: string; user: string } {
  return { admin: process.env.DEMO_ADMIN_EMAIL || "admin@example.com", user: process.env.DEMO_USER_EMAIL || "user@example.com" };
}

/** The demo accounts (by their e-mail) whose password is still `password`. */
export async function demoAccountsWithPassword(password: string): Promise<string[]> {
  const { admin, user } = demoEmails();
  const rows = await prisma.user.findMany({ where: { email: { in: [admin, user] } }, select: { email: true, password: { select: { hash: true } } } });
  const found: string[] = [];
  for (const row of rows) if (row.email && row.password && (await verifyPassword(password, row.password.hash))) found.push(row.email);
  return found;
}

export async function seedDemoData(): Promise<DemoAccount[]> {
  const password = process.env.DEMO_PASSWORD || "demo1234";
  const emails = demoEmails();
  const accounts: Array<DemoAccount & { username: string; credits: number }> = [
    { role: "admin", email: emails.admin, password, username: "admin", credits: 200 },
    { role: "user", email: emails.user, password, username: "demo_user", credits: 100 },
  ];
  for (const account of accounts) {
    const existing = await prisma.user.findUnique({ where: { email: account.email }, select: { id: true } });
    if (existing) continue;
    const user = await prisma.user.create({
      data: {
        email: account.email,
        password: { create: { hash: await hashPassword(account.password) } },
        profile: { create: { username: account.username } },
        ...(account.role === "admin" ? { admin: { create: {} } } : {}),
      },
    });
    await grantCredits(systemActor("seed"), { userId: user.id, delta: account.credits, reference: "demo-seed", note: "Demo credits" });
  }

  await seedDemoAnnouncement();
  await prisma.discountCode.upsert({
    where: { code: "WELCOME10" },
    update: {},
    create: { code: "WELCOME10", discountPercentage: 10, validUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000) },
  });
  return accounts.map(({ role, email, password: pw }) => ({ role, email, password: pw }));
}
