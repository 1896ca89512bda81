// /projects/{projectId}/storyboard (signed in; the project's owner or an admin): the editors'
// storyboard before paying for a compile (docs/decisions/355-storyboard-and-eta.md). Drawn from the
// project's scenes as they are now, cut into beats as the renderer will cut them; it calls no model
// and renders nothing, so it costs no credits. Linked from the compile panel of both editors.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { StoryboardStills } from "~/components/storyboard/StoryboardStills";
import { actorFromUser, isNotFound, requireUser } from "~/models/access";
import { projectStoryboard } from "~/models/stories";
import { field } from "~/utils/form-fields";

export const meta: MetaFunction = () => [{ title: "Storyboard — Reelforge" }];

const PROJECT_ID = field.cuid("The project id");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = PROJECT_ID.safeParse(params.projectId);
  if (!parsed.success) throw new Response("Project not found", { status: 404 });
  const projectId = parsed.data;
  const storyboard = await projectStoryboard(actorFromUser(user, "web"), projectId).catch((error: unknown) => {
    if (isNotFound(error)) throw new Response("Project not found", { status: 404 });
    throw error;
  });
  const back = new URL(request.url).searchParams.get("from") === "canvas" ? `/canvas/${projectId}` : `/video-projects/${projectId}`;
  return { storyboard, back };
}

export default function ProjectStoryboardPage() {
  const { storyboard, back } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6 sm:px-6 md:py-8">
      <p className="text-sm">
        <a href={back} className="underline">
          Back to the editor
        </a>
      </p>
      <h1 id="storyboard-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Storyboard
      </h1>
      <p className="text-sm text-slate-600">
        Every shot of the video as it will be cut, with its caption and voice-over. Free: nothing is generated or charged.
      </p>
      {storyboard.scenes.length ? (
        <StoryboardStills storyboard={storyboard} headingId="storyboard-heading" />
      ) : (
        <p className="text-sm text-slate-600">This project has no scenes yet.</p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
