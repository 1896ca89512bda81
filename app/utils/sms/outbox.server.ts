// Local default SMS sender: messages are written to sms_messages and shown on /dev/outbox,
// so phone sign-in works on a machine without an SMS account.
import { prisma } from "~/utils/db.server";
import type { SmsSender } from "./types";

export const OUTBOX_PROVIDER = "outbox";

export function createOutboxSender(): SmsSender {
  return {
    provider: OUTBOX_PROVIDER,
    async send({ to, body }) {
      const row = await prisma.smsMessage.create({ data: { to, body, provider: OUTBOX_PROVIDER }, select: { id: true } });
      return { provider: OUTBOX_PROVIDER, id: row.id };
    },
  };
}

export type OutboxMessage = { id: string; to: string; body: string; provider: string; createdAt: Date };

/** Newest first. */
export async function listOutboxMessages(options: { to?: string | null; limit?: number } = {}): Promise<OutboxMessage[]> {
  return prisma.smsMessage.findMany({
    where: options.to ? { to: options.to } : undefined,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(options.limit ?? 100, 1), 500),
    select: { id: true, to: true, body: true, provider: true, createdAt: true },
  });
}
