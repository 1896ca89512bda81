// GET  /resources/projects/:projectId/canvas — the project canvas diagram as JSON (CanvasData).
// POST /resources/projects/:projectId/canvas with intent=optimize — the diagram laid out by
// Optimize Layout. Admins only, like the editors (docs/product.md#routes-and-access): anonymous
// visitors are sent to sign in, other users get 403; an admin may open any user's project.
// Errors answer JSON {error} with 400, 404 or 405.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { actorFromUser, isNotFound, requireAdmin } from "~/models/access";
import { getProjectCanvas, optimizeProjectCanvas } from "~/models/projects";
import { field } from "~/utils/form-fields";
import { readForm } from "~/utils/forms.server";

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const NOT_FOUND = { error: "Project not found" };

const PROJECT_ID = field.token("The project id");

function projectIdOf(params: LoaderFunctionArgs["params"]): string | null {
  const parsed = PROJECT_ID.safeParse(params.projectId);
  return parsed.success ? parsed.data : null;
}

async function orNotFound(run: () => Promise<unknown>): Promise<Response> {
  try {
    return answer(await run());
  } catch (error) {
    if (isNotFound(error)) return answer(NOT_FOUND, 404);
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "web");
  const projectId = projectIdOf(params);
  if (!projectId) return answer(NOT_FOUND, 404);
  return orNotFound(() => getProjectCanvas(actor, projectId));
}

const canvasAction = z.object({ intent: z.literal("optimize", { error: "Unknown canvas action." }) });

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return answer({ error: "Use POST." }, 405);
  const actor = actorFromUser(await requireAdmin(request), "web");
  const projectId = projectIdOf(params);
  if (!projectId) return answer(NOT_FOUND, 404);
  const parsed = await readForm(request, canvasAction);
  if (!parsed.ok) return answer({ error: parsed.formError }, 400);
  return orNotFound(() => optimizeProjectCanvas(actor, projectId));
}
