// The Video Project Management page (docs/product.md#video-projects): the project history,
// the project manager panel, the video compilation panel and the AI Assistant column. Every form
// posts to the route's action (works without JavaScript); with JavaScript they go through a
// fetcher and the page revalidates. The data comes from the route's loader as plain props.
import { Form } from "@remix-run/react";
import { AssistantChat, type AssistantChatState } from "~/components/assistant/AssistantChat";
import { ProjectCanvas } from "~/components/project-canvas/ProjectCanvas";
import { Button, buttonClasses } from "~/components/ui/Button";
import { useLiveRevalidate } from "~/hooks/useLiveEvents";
import { panel, type ActionResult } from "./parts";
import { CompilePanel } from "./CompilePanel";
import { SCENES_FIRST_PAGE, type HistoryItem, type PageProject } from "./page-data";
import { DeleteConfirmation, ProjectHistory } from "./ProjectHistory";
import { ProjectManager } from "./ProjectManager";
import { AppLink } from "~/components/ui/AppLink";

export { CompilePanel, type CompilePanelProject } from "./CompilePanel";
export type { HistoryItem, PageCompileJob, PageProject, PageScene } from "./page-data";
export { StatusDot } from "./parts";

export function VideoProjectsPage({
  history,
  historyPage = { page: 1, hasMore: false },
  historyOpen,
  canvasOpen = false,
  open,
  actionData,
  assistant,
}: {
  history: HistoryItem[];
  /** Which page of the history is shown (24 a page) and whether more follow ("Load more"). */
  historyPage?: { page: number; hasMore: boolean };
  historyOpen: boolean;
  /** With a project open: the project canvas is shown (the default) or hidden (?canvas=hidden). */
  canvasOpen?: boolean;
  open: PageProject | null;
  actionData?: ActionResult;
  /** The user's active assistant chat for this project (docs/product.md#assistant). */
  assistant: AssistantChatState;
}) {
  const base = open ? `/video-projects/${open.project.id}` : "/video-projects";
  // A long project shown whole ("Show all scenes") stays whole when the view changes.
  const allScenes = open ? open.scenes.length > SCENES_FIRST_PAGE && open.scenes.length >= open.sceneCount : false;
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
              {allScenes ? <input type="hidden" name="scenes" value="all" /> : null}
              <input type="hidden" name="canvas" value={canvasOpen ? "hidden" : "open"} />
              <Button type="submit" variant="secondary" aria-expanded={canvasOpen} aria-controls={canvasOpen ? "canvas-view" : undefined}>
                {canvasOpen ? "Hide Canvas View" : "Show Canvas View"}
              </Button>
            </Form>
          ) : null}
          <AppLink
            to={`${base}?history=${historyOpen ? "closed" : "open"}${open && !canvasOpen ? "&canvas=hidden" : ""}${allScenes ? "&scenes=all" : ""}`}
            className={buttonClasses("secondary")}
            preventScrollReset
          >
            {historyOpen ? "Hide History" : "Project History"}
          </AppLink>
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
      {historyOpen ? <ProjectHistory items={history} base={base} actionData={actionData} more={historyPage} /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ProjectManager open={open} actionData={actionData} />
          {open ? <CompilePanel open={open} actionData={actionData} storyboardHref={`/projects/${open.project.id}/storyboard`} /> : null}
        </div>
        <AssistantPanel assistant={assistant} />
      </div>
    </div>
  );
}

function AssistantPanel({ assistant }: { assistant: AssistantChatState }) {
  return (
    <aside className={`${panel} h-fit min-w-0`} aria-label="AI Assistant">
      <AssistantChat state={assistant} heading="AI Assistant" placeholder="Ask the AI assistant..." />
    </aside>
  );
}
