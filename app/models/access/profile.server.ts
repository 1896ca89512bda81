// Profiles: username and avatar (docs/product.md#profile-settings).
// Username rules, in order, on the normalised name (NFKC, invisible characters removed,
// trimmed; ADR 127): not empty; at least 3 characters; different from the current one; unique
// among other users ignoring case. Uniqueness is finally the database's unique index on the
// normalised, lower-cased name, so two users racing for the same name cannot both get it.
import { assertActor, NotFoundError, type Actor } from "~/models/access/actor.server";
import { mayAccess } from "~/models/access/permissions.server";
import { USERNAME_MIN_LENGTH } from "~/utils/constants";
import { Prisma, prisma } from "~/utils/db.server";
import { normalizeUsername, textLength, usernameKey } from "~/utils/text";

export const USERNAME_MAX_LENGTH = 50;

export const PROFILE_MESSAGES = {
  empty: "Username cannot be empty",
  tooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters long`,
  unchanged: "No changes to save",
  taken: "Username is already taken",
  takenRace: "This username is already taken. Please choose another one.",
  invalid: "Please enter a valid username",
  failed: "Failed to update profile. Please try again.",
  updated: "Profile updated successfully",
  noImage: "You must select an image to upload.",
  avatarFailed: "Error uploading avatar!",
} as const;

export type ProfileView = { userId: string; username: string | null; avatarKey: string | null; updatedAt: string | null };

/** Every user has a profile row (username and avatar live there); safe to call repeatedly. */
export async function ensureProfile(actor: Actor): Promise<void> {
  assertActor(actor);
  const userId = actor.id;
  await prisma.profile.upsert({ where: { userId }, create: { userId }, update: {} });
}

/** The profile of `userId` (the actor's own by default): its owner or an admin. */
export async function getProfile(actor: Actor, userId: string = actor.id): Promise<ProfileView> {
  if (!mayAccess(actor, userId)) throw new NotFoundError("Profile");
  const row = await prisma.profile.findUnique({ where: { userId } });
  return { userId, username: row?.username ?? null, avatarKey: row?.avatarKey ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

export type UsernameError = "empty" | "tooShort" | "unchanged" | "taken" | "takenRace" | "invalid" | "failed";

export type UsernameResult = { ok: true; username: string; message: string } | { ok: false; error: UsernameError; message: string };

function fail(error: UsernameError): UsernameResult {
  return { ok: false, error, message: PROFILE_MESSAGES[error] };
}

/** The rules a username must pass, on its normalised form (which is what is stored). */
export function validateUsername(raw: unknown, current: string | null): { ok: true; username: string } | { ok: false; error: UsernameError } {
  // Control characters are refused, not silently dropped: they are not a name anyone can read back.
  if (typeof raw === "string" && /\p{Cc}/u.test(raw.trim())) return { ok: false, error: "invalid" };
  const username = normalizeUsername(raw);
  if (!username) return { ok: false, error: "empty" };
  if (textLength(username) < USERNAME_MIN_LENGTH) return { ok: false, error: "tooShort" };
  if (textLength(username) > USERNAME_MAX_LENGTH) return { ok: false, error: "invalid" };
  // A change of case only ("alice" -> "Alice") is a change; the same normalised name is not.
  if (username === (current ?? "")) return { ok: false, error: "unchanged" };
  return { ok: true, username };
}

export async function updateUsername(actor: Actor, raw: unknown): Promise<UsernameResult> {
  assertActor(actor);
  const userId = actor.id;
  const current = await prisma.profile.findUnique({ where: { userId }, select: { username: true } });
  const checked = validateUsername(raw, current?.username ?? null);
  if (!checked.ok) return fail(checked.error);
  const username = checked.username;
  const other = await prisma.profile.findFirst({ where: { usernameKey: usernameKey(username), NOT: { userId } }, select: { userId: true } });
  if (other) return fail("taken");
  try {
    await prisma.profile.upsert({ where: { userId }, update: { username }, create: { userId, username } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return fail("takenRace");
    console.error("profile update failed", error);
    return fail("failed");
  }
  return { ok: true, username, message: PROFILE_MESSAGES.updated };
}

/** Points the profile at an uploaded avatar (a key the storage module has stored). */
export async function setAvatarKey(actor: Actor, avatarKey: string): Promise<void> {
  assertActor(actor);
  const userId = actor.id;
  await prisma.profile.upsert({ where: { userId }, update: { avatarKey }, create: { userId, avatarKey } });
}

// ───────────── the admin area's Users tab and Usage Stats (ADR 185) ─────────────

export type ProfileWithCredits = {
  userId: string;
  username: string | null;
  avatarKey: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The balance with 2 decimals. */
  credits: string;
  isAdmin: boolean;
};

function profileSearch(search: string | undefined): Prisma.ProfileWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const like = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return {
    OR: [
      { username: { contains: like, mode: "insensitive" } },
      { user: { email: { contains: like, mode: "insensitive" } } },
      { user: { phone: { contains: like } } },
      { userId: text },
    ],
  };
}

/** Profiles with their users' balances and admin state, newest first; `search` matches username, e-mail, phone or id. */
export async function listProfilesWithCredits(opts: { search?: string; skip: number; take: number }): Promise<{ rows: ProfileWithCredits[]; total: number }> {
  const where = profileSearch(opts.search);
  const [rows, total] = await Promise.all([
    prisma.profile.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { userId: "desc" }],
      skip: opts.skip,
      take: opts.take,
      select: {
        userId: true,
        username: true,
        avatarKey: true,
        createdAt: true,
        updatedAt: true,
        user: { select: { email: true, phone: true, creditAccount: { select: { balance: true } }, admin: { select: { userId: true } } } },
      },
    }),
    prisma.profile.count({ where }),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      userId: row.userId,
      username: row.username,
      avatarKey: row.avatarKey,
      email: row.user.email,
      phone: row.user.phone,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      credits: (row.user.creditAccount?.balance ?? new Prisma.Decimal(0)).toFixed(2),
      isAdmin: Boolean(row.user.admin),
    })),
  };
}

/** Whether `userId` has a profile, for an actor who may see it (its owner or an admin); false otherwise. */
export async function profileExists(actor: Actor, userId: string): Promise<boolean> {
  if (!mayAccess(actor, userId)) return false;
  return (await prisma.profile.count({ where: { userId } })) > 0;
}

/** How many profiles there are (updated since `updatedSince`, when given): one COUNT. */
export async function countProfiles(opts: { updatedSince?: Date } = {}): Promise<number> {
  return prisma.profile.count({ where: opts.updatedSince ? { updatedAt: { gte: opts.updatedSince } } : {} });
}

/** Names and avatars of these users (one query), for lists that show who someone is. */
export async function profilesOf(userIds: readonly string[]): Promise<Map<string, { username: string | null; avatarKey: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await prisma.profile.findMany({ where: { userId: { in: [...new Set(userIds)] } }, select: { userId: true, username: true, avatarKey: true } });
  return new Map(rows.map((r) => [r.userId, { username: r.username, avatarKey: r.avatarKey }]));
}
