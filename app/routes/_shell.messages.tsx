// /messages: the signed-in user's conversation with staff (docs/product.md#admin-area, ADR 189):
// messages from "Admin" and their own answers, filterable by project, with a composer (text and
// files). New staff messages arrive as notifications and live on this page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { Conversation } from "~/components/messages/Conversation";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { useLiveRevalidate } from "~/hooks/useLiveEvents";
import { actorFromUser, requireUser } from "~/models/access";
import { STAFF_MESSAGE_MESSAGES } from "~/models/messaging/admin-messages";
import { conversationProjects, getConversation, type ConversationMessage } from "~/models/messaging";
import { field } from "~/utils/form-fields";
import { readQuery } from "~/utils/forms.server";
import { sendMessageFromRequest, type MessageActionData } from "./staff-messages.server";

export const meta: MetaFunction = () => [{ title: "Messages — Reelforge" }];

const query = z.object({ project: field.optional(field.token("The project id", 64)).catch(undefined) });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const actor = actorFromUser(user, "web");
  const { project } = readQuery(request, query);
  try {
    const [messages, projects] = await Promise.all([getConversation(actor, user.id, { projectId: project }), conversationProjects(actor, user.id)]);
    return { messages, projects, project: project ?? null, isAdmin: user.isAdmin, error: null as string | null };
  } catch (error) {
    console.error("messages: load failed", error);
    return { messages: [] as ConversationMessage[], projects: [], project: project ?? null, isAdmin: user.isAdmin, error: STAFF_MESSAGE_MESSAGES.loadFailed };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return sendMessageFromRequest(request, actorFromUser(user, "web"), user.id);
}

export default function MessagesPage() {
  const { messages, projects, project, isAdmin, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as MessageActionData | undefined;
  const [params] = useSearchParams();
  useLiveRevalidate(["message.created"]);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 sm:px-6 md:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Messages</h1>
        <p className="mt-1 text-sm text-slate-600">Your conversation with the Reelforge team.</p>
      </div>
      <Conversation
        key={params.get("project") ?? ""}
        viewer="user"
        userName="You"
        messages={messages}
        projects={projects}
        selectedProject={project}
        // The editors are admin-only: a user's project reference filters the conversation instead (ADR 189).
        projectHref={(id) => (isAdmin ? `/canvas/${id}` : `/messages?project=${encodeURIComponent(id)}`)}
        result={result}
        emptyText="No messages yet. Write to us and the team will answer here."
        error={error}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
