// Staff-user messages (docs/product.md#admin-area, ADR 189): one conversation per user (the
// staff_messages rows with that userId), each message optionally about one of the user's
// projects, with attachments stored in the private message-attachments bucket (owned by the
// user, so they and the admins may read them). Staff write as "Admin"; the user answers from
// /messages. A message is written pending, the other side is told (a notification to the user
// when staff write; a live event to the user's and the admins' open pages either way), then it
// is completed, or marked error when telling failed.
import { NotFoundError, type Actor } from "~/models/access/actor.server";
import { isAdminActor } from "~/models/access/permissions.server";
import { STAFF_MESSAGE_MESSAGES } from "./admin-messages";
import { createNotification } from "~/models/content/notification.server";
import { profilesOf } from "~/models/access/profile.server";
import { getProject, listProjectsNewestFirst } from "~/models/projects/project.server";
import type { StoredFile } from "~/models/files/stored-files.server";
import { getSessionUserById, userExists } from "~/models/access/user.server";
import { prisma } from "~/utils/db.server";
import { ADMINS_AUDIENCE, publishSafely } from "~/utils/live.server";
import { normalizeText } from "~/utils/text";
import { fileUrlFromRef } from "~/utils/storage/buckets";

export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_ATTACHMENTS_MAX = 5;
export const CONVERSATION_LIMIT = 200;
export const CHAT_USERS_LIMIT = 200;
const SNIPPET_LENGTH = 80;

export type ChatUser = { id: string; name: string; avatarUrl: string | null; lastMessageSnippet: string; lastMessageAt: string };
export type MessageAttachmentView = { name: string; type: string; url: string; size: number };
export type ConversationMessage = {
  id: string;
  sender: "admin" | "user";
  message: string;
  projectId: string | null;
  status: "pending" | "completed" | "error";
  createdAt: string;
  attachments: MessageAttachmentView[];
};

export class MessageInputError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "MessageInputError";
  }
}

function snippet(text: string, attachments: number): string {
  const chars = [...text.trim().replace(/\s+/g, " ")];
  if (chars.length === 0) return attachments > 0 ? `${attachments} attachment${attachments === 1 ? "" : "s"}` : "";
  return chars.length > SNIPPET_LENGTH ? `${chars.slice(0, SNIPPET_LENGTH).join("")}…` : chars.join("");
}

/** Who may read and write the conversation with `userId`: the user themself, or an admin. */
async function requireConversation(actor: Actor, userId: string): Promise<void> {
  if (!userId || (!isAdminActor(actor) && actor.id !== userId)) throw new NotFoundError("Conversation");
  if (!(await userExists(userId))) throw new NotFoundError("Conversation");
}

/** Users with a conversation, the most recent first, each with their last message (the seed's get_chat_users). */
export async function listChatUsers(actor: Actor): Promise<ChatUser[]> {
  if (!isAdminActor(actor)) throw new NotFoundError("Conversation");
  const rows = await prisma.$queryRaw<{ userId: string; message: string; createdAt: Date; attachments: bigint; email: string | null }[]>`
    SELECT last."userId", last."message", last."createdAt", last."attachments", u."email"
    FROM (
      SELECT DISTINCT ON (m."userId") m."userId", m."message", m."createdAt",
        (SELECT COUNT(*) FROM "message_attachments" a WHERE a."messageId" = m."id") AS "attachments"
      FROM "staff_messages" m
      ORDER BY m."userId", m."createdAt" DESC, m."id" DESC
    ) last
    JOIN "users" u ON u."id" = last."userId"
    ORDER BY last."createdAt" DESC
    LIMIT ${CHAT_USERS_LIMIT}`;
  const profiles = await profilesOf(rows.map((r) => r.userId));
  return rows.map((r) => {
    const profile = profiles.get(r.userId);
    return {
      id: r.userId,
      name: profile?.username ?? r.email ?? r.userId,
      avatarUrl: fileUrlFromRef(profile?.avatarKey ?? null),
      lastMessageSnippet: snippet(r.message, Number(r.attachments)),
      lastMessageAt: r.createdAt.toISOString(),
    };
  });
}

/** Name and avatar of one conversation's user (the pane's header); null when there is no such user. */
export async function chatUserOf(actor: Actor, userId: string): Promise<{ id: string; name: string; avatarUrl: string | null } | null> {
  try {
    await requireConversation(actor, userId);
  } catch {
    return null;
  }
  const user = await getSessionUserById(userId);
  if (!user) return null;
  return { id: userId, name: user.username ?? user.email ?? user.phone ?? userId, avatarUrl: fileUrlFromRef(user.avatarKey) };
}

/** The user's projects, newest first (the conversation's project filter; the seed's get_user_projects). */
export async function conversationProjects(actor: Actor, userId: string): Promise<{ id: string; title: string }[]> {
  await requireConversation(actor, userId);
  return (await listProjectsNewestFirst(actor, { ownerId: userId, take: 200 })).map((p) => ({ id: p.id, title: p.title }));
}

/** The conversation with `userId`, oldest first (the latest CONVERSATION_LIMIT), optionally only one project's messages. */
export async function getConversation(actor: Actor, userId: string, opts: { projectId?: string | null } = {}): Promise<ConversationMessage[]> {
  await requireConversation(actor, userId);
  const rows = await prisma.staffMessage.findMany({
    where: { userId, ...(opts.projectId ? { projectId: opts.projectId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: CONVERSATION_LIMIT,
    select: {
      id: true,
      sender: true,
      message: true,
      projectId: true,
      status: true,
      createdAt: true,
      attachments: { select: { name: true, type: true, url: true, size: true }, orderBy: { id: "asc" } },
    },
  });
  return rows.reverse().map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export type NewMessage = { userId: string; message?: string | null; projectId?: string | null; attachments?: readonly StoredFile[] };
export type SendResult = { ok: true; message: ConversationMessage } | { ok: false; code: "empty" | "invalid" | "not_found" | "error"; message: string };

/**
 * Adds a message to the conversation with `userId`: as "admin" when an admin writes to someone
 * else, as "user" when the user writes their own. Text or attachments are needed; a project
 * must be the user's. Attachments are files already stored for this user in message-attachments.
 */
export async function sendMessage(actor: Actor, input: NewMessage): Promise<SendResult> {
  try {
    await requireConversation(actor, input.userId);
  } catch {
    return { ok: false, code: "not_found", message: STAFF_MESSAGE_MESSAGES.selectUser };
  }
  const attachments = input.attachments ?? [];
  const text = normalizeText(input.message ?? "", { keepJoiners: true });
  if (!text && attachments.length === 0) return { ok: false, code: "empty", message: STAFF_MESSAGE_MESSAGES.emptyMessage };
  if ([...text].length > MESSAGE_MAX_LENGTH) return { ok: false, code: "invalid", message: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.` };
  if (attachments.length > MESSAGE_ATTACHMENTS_MAX) return { ok: false, code: "invalid", message: `Please attach at most ${MESSAGE_ATTACHMENTS_MAX} files.` };
  if (attachments.some((f) => f.bucket !== "message-attachments" || f.ownerId !== input.userId))
    return { ok: false, code: "invalid", message: STAFF_MESSAGE_MESSAGES.sendError };
  if (input.projectId) {
    const project = await getProject(actor, input.projectId).catch(() => null);
    if (!project || project.userId !== input.userId) return { ok: false, code: "invalid", message: STAFF_MESSAGE_MESSAGES.projectNotFound };
  }
  const sender = input.userId === actor.id ? "user" : "admin";
  const created = await prisma.staffMessage.create({
    data: {
      userId: input.userId,
      sender,
      senderId: actor.id,
      message: text,
      projectId: input.projectId ?? null,
      status: "pending",
      attachments: { create: attachments.map((f) => ({ name: (f.originalName ?? f.key).slice(0, 255), type: f.contentType, url: f.url, size: f.size })) },
    },
    select: { id: true },
  });
  let status: "completed" | "error" = "completed";
  let reason: string | null = null;
  try {
    if (sender === "admin") {
      await createNotification({
        userId: input.userId,
        type: "staff_message",
        title: STAFF_MESSAGE_MESSAGES.notificationTitle,
        body: snippet(text, attachments.length),
        link: input.projectId ? `/messages?project=${input.projectId}` : "/messages",
      });
    }
  } catch (error) {
    status = "error";
    reason = error instanceof Error ? error.message : String(error);
    console.error("staff message: could not notify", error);
  }
  await prisma.staffMessage.update({ where: { id: created.id }, data: { status } });
  await Promise.all([
    publishSafely(input.userId, { type: "message.created", userId: input.userId }),
    publishSafely(ADMINS_AUDIENCE, { type: "message.created", userId: input.userId }),
  ]);
  const [message] = (
    await prisma.staffMessage.findMany({
      where: { id: created.id },
      select: {
        id: true,
        sender: true,
        message: true,
        projectId: true,
        status: true,
        createdAt: true,
        attachments: { select: { name: true, type: true, url: true, size: true }, orderBy: { id: "asc" } },
      },
    })
  ).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  if (status === "error") return { ok: false, code: "error", message: STAFF_MESSAGE_MESSAGES.sendFailed.replace("{reason}", reason ?? "unknown") };
  return { ok: true, message };
}
