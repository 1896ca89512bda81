// Who may read /dev/outbox. The messages hold every sign-in code: admins may, and outside
// production also requests from this machine (ADR 120). Kept apart from the sender, which the
// sign-in core imports, so the sender does not depend on the session guards.
import { clientIp, requireAdmin } from "./auth.server";
import { outboxOpenToClient } from "~/utils/conveniences.server";
import { env } from "~/utils/env.server";

/**
 * Returns when the visitor may read the outbox; otherwise throws a redirect to sign in
 * (anonymous) or a 403 (signed in, not an admin). `context` is the Remix load context, whose
 * clientIp server/app.ts fills from the socket (proxies trusted on loopback only).
 */
export async function requireOutboxReader(request: Request, context: unknown): Promise<void> {
  if (outboxOpenToClient(env(), clientIp(context))) return;
  await requireAdmin(request);
}
