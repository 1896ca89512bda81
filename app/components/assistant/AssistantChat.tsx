// The assistant chat (docs/product.md#assistant), used in three places: the AI Assistant column
// of /video-projects, the project canvas's side panel and /multi-agent-chat/{projectId}. Every
// control is a form that posts to /resources/assistant (works without JavaScript); with
// JavaScript a message is sent with a client request id, retried up to 2 times (1 s, 2 s) with
// the same id, and the answer streams in (server-sent events): the reply's tasks move from
// working to completed or error as the assistant runs its tools.
import { Form, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { Spinner } from "~/components/ui/Spinner";
import { CHAT_MESSAGES, CHAT_RETRIES, CHAT_RETRY_BASE_MS, type ChatMessageView, type ChatTask } from "~/models/assistant/chat-rules";
import { formatCredits } from "~/models/billing/prices";
import { CHAT_COST_CREDITS } from "~/models/billing/prices";

export type AssistantChatState = {
  projectId: string | null;
  nextRequestId: string;
  /** null until the first message makes the chat (the page's GET makes none). */
  sessionId: string | null;
  sessions: { id: string; title: string; messageCount: number }[];
  messages: ChatMessageView[];
  provider: { local: boolean; label: string; description: string; problem: string | null };
  balance: number;
};

type StreamEvent =
  | { type: "start"; userMessage: ChatMessageView; reply: ChatMessageView; duplicate: boolean }
  | { type: "refused"; code: string; message: string }
  | { type: "reply"; message: ChatMessageView }
  | { type: "delta"; text: string }
  | { type: "done"; message: ChatMessageView; toast: { kind: "info" | "error"; text: string } | null };

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-slate-100 text-slate-700",
  thinking: "bg-slate-100 text-slate-700",
  working: "bg-amber-100 text-amber-800",
  completed: "bg-green-100 text-green-800",
  error: "bg-red-100 text-red-800",
};

function newRequestId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function parseFrames(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const parts = buffer.split("\n\n");
  const rest = parts.pop() ?? "";
  for (const part of parts) {
    const data = part
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).trimStart())
      .join("\n");
    if (!data) continue;
    try {
      events.push(JSON.parse(data) as StreamEvent);
    } catch {
      // not ours
    }
  }
  return { events, rest };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POSTs the message, retrying a failed connection or a server error with the same request id. */
async function postMessage(body: FormData, onEvent: (e: StreamEvent) => void): Promise<void> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt <= CHAT_RETRIES; attempt++) {
    if (attempt > 0) await sleep(CHAT_RETRY_BASE_MS * 2 ** (attempt - 1));
    let res: Response;
    try {
      res = await fetch("/resources/assistant", { method: "POST", body, headers: { Accept: "text/event-stream" } });
    } catch (error) {
      lastError = error;
      continue;
    }
    if (res.status >= 500) {
      lastError = new Error(res.statusText || CHAT_MESSAGES.errorToast);
      continue;
    }
    if (!res.ok || !res.body) {
      const json = (await res.json().catch(() => null)) as { error?: string } | null;
      throw new Error(json?.error ?? CHAT_MESSAGES.errorToast);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let finished = false;
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      const parsed = parseFrames(buffer + value);
      buffer = parsed.rest;
      for (const event of parsed.events) {
        if (event.type === "done" || event.type === "refused") finished = true;
        onEvent(event);
      }
    }
    if (finished) return;
    // The stream broke before the answer ended: ask again with the same id (charged once).
    lastError = new Error(CHAT_MESSAGES.errorToast);
  }
  throw lastError instanceof Error ? lastError : new Error(CHAT_MESSAGES.errorToast);
}

export function AssistantChat({
  state,
  placeholder,
  heading = "AI Assistant",
  showSteps = false,
  sceneId,
  className,
}: {
  state: AssistantChatState;
  placeholder: string;
  heading?: string;
  /** Show each task's arguments and result (the multi-agent chat page). */
  showSteps?: boolean;
  /** The scene open beside the chat ("this scene"). */
  sceneId?: string | null;
  className?: string;
}) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const returnTo = `${location.pathname}${location.search}`;
  const [messages, setMessages] = useState<ChatMessageView[]>(state.messages);
  const [streaming, setStreaming] = useState<{ replyId: string | null; text: string }>({ replyId: null, text: "" });
  const [loading, setLoading] = useState(false);
  const [text, setText] = useState("");
  const log = useRef<HTMLOListElement>(null);
  // Without JavaScript the form posts as it is: Send is only held back once the page is hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The loader's state wins whenever it changes (another chat opened, a revalidation).
  useEffect(() => {
    if (!loading) setMessages(state.messages);
  }, [state.messages, state.sessionId, loading]);

  // The newest message in view inside the chat's own scroll box; scrollIntoView would also move the
  // page, and on a phone (one column, the chat at the bottom) every visit jumped down to the chat.
  useEffect(() => {
    const box = log.current?.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }, [messages, streaming.text]);

  const upsert = (m: ChatMessageView) => setMessages((list) => (list.some((x) => x.id === m.id) ? list.map((x) => (x.id === m.id ? m : x)) : [...list, m]));

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || loading) return;
    if (state.balance < CHAT_COST_CREDITS) {
      toast.error(CHAT_MESSAGES.needCredits);
      return;
    }
    const body = new FormData(event.currentTarget);
    body.set("message", content);
    body.set("clientRequestId", newRequestId());
    const optimistic: ChatMessageView = {
      id: `pending-${Date.now()}`,
      role: "user",
      content,
      status: "completed",
      tasks: [],
      selectedTool: null,
      command: null,
      agentType: null,
      replyToId: null,
      clientRequestId: null,
      createdAt: new Date().toISOString(),
    };
    setMessages((list) => [...list, optimistic]);
    setText("");
    setLoading(true);
    setStreaming({ replyId: null, text: "" });
    try {
      await postMessage(body, (e) => {
        switch (e.type) {
          case "refused":
            setMessages((list) => list.filter((m) => m.id !== optimistic.id));
            setText(content);
            toast.error(e.message);
            break;
          case "start":
            setMessages((list) => [...list.filter((m) => m.id !== optimistic.id && m.id !== e.userMessage.id && m.id !== e.reply.id), e.userMessage, e.reply]);
            setStreaming({ replyId: e.reply.id, text: "" });
            break;
          case "delta":
            setStreaming((s) => ({ ...s, text: s.text + e.text }));
            break;
          case "reply":
            upsert(e.message);
            break;
          case "done":
            upsert(e.message);
            setStreaming({ replyId: null, text: "" });
            if (e.toast?.kind === "info") toast.info(e.toast.text);
            else if (e.toast) toast.error(e.toast.text);
            break;
        }
      });
    } catch (error) {
      setMessages((list) => list.filter((m) => m.id !== optimistic.id));
      setText(content);
      toast.error(error instanceof Error && error.message ? error.message : CHAT_MESSAGES.errorToast);
    } finally {
      setLoading(false);
      setStreaming({ replyId: null, text: "" });
      revalidator.revalidate();
    }
  };

  const chatKey = state.sessionId ?? "new";
  const hidden = (
    <>
      <input type="hidden" name="returnTo" value={returnTo} />
      {state.projectId ? <input type="hidden" name="projectId" value={state.projectId} /> : null}
    </>
  );

  return (
    <section className={className ?? "flex flex-col gap-3"} aria-labelledby={`assistant-${chatKey}-title`} data-testid="assistant-chat">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`assistant-${chatKey}-title`} className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Form method="post" action="/resources/assistant">
            {hidden}
            <input type="hidden" name="intent" value="new" />
            <Button type="submit" variant="secondary" size="sm">
              New chat
            </Button>
          </Form>
          {state.sessionId ? (
            <Form method="post" action="/resources/assistant">
              {hidden}
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="sessionId" value={state.sessionId} />
              <Button type="submit" variant="ghost" size="sm" aria-label="Delete this chat">
                Delete chat
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
      {state.sessions.length > 1 ? (
        <Form method="post" action="/resources/assistant" className="flex items-center gap-2">
          {hidden}
          <input type="hidden" name="intent" value="open" />
          <label className="sr-only" htmlFor={`assistant-${chatKey}-sessions`}>
            Chat
          </label>
          <select
            id={`assistant-${chatKey}-sessions`}
            name="sessionId"
            defaultValue={state.sessionId ?? undefined}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-2 py-1 text-sm"
          >
            {state.sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title} ({s.messageCount})
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" size="sm">
            Open
          </Button>
        </Form>
      ) : null}
      <p className="rounded-lg bg-slate-50 p-2 text-xs text-slate-600" data-testid="assistant-provider">
        <span className="font-medium text-slate-800">{state.provider.local ? "Local planner" : state.provider.label}.</span> {state.provider.description}
        {state.provider.problem ? <span className="mt-1 block text-amber-800">{state.provider.problem}</span> : null}
      </p>
      {/* The live region wraps the list: a role on the <ol> itself would take away its list semantics. */}
      <div role="log" aria-live="polite" aria-label="Chat messages" className="max-h-[28rem] min-h-24 overflow-y-auto">
        <ol ref={log} className="flex flex-col gap-3">
          {messages.length === 0 ? <li className="text-sm text-slate-500">No messages yet.</li> : null}
          {messages.map((m) => (
            <ChatMessageItem
              key={m.id}
              message={m}
              showSteps={showSteps}
              streamingText={streaming.replyId === m.id ? streaming.text : ""}
              returnTo={returnTo}
              busy={loading}
            />
          ))}
        </ol>
      </div>
      {loading ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner /> AI is thinking...
        </p>
      ) : null}
      <Form method="post" action="/resources/assistant" onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-2 sm:flex-row">
        {hidden}
        <input type="hidden" name="intent" value="send" />
        {state.sessionId ? <input type="hidden" name="sessionId" value={state.sessionId} /> : null}
        <input type="hidden" name="clientRequestId" value={state.nextRequestId} />
        {sceneId ? <input type="hidden" name="sceneId" value={sceneId} /> : null}
        <label className="sr-only" htmlFor={`assistant-${chatKey}-input`}>
          Message
        </label>
        <input
          id={`assistant-${chatKey}-input`}
          name="message"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={4000}
          required
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none"
        />
        <Button type="submit" disabled={hydrated && (loading || !text.trim())}>
          Send
        </Button>
      </Form>
    </section>
  );
}

function ChatMessageItem({
  message,
  showSteps,
  streamingText,
  returnTo,
  busy,
}: {
  message: ChatMessageView;
  showSteps: boolean;
  streamingText: string;
  returnTo: string;
  busy: boolean;
}) {
  const mine = message.role === "user";
  const text = message.content || streamingText;
  return (
    <li
      className={`rounded-xl p-3 text-sm ${mine ? "ml-6 bg-brand-50 text-slate-900" : "mr-6 border border-slate-200 bg-white text-slate-800"}`}
      data-testid={`chat-message-${message.role}`}
      data-status={message.status}
    >
      <div className="mb-1 flex items-center justify-between gap-2">
        <span className="text-xs font-semibold text-slate-600">{mine ? "You" : "Assistant"}</span>
        {mine ? null : <Badge className={STATUS_STYLE[message.status]}>{message.status}</Badge>}
      </div>
      {text ? <p className="whitespace-pre-wrap break-words">{text}</p> : null}
      {message.command?.type === "confirm" ? <ConfirmPlan message={message} returnTo={returnTo} busy={busy} /> : null}
      {message.tasks.length ? (
        <ul className="mt-2 space-y-1" aria-label="Tasks">
          {message.tasks.map((t) => (
            <TaskItem key={t.id} task={t} showSteps={showSteps} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Paid or destructive work the assistant holds until the user says so (ADR 256): the price, the
 * steps, and two forms that work with and without JavaScript (the action runs it once).
 */
function ConfirmPlan({ message, returnTo, busy }: { message: ChatMessageView; returnTo: string; busy: boolean }) {
  const plan = message.command;
  const credits = plan?.credits ?? 0;
  const [sent, setSent] = useState(false);
  return (
    <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2" data-testid="chat-confirm" role="group" aria-label="Waiting for your confirmation">
      <ul className="mb-2 list-disc pl-5 text-xs text-slate-700">
        {(plan?.calls ?? []).map((c, i) => (
          <li key={i}>
            <code>{c.name}</code>: {c.credits > 0 ? `${formatCredits(c.credits)} credits` : "free"}
            {c.destructive ? ` (${c.destructive})` : ""}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action="/resources/assistant" onSubmit={() => setSent(true)}>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="replyId" value={message.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit" size="sm" disabled={busy || sent}>
            {credits > 0 ? `Confirm and spend ${formatCredits(credits)} credits` : "Confirm"}
          </Button>
        </Form>
        <Form method="post" action="/resources/assistant">
          <input type="hidden" name="intent" value="decline" />
          <input type="hidden" name="replyId" value={message.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit" size="sm" variant="ghost" disabled={busy || sent}>
            Cancel
          </Button>
        </Form>
      </div>
      {sent ? (
        <p className="mt-1 flex items-center gap-2 text-xs text-slate-600" role="status">
          <Spinner /> Working on it...
        </p>
      ) : null}
    </div>
  );
}

function TaskItem({ task, showSteps }: { task: ChatTask; showSteps: boolean }) {
  return (
    <li className="rounded-lg bg-slate-50 p-2" data-testid="chat-task" data-task={task.name} data-status={task.status}>
      <div className="flex items-center justify-between gap-2">
        <code className="text-xs text-slate-800">{task.name}</code>
        <Badge className={STATUS_STYLE[task.status]}>{task.status}</Badge>
      </div>
      {task.details ? <p className="mt-1 text-xs text-red-700">{task.details}</p> : null}
      <details className="mt-1 text-xs text-slate-600" open={showSteps}>
        <summary className="cursor-pointer">Arguments and result</summary>
        <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all">{JSON.stringify(task.arguments ?? {}, null, 2)}</pre>
        {task.result !== undefined ? (
          <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all">{JSON.stringify(task.result, null, 2)}</pre>
        ) : null}
      </details>
    </li>
  );
}
