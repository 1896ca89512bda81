// POST /api/agents/execute {function, parameters, context}: one agent function for the user a
// bearer token acts for (docs/product.md#assistant). The route authenticates and hands the body
// here; this door finds the function, runs it over the core and shapes the answer
// {success, data} | {success: false, error} with the HTTP status that goes with it.
import { z } from "zod";
import type { Actor } from "~/models/access";
import { agentContextSchema, findAgentFunction, firstIssue, isKnownFunctionName, runAgentFunction } from "./functions";

export const AGENT_MESSAGES = {
  notFound: (name: string) => `Function ${name} not found`,
  requestFailed: (statusText: string) => `Agent SDK request failed: ${statusText}`,
} as const;

export const executeRequestSchema = z.object({
  function: z.string({ error: "function is required" }).trim().min(1, "function is required").max(100),
  parameters: z.record(z.string(), z.unknown()).default({}),
  context: agentContextSchema.default({}),
});

export type ExecuteAnswer = { status: number; body: { success: true; data: unknown } | { success: false; error: string } };

export async function executeAgentRequest(actor: Actor, body: unknown): Promise<ExecuteAnswer> {
  const parsed = executeRequestSchema.safeParse(body);
  if (!parsed.success) return { status: 400, body: { success: false, error: firstIssue(parsed.error) } };
  const { function: name, parameters, context } = parsed.data;
  const def = isKnownFunctionName(name) ? findAgentFunction(name) : undefined;
  if (!def) return { status: 404, body: { success: false, error: AGENT_MESSAGES.notFound(name.slice(0, 100)) } };
  // The context's project and scene fill parameters the caller left out.
  const params = { ...(context.projectId ? { projectId: context.projectId } : {}), ...(context.sceneId ? { sceneId: context.sceneId } : {}), ...parameters };
  const outcome = await runAgentFunction(actor, def, params, context);
  if (outcome.ok) return { status: 200, body: { success: true, data: outcome.data } };
  return { status: /not found$/i.test(outcome.message) ? 404 : 400, body: { success: false, error: outcome.message } };
}

/**
 * A small client of the endpoint (what the editor's buttons and outside callers do): the answer's
 * data, or an Error with the server's error text, else "Agent SDK request failed: {status text}".
 */
export async function callAgentFunction(
  baseUrl: string,
  token: string,
  request: { function: string; parameters?: Record<string, unknown>; context?: Record<string, unknown> },
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  const res = await fetchImpl(new URL("/api/agents/execute", baseUrl), {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(request),
  });
  const json = (await res.json().catch(() => null)) as { success?: boolean; data?: unknown; error?: string } | null;
  if (json && json.success === false && typeof json.error === "string") throw new Error(json.error);
  if (!res.ok || !json) throw new Error(AGENT_MESSAGES.requestFailed(res.statusText || String(res.status)));
  return json.data;
}
