// /canvas (docs/product.md#canvas-editor; admins only): the project picker "Select a
// Project" with delete, or the "Create New Project" form when there are none yet. /canvas?projectId=
// opens that project's editor (/canvas/:projectId). Every form posts to the action below (works
// without JavaScript); with JavaScript the forms go through fetchers. The work is the core's
// (listUserProjectsPage, createProject, deleteProject) as the admin's "web" actor.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Button, ButtonLink } from "~/components/ui/Button";
import { LoadMore, withPage } from "~/components/ui/LoadMore";
import { actorFromUser, requireAdmin } from "~/models/access";
import { EDITOR_LIMITS } from "~/models/projects/editor-rules";
import { deleteProject, createProject, listUserProjectsPage } from "~/models/projects";
import { field, parseFields } from "~/utils/form-fields";
import { setFlash } from "~/utils/flash.server";
import { readFormData, readQuery } from "~/utils/forms.server";
import { coreRefusal, refused, type CanvasActionData } from "./_shell.canvas.server";
import { Time } from "~/components/time/TimeZone";
import { AppLink } from "~/components/ui/AppLink";

export const meta: MetaFunction = () => [{ title: "Canvas — Reelforge" }];

const openQuery = z.object({
  projectId: field.optional(field.token("The project id")).catch(undefined),
  new: z.string().optional().catch(undefined),
  chat: z.string().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const query = readQuery(request, openQuery);
  if (query.projectId) throw redirect(`/canvas/${query.projectId}`);
  // One page of 24 cards; "Load more" links to the next (ADR 365).
  const { items: projects, page, hasMore } = await listUserProjectsPage(actorFromUser(user, "web"), { page: query.page ?? 1 });
  return {
    page,
    hasMore,
    creating: query.new === "1",
    // Multi-Agent Chat works on a project: without one it asks for one (docs/product.md#canvas-editor).
    chatNeedsProject: query.chat === "1",
    projects: projects.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      updatedAt: p.updatedAt.toISOString(),
      scenes: p._count.scenes,
    })),
  };
}

const createSchema = z.object({
  intent: z.literal("create"),
  title: field.line({ max: EDITOR_LIMITS.title, label: "Project Title" }),
  description: field.optional(field.text({ max: EDITOR_LIMITS.text, label: "Description" })),
});
const deleteSchema = z.object({ intent: z.literal("delete"), projectId: field.token("The project id") });
const actionSchema = z.discriminatedUnion("intent", [createSchema, deleteSchema], { error: "Unknown canvas action." });

export async function action({ request }: ActionFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "web");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const parsed = parseFields(actionSchema, form);
  if (!parsed.ok) return refused(intent, parsed.formError, 400, parsed.fieldErrors);
  const input = parsed.data;
  try {
    if (input.intent === "create") {
      const project = await createProject(actor, { title: input.title, description: input.description ?? null });
      // The editor of the new project (docs/product.md#canvas-editor), which says it was made
      // (a flash: the shell shows it on the editor, with and without JavaScript).
      const flash = await setFlash({ kind: "success", title: projectCreatedMessage(project.title) });
      return redirect(`/canvas?projectId=${project.id}`, { headers: { "Set-Cookie": flash } });
    }
    await deleteProject(actor, input.projectId);
    return { ok: true, intent: input.intent, message: "Project deleted" } satisfies CanvasActionData;
  } catch (error) {
    return coreRefusal(input.intent, error, "title");
  }
}

/** The product's message once a project is made (docs/product.md#canvas-editor). */
export function projectCreatedMessage(title: string): string {
  return `Project "${title}" created successfully!`;
}

/** A navigation form (not a fetcher): creating goes on to the new project's editor. */
function CreateProjectForm({ errors }: { errors?: Record<string, string> }) {
  const navigation = useNavigation();
  const [title, setTitle] = useState("");
  const fieldErrors = errors ?? {};
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form method="post" action="/canvas?index" className="space-y-4" aria-label="Create New Project">
      <input type="hidden" name="intent" value="create" />
      <div>
        <label htmlFor="project-title" className="block text-sm font-medium text-slate-700">
          Project Title
        </label>
        <input
          id="project-title"
          name="title"
          required
          maxLength={EDITOR_LIMITS.title}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          aria-invalid={fieldErrors.title ? true : undefined}
          aria-describedby={fieldErrors.title ? "project-title-error" : undefined}
        />
        {fieldErrors.title ? (
          <p id="project-title-error" className="mt-1 text-sm text-red-600">
            {fieldErrors.title}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="project-description" className="block text-sm font-medium text-slate-700">
          Description <span className="text-slate-500">(optional)</span>
        </label>
        <textarea id="project-description" name="description" rows={3} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
      </div>
      {/* Without JavaScript the button stays enabled: the core refuses an empty title (400). */}
      <Button type="submit" disabled={busy || (hydrated && title.trim().length === 0)}>
        {busy ? "Creating…" : "Create Project"}
      </Button>
    </Form>
  );
}

function ProjectCard({ project }: { project: ReturnType<typeof useLoaderData<typeof loader>>["projects"][number] }) {
  const fetcher = useFetcher<CanvasActionData>();
  if (fetcher.state !== "idle" && fetcher.formData?.get("intent") === "delete") return null;
  return (
    <li className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <AppLink to={`/canvas/${project.id}`} className="min-w-0 flex-1">
        <h3 className="truncate font-semibold text-slate-900">{project.title}</h3>
        {project.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{project.description}</p> : null}
        <p className="mt-2 text-xs text-slate-500">
          Last updated <Time value={project.updatedAt} /> · {project.scenes} scene{project.scenes === 1 ? "" : "s"}
        </p>
      </AppLink>
      <fetcher.Form
        method="post"
        action="/canvas?index"
        onSubmit={(e) => {
          if (!window.confirm(`Are you sure you want to delete project "${project.title}"?`)) e.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="projectId" value={project.id} />
        <Button type="submit" variant="ghost" size="sm" aria-label={`Delete project ${project.title}`}>
          Delete
        </Button>
      </fetcher.Form>
      {fetcher.data?.ok === false ? <p className="text-sm text-red-600">{fetcher.data.error}</p> : null}
    </li>
  );
}

export default function CanvasIndex() {
  const { projects, page, hasMore, creating, chatNeedsProject } = useLoaderData<typeof loader>();
  const actionData = useActionData<CanvasActionData>();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8">
      {projects.length === 0 && page === 1 ? (
        <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="text-xl font-semibold text-slate-900">Create New Project</h1>
          <p className="mt-1 text-sm text-slate-600">Start with a title; you can write the script next.</p>
          <div className="mt-4">
            <CreateProjectForm errors={actionData?.fieldErrors} />
          </div>
        </section>
      ) : (
        <section>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-semibold text-slate-900">Select a Project</h1>
            <div className="flex flex-wrap gap-2">
              <ButtonLink to="/" variant="ghost">
                Back
              </ButtonLink>
              <ButtonLink to="/canvas?chat=1" variant="secondary">
                Multi-Agent Chat
              </ButtonLink>
              <ButtonLink to={creating ? "/canvas" : "/canvas?new=1"} variant="secondary" aria-expanded={creating}>
                Create New Project
              </ButtonLink>
            </div>
          </div>
          {chatNeedsProject ? (
            <p role="alert" className="mt-3 text-sm text-amber-700">
              Please select a project first.
            </p>
          ) : null}
          {creating || actionData?.intent === "create" ? (
            <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 className="mb-3 font-semibold text-slate-900">Create New Project</h2>
              <CreateProjectForm errors={actionData?.fieldErrors} />
            </div>
          ) : null}
          {actionData?.ok === false && actionData.intent === "delete" ? (
            <p role="alert" className="mt-3 text-sm text-red-600">
              {actionData.error}
            </p>
          ) : null}
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {projects.map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </ul>
          <LoadMore page={page} hasMore={hasMore} hrefOf={(p) => withPage("/canvas", "", p)} />
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
