// /multi-agent-chat/:projectId — the project's assistant chat on a page of its own, with every
// step the agent took (each tool's arguments and result) shown open (docs/product.md#assistant).
// Admins only, like the canvas; an admin may open any user's project, and the chat is the admin's own.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AssistantChat } from "~/components/assistant/AssistantChat";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { buttonClasses } from "~/components/ui/Button";
import { actorFromUser, isNotFound, requireAdmin } from "~/models/access";
import { getProject } from "~/models/projects";
import { field } from "~/utils/form-fields";
import { assistantState } from "./_shell.multi-agent-chat.server";

export const meta: MetaFunction = () => [{ title: "Multi-agent chat — Reelforge" }];

const PROJECT_ID = field.token("The project id");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "web");
  const parsed = PROJECT_ID.safeParse(params.projectId);
  if (!parsed.success) throw new Response("Project not found", { status: 404 });
  try {
    const project = await getProject(actor, parsed.data);
    // The row getProject checked is passed on: the chat read does not check the owner again (ADR 365).
    const assistant = await assistantState(actor, { projectId: project.id, project });
    return { project: { id: project.id, title: project.title, status: project.status }, assistant };
  } catch (error) {
    if (isNotFound(error)) throw new Response("Project not found", { status: 404 });
    throw error;
  }
}

export default function MultiAgentChat() {
  const { project, assistant } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 px-4 py-6 sm:px-6 md:py-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Multi-agent chat</h1>
          <p className="mt-1 break-words text-slate-600">
            {project.title} · <span className="text-sm">Status: {project.status.replace("_", " ")}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/canvas/${encodeURIComponent(project.id)}`} className={buttonClasses("secondary", "sm")}>
            Back to Canvas
          </Link>
          <Link to={`/video-projects/${encodeURIComponent(project.id)}`} className={buttonClasses("secondary", "sm")}>
            Video project
          </Link>
        </div>
      </header>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <AssistantChat state={assistant} heading="Project chat" placeholder="Ask the AI assistant..." showSteps />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
