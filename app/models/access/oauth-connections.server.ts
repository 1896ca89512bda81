// The applications a user has connected through OAuth (Profile Settings, "Connected
// applications"; docs/decisions/213-connected-apps-and-oauth-housekeeping.md): one entry per
// client that still holds a live token of the user, and Disconnect, which revokes every token
// of the user for that client and spends the codes not yet exchanged.
import { assertActor, NotFoundError, type Actor } from "./actor.server";
import { prisma } from "~/utils/db.server";

export type ConnectedApplication = {
  clientId: string;
  /** What the client calls itself (its own claim), or null. */
  name: string | null;
  /** Where the approval's answer went: a host, or a native app's scheme. */
  redirectTarget: string | null;
  /** When the user allowed it (the earliest live approval). */
  approvedAt: Date | null;
  /** When the client last received tokens (its sign-in or its latest refresh). */
  lastTokenAt: Date;
};

/** A token that still lets the client in: not revoked, not expired, not a spent refresh token. */
function liveTokens(userId: string, now: Date) {
  return { userId, revokedAt: null, usedAt: null, expiresAt: { gt: now } };
}

function redirectTarget(uri: string | undefined): string | null {
  if (!uri) return null;
  try {
    const url = new URL(uri);
    if (url.protocol === "http:" || url.protocol === "https:") return url.host;
    return url.protocol.replace(/:$/, "");
  } catch {
    return null;
  }
}

/** The actor's connected applications, most recently active first. */
export async function listConnectedApplications(actor: Actor): Promise<ConnectedApplication[]> {
  assertActor(actor);
  const now = new Date();
  const tokens = await prisma.oAuthToken.findMany({
    where: liveTokens(actor.id, now),
    select: { clientId: true, grantId: true, createdAt: true },
    orderBy: { createdAt: "desc" },
    take: 1000,
  });
  if (tokens.length === 0) return [];
  const grantIds = [...new Set(tokens.map((t) => t.grantId))];
  const clientIds = [...new Set(tokens.map((t) => t.clientId))];
  const [clients, approvals] = await Promise.all([
    prisma.oAuthClient.findMany({ where: { id: { in: clientIds } }, select: { id: true, name: true, redirectUris: true } }),
    prisma.oAuthAuthorization.findMany({
      where: { id: { in: grantIds }, userId: actor.id },
      select: { clientId: true, decidedAt: true, redirectUri: true },
      orderBy: { decidedAt: "asc" },
    }),
  ]);
  return clientIds.map((clientId) => {
    const client = clients.find((c) => c.id === clientId);
    const approval = approvals.find((a) => a.clientId === clientId);
    return {
      clientId,
      name: client?.name ?? null,
      redirectTarget: redirectTarget(approval?.redirectUri ?? client?.redirectUris[0]),
      approvedAt: approval?.decidedAt ?? null,
      // Tokens are ordered newest first: the first of this client is its latest.
      lastTokenAt: tokens.find((t) => t.clientId === clientId)!.createdAt,
    };
  });
}

/**
 * Disconnects a client from the actor's account: every token of the actor for it is revoked and
 * codes issued to it but not yet exchanged can no longer be. NotFoundError when the actor has
 * no live token for that client (another user's connection included): nothing changes then.
 */
export async function disconnectApplication(actor: Actor, clientId: string): Promise<{ clientId: string; name: string | null }> {
  assertActor(actor);
  const now = new Date();
  const client = await prisma.oAuthClient.findUnique({ where: { id: clientId }, select: { id: true, name: true } });
  if (!client) throw new NotFoundError("Application");
  const revoked = await prisma.$transaction(async (tx) => {
    const live = await tx.oAuthToken.count({ where: { ...liveTokens(actor.id, now), clientId } });
    if (live === 0) return false;
    // Codes first, then tokens twice: an exchange or refresh under way holds the row it claims
    // and issues its tokens in the same transaction (oauth.server.ts), so these updates wait for
    // it, and the second pass, a new statement, sees the tokens it committed.
    await tx.oAuthAuthorization.updateMany({
      where: { userId: actor.id, clientId, decidedAt: { not: null }, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    for (let pass = 0; pass < 2; pass++) {
      await tx.oAuthToken.updateMany({ where: { userId: actor.id, clientId, revokedAt: null }, data: { revokedAt: now } });
    }
    return true;
  });
  if (!revoked) throw new NotFoundError("Application");
  return { clientId: client.id, name: client.name };
}
