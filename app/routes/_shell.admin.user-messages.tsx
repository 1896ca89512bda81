// /admin/user-messages: staff talk to users (docs/product.md#admin-area, ADR 189). Users with a
// conversation (name, avatar, last message) on the left third; the selected user's conversation
// (?user=), filterable by project (?project=), with the composer on the right two thirds. Any
// user can be messaged by opening ?user={id} (the Users tab links here).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { AdminPanel, EmptyState } from "~/components/admin/AdminPanel";
import { Conversation } from "~/components/messages/Conversation";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { cx } from "~/components/ui/cx";
import { useLiveRevalidate } from "~/hooks/useLiveEvents";
import { actorFromUser, requireAdmin } from "~/models/access";
import { STAFF_MESSAGE_MESSAGES } from "~/models/messaging/admin-messages";
import { chatUserOf, conversationProjects, getConversation, listChatUsers, type ChatUser, type ConversationMessage } from "~/models/messaging";
import { field } from "~/utils/form-fields";
import { inputError, readQuery } from "~/utils/forms.server";
import { sendMessageFromRequest, type MessageActionData } from "./staff-messages.server";

const query = z.object({
  user: field.optional(field.token("The user id", 64)).catch(undefined),
  project: field.optional(field.token("The project id", 64)).catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "admin");
  const { user, project } = readQuery(request, query);
  let users: ChatUser[] = [];
  let usersError: string | null = null;
  try {
    users = await listChatUsers(actor);
  } catch (error) {
    console.error("admin messages: users failed", error);
    usersError = STAFF_MESSAGE_MESSAGES.loadUsersFailed;
  }
  let selected: { id: string; name: string; avatarUrl: string | null } | null = null;
  let messages: ConversationMessage[] = [];
  let projects: { id: string; title: string }[] = [];
  let messagesError: string | null = null;
  if (user) {
    selected = await chatUserOf(actor, user);
    if (selected) {
      try {
        [messages, projects] = await Promise.all([getConversation(actor, selected.id, { projectId: project }), conversationProjects(actor, selected.id)]);
      } catch (error) {
        console.error("admin messages: conversation failed", error);
        messagesError = STAFF_MESSAGE_MESSAGES.loadFailed;
      }
    }
  }
  return { users, usersError, selected, unknownUser: Boolean(user && !selected), messages, projects, project: project ?? null, messagesError };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "admin");
  const { user } = readQuery(request, query);
  if (!user) throw inputError(STAFF_MESSAGE_MESSAGES.selectUser);
  if (!(await chatUserOf(actor, user))) throw inputError(STAFF_MESSAGE_MESSAGES.selectUser, 404);
  return sendMessageFromRequest(request, actor, user);
}

function Avatar({ name, url }: { name: string; url: string | null }) {
  if (url) return <img src={url} alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />;
  return (
    <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700">
      {[...name][0]?.toUpperCase() ?? "?"}
    </span>
  );
}

export default function AdminUserMessagesTab() {
  const { users, usersError, selected, unknownUser, messages, projects, project, messagesError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as MessageActionData | undefined;
  const [params] = useSearchParams();
  useLiveRevalidate(["message.created"]);
  const chatUsers = selected && !users.some((u) => u.id === selected.id) ? [{ ...selected, lastMessageSnippet: "", lastMessageAt: "" }, ...users] : users;
  return (
    <AdminPanel title="User Messages">
      <div className="grid gap-4 md:grid-cols-3">
        <nav aria-label="Users with messages" className="min-w-0 md:col-span-1">
          {usersError ? <EmptyState tone="error">{usersError}</EmptyState> : null}
          {!usersError && chatUsers.length === 0 ? <EmptyState>No conversations yet. Open a user from the Users tab to write to them.</EmptyState> : null}
          <ul className="max-h-[40vh] space-y-1 overflow-y-auto md:max-h-[70vh]">
            {chatUsers.map((u) => (
              <li key={u.id}>
                <Link
                  to={`?user=${encodeURIComponent(u.id)}`}
                  preventScrollReset
                  aria-current={selected?.id === u.id ? "page" : undefined}
                  className={cx("flex items-center gap-3 rounded-lg p-2", selected?.id === u.id ? "bg-brand-50" : "hover:bg-slate-50")}
                >
                  <Avatar name={u.name} url={u.avatarUrl} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{u.name}</span>
                    <span className="block truncate text-xs text-slate-600">{u.lastMessageSnippet || "No messages yet"}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 md:col-span-2">
          {unknownUser ? <EmptyState tone="error">{STAFF_MESSAGE_MESSAGES.selectUser}</EmptyState> : null}
          {!selected && !unknownUser ? <EmptyState>Select a user to see the conversation.</EmptyState> : null}
          {selected ? (
            <>
              <div className="mb-3 flex items-center gap-3">
                <Avatar name={selected.name} url={selected.avatarUrl} />
                <h3 className="truncate font-semibold text-slate-900">{selected.name}</h3>
              </div>
              <Conversation
                key={`${selected.id}:${params.get("project") ?? ""}`}
                viewer="admin"
                userName={selected.name}
                messages={messages}
                projects={projects}
                selectedProject={project}
                projectHref={(id) => `/canvas/${id}`}
                filterFields={{ user: selected.id }}
                result={result}
                emptyText="No messages yet."
                error={messagesError}
              />
            </>
          ) : null}
        </div>
      </div>
    </AdminPanel>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
