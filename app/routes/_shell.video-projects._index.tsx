// /video-projects: the Video Project Management page without an open project — the history
// (open by default) and the create form (docs/product.md#video-projects). Admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { VideoProjectsPage } from "~/components/video-projects/VideoProjectsPage";
import { readQuery } from "~/utils/forms.server";
import { assistantState } from "./_shell.video-projects.server";
import type { ActionResult } from "./_shell.video-projects.server";
import { NO_HISTORY, projectHistory, videoProjectsAction, videoProjectsActor } from "./_shell.video-projects.server";

export const meta: MetaFunction = () => [{ title: "Video Projects — Reelforge" }];

const historyQuery = z.object({
  history: z.enum(["open", "closed"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await videoProjectsActor(request);
  const { history, page } = readQuery(request, historyQuery);
  const historyOpen = history !== "closed";
  // The history is read only when it is shown, one page at a time (ADR 365).
  const [items, assistant] = await Promise.all([historyOpen ? projectHistory(actor, page ?? 1) : NO_HISTORY, assistantState(actor, { projectId: null })]);
  return { history: items.items, historyPage: { page: items.page, hasMore: items.hasMore }, historyOpen, assistant };
}

export async function action({ request }: ActionFunctionArgs) {
  return videoProjectsAction(request, null);
}

export default function VideoProjectsIndex() {
  const { history, historyPage, historyOpen, assistant } = useLoaderData<typeof loader>();
  // The action answers ActionResult (or redirects); `data()` hides that from the inferred type.
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  return <VideoProjectsPage history={history} historyPage={historyPage} historyOpen={historyOpen} open={null} actionData={actionData} assistant={assistant} />;
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
