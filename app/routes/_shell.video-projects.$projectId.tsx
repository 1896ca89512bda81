// /video-projects/:projectId: the Video Project Management page with a project open — its
// scenes, their assets, the compile and the canvas view (docs/product.md#video-projects).
// Admins only; an admin may open any user's project.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { projectCanvasLinks } from "~/components/project-canvas/ProjectCanvas";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { SCENES_FIRST_PAGE } from "~/components/video-projects/page-data";
import { VideoProjectsPage } from "~/components/video-projects/VideoProjectsPage";
import { isNotFound } from "~/models/access";
import { field } from "~/utils/form-fields";
import { readQuery } from "~/utils/forms.server";
import type { ActionResult } from "./_shell.video-projects.server";
import { NO_HISTORY, projectHistory, projectPageWithChat, videoProjectsAction, videoProjectsViewer } from "./_shell.video-projects.server";

export const meta: MetaFunction = () => [{ title: "Video Projects — Reelforge" }];

export const links: LinksFunction = () => projectCanvasLinks();

const pageQuery = z.object({
  history: z.enum(["open", "closed"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  // The project canvas is visible by default (docs/product.md#video-projects); "Hide Canvas View" sets hidden.
  canvas: z.enum(["open", "hidden"]).optional().catch(undefined),
  // The scene whose automated creation the page follows (set by that form's action).
  auto: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .catch(undefined),
  // Every scene card, past the first SCENES_FIRST_PAGE ("Show all scenes").
  scenes: z.enum(["all"]).optional().catch(undefined),
});

const PROJECT_ID = field.token("The project id");

function projectIdOf(params: LoaderFunctionArgs["params"]): string {
  const parsed = PROJECT_ID.safeParse(params.projectId);
  if (!parsed.success) throw new Response("Project not found", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, balance } = await videoProjectsViewer(request);
  const projectId = projectIdOf(params);
  const { history, canvas, auto, page, scenes } = readQuery(request, pageQuery);
  const historyOpen = history === "open";
  try {
    // Read only (ADR 365): the project checked once, no chat made or touched by a GET.
    // The history (closed by default here) is read only when it is shown, one page at a time.
    const [{ open, assistant }, items] = await Promise.all([
      // A long project's page draws its first scene cards; the rest on "Show all scenes" (a link, no JavaScript needed).
      projectPageWithChat(actor, balance, projectId, auto ?? null, scenes === "all" ? null : SCENES_FIRST_PAGE),
      historyOpen ? projectHistory(actor, page ?? 1) : NO_HISTORY,
    ]);
    return {
      open,
      history: items.items,
      historyPage: { page: items.page, hasMore: items.hasMore },
      historyOpen,
      canvasOpen: canvas !== "hidden",
      assistant,
    };
  } catch (error) {
    if (isNotFound(error)) throw new Response("Project not found", { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return videoProjectsAction(request, projectIdOf(params));
}

export default function VideoProject() {
  const { open, history, historyPage, historyOpen, canvasOpen, assistant } = useLoaderData<typeof loader>();
  // The action answers ActionResult (or redirects); `data()` hides that from the inferred type.
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <VideoProjectsPage
      history={history}
      historyPage={historyPage}
      historyOpen={historyOpen}
      canvasOpen={canvasOpen}
      open={open}
      actionData={actionData}
      assistant={assistant}
    />
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
