import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { requireAdmin } from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Canvas — Reelforge" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { projectId: params.projectId ?? "" };
}

export default function CanvasProject() {
  const { projectId } = useLoaderData<typeof loader>();
  return (
    <ComingSoon title="Canvas" icon="canvas" back={{ to: "/canvas", label: "Back to Canvas" }}>
      <p>
        The canvas editor for project <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{projectId}</code>{" "}
        arrives here soon: the project's scenes as nodes on a canvas, the tools that generate images, voice-overs and
        videos for each scene, the assistant, and compiling the finished video.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
