// The Video Project Management page (docs/product.md#video-projects): the project history,
// the project manager panel, the video compilation panel and the AI Assistant column. Every form
// posts to the route's action (works without JavaScript); with JavaScript they go through a
// fetcher and the page revalidates. The data comes from the route's loader as plain props.
import { Form, Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AssistantChat, type AssistantChatState } from "~/components/assistant/AssistantChat";
import { ProjectCanvas } from "~/components/project-canvas/ProjectCanvas";
import { Badge } from "~/components/ui/Badge";
import { useLiveRevalidate } from "~/hooks/useLiveEvents";
import { AiAnalysisPanel, SceneAiActions } from "./AiPanels";
import { AutomatedSceneForm, type PageAutomation } from "./AutomatedSceneForm";
import { ErrorLine, input, panel, resultOf, useHydrated, type ActionResult } from "./parts";
import { FileUpload } from "~/components/upload/FileUpload";
import { SCENE_ASSET_MESSAGES } from "~/models/scene-asset-steps";
import { projectVideo } from "~/models/finished-video";
import { Button, buttonClasses } from "~/components/ui/Button";
import { downloadFileName, downloadHref } from "~/utils/download-name";

export type HistoryItem = {
  id: string;
  title: string;
  description: string | null;
  status: string;
  sceneCount: number;
};

export type PageScene = {
  id: string;
  title: string;
  description: string | null;
  status: string;
  errorMessage: string | null;
  hasImage: boolean;
  hasVideo: boolean;
  costLabel: string;
  blocked: string | null;
};

export type PageCompileJob = {
  id: string;
  status: string;
  progress: number;
  message: string | null;
  errorMessage: string | null;
  /** What was refunded and kept when it failed, or the scenes added after the request that are not in the video (ADR 250). */
  notice: string | null;
  videoUrl: string | null;
  /** The render's representative frame (docs/decisions/198-poster-frame.md). */
  posterUrl: string | null;
  format: string;
};

export type PageProject = {
  project: {
    id: string;
    /** The owner: the product image is stored as their file. */
    userId: string;
    title: string;
    description: string | null;
    status: string;
    finalVideoUrl: string | null;
    /** The project's product image (the canvas's main image), which Generate Assets needs. */
    mainProductImageUrl: string | null;
  };
  scenes: PageScene[];
  compile: {
    costLabel: string;
    blocked: string | null;
    job: PageCompileJob | null;
  };
  planner: { label: string; local: boolean };
  automation: PageAutomation;
  balance: number;
};

/** The status dot colours (docs/product.md#video-projects). */
const STATUS_DOT: Record<string, string> = {
  draft: "bg-slate-400",
  in_progress: "bg-yellow-400",
  completed: "bg-green-500",
  failed: "bg-red-500",
};

export function StatusDot({ status }: { status: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-700">
      <span aria-hidden="true" data-status={status} className={`inline-block size-2.5 rounded-full ${STATUS_DOT[status] ?? "bg-slate-400"}`} />
      {status.replace("_", " ")}
    </span>
  );
}

function confirmOr(message: string) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    if (!window.confirm(message)) event.preventDefault();
  };
}

export function VideoProjectsPage({
  history,
  historyOpen,
  canvasOpen = false,
  open,
  actionData,
  assistant,
}: {
  history: HistoryItem[];
  historyOpen: boolean;
  /** With a project open: the project canvas is shown (the default) or hidden (?canvas=hidden). */
  canvasOpen?: boolean;
  open: PageProject | null;
  actionData?: ActionResult;
  /** The user's active assistant chat for this project (docs/product.md#assistant). */
  assistant: AssistantChatState;
}) {
  const base = open ? `/video-projects/${open.project.id}` : "/video-projects";
  // Real progress (compile job, scene steps): the core announces every change of the open
  // project on the live stream (project.updated, ADR 156), and the page reloads its data then,
  // without polling. Without JavaScript the page shows the state as of its last load.
  const openId = open?.project.id ?? null;
  useLiveRevalidate(["project.updated"], (event) => event.type === "project.updated" && event.projectId === openId);
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 md:py-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Video Project Management</h1>
          <p className="mt-1 text-slate-600">Create and manage video projects with AI-powered assistance</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {open ? (
            // A GET form: works without JavaScript; the view state lives in the query like the history's.
            <Form method="get" action={base} preventScrollReset>
              {historyOpen ? <input type="hidden" name="history" value="open" /> : null}
              <input type="hidden" name="canvas" value={canvasOpen ? "hidden" : "open"} />
              <Button type="submit" variant="secondary" aria-expanded={canvasOpen} aria-controls={canvasOpen ? "canvas-view" : undefined}>
                {canvasOpen ? "Hide Canvas View" : "Show Canvas View"}
              </Button>
            </Form>
          ) : null}
          <Link
            to={`${base}?history=${historyOpen ? "closed" : "open"}${open && !canvasOpen ? "&canvas=hidden" : ""}`}
            className={buttonClasses("secondary")}
            preventScrollReset
          >
            {historyOpen ? "Hide History" : "Project History"}
          </Link>
        </div>
      </header>
      {open && canvasOpen ? (
        <section id="canvas-view" aria-label="Canvas view">
          <ProjectCanvas
            projectId={open.project.id}
            sidePanel={<AssistantChat state={assistant} heading="Canvas assistant" placeholder="Ask about this canvas..." />}
          />
        </section>
      ) : null}
      {actionData && "confirm" in actionData ? <DeleteConfirmation base={base} projectId={actionData.confirm.projectId} question={actionData.error} /> : null}
      {historyOpen ? <ProjectHistory items={history} base={base} actionData={actionData} /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ProjectManager open={open} actionData={actionData} />
          {open ? <CompilePanel open={open} actionData={actionData} /> : null}
        </div>
        <AssistantPanel assistant={assistant} />
      </div>
    </div>
  );
}

/** The confirmation a delete without JavaScript gets from the action before anything is deleted. */
function DeleteConfirmation({ base, projectId, question }: { base: string; projectId: string; question: string }) {
  return (
    <form method="post" className={`${panel} flex flex-wrap items-center gap-3`} role="alertdialog" aria-label="Delete project">
      <p className="text-sm text-slate-800">{question}</p>
      <input type="hidden" name="intent" value="delete-project" />
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="confirmed" value="yes" />
      <Button type="submit" variant="danger" size="sm">
        Delete
      </Button>
      <Link to={`${base}?history=open`} className={buttonClasses("secondary", "sm")}>
        Cancel
      </Link>
    </form>
  );
}

function ProjectHistory({ items, base, actionData }: { items: HistoryItem[]; base: string; actionData?: ActionResult }) {
  const revalidator = useRevalidator();
  return (
    <section className={panel} aria-labelledby="history-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="history-title" className="text-lg font-semibold text-slate-900">
          Project History
        </h2>
        <Link
          to={`${base}?history=open`}
          className={buttonClasses("ghost", "sm")}
          onClick={(e) => {
            e.preventDefault();
            revalidator.revalidate();
          }}
        >
          Refresh
        </Link>
      </div>
      {revalidator.state === "loading" ? (
        <p className="mt-3 text-sm text-slate-600" aria-live="polite">
          Loading projects...
        </p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No projects found. Create your first project!</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((p) => (
            <HistoryCard key={p.id} item={p} actionData={actionData} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryCard({ item, actionData }: { item: HistoryItem; actionData?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const result = resultOf(fetcher.data, actionData, "delete-project");
  const deleting = fetcher.state !== "idle";
  // With JavaScript the browser's dialog asks; without it the action asks on the page first.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3" data-testid="project-card">
      <Link to={`/video-projects/${item.id}`} className="font-medium text-slate-900 hover:text-brand-600">
        {item.title}
      </Link>
      {item.description ? <p className="line-clamp-2 text-sm text-slate-600">{item.description}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatusDot status={item.status} />
        <span className="text-xs text-slate-500">{item.sceneCount} scene(s)</span>
      </div>
      <fetcher.Form method="post" onSubmit={confirmOr(`Are you sure you want to delete project "${item.title}"?`)}>
        <input type="hidden" name="intent" value="delete-project" />
        <input type="hidden" name="projectId" value={item.id} />
        {hydrated ? <input type="hidden" name="confirmed" value="yes" /> : null}
        <Button type="submit" variant="danger" size="sm" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete"}
        </Button>
      </fetcher.Form>
      {result && !result.ok && fetcher.data ? <ErrorLine message={result.error} /> : null}
    </li>
  );
}

function ProjectManager({ open, actionData }: { open: PageProject | null; actionData?: ActionResult }) {
  return (
    <section className={panel} aria-labelledby="manager-title">
      {open ? null : (
        <h2 id="manager-title" className="text-lg font-semibold text-slate-900">
          Create New Project
        </h2>
      )}
      {open ? <OpenProject open={open} actionData={actionData} /> : <CreateProjectForm actionData={actionData} />}
    </section>
  );
}

function CreateProjectForm({ actionData }: { actionData?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const result = resultOf(fetcher.data, actionData, "create-project");
  return (
    <fetcher.Form method="post" className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="create-project" />
      <label className="block text-sm font-medium text-slate-700">
        Project Name
        <input name="name" required maxLength={200} className={`mt-1 ${input}`} />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        Description
        <textarea name="description" rows={3} className={`mt-1 ${input}`} />
      </label>
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Creating..." : "Create Project"}
      </Button>
      {result && !result.ok ? <ErrorLine message={result.error} /> : null}
    </fetcher.Form>
  );
}

function OpenProject({ open, actionData }: { open: PageProject; actionData?: ActionResult }) {
  const { project, scenes } = open;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="manager-title" className="text-xl font-semibold text-slate-900" data-testid="project-name">
            {project.title}
          </h2>
          <StatusDot status={project.status} />
        </div>
        {project.description ? <p className="text-sm text-slate-600">{project.description}</p> : null}
        <p className="text-xs text-slate-500">
          <Link to="/video-projects" className="hover:text-brand-600">
            New project
          </Link>
        </p>
      </div>
      <ProductImageCard project={project} actionData={actionData} />
      <AddSceneForm actionData={actionData} />
      <AiAnalysisPanel actionData={actionData} planner={open.planner} />
      <AutomatedSceneForm automation={open.automation} actionData={actionData} />
      {scenes.length === 0 ? (
        <p className="text-sm text-slate-600">No scenes yet. Add the first scene above.</p>
      ) : (
        <ul className="space-y-3">
          {scenes.map((s) => (
            <SceneCard key={s.id} scene={s} actionData={actionData} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The project's product image (the canvas's main image, through the same core call): with
 * JavaScript the file goes up at once and its reference is saved by a fetcher; without it the
 * form posts the file (multipart) to the page's action. Generate Assets points here when a
 * scene needs it.
 */
function ProductImageCard({ project, actionData }: { project: PageProject["project"]; actionData?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const remove = useFetcher<ActionResult>();
  const hydrated = useHydrated();
  const result = resultOf(remove.data, undefined, "main-image") ?? resultOf(fetcher.data, actionData, "main-image");
  const current = project.mainProductImageUrl;
  return (
    <section id="product-image" tabIndex={-1} className="space-y-2 rounded-xl bg-slate-50 p-3" aria-labelledby="product-image-title">
      <h4 id="product-image-title" className="text-sm font-semibold text-slate-800">
        Product Image
      </h4>
      <p className="text-xs text-slate-600">Generate Assets makes each scene's image from this picture.</p>
      <Form method="post" encType="multipart/form-data" className="space-y-2">
        <input type="hidden" name="intent" value="main-image" />
        <FileUpload
          name="mainImage"
          key={current ?? "none"}
          bucket="project-images"
          label={current ? "Replace product image" : "Upload product image"}
          kinds={["image"]}
          params={{ projectId: project.id, purpose: "main", ownerId: project.userId }}
          current={current ? { url: current, contentType: "image/*", name: "Product image" } : null}
          onUploaded={(file) => fetcher.submit({ intent: "main-image", ref: file.ref }, { method: "post" })}
        />
        {hydrated ? null : (
          <Button type="submit" size="sm" variant="secondary">
            Upload product image
          </Button>
        )}
      </Form>
      {current ? (
        <remove.Form method="post">
          <input type="hidden" name="intent" value="main-image" />
          <input type="hidden" name="ref" value="" />
          <Button type="submit" variant="ghost" size="sm" disabled={remove.state !== "idle"}>
            Remove product image
          </Button>
        </remove.Form>
      ) : null}
      {result ? (
        result.ok ? (
          <p role="status" className="text-sm text-green-700">
            {result.message}
          </p>
        ) : (
          <ErrorLine message={result.error} />
        )
      ) : null}
    </section>
  );
}

function AddSceneForm({ actionData }: { actionData?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const result = resultOf(fetcher.data, actionData, "add-scene");
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setKey((k) => k + 1);
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form key={key} method="post" className="space-y-3 rounded-xl bg-slate-50 p-3">
      <input type="hidden" name="intent" value="add-scene" />
      <h4 className="text-sm font-semibold text-slate-800">Add Scene</h4>
      <label className="block text-sm font-medium text-slate-700">
        Scene Name
        <input name="name" required maxLength={200} className={`mt-1 ${input}`} />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        Description
        <textarea name="description" rows={2} className={`mt-1 ${input}`} />
      </label>
      <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Adding..." : "Add Scene"}
      </Button>
      {result && !result.ok ? <ErrorLine message={result.error} /> : null}
    </fetcher.Form>
  );
}

function SceneCard({ scene, actionData }: { scene: PageScene; actionData?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const result = resultOf(fetcher.data, actionData, "generate-assets");
  const mine = result && (result.ok ? Boolean(fetcher.data) : "sceneId" in result && result.sceneId === scene.id);
  const busy = fetcher.state !== "idle" || scene.status === "in_progress";
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 p-3" data-testid="scene-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{scene.title || "Untitled scene"}</span>
        <span className="text-xs uppercase tracking-wide text-slate-500">{scene.status}</span>
      </div>
      {scene.description ? <p className="text-sm text-slate-600">{scene.description}</p> : null}
      <div className="flex flex-wrap gap-2">
        {scene.hasImage ? <Badge className="bg-green-100 text-green-800">Has Image</Badge> : null}
        {scene.hasVideo ? <Badge className="bg-blue-100 text-blue-800">Has Video</Badge> : null}
      </div>
      {scene.errorMessage ? <p className="text-sm text-red-600">{scene.errorMessage}</p> : null}
      <fetcher.Form
        method="post"
        className="flex flex-wrap items-center gap-2"
        onSubmit={confirmOr(`Generate the assets of "${scene.title || "this scene"}" for ${scene.costLabel} credits?`)}
      >
        <input type="hidden" name="intent" value="generate-assets" />
        <input type="hidden" name="sceneId" value={scene.id} />
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          {fetcher.state !== "idle" ? "Generating..." : "Generate Assets"}
        </Button>
        <span className="text-xs text-slate-500">Cost: {scene.costLabel} credits</span>
      </fetcher.Form>
      {mine && result ? (
        result.ok ? (
          <p className="text-sm text-green-700">{result.message}</p>
        ) : (
          <p role="alert" className="text-sm text-red-600">
            {result.error}
            {result.error.includes(SCENE_ASSET_MESSAGES.productImageRequired) ? (
              <>
                {" "}
                <a href="#product-image" className="font-medium underline">
                  Go to Product Image
                </a>
              </>
            ) : null}
          </p>
        )
      ) : null}
      <SceneAiActions sceneId={scene.id} actionData={actionData} />
    </li>
  );
}

const ACTIVE = new Set(["queued", "rendering"]);

/** What the compile panel reads of a project (the canvas editor shows the same panel). */
export type CompilePanelProject = {
  project: Pick<PageProject["project"], "finalVideoUrl" | "title" | "status">;
  scenes: readonly unknown[];
  compile: Pick<PageProject["compile"], "costLabel" | "job">;
};

/** The video compilation panel: its form posts intent "compile" with the format to the page's own action. */
export function CompilePanel({ open, actionData }: { open: CompilePanelProject; actionData?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const result = resultOf(fetcher.data, actionData, "compile");
  const job = open.compile.job;
  const running = fetcher.state !== "idle" || (job !== null && ACTIVE.has(job.status));
  const count = open.scenes.length;

  const { url: videoUrl, posterUrl } = projectVideo(open.project, job);
  return (
    <section className={panel} aria-labelledby="compile-title">
      <h2 id="compile-title" className="text-lg font-semibold text-slate-900">
        Video Compilation
      </h2>
      <fetcher.Form
        method="post"
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={confirmOr(`Compile the full video for ${open.compile.costLabel} credits?`)}
      >
        <input type="hidden" name="intent" value="compile" />
        <label className="text-sm font-medium text-slate-700">
          Output Format
          <select name="format" defaultValue={job?.format ?? "mp4"} disabled={running} className={`mt-1 block ${input} disabled:opacity-60`}>
            <option value="mp4">MP4</option>
            <option value="webm">WebM</option>
          </select>
        </label>
        <Button type="submit" disabled={running || count === 0}>
          {running ? "Compiling..." : "Compile Full Video"}
        </Button>
      </fetcher.Form>
      <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600" data-testid="project-status">
        <span>Project Status:</span>{" "}
        <StatusDot status={open.project.status} />{" "}
        <span aria-hidden="true">·</span>{" "}
        <span>{count} scene(s) available</span>
      </div>
      {count > 0 ? <p className="text-xs text-slate-500">Cost: {open.compile.costLabel} credits</p> : null}
      {result && !result.ok ? <ErrorLine message={result.error} /> : null}
      {job ? (
        <div className="mt-3 space-y-2" aria-live="polite">
          {ACTIVE.has(job.status) ? (
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-valuenow={job.progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div
                className="h-full bg-brand-500 transition-all"
                style={{
                  width: `${Math.min(Math.max(job.progress, 0), 100)}%`,
                }}
              />
            </div>
          ) : null}
          {job.message ? (
            <p className="text-sm text-slate-700" data-testid="compile-message">
              {job.message}
              {ACTIVE.has(job.status) ? ` (${job.progress}%)` : ""}
            </p>
          ) : null}
          {job.status === "failed" && job.errorMessage ? <ErrorLine message={job.errorMessage} /> : null}
          {job.notice ? (
            <p className="text-sm text-slate-700" data-testid="compile-notice">
              {job.notice}
            </p>
          ) : null}
        </div>
      ) : null}
      {videoUrl ? (
        <div className="mt-4 space-y-2">
          <video src={videoUrl} poster={posterUrl ?? undefined} controls playsInline className="max-h-[70vh] w-full max-w-xl rounded-xl bg-black object-contain" data-testid="compiled-video">
            <track kind="captions" />
          </video>
          <div className="flex flex-wrap gap-2">
            <a href={videoUrl} target="_blank" rel="noreferrer" className={buttonClasses("secondary", "sm")}>
              Open in new tab
            </a>
            <a
              href={downloadHref(videoUrl, downloadFileName(open.project.title, videoUrl))}
              download={downloadFileName(open.project.title, videoUrl)}
              className={buttonClasses("primary", "sm")}
            >
              Download
            </a>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function AssistantPanel({ assistant }: { assistant: AssistantChatState }) {
  return (
    <aside className={`${panel} h-fit min-w-0`} aria-label="AI Assistant">
      <AssistantChat state={assistant} heading="AI Assistant" placeholder="Ask the AI assistant..." />
    </aside>
  );
}
