// POST /api/agents/execute {function, parameters, context} — the project agent functions for
// outside callers and scripts (docs/product.md#assistant), authorised by the same bearer tokens
// as /mcp (personal access tokens, OAuth access tokens) and the same per-token rate limit. The
// function runs as the token's user: another user's project is "not found".
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { actorForUserId, authenticateBearerToken, takeApiRequest } from "~/models/access";
import { readCapped } from "~/utils/forms.server";
import { executeAgentRequest } from "../../agents/execute.server";

const BODY_LIMIT = 256 * 1024;
const CHALLENGE = 'Bearer realm="reelforge"';

function json(body: unknown, status: number, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export async function loader(_args: LoaderFunctionArgs) {
  return json({ success: false, error: "Method not allowed: POST {function, parameters, context}" }, 405, { Allow: "POST" });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ success: false, error: "Method not allowed" }, 405, { Allow: "POST" });
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  const identity = match ? await authenticateBearerToken(match[1]) : null;
  if (!identity) {
    const challenge = match ? `${CHALLENGE}, error="invalid_token", error_description="The token is unknown, revoked or expired"` : CHALLENGE;
    return json({ success: false, error: "Unauthorized: send Authorization: Bearer <token> (create one in Profile Settings)" }, 401, {
      "WWW-Authenticate": challenge,
    });
  }
  const verdict = await takeApiRequest(`${identity.kind}:${identity.tokenId}`);
  if (!verdict.ok)
    return json({ success: false, error: "Too many requests: slow down and try again shortly" }, 429, { "Retry-After": String(verdict.retryAfterSeconds) });
  const actor = await actorForUserId(identity.actor.id, "agent");
  if (!actor) return json({ success: false, error: "Unauthorized" }, 401, { "WWW-Authenticate": CHALLENGE });

  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json")) {
    return json({ success: false, error: "Send the request as application/json" }, 415);
  }
  // Read at most BODY_LIMIT bytes: a chunked body is cut off there, not read into memory whole.
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(request, BODY_LIMIT);
  } catch (refusal) {
    if (refusal instanceof Response && refusal.status === 413) return json({ success: false, error: "The request is too large" }, 413);
    return json({ success: false, error: "The body is not valid JSON" }, 400);
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return json({ success: false, error: "The body is not valid JSON" }, 400);
  }
  const answer = await executeAgentRequest(actor, body);
  return json(answer.body, answer.status);
}
