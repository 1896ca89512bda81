// /canvas/:projectId, the canvas editor (docs/product.md#canvas-editor; admins only, an
// admin may open any user's project): header (Back, editable title, New Project, Multi-Agent
// Chat, detail-panel toggle), the Script tab (main image, Full Script, Divide into Scenes), the
// Scenes tab and the scene detail panel (per-field Save, generate with the cost shown first).
// The selected scene, tab and panel, and the confirm steps (?confirm=, ?confirmDelete=, ADR 210)
// live in the query (?scene=, ?tab=, ?panel=) so every state
// is a link. Every change is a form posted to the action below (it works without JavaScript;
// with it the forms go through fetchers) and is the core's work (docs/decisions/152-editor-operations.md)
// as the admin's "web" actor.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { CanvasEditor } from "~/components/canvas-editor/CanvasEditor";
import type { CanvasActionData } from "~/components/canvas-editor/editor-data";
import { CLIENT_FAILURES, fieldLabel } from "~/components/canvas-editor/labels";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { canvasEditorAction, loadCanvasEditor } from "./canvas-editor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.project.title ?? "Canvas"} — Canvas — Reelforge` }];

export const loader = (args: LoaderFunctionArgs) => loadCanvasEditor(args);

export const action = (args: ActionFunctionArgs) => canvasEditorAction(args);

/**
 * A save that got no answer from the action (the network failed, or the server failed with a 5xx)
 * comes back as a refusal, so the optimistic edit rolls back with "Failed to …: {reason}" instead
 * of the route's error page (docs/decisions/211-canvas-saves-survive-network-failures.md). A
 * redirect or a 4xx the server threw (signed out, not an admin) goes on as before.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error;
    const intent = String(form?.get("intent") ?? "");
    const failure =
      intent === "edit-scene" ? `Failed to update ${fieldLabel(String(form?.get("field") ?? ""))}` : (CLIENT_FAILURES[intent] ?? "Failed to save");
    const reason = isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`.trim()
      : error instanceof Error && error.message
        ? error.message
        : "the server did not answer";
    return { ok: false, intent, error: `${failure}: ${reason}` } satisfies CanvasActionData;
  }
}

export default function CanvasEditorRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData() as CanvasActionData | undefined;
  return <CanvasEditor data={data} posted={posted} />;
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
