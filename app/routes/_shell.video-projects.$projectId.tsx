import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ProjectCanvas, projectCanvasLinks } from "~/components/project-canvas/ProjectCanvas";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Button } from "~/components/ui/Button";
import { actorFromUser, isNotFound } from "~/models/actor.server";
import { requireAdmin } from "~/models/auth.server";
import { getProject } from "~/models/project.server";

export const meta: MetaFunction = () => [{ title: "Video Projects — Reelforge" }];

export const links: LinksFunction = () => projectCanvasLinks();

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "web");
  try {
    const project = await getProject(actor, params.projectId ?? "");
    return { project: { id: project.id, title: project.title } };
  } catch (error) {
    if (isNotFound(error)) throw new Response("Project not found", { status: 404 });
    throw error;
  }
}

export default function VideoProject() {
  const { project } = useLoaderData<typeof loader>();
  const [canvasOpen, setCanvasOpen] = useState(false);
  return (
    <>
      <ComingSoon title="Video Project Management" icon="film" back={{ to: "/video-projects", label: "Back to Video Projects" }}>
        <p>
          The management of <strong>{project.title}</strong> opens here soon: its scenes, their images, voice-overs and
          videos, and the compiled result. Its canvas view shows the project's scenes and assets now.
        </p>
      </ComingSoon>
      <section className="mx-auto w-full max-w-6xl space-y-4 px-4 pb-10 sm:px-6" aria-label="Canvas view">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-slate-900">{project.title}</h2>
          <Button variant="secondary" onClick={() => setCanvasOpen((open) => !open)} aria-expanded={canvasOpen}>
            {canvasOpen ? "Hide Canvas View" : "Show Canvas View"}
          </Button>
        </div>
        {canvasOpen ? <ProjectCanvas projectId={project.id} /> : null}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
