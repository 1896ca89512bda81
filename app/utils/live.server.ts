// Live per-user events (ADR 081). Publishing is a PostgreSQL NOTIFY on one channel, so an
// event published by any process (the web server, a workflow worker, a script) reaches every
// process that serves an SSE connection of that user. Each process keeps ONE listening
// connection and fans events out in memory to its subscribers, keyed by user id.
import pg from "pg";
import { prisma } from "~/utils/db.server";
import type { LiveEvent } from "~/utils/live-events";

export type { LiveEvent, LiveEventType } from "~/utils/live-events";
export { LIVE_EVENT_TYPES } from "~/utils/live-events";

export const LIVE_CHANNEL = "reelforge_live";
/**
 * The audience every signed-in admin's stream also listens to (not a user id): events about
 * something an admin may open whoever owns it, such as a project (ADR 156).
 */
export const ADMINS_AUDIENCE = "audience:admins";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

type Envelope = { u: string; e: LiveEvent };
export type LiveListener = (event: LiveEvent) => void;

/** Anything that can run a raw statement: the prisma client or an interactive transaction. */
type RawExecutor = { $executeRaw: (query: TemplateStringsArray, ...values: unknown[]) => Promise<number> };

function encode(userId: string, event: LiveEvent): string {
  const payload = JSON.stringify({ u: userId, e: event } satisfies Envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`live event ${event.type} is too large to publish`);
  return payload;
}

/**
 * Publishes an event to one user's live connections, in every process. Inside a transaction
 * (pass `tx`) PostgreSQL delivers it only when the transaction commits, and not at all on
 * rollback, so listeners never hear of a change that did not happen.
 */
export async function publish(userId: string, event: LiveEvent, db: RawExecutor = prisma): Promise<void> {
  const payload = encode(userId, event);
  await db.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`;
}

/** publish() for callers that must not fail when the event cannot be sent (it is a hint). */
export async function publishSafely(userId: string, event: LiveEvent): Promise<void> {
  try {
    await publish(userId, event);
  } catch (error) {
    console.error(`live: could not publish ${event.type}`, error);
  }
}

// ───────────────────────────── the listening side ─────────────────────────────

type Hub = {
  listeners: Map<string, Set<LiveListener>>;
  client: pg.Client | null;
  connecting: Promise<void> | null;
  retryTimer: NodeJS.Timeout | null;
  retryDelayMs: number;
  stopped: boolean;
};

declare global {
  var __reelforgeLiveHub: Hub | undefined;
}

// One hub per process, also across dev rebuilds of the server bundle.
const hub: Hub = (globalThis.__reelforgeLiveHub ??= {
  listeners: new Map(),
  client: null,
  connecting: null,
  retryTimer: null,
  retryDelayMs: 500,
  stopped: false,
});

function subscriberCount(): number {
  let n = 0;
  for (const set of hub.listeners.values()) n += set.size;
  return n;
}

function dispatch(userId: string, event: LiveEvent): void {
  const set = hub.listeners.get(userId);
  if (!set) return;
  for (const listener of [...set]) {
    try {
      listener(event);
    } catch (error) {
      console.error("live: listener failed", error);
    }
  }
}

/** Tells every local subscriber that events may have been missed (the connection dropped). */
function dispatchResync(): void {
  for (const [userId] of hub.listeners) dispatch(userId, { type: "resync" });
}

function onNotification(message: pg.Notification): void {
  if (message.channel !== LIVE_CHANNEL || !message.payload) return;
  let envelope: Envelope;
  try {
    envelope = JSON.parse(message.payload) as Envelope;
  } catch {
    return;
  }
  if (typeof envelope?.u !== "string" || typeof envelope.e?.type !== "string") return;
  dispatch(envelope.u, envelope.e);
}

function scheduleReconnect(): void {
  if (hub.stopped || hub.retryTimer || subscriberCount() === 0) return;
  const delay = hub.retryDelayMs;
  hub.retryDelayMs = Math.min(hub.retryDelayMs * 2, 30_000);
  hub.retryTimer = setTimeout(() => {
    hub.retryTimer = null;
    ensureListening()
      .then(dispatchResync)
      .catch((error) => {
        console.error("live: reconnect failed", error);
        scheduleReconnect();
      });
  }, delay);
  hub.retryTimer.unref();
}

function ensureListening(): Promise<void> {
  if (hub.client) return Promise.resolve();
  if (hub.connecting) return hub.connecting;
  const url = process.env.DATABASE_URL;
  if (!url) return Promise.reject(new Error("DATABASE_URL is not set"));
  hub.stopped = false;
  const client = new pg.Client({ connectionString: url, application_name: "reelforge-live" });
  const lost = (error?: Error) => {
    if (hub.client !== client) return;
    if (error) console.error("live: listening connection lost", error.message);
    hub.client = null;
    client.removeAllListeners("notification");
    client.end().catch(() => {});
    scheduleReconnect();
  };
  hub.connecting = (async () => {
    try {
      await client.connect();
      client.on("notification", onNotification);
      client.on("error", lost);
      client.on("end", () => lost());
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
      hub.client = client;
      hub.retryDelayMs = 500;
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    } finally {
      hub.connecting = null;
    }
  })();
  return hub.connecting;
}

/**
 * Subscribes to one user's events in this process. Resolves once the process is listening,
 * so an event published after the promise settles is delivered. Returns the unsubscribe.
 */
export async function subscribe(userId: string, listener: LiveListener): Promise<() => void> {
  let set = hub.listeners.get(userId);
  if (!set) hub.listeners.set(userId, (set = new Set()));
  set.add(listener);
  const unsubscribe = () => {
    const current = hub.listeners.get(userId);
    if (!current) return;
    current.delete(listener);
    if (current.size === 0) hub.listeners.delete(userId);
  };
  try {
    await ensureListening();
  } catch (error) {
    // Still subscribed: the reconnect loop delivers events once the database answers.
    console.error("live: could not start listening", error);
    scheduleReconnect();
  }
  return unsubscribe;
}

/** Local subscribers of a user (tests, diagnostics). */
export function localSubscriberCount(userId?: string): number {
  return userId ? (hub.listeners.get(userId)?.size ?? 0) : subscriberCount();
}

/** The backend pid of this process's listening connection (diagnostics, tests), or null. */
export function listenerPid(): number | null {
  return (hub.client as (pg.Client & { processID?: number }) | null)?.processID ?? null;
}

/** Closes the listening connection (shutdown, tests). Subscriptions are dropped. */
export async function stopLive(): Promise<void> {
  hub.stopped = true;
  if (hub.retryTimer) clearTimeout(hub.retryTimer);
  hub.retryTimer = null;
  hub.listeners.clear();
  const client = hub.client;
  hub.client = null;
  if (client) {
    client.removeAllListeners();
    client.on("error", () => {});
    await client.end().catch(() => {});
  }
}
