// The assistant chat's states, messages and limits (isomorphic: the chat UI shows them, the core
// applies them). docs/product.md#assistant, docs/decisions/191-assistant-chat-sessions-on-the-server.md.
import { formatCredits } from "~/models/billing/prices";
import { CHAT_COST_CREDITS } from "~/models/billing/prices";

export const CHAT_TASK_STATUSES = ["pending", "working", "completed", "error"] as const;
export type ChatTaskStatus = (typeof CHAT_TASK_STATUSES)[number];
export const CHAT_MESSAGE_STATUSES = ["thinking", "working", "completed", "error"] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/** One tool the assistant ran for a message, with what it was given and what came back. */
export type ChatTask = {
  id: string;
  name: string;
  status: ChatTaskStatus;
  type: "ai-chat";
  details?: string;
  arguments?: unknown;
  result?: unknown;
};

/** A chat message as the screens show it. */
export type ChatMessageView = {
  id: string;
  role: "user" | "assistant" | "system" | "tool";
  content: string;
  status: ChatMessageStatus;
  tasks: ChatTask[];
  selectedTool: string | null;
  command: ChatCommand | null;
  agentType: string | null;
  replyToId: string | null;
  clientRequestId: string | null;
  createdAt: string;
};

/** One tool call the assistant holds until the user confirms it (docs/decisions/256-assistant-confirms-paid-work.md). */
export type ChatPlannedCall = { name: string; args: Record<string, unknown>; credits: number; label: string; destructive: string | null };

/**
 * What a reply suggests or waits for: a media toast ({type: "image" | "video", tool}); or paid or
 * destructive work waiting for the user ("confirm", then "confirmed" or "declined"); or the run
 * of a confirmed plan ("confirmed-run", `of` the reply that asked).
 */
export type ChatCommand = {
  type?: string;
  tool?: string;
  feature?: string;
  credits?: number;
  calls?: ChatPlannedCall[];
  of?: string;
};

/** A user message may be at most this long (characters). */
export const CHAT_MESSAGE_MAX = 4000;
/** The chat call is retried this many times, after 1 s, then 2 s. */
export const CHAT_RETRIES = 2;
export const CHAT_RETRY_BASE_MS = 1000;

export const CHAT_MESSAGES = {
  needCredits: `You need at least ${formatCredits(CHAT_COST_CREDITS)} credits to send a message.`,
  deductFailed: "Failed to deduct credits for chat usage",
  emptyMessage: "Type a message first.",
  tooLong: `A message can be at most ${CHAT_MESSAGE_MAX} characters.`,
  timeoutReply: "I'm sorry, the request took too long to process. Please try a shorter message or try again later.",
  timeoutToast: "Request timed out. Please try again with a shorter message.",
  errorReply: "Sorry, I encountered an error. Please try again.",
  errorTaskDetail: "An error occurred",
  errorToast: "Failed to get response from AI",
  mediaToast: "AI has suggested creating media. Check the response for details.",
  invalidResponse: "Invalid response format from AI",
  toolNotFound: (name: string) => `Tool not found: ${name}`,
  unsupportedAction: (action: string) => `Unsupported action: ${action}`,
  canvasFailed: (reason: string) => `Canvas operation failed: ${reason}`,
  sessionNotFound: "Chat session not found",
  notWaiting: "This step is no longer waiting for a confirmation.",
  declined: "Cancelled: nothing was run and nothing was charged for it.",
  confirmQuestion: (what: string, credits: number, destructive: string[]) =>
    `${what} ${credits > 0 ? `will cost ${formatCredits(credits)} credits` : "costs nothing"}${destructive.length ? ` and ${destructive.join(" and ")}` : ""}. Nothing has been run or charged for it yet: confirm to go ahead, or cancel.`,
} as const;

/**
 * A message's status from its tasks: completed when all are completed, error if any is in
 * error, otherwise working (thinking while there are none yet).
 */
export function messageStatusOf(tasks: readonly Pick<ChatTask, "status">[], finished: boolean): ChatMessageStatus {
  if (tasks.some((t) => t.status === "error")) return "error";
  if (tasks.length === 0) return finished ? "completed" : "thinking";
  if (tasks.every((t) => t.status === "completed")) return finished ? "completed" : "working";
  return "working";
}

/** On failure: every task not completed becomes error with details. */
export function failOpenTasks(tasks: readonly ChatTask[], details: string): ChatTask[] {
  return tasks.map((t) => (t.status === "completed" || t.status === "error" ? t : { ...t, status: "error", details }));
}

const MEDIA_TOOLS = new Set(["generate_scene_image", "generate_scene_video", "generateImage", "generateVideo"]);
const MEDIA_FEATURES = new Set(["product-shot-v1", "product-shot-v2", "image-to-video"]);

/** Whether a reply's command suggests creating media (the "AI has suggested creating media" toast). */
export function suggestsMedia(command: { type?: string | null; tool?: string | null; feature?: string | null } | null | undefined): boolean {
  if (!command) return false;
  return command.type === "image" || command.type === "video" || MEDIA_FEATURES.has(command.feature ?? "") || MEDIA_TOOLS.has(command.tool ?? "");
}

/** Words in a message (chat_usage.words_count). */
export function wordCount(text: string): number {
  return text.trim().split(/\s+/u).filter(Boolean).length;
}
