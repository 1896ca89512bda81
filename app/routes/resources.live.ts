// GET /resources/live — the signed-in user's live events as server-sent events (ADR 081).
// Each event is `event: <type>` + `data: <json>`; a comment line every 30 s keeps proxies from
// closing the idle connection and notices a signed-out session (the stream then ends).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { actorForUserId, getSessionUserById, getUserId, isAdminActor, isAdminUser } from "~/models/access";
import { ADMINS_AUDIENCE, subscribe, type LiveEvent } from "~/utils/live.server";

export const HEARTBEAT_MS = 30_000;
/** What EventSource waits before reconnecting after the stream ends. */
const RETRY_MS = 5_000;

function frame(event: LiveEvent | { type: "ready" }): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await getUserId(request);
  const user = userId ? await getSessionUserById(userId) : null;
  if (!user) {
    return new Response("Unauthorized", { status: 401, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }

  const encoder = new TextEncoder();
  let cleanup: (() => void) | null = null;

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup?.();
        try {
          controller.close();
        } catch {
          // already closed or cancelled
        }
      };

      const unsubscribes = [await subscribe(user.id, (event) => send(frame(event)))];
      // Admins may open anyone's project, so they also hear about every project (ADR 156).
      if (isAdminUser(user)) unsubscribes.push(await subscribe(ADMINS_AUDIENCE, (event) => send(frame(event))));
      const unsubscribe = () => unsubscribes.forEach((stop) => stop());
      const heartbeat = setInterval(() => {
        // The session may have been ended (sign-out), or the admin role taken away, since the
        // stream opened: the browser then reconnects with what the user may hear now.
        getUserId(request)
          .then(async (current) => {
            const stillAdmin = async () => {
              const now = await actorForUserId(user.id, "web");
              return now !== null && isAdminActor(now);
            };
            if (current !== user.id || (isAdminUser(user) && !(await stillAdmin()))) return close();
            send(`: ping ${Date.now()}\n\n`);
          })
          .catch(() => send(`: ping ${Date.now()}\n\n`));
      }, HEARTBEAT_MS);
      heartbeat.unref?.();
      const onAbort = () => close();
      cleanup = () => {
        cleanup = null;
        clearInterval(heartbeat);
        unsubscribe();
        request.signal.removeEventListener("abort", onAbort);
      };
      if (request.signal.aborted) return close();
      request.signal.addEventListener("abort", onAbort, { once: true });

      send(`retry: ${RETRY_MS}\n\n`);
      send(frame({ type: "ready" }));
    },
    cancel() {
      cleanup?.();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware leaves the stream alone (no buffering).
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
