// The canvas editor page (docs/product.md#canvas-editor): header (Back, editable title, New
// Project, Multi-Agent Chat, detail-panel toggle), the Script and Scenes tabs, the scene detail
// panel and the compile panel. The selected scene, tab and panel live in the query, so every state
// is a link; every change is a form posted to the route's action (fetchers with JavaScript).
import { useFetcher, useLocation } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/Button";
import { CompilePanel } from "~/components/video-projects/VideoProjectsPage";
import { useLiveRevalidate } from "~/hooks/useLiveEvents";
import { EDITOR_LIMITS } from "~/models/projects/editor-rules";
import type { CanvasActionData, CanvasEditorData } from "./editor-data";
import { useHydrated, useOptimisticValue, useScenesWithPendingEdits, useViewLink } from "./hooks";
import { Notice } from "./Notice";
import { SceneDetail } from "./SceneDetail";
import { materialOptions } from "~/components/scene-material/SceneMaterialControl";
import { ScenesTab } from "./ScenesTab";
import { ScriptTab } from "./ScriptTab";
import { AppLink } from "~/components/ui/AppLink";

function TitleEditor({ title }: { title: string }) {
  const fetcher = useFetcher<CanvasActionData>();
  const { value, setValue, failed } = useOptimisticValue(title, fetcher);
  const hydrated = useHydrated();
  const changed = !hydrated || (value.trim() !== title && value.trim().length > 0);
  return (
    <fetcher.Form method="post" className="flex min-w-0 flex-1 items-center gap-2">
      <input type="hidden" name="intent" value="rename" />
      <label htmlFor="project-title" className="sr-only">
        Project title
      </label>
      <input
        id="project-title"
        name="title"
        value={value}
        maxLength={EDITOR_LIMITS.title}
        onChange={(e) => setValue(e.target.value)}
        className="min-w-0 flex-1 rounded-lg border border-transparent px-2 py-1 text-lg font-semibold text-slate-900 hover:border-slate-300 focus:border-slate-400"
      />
      {changed && fetcher.state === "idle" ? (
        <Button type="submit" size="sm">
          Save
        </Button>
      ) : null}
      <Notice result={failed ?? (fetcher.state === "idle" && fetcher.data?.ok && !changed ? fetcher.data : undefined)} />
    </fetcher.Form>
  );
}

/** The page: the loader's data, and the answer of a form posted without JavaScript (fetchers keep their own). */
export function CanvasEditor({ data, posted }: { data: CanvasEditorData; posted: CanvasActionData | undefined }) {
  const { project, sceneCount, scenes: savedScenes, view, assets, versions, compile, quote } = data;
  const scenes = useScenesWithPendingEdits(savedScenes);
  // The asset workflow and the compile change the project after the request answered: follow them (ADR 156); so do staff's canvas updates (ADR 188).
  useLiveRevalidate(["project.updated"], (event) => event.type === "project.updated" && event.projectId === project.id, 300);
  const link = useViewLink();
  // App links are plain anchors: their query links carry the path, as <Link> wrote them.
  const { pathname } = useLocation();
  const selected = scenes.find((s) => s.id === view.scene);
  const panelOpen = view.panel === "open";
  const tabClass = (active: boolean) =>
    `rounded-lg px-3 py-1.5 text-sm font-medium ${active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-4">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 pb-3">
        <ButtonLink to="/canvas" variant="ghost" size="sm">
          ← Back
        </ButtonLink>
        <TitleEditor title={project.title} />
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink to="/canvas?new=1" variant="secondary" size="sm">
            New Project
          </ButtonLink>
          <ButtonLink to={`/multi-agent-chat/${project.id}`} variant="secondary" size="sm">
            Multi-Agent Chat
          </ButtonLink>
          <ButtonLink to={link({ panel: panelOpen ? "closed" : "open" })} variant="ghost" size="sm" aria-expanded={panelOpen}>
            {panelOpen ? "Hide details" : "Show details"}
          </ButtonLink>
        </div>
      </header>
      {posted ? (
        <div className="mt-3">
          <Notice result={posted} />
        </div>
      ) : null}
      <div className={`mt-4 grid gap-4 ${panelOpen ? "lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]" : ""}`}>
        {/* A section, not a second <main>: the shell's <main> holds the whole page (one main landmark). */}
        <section className="min-w-0" aria-label="Script and scenes">
          <nav className="mb-4 flex gap-2" aria-label="Editor tabs">
            <AppLink
              to={pathname + link({ tab: "script" })}
              className={tabClass(view.tab === "script")}
              aria-current={view.tab === "script" ? "page" : undefined}
            >
              Script
            </AppLink>
            <AppLink
              to={pathname + link({ tab: "scenes" })}
              className={tabClass(view.tab === "scenes")}
              aria-current={view.tab === "scenes" ? "page" : undefined}
            >
              Scenes
            </AppLink>
          </nav>
          {view.tab === "script" ? (
            <ScriptTab project={project} sceneCount={sceneCount} assets={assets} />
          ) : (
            <ScenesTab scenes={scenes} selectedId={view.scene} confirmDelete={view.confirmDelete} />
          )}
        </section>
        {panelOpen ? (
          <aside className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Scene details">
            <SceneDetail scene={selected} versions={versions} ownerId={project.userId} quote={quote} media={materialOptions(assets)} />
          </aside>
        ) : null}
      </div>
      <div className="mt-6">
        <CompilePanel
          open={{ project: { finalVideoUrl: project.finalVideoUrl, title: project.title, status: project.status }, sceneCount, compile }}
          storyboardHref={`/projects/${project.id}/storyboard?from=canvas`}
        />
      </div>
    </div>
  );
}
