import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { requireUser } from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Multi-agent chat — Reelforge" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return { projectId: params.projectId ?? "" };
}

export default function MultiAgentChat() {
  const { projectId } = useLoaderData<typeof loader>();
  return (
    <ComingSoon title="Multi-agent chat" icon="chat" back={{ to: `/canvas/${encodeURIComponent(projectId)}`, label: "Back to Canvas" }}>
      <p>
        The multi-agent chat for project <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{projectId}</code>{" "}
        arrives here soon: a conversation with the project's agents, who plan the scenes, write the scripts and prompts, and
        lay out the canvas.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
