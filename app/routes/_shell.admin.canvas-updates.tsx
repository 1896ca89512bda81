// /admin/canvas-updates: staff change one text field of a scene of any project (docs/product.md
// #admin-area, ADR 188): project (newest first) → scene (first 30 characters of its script, in
// scene order) → field → content. The project is chosen through the query (?project=), so the
// scene list loads without JavaScript too; the update goes through the core's scene edit.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { AdminPanel, EmptyState, ResultNotice } from "~/components/admin/AdminPanel";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Button } from "~/components/ui/Button";
import { actorFromUser, requireAdmin } from "~/models/access";
import { CANVAS_UPDATE_FIELDS, CANVAS_UPDATE_MESSAGES, type CanvasUpdateField } from "~/models/messaging/admin-messages";
import { listProjectsForUpdates, listScenesForUpdates, submitSceneUpdate, type UpdateProjectOption, type UpdateSceneOption } from "~/models/projects";
import { field } from "~/utils/form-fields";
import { readForm, readQuery } from "~/utils/forms.server";

const projectId = field.token("The project id", 64);
const query = z.object({ project: field.optional(projectId).catch(undefined) });

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "admin");
  const { project } = readQuery(request, query);
  let projects: UpdateProjectOption[] = [];
  let scenes: UpdateSceneOption[] | null = null;
  let error: string | null = null;
  try {
    projects = await listProjectsForUpdates(actor);
  } catch (e) {
    console.error("admin canvas updates: projects failed", e);
    error = CANVAS_UPDATE_MESSAGES.loadProjectsFailed;
  }
  if (project && !error) {
    try {
      scenes = await listScenesForUpdates(actor, project);
      if (!scenes) error = CANVAS_UPDATE_MESSAGES.loadScenesFailed;
    } catch (e) {
      console.error("admin canvas updates: scenes failed", e);
      error = CANVAS_UPDATE_MESSAGES.loadScenesFailed;
    }
  }
  return { projects, project: project ?? null, scenes: scenes ?? [], error };
}

const updateForm = z.object({
  projectId: field.optional(projectId),
  sceneId: field.optional(field.token("The scene id", 64)),
  field: field.optional(
    z.enum(CANVAS_UPDATE_FIELDS.map((f) => f.value) as [CanvasUpdateField, ...CanvasUpdateField[]], { error: CANVAS_UPDATE_MESSAGES.failed }),
  ),
  content: field.optional(field.text({ max: 20_000, label: "The update content" })),
});

type UpdateAction = { ok: boolean; message: string };
const answer = (body: UpdateAction, status = 200) => data(body, { status });

export async function action({ request }: ActionFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "admin");
  const parsed = await readForm(request, updateForm);
  if (!parsed.ok) return answer({ ok: false, message: parsed.formError }, 400);
  try {
    const result = await submitSceneUpdate(actor, parsed.data);
    return answer({ ok: result.ok, message: result.message }, result.ok ? 200 : result.code === "not_found" ? 404 : 400);
  } catch (error) {
    console.error("admin canvas updates: submit failed", error);
    return answer({ ok: false, message: CANVAS_UPDATE_MESSAGES.failed }, 503);
  }
}

const selectClass = "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm";

export default function AdminCanvasUpdatesTab() {
  const { projects, project, scenes, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as UpdateAction | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const [sceneId, setSceneId] = useState("");
  const [fieldName, setFieldName] = useState<CanvasUpdateField>("script");
  const busy = navigation.state !== "idle";
  const current = scenes.find((s) => s.id === sceneId)?.fields[fieldName];
  return (
    <AdminPanel title="Canvas Updates" description="Change a scene's text in any project; the owner sees it in the editor and gets a notification.">
      <ResultNotice result={result} />
      {error ? <EmptyState tone="error">{error}</EmptyState> : null}
      <Form
        method="get"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
      >
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="update-project" className="text-sm font-medium text-slate-700">
            Project
          </label>
          <select id="update-project" name="project" defaultValue={project ?? ""} className={selectClass}>
            <option value="">Select a project</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
                {p.owner ? ` — ${p.owner}` : ""}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <Button type="submit" variant="secondary">
            Load Scenes
          </Button>
        </noscript>
      </Form>
      {projects.length === 0 && !error ? <EmptyState>No projects yet.</EmptyState> : null}
      <Form method="post" key={project ?? "none"} className="space-y-3">
        <input type="hidden" name="projectId" value={project ?? ""} />
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="update-scene" className="text-sm font-medium text-slate-700">
              Scene
            </label>
            <select id="update-scene" name="sceneId" value={sceneId} onChange={(e) => setSceneId(e.target.value)} className={selectClass} disabled={!project}>
              <option value="">{project ? (scenes.length ? "Select a scene" : "This project has no scenes") : "Select a project first"}</option>
              {scenes.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.sceneOrder}. {s.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="update-field" className="text-sm font-medium text-slate-700">
              Field
            </label>
            <select
              id="update-field"
              name="field"
              value={fieldName}
              onChange={(e) => setFieldName(e.target.value as CanvasUpdateField)}
              className={selectClass}
            >
              {CANVAS_UPDATE_FIELDS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {current !== undefined ? (
          <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <p className="text-xs font-medium text-slate-500">Current text</p>
            <p className="mt-1 whitespace-pre-wrap">{current || "(empty)"}</p>
          </div>
        ) : null}
        <label htmlFor="update-content" className="block text-sm font-medium text-slate-700">
          Update content
        </label>
        <textarea
          id="update-content"
          name="content"
          rows={5}
          className="w-full rounded-lg border border-slate-300 p-3 text-sm"
          placeholder="The new text for this field"
        />
        <Button type="submit" disabled={busy}>
          Submit Update
        </Button>
      </Form>
    </AdminPanel>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
