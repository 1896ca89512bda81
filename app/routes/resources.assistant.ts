// /resources/assistant — the assistant chat's door (docs/product.md#assistant).
// GET: the signed-in user's active chat for ?projectId= (JSON).
// POST (a form): intent=send sends a message — with `Accept: text/event-stream` the answer
// streams as server-sent events (start, reply, delta, done | refused); a plain form post (no
// JavaScript) waits for the answer and goes back to `returnTo`. intent=new starts a chat,
// intent=open makes one active, intent=delete removes one; intent=confirm runs the paid or
// destructive work a reply held (once) and intent=decline cancels it (ADR 256). Rules, charges and authorization
// are the core's (app/models/assistant/chat.server.ts); the assistant is agents/.
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { z } from "zod";
import { type Actor, actorFromUser, isNotFound, requireUser } from "~/models/access";
import { deleteChatSession, openChatSession } from "~/models/assistant";
import { field } from "~/utils/form-fields";
import { setFlash } from "~/utils/flash.server";
import { readForm, readQuery } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { assistantState, confirmAndRun, declinePlan, sendAndAnswer, type ChatSendEvent } from "../../agents/chat.server";

const projectIdField = field.optional(field.token("The project id"));
const sessionIdField = field.token("The chat id");

const query = z.object({ projectId: projectIdField, sessionId: field.optional(sessionIdField) });

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = actorFromUser(await requireUser(request), "web");
  const { projectId, sessionId } = readQuery(request, query);
  try {
    return Response.json(await assistantState(actor, { projectId: projectId ?? null, sessionId: sessionId ?? null }), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (isNotFound(error)) return Response.json({ error: error.message }, { status: 404 });
    throw error;
  }
}

const returnTo = field.optional(field.line({ max: 2048, label: "returnTo" }));

const form = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("send"),
      // Without a chat yet (a GET makes none), the first message starts the project's chat.
      sessionId: field.optional(sessionIdField),
      projectId: projectIdField,
      message: field.text({ max: 20_000, label: "The message" }),
      clientRequestId: field.optional(field.token("The request id", 100)),
      sceneId: field.optional(field.token("The scene id")),
      returnTo,
    }),
    z.object({ intent: z.literal("new"), projectId: projectIdField, returnTo }),
    z.object({ intent: z.literal("open"), projectId: projectIdField, sessionId: sessionIdField, returnTo }),
    z.object({ intent: z.literal("delete"), sessionId: sessionIdField, returnTo }),
    z.object({ intent: z.literal("confirm"), replyId: field.token("The reply id"), returnTo }),
    z.object({ intent: z.literal("decline"), replyId: field.token("The reply id"), returnTo }),
  ],
  { error: "Unknown action." },
);

function frame(event: ChatSendEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

async function back(to: string | undefined, flash?: Parameters<typeof setFlash>[0]) {
  const target = safeRedirect(to, "/video-projects");
  return redirect(target, flash ? { headers: { "Set-Cookie": await setFlash(flash) } } : undefined);
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = actorFromUser(await requireUser(request), "web");
  const parsed = await readForm(request, form);
  if (!parsed.ok) return Response.json({ error: parsed.formError, fieldErrors: parsed.fieldErrors }, { status: 400 });
  const input = parsed.data;
  if (input.intent !== "send") {
    try {
      return await sessionIntent(actor, input, request);
    } catch (error) {
      if (isNotFound(error)) return Response.json({ error: error.message }, { status: 404 });
      throw error;
    }
  }

  let sessionId = input.sessionId;
  if (!sessionId) {
    try {
      sessionId = (await openChatSession(actor, { projectId: input.projectId ?? null })).id;
    } catch (error) {
      if (isNotFound(error)) return Response.json({ error: error.message }, { status: 404 });
      throw error;
    }
  }
  const send: ChatSend = {
    sessionId,
    content: input.message,
    clientRequestId: input.clientRequestId ?? null,
    origin: new URL(request.url).origin,
    selectedSceneId: input.sceneId ?? null,
  };
  const wantsStream = (request.headers.get("Accept") ?? "").includes("text/event-stream");
  if (wantsStream) return answerStream(actor, send);
  // Without JavaScript: wait for the answer, then show the page again.
  try {
    const result = await sendAndAnswer(actor, send);
    if (!result.ok) return back(input.returnTo, { kind: "error", title: result.message });
    return back(input.returnTo);
  } catch (error) {
    if (isNotFound(error)) return Response.json({ error: error.message }, { status: 404 });
    throw error;
  }
}

type ChatSend = Parameters<typeof sendAndAnswer>[1];

/** The chat's other intents: start, open or delete a chat, and decline or confirm a held plan. */
async function sessionIntent(actor: Actor, input: Exclude<z.infer<typeof form>, { intent: "send" }>, request: Request) {
  switch (input.intent) {
    case "new":
      await openChatSession(actor, { projectId: input.projectId ?? null, fresh: true });
      return back(input.returnTo);
    case "open":
      await openChatSession(actor, { projectId: input.projectId ?? null, sessionId: input.sessionId });
      return back(input.returnTo);
    case "delete":
      await deleteChatSession(actor, input.sessionId);
      return back(input.returnTo, { kind: "success", title: "Chat deleted" });
    case "decline": {
      const declined = await declinePlan(actor, input.replyId);
      return back(input.returnTo, { kind: declined.ok ? "success" : "error", title: declined.message });
    }
    case "confirm": {
      // Waits for the work (with or without JavaScript), then shows the page again.
      const confirmed = await confirmAndRun(actor, { replyId: input.replyId, origin: new URL(request.url).origin });
      if (!confirmed.ok) return back(input.returnTo, { kind: "error", title: confirmed.message });
      return back(input.returnTo);
    }
  }
}

/** The answer as server-sent events while it is made (with JavaScript). */
function answerStream(actor: Actor, send: ChatSend): Response {
  const encoder = new TextEncoder();
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const emit = (event: ChatSendEvent) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(frame(event)));
        } catch {
          closed = true;
        }
      };
      // The answer goes on when the browser leaves: it is stored and shown on the next visit.
      sendAndAnswer(actor, send, emit)
        .catch((error: unknown) => {
          if (isNotFound(error)) emit({ type: "refused", code: "not_found", message: error.message });
          else {
            console.error("[assistant] send failed", error);
            emit({ type: "refused", code: "error", message: "Failed to get response from AI" });
          }
        })
        .finally(() => {
          if (closed) return;
          closed = true;
          try {
            controller.close();
          } catch {
            // cancelled
          }
        });
    },
    cancel() {
      closed = true;
    },
  });
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
}
