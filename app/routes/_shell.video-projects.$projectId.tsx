import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { requireAdmin } from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Video Projects — Reelforge" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { projectId: params.projectId ?? "" };
}

export default function VideoProject() {
  const { projectId } = useLoaderData<typeof loader>();
  return (
    <ComingSoon title="Video Project Management" icon="film" back={{ to: "/video-projects", label: "Back to Video Projects" }}>
      <p>
        Project <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{projectId}</code> opens here soon: its
        scenes, their images, voice-overs and videos, and the compiled result.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
