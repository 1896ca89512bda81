// The in-process "Inngest server" endpoints the embedded client talks to. The client's base URL
// points at EMBEDDED_ORIGIN and its fetch goes through here: POST /e/:key (inngest.send and
// step.sendEvent) records the events in PostgreSQL and wakes the executor; POST /fn/register
// (the serve handler answering the executor's sync) hands the function configs to the executor
// that asked, identified by the deployId it put on its sync request.
import { createHash } from "node:crypto";
import { EventPayloadError, ingestEvents, type IncomingEvent } from "./ingest.ts";
import { EMBEDDED_EVENT_KEY, EMBEDDED_ORIGIN, shared, type FunctionConfig, type RegisterBody } from "./shared.ts";
import { notifyExecutors } from "./wake-up.ts";

/** The bearer token the SDK sends when registering: hashSigningKey() of inngest-js. */
export function hashedSigningKey(signingKey: string): string {
  const prefix = /^signkey-[\w]+-/.exec(signingKey)?.[0] ?? "";
  const key = signingKey.slice(prefix.length);
  return `${prefix}${createHash("sha256").update(Buffer.from(key, "hex")).digest("hex")}`;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Function configs of the executors registered in this process (deduplicated by id). */
export function registeredConfigs(): FunctionConfig[] {
  const byId = new Map<string, FunctionConfig>();
  for (const host of shared().hosts.values()) for (const cfg of host.functionConfigs()) byId.set(cfg.id, cfg);
  return [...byId.values()];
}

export function wakeAll(): void {
  for (const host of shared().hosts.values()) host.wake();
}

/**
 * Accepts events for the embedded engine (what POST /e/:key does), then wakes the executors: the
 * ones in this process directly, those of other processes (workers) by a NOTIFY.
 */
export async function acceptEvents(
  payloads: IncomingEvent[],
  opts: { seed?: string | null; fallbackConfigs?: () => Promise<FunctionConfig[]> } = {},
): Promise<{ ids: string[]; runIds: string[] }> {
  let configs = registeredConfigs();
  // No executor registered in this process yet (app starting, or a script): start the runs of
  // the functions this code defines; an executor picks them up once it runs.
  if (configs.length === 0 && opts.fallbackConfigs) configs = await opts.fallbackConfigs();
  // Recording an event with no function known would start nothing while the caller (who may
  // have charged for the work) believes it queued: refuse instead, so the caller refunds.
  if (configs.length === 0) throw new Error("No workflow functions are known in this process: the event was not accepted");
  const result = await ingestEvents(payloads, { configs, seed: opts.seed });
  wakeAll();
  await notifyExecutors();
  return result;
}

export function createEmbeddedFetch(fallbackConfigs: () => Promise<FunctionConfig[]>): typeof fetch {
  const embeddedFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== EMBEDDED_ORIGIN) return fetch(input, init);

    if (request.method === "POST" && url.pathname.startsWith("/e/")) {
      if (decodeURIComponent(url.pathname.slice(3)) !== EMBEDDED_EVENT_KEY) return json({ error: "Event key not found", status: 401 }, 401);
      let payload: unknown;
      try {
        payload = JSON.parse(await request.text());
      } catch {
        return json({ error: "Cannot process event payload", status: 400 }, 400);
      }
      try {
        const { ids } = await acceptEvents((Array.isArray(payload) ? payload : [payload]) as IncomingEvent[], {
          seed: request.headers.get("x-inngest-event-id-seed"),
          fallbackConfigs,
        });
        return json({ ids, status: 200 });
      } catch (error) {
        if (error instanceof EventPayloadError) return json({ error: error.message, status: 400 }, 400);
        console.error("[workflows] could not record events:", error);
        return json({ error: `Could not record the events: ${(error as Error).message}`, status: 500 }, 500);
      }
    }

    if (request.method === "POST" && url.pathname === "/fn/register") {
      const s = shared();
      if (request.headers.get("authorization") !== `Bearer ${hashedSigningKey(s.signingKey)}`) {
        return json({ status: 401, error: "Unauthorized" }, 401);
      }
      const host = s.hosts.get(url.searchParams.get("deployId") ?? "");
      if (!host) return json({ status: 404, error: "No embedded executor asked for this registration" }, 404);
      try {
        host.acceptRegistration(JSON.parse(await request.text()) as RegisterBody);
      } catch (error) {
        return json({ status: 400, error: (error as Error).message }, 400);
      }
      return json({ status: 200, modified: true });
    }

    return json({ status: 404, error: `The embedded workflow engine has no ${request.method} ${url.pathname}` }, 404);
  };
  return embeddedFetch as typeof fetch;
}
