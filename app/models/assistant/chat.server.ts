// The assistant chat (chat_sessions, chat_messages, chat_usage): a user's conversations per
// project, stored on the server so they survive a reload and follow the user between devices;
// the charge of each message (0.07 credits through the ledger, once per client request id);
// the assistant's reply with its tasks and their states. The assistant itself (LangChain, the
// tools) is a door in agents/; it writes its progress here.
// docs/product.md#assistant, docs/decisions/191-assistant-chat-sessions-on-the-server.md,
// docs/decisions/192-chat-charge-once-per-client-request.md.
import { randomUUID } from "node:crypto";
import type { ChatMessage, ChatSession } from "~/generated/prisma/client";
import { assertActor, NotFoundError, type Actor } from "~/models/access/actor.server";
import {
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  type ChatCommand,
  type ChatMessageStatus,
  type ChatMessageView,
  type ChatTask,
  failOpenTasks,
  messageStatusOf,
  wordCount,
} from "./chat-rules";
import { chargeForWork, CHAT_COST_CREDITS, refundWorkCharge, settleWorkCharge } from "~/models/billing";
import { getBalance } from "~/models/billing/credits.server";
import { requireProject, type ProjectRef } from "~/models/projects/project.server";
import { Prisma, prisma, sqlRows, utcFromJson } from "~/utils/db.server";
import { normalizeText, textLength } from "~/utils/text";

export type ChatSessionRow = ChatSession;
export type ChatMessageRow = ChatMessage;

export class ChatInputError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "ChatInputError";
  }
}

/** A session of the actor's own (chats are personal: an admin does not read others' chats). */
async function ownSession(actor: Actor, sessionId: string): Promise<ChatSessionRow> {
  assertActor(actor);
  const row = typeof sessionId === "string" && sessionId ? await prisma.chatSession.findUnique({ where: { id: sessionId } }) : null;
  if (!row || row.userId !== actor.id) throw new NotFoundError("Chat session");
  return row;
}

/** The project the chat is about must be one the actor may work on (null: no project; a row the project core checked for this actor is not read again). */
async function checkProject(actor: Actor, projectId: string | ProjectRef | null): Promise<string | null> {
  if (!projectId) return null;
  return (await requireProject(actor, projectId)).id;
}

/**
 * The actor's active chat for a project (or for no project): the one last opened, else the
 * newest, else a new one. `sessionId` opens that session instead (it must be the actor's and
 * about this project); `fresh` starts a new one. The opened session becomes the active one.
 */
export async function openChatSession(actor: Actor, input: { projectId: string | null; sessionId?: string | null; fresh?: boolean }): Promise<ChatSessionRow> {
  assertActor(actor);
  const projectId = await checkProject(actor, input.projectId);
  let session: ChatSessionRow | null = null;
  if (input.sessionId) {
    session = await ownSession(actor, input.sessionId);
    if (session.projectId !== projectId) throw new NotFoundError("Chat session");
  } else if (!input.fresh) {
    session = await prisma.chatSession.findFirst({
      where: { userId: actor.id, projectId },
      orderBy: [{ activeAt: { sort: "desc", nulls: "last" } }, { updatedAt: "desc" }],
    });
  }
  if (!session) return prisma.chatSession.create({ data: { userId: actor.id, projectId, activeAt: new Date() } });
  // Replies nobody answers any more end here (a POST), not when the chat is shown (ADR 365).
  await closeAbandonedReplies(actor, session.id);
  return prisma.chatSession.update({ where: { id: session.id }, data: { activeAt: new Date() } });
}

export type ChatView = { session: ChatSessionRow | null; sessions: ChatSessionItem[]; messages: ChatMessageView[] };

/**
 * What a chat screen shows, read only (a GET writes nothing, ADR 365): the actor's active chat
 * for the project (`sessionId`'s when given: it must be the actor's and about this project; else
 * the one last opened, else the newest; none when the actor has no chat about it yet: the first
 * message makes one), the actor's chats about the project, and the active chat's last 200
 * messages. A reply open for longer than ABANDONED_REPLY_MS shows as ended with the timeout text;
 * it is ended and refunded by the next POST on that chat (send, open).
 */
export async function readChatView(
  actor: Actor,
  input: { project: string | ProjectRef | null; sessionId?: string | null },
  now = new Date(),
): Promise<ChatView> {
  assertActor(actor);
  const projectId = await checkProject(actor, input.project);
  let session: ChatSessionRow | null;
  let sessions: ChatSessionItem[];
  if (input.sessionId) {
    const active = ownSession(actor, input.sessionId).then((s) => {
      if (s.projectId !== projectId) throw new NotFoundError("Chat session");
      return s;
    });
    [session, sessions] = await Promise.all([active, sessionsOf(actor, projectId)]);
  } else {
    // The active chat comes with the list, one statement (every editor visit): it is one of the
    // same chats, so an empty list means there is none.
    const rows = await sqlRows<ChatSessionItem & { __active: unknown }>(sessionsSql(actor, projectId, activeSessionJson(actor, projectId)));
    session = sessionFromJson(rows[0]?.__active);
    sessions = rows.map(({ __active: _, ...item }) => item);
  }
  // The same rows and types as Prisma's findMany, without its engine (ADR 392).
  const rows = session
    ? await sqlRows<ChatMessageRow>(
        Prisma.sql`SELECT m.* FROM "chat_messages" m WHERE m."sessionId" = ${session.id} ORDER BY m."createdAt" DESC, m."id" DESC LIMIT 200`,
      )
    : [];
  return { session, sessions, messages: rows.reverse().map((m) => shownAsEnded(toMessageView(m), m, now)) };
}

/** An open reply nobody answers any more, as it will read once ended (finishChatReply's timeout). */
function shownAsEnded(view: ChatMessageView, row: ChatMessageRow, now: Date): ChatMessageView {
  const open = row.role === "assistant" && (row.status === "thinking" || row.status === "working");
  if (!open || row.updatedAt.getTime() >= now.getTime() - ABANDONED_REPLY_MS) return view;
  return { ...view, status: "error", content: CHAT_MESSAGES.timeoutReply, tasks: failOpenTasks(view.tasks, "Request timeout") };
}

export type ChatSessionItem = { id: string; title: string; updatedAt: Date; messageCount: number };

/** The actor's chats about a project, newest first. */
export async function listChatSessions(actor: Actor, projectId: string | ProjectRef | null): Promise<ChatSessionItem[]> {
  assertActor(actor);
  return sessionsOf(actor, await checkProject(actor, projectId));
}

/** The actor's chats about a project already checked (its id, or null), newest first. */
async function sessionsOf(actor: Actor, projectId: string | null): Promise<ChatSessionItem[]> {
  // Read by every editor page with its chat: straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
  return sqlRows<ChatSessionItem>(sessionsSql(actor, projectId, Prisma.empty));
}

/** The list's statement; `also`: one more column (", <expression> AS name") of every row. */
function sessionsSql(actor: Actor, projectId: string | null, also: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT s."id", COALESCE(s."title", 'New chat') AS "title", s."updatedAt",
           (SELECT count(*)::int FROM "chat_messages" m WHERE m."sessionId" = s."id") AS "messageCount" ${also}
    FROM "chat_sessions" s WHERE s."userId" = ${actor.id} AND ${sameProject(projectId)}
    ORDER BY s."updatedAt" DESC LIMIT 50`;
}

/** The active chat (the one last opened, else the newest) as a JSON column named "__active". */
function activeSessionJson(actor: Actor, projectId: string | null): Prisma.Sql {
  return Prisma.sql`, (SELECT row_to_json(a) FROM (SELECT s.* FROM "chat_sessions" s WHERE s."userId" = ${actor.id} AND ${sameProject(projectId)}
    ORDER BY s."activeAt" DESC NULLS LAST, s."updatedAt" DESC LIMIT 1) a) AS "__active"`;
}

function sessionFromJson(value: unknown): ChatSessionRow | null {
  if (!value) return null;
  const row = value as Omit<ChatSessionRow, "activeAt" | "createdAt" | "updatedAt"> & { activeAt: string | null; createdAt: string; updatedAt: string };
  return {
    ...row,
    activeAt: row.activeAt === null ? null : utcFromJson(row.activeAt),
    createdAt: utcFromJson(row.createdAt),
    updatedAt: utcFromJson(row.updatedAt),
  };
}

function sameProject(projectId: string | null): Prisma.Sql {
  return projectId === null ? Prisma.sql`s."projectId" IS NULL` : Prisma.sql`s."projectId" = ${projectId}`;
}

/** Deletes one of the actor's chats with its messages (usage rows and charges stay: they are the books). */
export async function deleteChatSession(actor: Actor, sessionId: string): Promise<{ projectId: string | null }> {
  const session = await ownSession(actor, sessionId);
  await prisma.chatSession.deleteMany({ where: { id: session.id, userId: actor.id } });
  return { projectId: session.projectId };
}

export type { ChatMessageView };

export function toMessageView(m: ChatMessageRow): ChatMessageView {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    status: m.status,
    tasks: Array.isArray(m.tasks) ? (m.tasks as unknown as ChatTask[]) : [],
    selectedTool: m.selectedTool,
    command: m.command && typeof m.command === "object" && !Array.isArray(m.command) ? (m.command as unknown as ChatCommand) : null,
    agentType: m.agentType,
    replyToId: m.replyToId,
    clientRequestId: m.clientRequestId,
    createdAt: m.createdAt.toISOString(),
  };
}

/** One of the actor's sessions with its messages, oldest first (the last 200). */
export async function getChatSession(actor: Actor, sessionId: string): Promise<{ session: ChatSessionRow; messages: ChatMessageView[] }> {
  const session = await ownSession(actor, sessionId);
  await closeAbandonedReplies(actor, session.id);
  const rows = await prisma.chatMessage.findMany({ where: { sessionId: session.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 200 });
  return { session, messages: rows.reverse().map(toMessageView) };
}

/** The earlier messages of a session for the model (oldest first, without the given reply). */
export async function chatHistory(actor: Actor, sessionId: string, limit = 20): Promise<ChatMessageView[]> {
  const session = await ownSession(actor, sessionId);
  const rows = await prisma.chatMessage.findMany({ where: { sessionId: session.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
  return rows.reverse().map(toMessageView);
}

export type SendResult =
  | { ok: true; duplicate: boolean; session: ChatSessionRow; userMessage: ChatMessageView; reply: ChatMessageView; chargeId: string | null }
  | { ok: false; code: "insufficient_credits" | "deduct_failed" | "invalid"; message: string };

/** What a retried send finds: the message sent with this client request id and its reply. */
async function earlierSend(session: ChatSessionRow, clientRequestId: string) {
  const userMessage = await prisma.chatMessage.findUnique({ where: { sessionId_clientRequestId: { sessionId: session.id, clientRequestId } } });
  if (!userMessage) return null;
  const reply = await prisma.chatMessage.findFirst({ where: { sessionId: session.id, replyToId: userMessage.id } });
  return reply ? { userMessage, reply } : null;
}

/**
 * Sends a user message: checks the text and the balance (at least 0.07 credits), charges the
 * message through the ledger — once per `clientRequestId`, however often the browser retries —
 * stores it with an assistant reply in "thinking", and logs the usage. A retried send returns
 * the first one's messages (`duplicate`), charging nothing. The caller (the assistant) then
 * works on the reply and ends it with finishChatReply.
 */
export async function sendChatMessage(actor: Actor, input: { sessionId: string; content: string; clientRequestId?: string | null }): Promise<SendResult> {
  const session = await ownSession(actor, input.sessionId);
  const content = typeof input.content === "string" ? normalizeText(input.content, { keepJoiners: true }) : "";
  if (!content) return { ok: false, code: "invalid", message: CHAT_MESSAGES.emptyMessage };
  if (textLength(content) > CHAT_MESSAGE_MAX) return { ok: false, code: "invalid", message: CHAT_MESSAGES.tooLong };
  // Replies of this chat nobody answers any more are ended (and refunded) before the next one starts.
  await closeAbandonedReplies(actor, session.id);
  const clientRequestId = input.clientRequestId?.trim().slice(0, 100) || null;

  if (clientRequestId) {
    const earlier = await earlierSend(session, clientRequestId);
    if (earlier)
      return {
        ok: true,
        duplicate: true,
        session,
        userMessage: toMessageView(earlier.userMessage),
        reply: toMessageView(earlier.reply),
        chargeId: earlier.userMessage.chargeId,
      };
  }
  if ((await getBalance(actor.id)) < CHAT_COST_CREDITS) return { ok: false, code: "insufficient_credits", message: CHAT_MESSAGES.needCredits };

  let chargeId: string;
  try {
    const charge = await chargeForWork(actor, "chat_message", CHAT_COST_CREDITS, {
      batchId: `chat_${randomUUID()}`,
      projectId: session.projectId,
      // Namespaced: the same key sent to another door is another request.
      clientRequestId: clientRequestId ? `chat:${session.id}:${clientRequestId}` : null,
    });
    if (!charge.ok) return { ok: false, code: "deduct_failed", message: CHAT_MESSAGES.deductFailed };
    chargeId = charge.charges[0].id;
  } catch (error) {
    console.error("[chat] charge failed", error);
    return { ok: false, code: "deduct_failed", message: CHAT_MESSAGES.deductFailed };
  }

  let created: { userMessage: ChatMessageRow; reply: ChatMessageRow };
  try {
    created = await prisma.$transaction(async (tx) => {
      const userMessage = await tx.chatMessage.create({
        data: { sessionId: session.id, role: "user", content, status: "completed", clientRequestId, chargeId },
      });
      const reply = await tx.chatMessage.create({
        data: { sessionId: session.id, role: "assistant", content: "", status: "thinking", replyToId: userMessage.id, tasks: [] },
      });
      await tx.chatSession.update({
        where: { id: session.id },
        data: { activeAt: new Date(), ...(session.title ? {} : { title: content.slice(0, 60) }) },
      });
      return { userMessage, reply };
    });
  } catch (error) {
    // The same request id sent twice at once: the first one stored the messages.
    if (clientRequestId && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const earlier = await earlierSend(session, clientRequestId);
      if (earlier)
        return {
          ok: true,
          duplicate: true,
          session,
          userMessage: toMessageView(earlier.userMessage),
          reply: toMessageView(earlier.reply),
          chargeId: earlier.userMessage.chargeId,
        };
    }
    await refundWorkCharge(actor, chargeId, "The chat message could not be stored");
    throw error;
  }

  // The usage log; a failure here is only logged (the message and its charge stand).
  try {
    await prisma.chatUsage.createMany({
      data: [{ userId: actor.id, messageContent: content, creditsCharged: CHAT_COST_CREDITS, wordsCount: wordCount(content), selectedTool: null, chargeId }],
      skipDuplicates: true,
    });
  } catch (error) {
    console.error("[chat] usage log failed", error);
  }
  return { ok: true, duplicate: false, session, userMessage: toMessageView(created.userMessage), reply: toMessageView(created.reply), chargeId };
}

/** An assistant reply of the actor's own session. */
async function ownReply(actor: Actor, replyId: string): Promise<ChatMessageRow & { session: ChatSessionRow }> {
  assertActor(actor);
  const row = replyId ? await prisma.chatMessage.findUnique({ where: { id: replyId }, include: { session: true } }) : null;
  if (!row || row.role !== "assistant" || row.session.userId !== actor.id) throw new NotFoundError("Chat message");
  return row;
}

export type ReplyProgress = {
  content?: string;
  tasks?: ChatTask[];
  selectedTool?: string | null;
  command?: ChatCommand | null;
  agentType?: string | null;
};

function progressData(progress: ReplyProgress) {
  return {
    ...(progress.content !== undefined ? { content: progress.content } : {}),
    ...(progress.tasks ? { tasks: progress.tasks as unknown as Prisma.InputJsonValue } : {}),
    ...(progress.selectedTool !== undefined ? { selectedTool: progress.selectedTool, toolName: progress.selectedTool } : {}),
    ...(progress.command !== undefined ? { command: progress.command === null ? Prisma.DbNull : (progress.command as Prisma.InputJsonValue) } : {}),
    ...(progress.agentType !== undefined ? { agentType: progress.agentType } : {}),
  };
}

/** Records the assistant's progress on a reply (its tasks and text so far); the status follows the tasks. */
export async function recordChatProgress(actor: Actor, replyId: string, progress: ReplyProgress): Promise<ChatMessageView> {
  const reply = await ownReply(actor, replyId);
  if (reply.status === "completed" || reply.status === "error") return toMessageView(reply);
  const tasks = progress.tasks ?? (reply.tasks as unknown as ChatTask[]) ?? [];
  // A reply is "completed" or "error" only once finishChatReply ended it (and settled or refunded
  // its charge): a failed task leaves it "working" until then.
  const status = messageStatusOf(tasks, false);
  const row = await prisma.chatMessage
    .update({
      where: { id: reply.id, status: { in: ["thinking", "working"] } },
      data: { ...progressData(progress), status: status === "error" ? "working" : status },
    })
    .catch((error: unknown) => {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") return null;
      throw error;
    });
  return toMessageView(row ?? (await ownReply(actor, replyId)));
}

/**
 * Ends a reply: completed (its tasks all completed) or error (open tasks become error). The
 * message's charge is settled when the reply was delivered and refunded, once, when the
 * assistant failed; the usage row learns the tool the assistant chose.
 */
export async function finishChatReply(
  actor: Actor,
  replyId: string,
  outcome: ReplyProgress & { failed?: { reply: string; details: string } },
): Promise<ChatMessageView> {
  const reply = await ownReply(actor, replyId);
  if (reply.status === "completed" || reply.status === "error") return toMessageView(reply);
  let tasks = outcome.tasks ?? (reply.tasks as unknown as ChatTask[]) ?? [];
  if (outcome.failed) tasks = failOpenTasks(tasks, outcome.failed.details);
  const status: ChatMessageStatus = outcome.failed ? "error" : messageStatusOf(tasks, true);
  const content = outcome.failed ? outcome.failed.reply : (outcome.content ?? reply.content);
  // Only the end that moves the reply out of thinking/working closes its charge (exactly once).
  const { count } = await prisma.chatMessage.updateMany({
    where: { id: reply.id, status: { in: ["thinking", "working"] } },
    data: { ...progressData({ ...outcome, tasks }), content, status },
  });
  const row = await prisma.chatMessage.findUniqueOrThrow({ where: { id: reply.id } });
  if (count === 0) return toMessageView(row);
  await prisma.chatSession.update({ where: { id: reply.sessionId }, data: { updatedAt: new Date() } });
  // The message is settled when the assistant answered — also when a tool it ran failed (that
  // tool's own charge follows the tool's rules) — and refunded, once, when the assistant failed.
  await closeReplyCharge(actor, reply, outcome.failed ? { refund: outcome.failed.details } : null, outcome.selectedTool ?? null);
  return toMessageView(row);
}

/** Settles (or refunds) the charge of the message a reply answers; a no-op when it is closed already. */
async function closeReplyCharge(actor: Actor, reply: ChatMessageRow, failed: { refund: string } | null, selectedTool: string | null = null): Promise<void> {
  const asked = reply.replyToId ? await prisma.chatMessage.findUnique({ where: { id: reply.replyToId }, select: { chargeId: true } }) : null;
  if (!asked?.chargeId) return;
  if (failed) await refundWorkCharge(actor, asked.chargeId, failed.refund);
  else await settleWorkCharge(actor, asked.chargeId);
  if (selectedTool) await prisma.chatUsage.updateMany({ where: { chargeId: asked.chargeId }, data: { selectedTool } });
}

/** How long a reply may stay open before it counts as abandoned (the assistant's 180 s and a margin). */
export const ABANDONED_REPLY_MS = 240_000;

/**
 * Ends the actor's replies in this session that nobody is answering any more (the process that
 * answered them stopped): open for longer than ABANDONED_REPLY_MS, they end in error with the
 * timeout text and their message is refunded, once. Run when a chat is read.
 */
export async function closeAbandonedReplies(actor: Actor, sessionId: string, now = new Date()): Promise<number> {
  const session = await ownSession(actor, sessionId);
  const stale = await prisma.chatMessage.findMany({
    where: {
      sessionId: session.id,
      role: "assistant",
      status: { in: ["thinking", "working"] },
      updatedAt: { lt: new Date(now.getTime() - ABANDONED_REPLY_MS) },
    },
    select: { id: true },
  });
  for (const r of stale) {
    await finishChatReply(actor, r.id, { failed: { reply: CHAT_MESSAGES.timeoutReply, details: "Request timeout" } });
  }
  return stale.length;
}

/** A reply's plan waiting for the user, taken once: the first confirm (or cancel) wins. */
async function takePlan(
  actor: Actor,
  replyId: string,
  to: "confirmed" | "declined",
): Promise<{ reply: ChatMessageRow & { session: ChatSessionRow }; plan: ChatCommand } | null> {
  const reply = await ownReply(actor, replyId);
  const plan = toMessageView(reply).command;
  if (plan?.type !== "confirm" || !Array.isArray(plan.calls)) return null;
  const { count } = await prisma.chatMessage.updateMany({
    where: { id: reply.id, command: { path: ["type"], equals: "confirm" } },
    data: { command: { ...plan, type: to } as unknown as Prisma.InputJsonValue },
  });
  return count === 1 ? { reply, plan } : null;
}

export type ConfirmResult =
  | { ok: true; session: ChatSessionRow; asked: ChatMessageView; run: ChatMessageView; calls: NonNullable<ChatCommand["calls"]> }
  | { ok: false; code: "not_waiting"; message: string };

/**
 * The user confirms the paid or destructive work a reply held (docs/decisions/256-assistant-
 * confirms-paid-work.md): once — a second confirm, a confirm after a cancel, or a confirm of a
 * reply that held nothing answers `not_waiting` and runs nothing. Returns a new assistant reply
 * (working) that runs the calls; it answers no message, so it charges no message credits (each
 * tool charges its own price).
 */
export async function confirmChatPlan(actor: Actor, replyId: string): Promise<ConfirmResult> {
  const taken = await takePlan(actor, replyId, "confirmed");
  if (!taken) return { ok: false, code: "not_waiting", message: CHAT_MESSAGES.notWaiting };
  const run = await prisma.chatMessage.create({
    data: {
      sessionId: taken.reply.sessionId,
      role: "assistant",
      content: "",
      status: "working",
      tasks: [],
      command: { type: "confirmed-run", of: taken.reply.id },
    },
  });
  await prisma.chatSession.update({ where: { id: taken.reply.sessionId }, data: { activeAt: new Date() } });
  const asked = await prisma.chatMessage.findUniqueOrThrow({ where: { id: taken.reply.id } });
  return { ok: true, session: taken.reply.session, asked: toMessageView(asked), run: toMessageView(run), calls: taken.plan.calls ?? [] };
}

/** The user cancels a held plan: nothing runs; a later confirm answers `not_waiting`. */
export async function declineChatPlan(actor: Actor, replyId: string): Promise<{ ok: boolean; message: string }> {
  const taken = await takePlan(actor, replyId, "declined");
  return taken ? { ok: true, message: CHAT_MESSAGES.declined } : { ok: false, message: CHAT_MESSAGES.notWaiting };
}
