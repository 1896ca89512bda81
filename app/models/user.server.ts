// Users, profiles and sign-in identities.
import { prisma } from "~/utils/db.server";

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
