// The project manager panel: create a project, or the open project with its product image, its
// scenes (each with Generate Assets and the AI actions) and Add Scene.
import { useFetcher, useFormAction, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { FileUpload } from "~/components/upload/FileUpload";
import type { UploadedFile } from "~/components/upload/useUpload";
import { SCENE_ASSET_MESSAGES } from "~/models/generation/scene-asset-steps";
import { AiAnalysisPanel, SceneAiActions, type SceneAiForms } from "./AiPanels";
import { AutomatedSceneForm } from "./AutomatedSceneForm";
import type { PageMedia, PageScene, PageProject } from "./page-data";
import { ProjectMediaCard, SceneMaterial, SceneMaterialBadge } from "./SceneMaterial";
import { ErrorLine, input, panel, resultOf, ResultLine, useHydrated, StatusDot, confirmOr, type ActionResult } from "./parts";
import { AppLink } from "~/components/ui/AppLink";
import { plainForm, useFetcherForm, type PageForm } from "~/components/ui/page-form";
import { StaticMarkup } from "~/components/ui/StaticMarkup";
import type { MaterialResult } from "~/components/scene-material/SceneMaterialControl";

export function ProjectManager({ open, actionData }: { open: PageProject | null; actionData?: ActionResult }) {
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
  // Where the scene cards' forms post (this page, its query kept): given to them, since a kept card has no router.
  const action = useFormAction();
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
          <AppLink to="/video-projects" className="hover:text-brand-600">
            New project
          </AppLink>
        </p>
      </div>
      <ProjectTools open={open} actionData={actionData} action={action} />
      {scenes.length === 0 ? (
        <p className="text-sm text-slate-600">No scenes yet. Add the first scene above.</p>
      ) : (
        <ul className="space-y-3">
          {scenes.map((s) => (
            <SceneCard key={s.id} scene={s} media={open.media} actionData={actionData} action={action} />
          ))}
        </ul>
      )}
      <MoreScenes shown={scenes.length} total={open.sceneCount} />
    </div>
  );
}

/**
 * The forms above the scene cards: the product image, the photos and clips, Add Scene, AI analysis
 * and automated scene creation. Until React has hydrated they are plain posts to the page's action
 * drawn from the project's image, photos and clips alone, so the server keeps their markup like the
 * cards' (ADR 407), unless the page shows a post's answer or a scene's automated creation.
 */
function ProjectTools({ open, actionData, action }: { open: PageProject; actionData?: ActionResult; action: string }) {
  const tools = (
    <>
      <ProductImageCard project={open.project} actionData={actionData} action={action} />
      <ProjectMediaCard media={open.media} actionData={actionData} action={action} />
      <AddSceneForm actionData={actionData} action={action} />
      <AiAnalysisPanel actionData={actionData} planner={open.planner} action={action} />
      <AutomatedSceneForm automation={open.automation} actionData={actionData} action={action} />
    </>
  );
  if (actionData || open.automation.progress) return <div className={TOOLS_CLASS}>{tools}</div>;
  const { id, userId, mainProductImageUrl } = open.project;
  const key = `tools\u0000${action}\u0000${JSON.stringify([id, userId, mainProductImageUrl, open.media, open.planner, open.automation.costLabel])}`;
  return (
    <StaticMarkup cacheKey={key} className={TOOLS_CLASS}>
      {tools}
    </StaticMarkup>
  );
}

const TOOLS_CLASS = "space-y-4";

/** Under a long project's first scene cards: how many are shown, and a link to all of them (the page's query, plus scenes=all). */
function MoreScenes({ shown, total }: { shown: number; total: number }) {
  const location = useLocation();
  if (shown >= total) return null;
  const query = new URLSearchParams(location.search);
  query.set("scenes", "all");
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <span>
        Showing {shown} of {total} scenes.
      </span>
      <AppLink to={`${location.pathname}?${query.toString()}`} preventScrollReset className={buttonClasses("secondary", "sm")}>
        Show all {total} scenes
      </AppLink>
    </p>
  );
}

/**
 * The project's product image (the canvas's main image, through the same core call): with
 * JavaScript the file goes up at once and its reference is saved by a fetcher; without it the
 * form posts the file (multipart) to the page's action. Generate Assets points here when a
 * scene needs it.
 */
function ProductImageCard(props: ProductImageProps) {
  const hydrated = useHydrated();
  if (hydrated) return <LiveProductImageCard {...props} />;
  return <ProductImageBody {...props} remove={plainForm(props.action)} result={resultOf(undefined, props.actionData, "main-image")} />;
}

type ProductImageProps = { project: PageProject["project"]; actionData?: ActionResult; action: string };

function LiveProductImageCard(props: ProductImageProps) {
  const fetcher = useFetcher<ActionResult>();
  const remove = useFetcherForm<ActionResult>();
  const result = resultOf(remove.data, undefined, "main-image") ?? resultOf(fetcher.data, props.actionData, "main-image");
  return (
    <ProductImageBody
      {...props}
      remove={remove}
      result={result}
      onUploaded={(file) => fetcher.submit({ intent: "main-image", ref: file.ref }, { method: "post" })}
    />
  );
}

function ProductImageBody({
  project,
  action,
  remove,
  result,
  onUploaded,
}: ProductImageProps & {
  remove: PageForm<ActionResult>;
  result: ActionResult | undefined;
  /** With JavaScript: save the uploaded file's reference. Without it the form posts the file. */
  onUploaded?: (file: UploadedFile) => void;
}) {
  const current = project.mainProductImageUrl;
  return (
    <section id="product-image" tabIndex={-1} className="space-y-2 rounded-xl bg-slate-50 p-3" aria-labelledby="product-image-title">
      <h4 id="product-image-title" className="text-sm font-semibold text-slate-800">
        Product Image
      </h4>
      <p className="text-xs text-slate-600">Generate Assets makes each scene's image from this picture.</p>
      {/* With JavaScript the file goes up on its own and this form is never posted (no button). */}
      <form method="post" action={action} encType="multipart/form-data" className="space-y-2">
        <input type="hidden" name="intent" value="main-image" />
        <FileUpload
          id="product-image-file"
          name="mainImage"
          key={current ?? "none"}
          bucket="project-images"
          label={current ? "Replace product image" : "Upload product image"}
          kinds={["image"]}
          params={{ projectId: project.id, purpose: "main", ownerId: project.userId }}
          current={current ? { url: current, contentType: "image/*", name: "Product image" } : null}
          onUploaded={onUploaded}
        />
        {onUploaded ? null : (
          <Button type="submit" size="sm" variant="secondary">
            Upload product image
          </Button>
        )}
      </form>
      {current ? (
        <remove.Form method="post">
          <input type="hidden" name="intent" value="main-image" />
          <input type="hidden" name="ref" value="" />
          <Button type="submit" variant="ghost" size="sm" disabled={remove.state !== "idle"}>
            Remove product image
          </Button>
        </remove.Form>
      ) : null}
      <ResultLine result={result} />
    </section>
  );
}

function AddSceneForm({ actionData, action }: { actionData?: ActionResult; action: string }) {
  const hydrated = useHydrated();
  if (hydrated) return <LiveAddSceneForm actionData={actionData} />;
  return <AddSceneBody form={plainForm(action)} actionData={actionData} />;
}

function LiveAddSceneForm({ actionData }: { actionData?: ActionResult }) {
  const form = useFetcherForm<ActionResult>();
  // A new, empty form after each scene added.
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (form.state === "idle" && form.data?.ok) setKey((k) => k + 1);
  }, [form.state, form.data]);
  return <AddSceneBody key={key} form={form} actionData={actionData} />;
}

function AddSceneBody({ form, actionData }: { form: PageForm<ActionResult>; actionData?: ActionResult }) {
  const result = resultOf(form.data, actionData, "add-scene");
  return (
    <form.Form method="post" className="space-y-3 rounded-xl bg-slate-50 p-3">
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
      <Button type="submit" size="sm" disabled={form.state !== "idle"}>
        {form.state !== "idle" ? "Adding..." : "Add Scene"}
      </Button>
      <ResultLine result={result} />
    </form.Form>
  );
}

type SceneCardProps = { scene: PageScene; media: PageMedia[]; actionData?: ActionResult; action: string };

/**
 * A scene's card. Until React has hydrated its forms are plain posts to the page's action, so the
 * server keeps the card's markup for the same scene, photos and clips and page (ADR 407), unless
 * the page shows a post's answer without JavaScript; then fetchers' forms.
 */
function SceneCard(props: SceneCardProps) {
  const hydrated = useHydrated();
  if (hydrated) return <LiveSceneCard {...props} />;
  const plain = plainForm<ActionResult>(props.action);
  const forms: SceneForms = {
    generate: plain,
    ai: { enhance: plain, suggest: plain, apply: plain },
    material: plainForm<MaterialResult>(props.action),
  };
  const body = <SceneCardBody {...props} forms={forms} />;
  if (props.actionData) return <li {...SCENE_CARD}>{body}</li>;
  return (
    <StaticMarkup as="li" {...SCENE_CARD} cacheKey={sceneCardKey(props)}>
      {body}
    </StaticMarkup>
  );
}

const SCENE_CARD = { className: "space-y-2 rounded-xl border border-slate-200 p-3", "data-testid": "scene-card" } as const;

/** The kept markup's key: everything a card is drawn from when no answer is shown. */
function sceneCardKey({ scene, media, action }: SceneCardProps): string {
  return `scene\u0000${action}\u0000${JSON.stringify(scene)}\u0000${JSON.stringify(media)}`;
}

type SceneForms = { generate: PageForm<ActionResult>; ai: SceneAiForms; material: PageForm<MaterialResult> };

function LiveSceneCard(props: SceneCardProps) {
  const generate = useFetcherForm<ActionResult>();
  const enhance = useFetcherForm<ActionResult>();
  const suggest = useFetcherForm<ActionResult>();
  const apply = useFetcherForm<ActionResult>();
  const material = useFetcherForm<MaterialResult>();
  return (
    <li {...SCENE_CARD}>
      <SceneCardBody {...props} forms={{ generate, ai: { enhance, suggest, apply }, material }} />
    </li>
  );
}

function SceneCardBody({ scene, media, actionData, forms }: SceneCardProps & { forms: SceneForms }) {
  const fetcher = forms.generate;
  const result = resultOf(fetcher.data, actionData, "generate-assets");
  const mine = result && (result.ok ? Boolean(fetcher.data) : "sceneId" in result && result.sceneId === scene.id);
  const busy = fetcher.state !== "idle" || scene.status === "in_progress";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{scene.title || "Untitled scene"}</span>
        <span className="text-xs uppercase tracking-wide text-slate-500">{scene.status}</span>
      </div>
      {scene.description ? <p className="text-sm text-slate-600">{scene.description}</p> : null}
      <div className="flex flex-wrap gap-2">
        {scene.hasImage ? <Badge className="bg-green-100 text-green-800">Has Image</Badge> : null}
        {scene.hasVideo ? <Badge className="bg-blue-100 text-blue-800">Has Video</Badge> : null}
        <SceneMaterialBadge scene={scene} />
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
        <span className="text-xs text-slate-500">{`Cost: ${scene.costLabel} credits`}</span>
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
      <SceneMaterial scene={scene} media={media} actionData={actionData} form={forms.material} />
      <SceneAiActions sceneId={scene.id} actionData={actionData} forms={forms.ai} />
    </>
  );
}
