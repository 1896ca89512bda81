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
import { projectHistory, videoProjectsAction, videoProjectsActor } from "./_shell.video-projects.server";

export const meta: MetaFunction = () => [{ title: "Video Projects — Reelforge" }];

const historyQuery = z.object({ history: z.enum(["open", "closed"]).optional().catch(undefined) });

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await videoProjectsActor(request);
  const { history } = readQuery(request, historyQuery);
  const [items, assistant] = await Promise.all([projectHistory(actor), assistantState(actor, { projectId: null })]);
  return { history: items, historyOpen: history !== "closed", assistant };
}

export async function action({ request }: ActionFunctionArgs) {
  return videoProjectsAction(request, null);
}

export default function VideoProjectsIndex() {
  const { history, historyOpen, assistant } = useLoaderData<typeof loader>();
  // The action answers ActionResult (or redirects); `data()` hides that from the inferred type.
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  return <VideoProjectsPage history={history} historyOpen={historyOpen} open={null} actionData={actionData} assistant={assistant} />;
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
