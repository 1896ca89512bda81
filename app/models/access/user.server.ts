// Users, profiles and sign-in identities.
import { randomBytes } from "node:crypto";
import { Prisma, prisma } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";

export type SessionUser = {
  id: string;
  email: string | null;
  phone: string | null;
  username: string | null;
  avatarKey: string | null;
  isAdmin: boolean;
  credits: number;
};

export async function getSessionUserById(id: string): Promise<SessionUser | null> {
  const user = await prisma.user.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      phone: true,
      profile: { select: { username: true, avatarKey: true } },
      admin: { select: { userId: true } },
      creditAccount: { select: { balance: true } },
    },
  });
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    username: user.profile?.username ?? null,
    avatarKey: user.profile?.avatarKey ?? null,
    isAdmin: Boolean(user.admin),
    credits: user.creditAccount ? Number(user.creditAccount.balance) : 0,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// ───────────── sign-up and sign-in identities (ADR 010) ─────────────

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export { ensureProfile } from "./profile.server";

/** Whether a user with this id exists. */
export async function userExists(userId: string): Promise<boolean> {
  return Boolean(userId) && (await prisma.user.count({ where: { id: userId } })) > 0;
}

/** The id of the user with this e-mail address (any case), or null (the `npm run token` script). */
export async function findUserIdByEmail(email: string): Promise<string | null> {
  if (typeof email !== "string" || !email.trim()) return null;
  const user = await prisma.user.findUnique({ where: { email: normalizeEmail(email) }, select: { id: true } });
  return user?.id ?? null;
}

export type CreateUserResult = { ok: true; userId: string } | { ok: false; code: "email_taken" };

/** E-mail sign-up. The e-mail is stored lower-cased; the password only as a scrypt hash. */
export async function createUserWithPassword(email: string, password: string): Promise<CreateUserResult> {
  const normalized = normalizeEmail(email);
  const hash = await hashPassword(password);
  try {
    const user = await prisma.user.create({
      data: { email: normalized, password: { create: { hash } }, profile: { create: {} } },
      select: { id: true },
    });
    return { ok: true, userId: user.id };
  } catch (error) {
    // The unique index decides, so two simultaneous sign-ups cannot both win.
    if (isUniqueViolation(error)) return { ok: false, code: "email_taken" };
    throw error;
  }
}

export async function emailExists(email: string): Promise<boolean> {
  return (await prisma.user.count({ where: { email: normalizeEmail(email) } })) > 0;
}

// A valid hash of a random password: verifying against it costs the same as a real check, so
// the response time does not tell whether an e-mail has an account.
let dummyHash: Promise<string> | null = null;

/** The user id when the e-mail has a password and it matches, else null. */
export async function verifyLogin(email: string, password: string): Promise<string | null> {
  const user = await prisma.user.findUnique({
    where: { email: normalizeEmail(email) },
    select: { id: true, password: { select: { hash: true } } },
  });
  if (!user?.password) {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, user.password.hash)) ? user.id : null;
}

/** Phone sign-in creates the account on first use (user.phone is unique). */
export async function findOrCreateUserByPhone(phone: string): Promise<{ userId: string; created: boolean }> {
  const existing = await prisma.user.findUnique({ where: { phone }, select: { id: true } });
  if (existing) return { userId: existing.id, created: false };
  try {
    const user = await prisma.user.create({ data: { phone, profile: { create: {} } }, select: { id: true } });
    return { userId: user.id, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await prisma.user.findUniqueOrThrow({ where: { phone }, select: { id: true } });
    return { userId: raced.id, created: false };
  }
}

export const GOOGLE_PROVIDER = "google";

export type GoogleIdentity = { subject: string; email: string | null; emailVerified: boolean };

export type GoogleUserResult = { ok: true; userId: string; created: boolean; linked: boolean } | { ok: false; code: "email_unverified_conflict" };

/**
 * Finds the user for a Google identity: by the Connection for Google's subject first; else an
 * existing user with the same e-mail, linked only when Google says the e-mail is verified;
 * else a new user (with the e-mail only when it is verified, so an unverified address cannot
 * later block its real owner).
 */
export async function findOrCreateUserFromGoogle(identity: GoogleIdentity): Promise<GoogleUserResult> {
  const where = { provider_providerId: { provider: GOOGLE_PROVIDER, providerId: identity.subject } };
  const connection = await prisma.connection.findUnique({ where, select: { userId: true } });
  if (connection) return { ok: true, userId: connection.userId, created: false, linked: false };

  const email = identity.email ? normalizeEmail(identity.email) : null;
  const byEmail = email ? await prisma.user.findUnique({ where: { email }, select: { id: true } }) : null;
  try {
    if (byEmail) {
      if (!identity.emailVerified) return { ok: false, code: "email_unverified_conflict" };
      await prisma.connection.create({
        data: { provider: GOOGLE_PROVIDER, providerId: identity.subject, userId: byEmail.id },
      });
      return { ok: true, userId: byEmail.id, created: false, linked: true };
    }
    const user = await prisma.user.create({
      data: {
        email: identity.emailVerified ? email : null,
        profile: { create: {} },
        connections: { create: { provider: GOOGLE_PROVIDER, providerId: identity.subject } },
      },
      select: { id: true },
    });
    return { ok: true, userId: user.id, created: true, linked: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A parallel callback for the same subject (or e-mail) won the race: use its result.
    const again = await prisma.connection.findUnique({ where, select: { userId: true } });
    if (again) return { ok: true, userId: again.userId, created: false, linked: false };
    throw error;
  }
}
