// One staff-user conversation (the admin's User Messages pane and the user's /messages page):
// the messages oldest first with their attachments, references (#order-{n}, projects) as links,
// a project filter, and the composer (text and files; a plain multipart post without
// JavaScript). While a post is on its way the message shows as pending; a refused or failed
// one shows its error (docs/product.md#admin-area).
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { LocalDate } from "~/components/dashboard/CardParts";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { messageParts } from "~/utils/message-links";

export type ConversationAttachment = { name: string; type: string; url: string; size: number };
export type ConversationEntry = {
  id: string;
  sender: "admin" | "user";
  message: string;
  projectId: string | null;
  status: "pending" | "completed" | "error";
  createdAt: string;
  attachments: ConversationAttachment[];
};

type Props = {
  viewer: "admin" | "user";
  /** The other side's name (the user, for staff). */
  userName: string;
  messages: ConversationEntry[];
  projects: { id: string; title: string }[];
  selectedProject: string | null;
  /** Where a project reference leads for this viewer. */
  projectHref: (projectId: string) => string;
  /** Hidden query fields the project filter keeps (e.g. the selected user). */
  filterFields?: Record<string, string>;
  result?: { ok: boolean; message: string; draft?: string } | null;
  emptyText: string;
  /** Text the page shows when messages could not be loaded. */
  error?: string | null;
};

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function MessageText({ text, projectHref }: { text: string; projectHref: (id: string) => string }) {
  return (
    <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
      {messageParts(text, projectHref).map((part, i) =>
        part.kind === "text" ? (
          <span key={i}>{part.text}</span>
        ) : (
          <Link key={i} to={part.href} className="font-medium underline underline-offset-2">
            {part.text}
          </Link>
        ),
      )}
    </p>
  );
}

export function Conversation({ viewer, userName, messages, projects, selectedProject, projectHref, filterFields = {}, result, emptyText, error }: Props) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST" ? navigation.formData : null;
  const pendingText = sending ? String(sending.get("message") ?? "") : "";
  const pendingFiles = sending ? sending.getAll("attachments").filter((f) => typeof f !== "string" && f.name).length : 0;
  const projectTitle = (id: string | null) => (id ? projects.find((p) => p.id === id)?.title : undefined);
  const ownSender = viewer;

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  const senderName = (sender: "admin" | "user") => (sender === "admin" ? "Admin" : viewer === "user" ? "You" : userName);

  return (
    <div className="flex min-h-0 min-w-0 flex-col gap-3">
      <Form method="get" className="flex items-end gap-2" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
        {Object.entries(filterFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="conversation-project" className="text-sm font-medium text-slate-700">
            Project
          </label>
          <select
            id="conversation-project"
            name="project"
            defaultValue={selectedProject ?? ""}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="">All messages</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </noscript>
      </Form>

      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      <ol
        aria-label={`Conversation with ${userName}`}
        aria-live="polite"
        className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto rounded-lg bg-slate-50 p-3"
      >
        {messages.length === 0 && !sending ? <li className="py-6 text-center text-sm text-slate-500">{emptyText}</li> : null}
        {messages.map((m) => {
          const mine = m.sender === ownSender;
          return (
            <li
              key={m.id}
              className={cx("max-w-[85%] rounded-xl px-3 py-2 shadow-sm", mine ? "self-end bg-brand-600 text-white" : "self-start bg-white text-slate-900")}
            >
              <p className={cx("text-xs font-semibold", mine ? "text-white" : "text-slate-500")}>
                {senderName(m.sender)}
                {projectTitle(m.projectId) ? ` · ${projectTitle(m.projectId)}` : ""}
              </p>
              {m.message ? <MessageText text={m.message} projectHref={projectHref} /> : null}
              {m.attachments.length > 0 ? (
                <ul className="mt-1 space-y-1">
                  {m.attachments.map((a) => (
                    <li key={a.url} className="text-sm">
                      {a.type.startsWith("image/") ? (
                        <a href={a.url} target="_blank" rel="noreferrer" className="block">
                          <img src={a.url} alt={a.name} loading="lazy" className="max-h-48 rounded-lg" />
                        </a>
                      ) : null}
                      <a href={a.url} download={a.name} className="underline underline-offset-2">
                        {a.name}
                      </a>{" "}
                      <span className={mine ? "text-white" : "text-slate-500"}>({size(a.size)})</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className={cx("mt-1 text-[11px]", mine ? "text-white" : "text-slate-500")}>
                <LocalDate iso={m.createdAt} />
                {m.status === "error" ? <Badge className="ml-2 bg-red-100 text-red-800">error</Badge> : null}
                {m.status === "pending" ? <Badge className="ml-2 bg-amber-100 text-amber-800">pending</Badge> : null}
              </p>
            </li>
          );
        })}
        {sending && (pendingText.trim() || pendingFiles > 0) ? (
          <li className="max-w-[85%] self-end rounded-xl bg-brand-600/70 px-3 py-2 text-white shadow-sm">
            <p className="text-xs font-semibold text-white">{senderName(ownSender)}</p>
            {pendingText ? <p className="text-sm whitespace-pre-wrap">{pendingText}</p> : null}
            {pendingFiles > 0 ? <p className="text-sm">{pendingFiles} attachment(s)</p> : null}
            <p className="mt-1 text-[11px] text-white">
              <Badge className="bg-amber-100 text-amber-800">pending</Badge>
            </p>
          </li>
        ) : null}
        {!sending && result && !result.ok && result.draft ? (
          <li className="max-w-[85%] self-end rounded-xl border border-red-300 bg-red-50 px-3 py-2 text-red-900 shadow-sm">
            <p className="text-xs font-semibold">{senderName(ownSender)}</p>
            <p className="text-sm whitespace-pre-wrap">{result.draft}</p>
            <p className="mt-1 text-[11px]">
              <Badge className="bg-red-100 text-red-800">error</Badge>
            </p>
          </li>
        ) : null}
      </ol>

      {result && !result.ok && result.message ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {result.message}
        </p>
      ) : null}

      <Form ref={formRef} method="post" encType="multipart/form-data" className="space-y-2" aria-label="Write a message">
        {selectedProject ? <input type="hidden" name="projectId" value={selectedProject} /> : null}
        <label className="sr-only" htmlFor="message-text">
          Message
        </label>
        <textarea id="message-text" name="message" rows={3} placeholder="Type a message…" className="w-full rounded-lg border border-slate-300 p-3 text-sm" />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <label className="text-sm text-slate-700">
            <span className="sr-only">Attachments</span>
            <input
              type="file"
              name="attachments"
              multiple
              className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2"
            />
          </label>
          <Button type="submit" disabled={Boolean(sending)}>
            Send
          </Button>
        </div>
      </Form>
    </div>
  );
}
