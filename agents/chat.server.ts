// The assistant chat's door for the web (docs/product.md#assistant): what the three chat screens
// load (the active session of the user and project, its messages, which model answers) and what
// sending a message does — the core stores and charges it (app/models/assistant/chat.server.ts), the
// assistant agent answers it with the catalogue's tools, the agent functions and the canvas
// agent tool, and every step goes to `emit` as it happens.
import { randomUUID } from "node:crypto";
import type { Actor } from "~/models/access";
import { confirmChatPlan, declineChatPlan, getChatSession, readChatView, sendChatMessage, type ChatMessageView } from "~/models/assistant";
import { balanceOf } from "~/models/billing";
import { chatProviderStatus } from "~/providers/llm/index.server";
import { runAssistant, runConfirmedPlan, type AssistantEvent } from "./assistant";
import { canvasAgentTool } from "./canvas-tool";
import { catalogueTools } from "./catalogue";
import { assistantChatModel } from "./chat-model";
import { agentFunctionTools } from "./functions";
import type { AgentTool } from "./types";

export type AssistantProvider = { local: boolean; label: string; description: string; problem: string | null };

export type AssistantState = {
  projectId: string | null;
  /** The client request id a form without JavaScript sends (a resubmitted form is charged once). */
  nextRequestId: string;
  /** The chat shown; null until the first message makes one (a GET makes none). */
  sessionId: string | null;
  sessions: { id: string; title: string; messageCount: number }[];
  messages: ChatMessageView[];
  provider: AssistantProvider;
  balance: number;
};

export const LOCAL_PLANNER_NOTICE =
  'No language model is configured: the assistant runs on the local planner. It turns clear commands into project actions (for example "Add a scene about the product on a beach and generate its assets") and answers from this project\'s data; it does not understand free conversation, and a request it cannot act on runs nothing. Paid work is shown with its price and waits for your confirmation.';

export async function assistantProvider(): Promise<AssistantProvider> {
  const status = await chatProviderStatus();
  return {
    local: status.local,
    label: status.label,
    description: status.local ? LOCAL_PLANNER_NOTICE : status.description,
    problem: status.problem ?? null,
  };
}

/**
 * The chat a screen shows: the actor's active session for the project, read only (ADR 365). The
 * project is an id, or the row a project read of the same request answered (not read again); the
 * balance, when the page has it already, is not read again either.
 */
export async function assistantState(
  actor: Actor,
  input: { projectId: string | null; project?: { id: string; userId: string } | null; sessionId?: string | null; balance?: number },
): Promise<AssistantState> {
  const [view, provider, balance] = await Promise.all([
    readChatView(actor, { project: input.project ?? input.projectId, sessionId: input.sessionId }),
    assistantProvider(),
    input.balance ?? balanceOf(actor),
  ]);
  return {
    projectId: input.projectId,
    nextRequestId: randomUUID(),
    sessionId: view.session?.id ?? null,
    sessions: view.sessions.map((s) => ({ id: s.id, title: s.title, messageCount: s.messageCount })),
    messages: view.messages,
    provider,
    balance,
  };
}

/** Every tool the assistant may use for this actor. */
export function assistantTools(actor: Actor, context: { projectId: string | null; userInput: string }): AgentTool[] {
  return [
    ...catalogueTools(actor),
    ...agentFunctionTools(actor, { projectId: context.projectId ?? undefined, userInput: context.userInput }),
    canvasAgentTool(actor),
  ];
}

export type ChatSendEvent =
  | { type: "start"; userMessage: ChatMessageView; reply: ChatMessageView; duplicate: boolean }
  | { type: "refused"; code: string; message: string }
  | AssistantEvent;

const POLL_MS = 1000;

/**
 * Sends a message and answers it. A retried send (same client request id) charges nothing and
 * follows the first one's reply to its end instead of answering again.
 */
export async function sendAndAnswer(
  actor: Actor,
  input: { sessionId: string; content: string; clientRequestId?: string | null; origin: string; selectedSceneId?: string | null },
  emit: (event: ChatSendEvent) => void = () => {},
  opts: { tools?: AgentTool[]; timeoutMs?: number; retryBaseMs?: number; pollMs?: number } = {},
): Promise<{ ok: true; reply: ChatMessageView } | { ok: false; code: string; message: string }> {
  const sent = await sendChatMessage(actor, input);
  if (!sent.ok) {
    emit({ type: "refused", code: sent.code, message: sent.message });
    return { ok: false, code: sent.code, message: sent.message };
  }
  emit({ type: "start", userMessage: sent.userMessage, reply: sent.reply, duplicate: sent.duplicate });
  if (sent.duplicate) {
    let reply = sent.reply;
    const deadline = Date.now() + (opts.timeoutMs ?? 200_000);
    while ((reply.status === "thinking" || reply.status === "working") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const { messages } = await getChatSession(actor, sent.session.id);
      const now = messages.find((m) => m.id === reply.id);
      if (!now) break;
      if (JSON.stringify(now) !== JSON.stringify(reply)) emit({ type: "reply", message: now });
      reply = now;
    }
    emit({ type: "done", message: reply, toast: null });
    return { ok: true, reply };
  }
  const model = await assistantChatModel();
  const reply = await runAssistant({
    actor,
    model,
    tools: opts.tools ?? assistantTools(actor, { projectId: sent.session.projectId, userInput: sent.userMessage.content }),
    sessionId: sent.session.id,
    projectId: sent.session.projectId,
    reply: sent.reply,
    userText: sent.userMessage.content,
    origin: input.origin,
    selectedSceneId: input.selectedSceneId,
    emit,
    timeoutMs: opts.timeoutMs,
    retryBaseMs: opts.retryBaseMs,
    pollMs: opts.pollMs,
  });
  return { ok: true, reply };
}

/**
 * The user confirms the work a reply held (docs/decisions/256-assistant-confirms-paid-work.md):
 * it runs once, in a new reply, each tool charged at its own price; a second confirm runs nothing.
 */
export async function confirmAndRun(
  actor: Actor,
  input: { replyId: string; origin: string },
  emit: (event: ChatSendEvent) => void = () => {},
  opts: { tools?: AgentTool[]; timeoutMs?: number; pollMs?: number } = {},
): Promise<{ ok: true; reply: ChatMessageView } | { ok: false; code: string; message: string }> {
  const confirmed = await confirmChatPlan(actor, input.replyId);
  if (!confirmed.ok) {
    emit({ type: "refused", code: confirmed.code, message: confirmed.message });
    return { ok: false, code: confirmed.code, message: confirmed.message };
  }
  emit({ type: "reply", message: confirmed.asked });
  emit({ type: "reply", message: confirmed.run });
  const reply = await runConfirmedPlan({
    actor,
    tools: opts.tools ?? assistantTools(actor, { projectId: confirmed.session.projectId, userInput: "" }),
    reply: confirmed.run,
    askedId: confirmed.asked.id,
    calls: confirmed.calls,
    origin: input.origin,
    emit,
    timeoutMs: opts.timeoutMs,
    pollMs: opts.pollMs,
  });
  return { ok: true, reply };
}

/** The user cancels the work a reply held: nothing runs. */
export async function declinePlan(actor: Actor, replyId: string): Promise<{ ok: boolean; message: string }> {
  return declineChatPlan(actor, replyId);
}
