// The assistant agent (docs/product.md#assistant): answers one chat message with LangChain tool
// calling on the chat model of the factory — a hosted or OpenAI-compatible model when one is
// configured, else the local planner, which routes clear commands to the same tools and says
// what it is. Each tool call becomes a task of the reply (working → completed | error, with its
// arguments and result); the reply streams as it is produced; the model call is retried up to
// 2 times (1 s, 2 s) and the whole reply times out. The chat core (app/models/assistant/chat.server.ts)
// stores every step and owns the charge of the message; the tools charge like over MCP.
import { randomUUID } from "node:crypto";
import { AIMessage, type AIMessageChunk, type BaseMessage, HumanMessage, SystemMessage, type ToolCall, ToolMessage } from "@langchain/core/messages";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import type { Actor } from "~/models/access";
import { CHAT_MESSAGES, CHAT_RETRIES, CHAT_RETRY_BASE_MS, type ChatPlannedCall, type ChatTask } from "~/models/assistant/chat-rules";
import { sumCredits } from "~/models/billing";
import { chatHistory, finishChatReply, recordChatProgress, type ChatMessageView } from "~/models/assistant";
import { getProjectWorkspace } from "~/models/projects";
import { CANVAS_AGENT_TOOL } from "~/tools/names";
import { contextBlock, messageText, type ReelforgeChatModel, type RouteContext } from "~/providers/llm/index.server";
import { needsConfirmation, quoteCall } from "./pricing";
import type { AgentTool, AgentToolOutcome } from "./types";

export type AssistantEvent =
  | { type: "reply"; message: ChatMessageView }
  | { type: "delta"; text: string }
  | { type: "done"; message: ChatMessageView; toast: { kind: "info" | "error"; text: string } | null };

export const ASSISTANT_TIMEOUT_MS = 180_000;
const MAX_ROUNDS = 8;
const RESULT_MAX_CHARS = 6000;

const HOSTED_PROMPT = `You are the Reelforge assistant. Reelforge turns scripts, a product image, a voice and a style into short video ads made of scenes.
Do only the work the user asks for with the tools you are given (they act as this user, with the user's credits; paid tools say their price). Never run a paid tool for a request that does not ask for that tool's work: answer in words instead. Paid and destructive calls are held and shown to the user with their price for confirmation, so give every call a request needs in one turn. Use the project and scene ids from the project context; never invent ids. To make a scene's assets, call in this order: generate_image_prompt, generate_scene_image, generate_scene_script, generate_scene_voiceover, generate_scene_video. Answer questions from the project's data. Be brief.`;

/** Which chat model answers, for the reply's agentType and the chat's notice. */
export function isLocalPlanner(model: ReelforgeChatModel): boolean {
  return model._llmType() === "local-planner";
}

async function projectContext(actor: Actor, projectId: string | null, selectedSceneId: string | null): Promise<RouteContext & { title?: string }> {
  if (!projectId) return {};
  const { project, scenes } = await getProjectWorkspace(actor, projectId);
  return {
    projectId: project.id,
    title: project.title,
    selectedSceneId,
    scenes: scenes.map((s) => ({
      id: s.id,
      sceneOrder: s.sceneOrder,
      title: s.title,
      imagePrompt: s.imagePrompt,
      imageUrl: s.imageUrl,
      script: s.script,
      voiceOverText: s.voiceOverText,
      voiceOverUrl: s.voiceOverUrl,
      videoUrl: s.videoUrl,
    })),
  };
}

function truncateResult(data: unknown): unknown {
  const text = JSON.stringify(data ?? null);
  if (text.length <= RESULT_MAX_CHARS) return data;
  return { truncated: true, preview: `${text.slice(0, RESULT_MAX_CHARS)}…` };
}

class TimeoutError extends Error {
  constructor() {
    super("Request timeout");
    this.name = "TimeoutError";
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });
}

/** Whether an error of a model call is worth another try (not a timeout, not bad input). */
function retryable(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return false;
  const status = (error as { status?: unknown })?.status;
  return !(typeof status === "number" && status >= 400 && status < 500 && status !== 408 && status !== 429);
}

const MEDIA = new Map<string, "image" | "video">([
  ["generate_scene_image", "image"],
  ["generate_scene_video", "video"],
]);

function mediaCommand(tasks: ChatTask[]): { type: string; tool: string } | null {
  for (const t of tasks) {
    if (t.status !== "completed") continue;
    const kind =
      MEDIA.get(t.name) ??
      (t.name === CANVAS_AGENT_TOOL
        ? ({ generateImage: "image", generateVideo: "video" } as const)[String((t.arguments as { action?: string })?.action)]
        : undefined);
    if (kind) return { type: kind, tool: t.name };
  }
  return null;
}

export type RunAssistantOptions = {
  actor: Actor;
  model: ReelforgeChatModel;
  tools: AgentTool[];
  sessionId: string;
  projectId: string | null;
  reply: ChatMessageView;
  userText: string;
  origin: string;
  selectedSceneId?: string | null;
  emit?: (event: AssistantEvent) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  retryBaseMs?: number;
  pollMs?: number;
};

/** What one reply has gathered so far: its text, its tool calls and the calls held for a confirmation. */
type Turn = { content: string; tasks: ChatTask[]; selectedTool: string | null; held: ChatPlannedCall[] };

/** One reply being answered: its options, its abort signal and how it records its progress. */
type Reply = {
  opts: RunAssistantOptions;
  emit: (event: AssistantEvent) => void;
  signal: AbortSignal;
  agentType: string;
  turn: Turn;
  progress: () => Promise<void>;
};

type BoundModel = ReturnType<NonNullable<ReelforgeChatModel["bindTools"]>>;

/** Answers one message; never throws for a model or tool failure (the reply ends in error). */
export async function runAssistant(opts: RunAssistantOptions): Promise<ChatMessageView> {
  const { actor, model, tools } = opts;
  const emit = opts.emit ?? (() => {});
  const agentType = isLocalPlanner(model) ? "local-planner" : (model.providerInfo?.id ?? "openai");
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError()), opts.timeoutMs ?? ASSISTANT_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort(opts.signal?.reason ?? new Error("aborted"));
  opts.signal?.addEventListener("abort", onOuterAbort, { once: true });

  const turn: Turn = { content: "", tasks: [], selectedTool: null, held: [] };
  const progress = async () => {
    const message = await recordChatProgress(actor, opts.reply.id, { content: turn.content, tasks: turn.tasks, selectedTool: turn.selectedTool, agentType });
    emit({ type: "reply", message });
  };
  const reply: Reply = { opts, emit, signal: controller.signal, agentType, turn, progress };

  try {
    await progress();
    const messages = await openingMessages(opts);
    const bound = model.bindTools!(
      tools.map((t) => ({
        type: "function" as const,
        function: { name: t.name, description: t.description, parameters: toJsonSchema(t.schema) as Record<string, unknown> },
      })),
    );
    await toolRounds(reply, bound, messages);
    return await finishReply(reply);
  } catch (error) {
    return await failReply(reply, error);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onOuterAbort);
  }
}

/** The system prompt with the project's context, the chat so far and the user's message. */
async function openingMessages(opts: RunAssistantOptions): Promise<BaseMessage[]> {
  const { actor, reply } = opts;
  const context = await projectContext(actor, opts.projectId, opts.selectedSceneId ?? null);
  const history = (await chatHistory(actor, opts.sessionId, 12)).filter((m) => m.id !== reply.id && m.id !== reply.replyToId && m.content.trim());
  return [
    new SystemMessage(`${HOSTED_PROMPT}\n\n${contextBlock(context)}`),
    ...history.map((m) => (m.role === "user" ? new HumanMessage(m.content) : new AIMessage(m.content))),
    new HumanMessage(opts.userText),
  ];
}

/**
 * The model answers and calls tools, round after round, until it calls none, a call fails, or a
 * paid or destructive call is held for the user's confirmation (at most MAX_ROUNDS rounds).
 */
async function toolRounds(reply: Reply, bound: BoundModel, messages: BaseMessage[]): Promise<void> {
  const { turn } = reply;
  const byName = new Map(reply.opts.tools.map((t) => [t.name, t]));
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const answer = await streamAnswer(reply, bound, messages);
    const text = answer.streamed.trim();
    if (text) turn.content = turn.content ? `${turn.content}\n\n${text}` : text;
    const calls = answer.acc?.tool_calls ?? [];
    if (calls.length === 0) break;
    // Paid or destructive calls wait for the user: from the first one on, nothing more runs now.
    const quotes = await Promise.all(calls.map((c) => quoteCall(reply.opts.actor, c.name, (c.args ?? {}) as Record<string, unknown>)));
    const firstHeld = quotes.findIndex(needsConfirmation);
    if (firstHeld >= 0) {
      turn.held = calls.slice(firstHeld).map((c, k) => ({ name: c.name, args: (c.args ?? {}) as Record<string, unknown>, ...quotes[firstHeld + k] }));
      calls.splice(firstHeld);
    }
    if (calls.length === 0) break;
    messages.push(new AIMessage({ content: answer.streamed, tool_calls: calls }));
    const stopped = await runCalls(reply, calls, round, messages, byName);
    if (stopped || turn.held.length > 0) break;
  }
}

/** One model answer, streamed to the client as it comes, retried while nothing has been streamed. */
function streamAnswer(reply: Reply, bound: BoundModel, messages: BaseMessage[]) {
  return callWithRetry(
    async () => {
      let acc: AIMessageChunk | null = null;
      let streamed = "";
      for await (const chunk of await bound.stream(messages, { signal: reply.signal })) {
        acc = acc ? acc.concat(chunk) : chunk;
        const piece = typeof chunk.content === "string" ? chunk.content : messageText(chunk);
        if (piece) {
          streamed += piece;
          reply.emit({ type: "delta", text: piece });
        }
      }
      return { acc, streamed };
    },
    reply.signal,
    reply.opts.retryBaseMs ?? CHAT_RETRY_BASE_MS,
  );
}

/** Runs a round's tool calls in order; after a failure the rest are recorded as not run. Returns whether one failed. */
async function runCalls(reply: Reply, calls: ToolCall[], round: number, messages: BaseMessage[], byName: Map<string, AgentTool>): Promise<boolean> {
  const { turn } = reply;
  let stopped = false;
  for (const [i, call] of calls.entries()) {
    const callId = call.id ?? `call_${randomUUID()}`;
    turn.tasks = [...turn.tasks, { id: callId, name: call.name, status: "working", type: "ai-chat", arguments: call.args }];
    turn.selectedTool ??= call.name;
    const update = (patch: Partial<ChatTask>) => {
      turn.tasks = turn.tasks.map((t) => (t.id === callId ? { ...t, ...patch } : t));
    };
    if (stopped) {
      update({ status: "error", details: NOT_RUN });
      messages.push(toolMessage(callId, call.name, { ok: false, message: NOT_RUN }));
      continue;
    }
    await reply.progress();
    const outcome = await callTool(reply, byName.get(call.name), call, `${reply.opts.reply.id}:${round}:${i}`);
    if (outcome.ok) update({ status: "completed", result: truncateResult(outcome.data) });
    else {
      update({ status: "error", details: outcome.message });
      stopped = true;
    }
    messages.push(toolMessage(callId, call.name, outcome));
    await reply.progress();
  }
  return stopped;
}

const NOT_RUN = "Not run: an earlier step failed";

/** One tool call; a tool that throws (other than for the reply's abort) is a failed call. */
async function callTool(reply: Reply, tool: AgentTool | undefined, call: ToolCall, idempotencyKey: string): Promise<AgentToolOutcome> {
  if (!tool) return { ok: false, message: CHAT_MESSAGES.toolNotFound(call.name) };
  const args = { ...(call.args ?? {}) } as Record<string, unknown>;
  if ("idempotencyKey" in tool.schema.shape && args.idempotencyKey === undefined) args.idempotencyKey = idempotencyKey;
  try {
    return await tool.run(args, { signal: reply.signal, origin: reply.opts.origin, idempotencyKey, pollMs: reply.opts.pollMs });
  } catch (error) {
    if (reply.signal.aborted) throw reply.signal.reason;
    console.error(`[assistant] tool ${call.name} failed`, error);
    return { ok: false, message: CHAT_MESSAGES.errorTaskDetail };
  }
}

/** What the model reads back of a call: its data, or its failure. */
function toolMessage(callId: string, name: string, outcome: AgentToolOutcome): ToolMessage {
  return new ToolMessage({
    content: JSON.stringify(outcome.ok ? outcome.data : { success: false, error: outcome.message }).slice(0, 20_000),
    tool_call_id: callId,
    name,
    status: outcome.ok ? "success" : "error",
  });
}

/** The finished reply: a question with the price of the held calls, or the answer (with a media command when one was made). */
async function finishReply(reply: Reply): Promise<ChatMessageView> {
  const { opts, turn, agentType, emit } = reply;
  const { held } = turn;
  if (held.length > 0 && !turn.tasks.some((t) => t.status === "error")) {
    const credits = sumCredits(held.map((h) => h.credits));
    const question = CHAT_MESSAGES.confirmQuestion(capitalize(listOf(held.map((h) => h.label))), credits, [
      ...new Set(held.map((h) => h.destructive).filter((d): d is string => Boolean(d))),
    ]);
    const content = turn.content ? `${turn.content}\n\n${question}` : question;
    const message = await finishChatReply(opts.actor, opts.reply.id, {
      content,
      tasks: turn.tasks,
      selectedTool: turn.selectedTool ?? held[0].name,
      agentType,
      command: { type: "confirm", credits, calls: held },
    });
    emit({ type: "done", message, toast: null });
    return message;
  }
  const command = mediaCommand(turn.tasks);
  const message = await finishChatReply(opts.actor, opts.reply.id, {
    content: turn.content || "Done.",
    tasks: turn.tasks,
    selectedTool: turn.selectedTool,
    agentType,
    command,
  });
  emit({ type: "done", message, toast: command ? { kind: "info", text: CHAT_MESSAGES.mediaToast } : null });
  return message;
}

/** A reply that failed or timed out ends in error, with what it had done so far. */
async function failReply(reply: Reply, error: unknown): Promise<ChatMessageView> {
  const { opts, turn, agentType, emit, signal } = reply;
  const timedOut = error instanceof TimeoutError || (signal.aborted && signal.reason instanceof TimeoutError);
  if (!timedOut) console.error("[assistant] reply failed", error);
  const failed = timedOut
    ? { reply: CHAT_MESSAGES.timeoutReply, details: "Request timeout" }
    : { reply: CHAT_MESSAGES.errorReply, details: CHAT_MESSAGES.errorTaskDetail };
  const message = await finishChatReply(opts.actor, opts.reply.id, { tasks: turn.tasks, selectedTool: turn.selectedTool, agentType, failed });
  const reason = !timedOut && error instanceof Error && error.message ? error.message : null;
  emit({ type: "done", message, toast: { kind: "error", text: timedOut ? CHAT_MESSAGES.timeoutToast : (reason ?? CHAT_MESSAGES.errorToast) } });
  return message;
}

/** A model call with up to CHAT_RETRIES more tries after 1 s, 2 s ... (nothing streamed yet). */
async function callWithRetry<T extends { streamed: string }>(fn: () => Promise<T>, signal: AbortSignal, baseMs: number): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error;
      if (attempt >= CHAT_RETRIES || !retryable(error, signal)) throw error;
      await sleep(baseMs * 2 ** attempt, signal);
    }
  }
}

function capitalize(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export type RunPlanOptions = {
  actor: Actor;
  tools: AgentTool[];
  /** The reply that runs the plan (confirmChatPlan made it). */
  reply: ChatMessageView;
  /** The reply that asked (its id keys the calls' idempotency). */
  askedId: string;
  calls: ChatPlannedCall[];
  origin: string;
  emit?: (event: AssistantEvent) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  pollMs?: number;
};

/**
 * Runs the calls the user confirmed, in order, stopping at the first failure (each task of the
 * reply, as in runAssistant). Every call is keyed by the asking reply and its position, so a
 * retried run never charges twice. Never throws for a tool failure or a timeout.
 */
export async function runConfirmedPlan(opts: RunPlanOptions): Promise<ChatMessageView> {
  const { actor, reply } = opts;
  const emit = opts.emit ?? (() => {});
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError()), opts.timeoutMs ?? ASSISTANT_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort(opts.signal?.reason ?? new Error("aborted"));
  opts.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const signal = controller.signal;
  const byName = new Map(opts.tools.map((t) => [t.name, t]));
  let tasks: ChatTask[] = [];
  const lines: string[] = [];
  try {
    let stopped = false;
    for (const [i, call] of opts.calls.entries()) {
      const id = `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`;
      const key = `${opts.askedId}:confirmed:${i}`;
      if (stopped) {
        tasks = [...tasks, { id, name: call.name, status: "error", type: "ai-chat", arguments: call.args, details: "Not run: an earlier step failed" }];
        continue;
      }
      tasks = [...tasks, { id, name: call.name, status: "working", type: "ai-chat", arguments: call.args }];
      emit({ type: "reply", message: await recordChatProgress(actor, reply.id, { tasks, selectedTool: opts.calls[0]?.name ?? null }) });
      const tool = byName.get(call.name);
      let outcome: { ok: true; data: unknown } | { ok: false; message: string };
      if (!tool) outcome = { ok: false, message: CHAT_MESSAGES.toolNotFound(call.name) };
      else {
        const args = { ...call.args };
        if ("idempotencyKey" in tool.schema.shape && args.idempotencyKey === undefined) args.idempotencyKey = key;
        try {
          outcome = await tool.run(args, { signal, origin: opts.origin, idempotencyKey: key, pollMs: opts.pollMs });
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          console.error(`[assistant] tool ${call.name} failed`, error);
          outcome = { ok: false, message: CHAT_MESSAGES.errorTaskDetail };
        }
      }
      tasks = tasks.map((t) =>
        t.id !== id
          ? t
          : outcome.ok
            ? { ...t, status: "completed", result: truncateResult(outcome.data) }
            : { ...t, status: "error", details: outcome.message },
      );
      lines.push(outcome.ok ? `${call.name} finished.` : `${call.name} failed: ${outcome.message}`);
      if (!outcome.ok) stopped = true;
      emit({ type: "reply", message: await recordChatProgress(actor, reply.id, { tasks }) });
    }
    const command = mediaCommand(tasks);
    const message = await finishChatReply(actor, reply.id, {
      content: lines.join("\n") || "Done.",
      tasks,
      command: command ? { ...command, type: command.type } : undefined,
    });
    emit({ type: "done", message, toast: command ? { kind: "info", text: CHAT_MESSAGES.mediaToast } : null });
    return message;
  } catch (error) {
    const timedOut = error instanceof TimeoutError || (signal.aborted && signal.reason instanceof TimeoutError);
    if (!timedOut) console.error("[assistant] confirmed plan failed", error);
    const failed = timedOut
      ? { reply: CHAT_MESSAGES.timeoutReply, details: "Request timeout" }
      : { reply: CHAT_MESSAGES.errorReply, details: CHAT_MESSAGES.errorTaskDetail };
    const message = await finishChatReply(actor, reply.id, { tasks, failed });
    emit({ type: "done", message, toast: { kind: "error", text: timedOut ? CHAT_MESSAGES.timeoutToast : CHAT_MESSAGES.errorToast } });
    return message;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onOuterAbort);
  }
}
