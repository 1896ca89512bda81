// /canvas/:projectId, the canvas editor (docs/product.md#canvas-editor; admins only, an
// admin may open any user's project): header (Back, editable title, New Project, Multi-Agent
// Chat, detail-panel toggle), the Script tab (main image, Full Script, Divide into Scenes), the
// Scenes tab and the scene detail panel (per-field Save, generate with the cost shown first).
// The selected scene, tab and panel, and the confirm steps (?confirm=, ?confirmDelete=, ADR 210)
// live in the query (?scene=, ?tab=, ?panel=) so every state
// is a link. Every change is a form posted to the action below (it works without JavaScript;
// with it the forms go through fetchers) and is the core's work (docs/decisions/152-editor-operations.md)
// as the admin's "web" actor.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useFetcher, useFetchers, useLoaderData, useLocation, useSearchParams, type ClientActionFunctionArgs, type FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Badge } from "~/components/ui/Badge";
import { Button, ButtonLink } from "~/components/ui/Button";
import { FileUpload } from "~/components/upload/FileUpload";
import { useLiveRevalidate } from "~/hooks/useLiveEvents";
import { MultiFileUpload } from "~/components/upload/MultiFileUpload";
import { CompilePanel } from "~/components/video-projects/VideoProjectsPage";
import { actorFromUser, isNotFound, type Actor } from "~/models/actor.server";
import { requireAdmin } from "~/models/auth.server";
import { requestCompile } from "~/models/compile-jobs.server";
import { estimateCost } from "~/models/cost-estimates.server";
import { EDITOR_LIMITS } from "~/models/editor-rules";
import { formatCredits } from "~/models/billing";
import { addProjectAssets, projectUploadTarget, removeProjectAsset, setMainProjectImage } from "~/models/project-assets.server";
import { deleteScene } from "~/models/project-removal.server";
import { updateProject } from "~/models/project.server";
import { getProjectWorkspace } from "~/models/project-workspace.server";
import { SCENE_MEDIA_STEPS, type SceneAssetStates, type SceneMediaStep } from "~/models/scene-asset-steps";
import { listSceneAssetVersions, restoreSceneAssetVersion, setSceneMedia } from "~/models/scene-asset-versions.server";
import { requestSceneGeneration } from "~/models/scene-generation.server";
import { generateSceneMusic } from "~/models/scene-music.server";
import { addScene, editScene, SCENE_TEXT_FIELDS } from "~/models/scenes.server";
import { divideProjectScript } from "~/models/script-division.server";
import { field, parseFields } from "~/utils/form-fields";
import { removeFiles } from "~/models/stored-files.server";
import { parseMultipartUpload } from "~/models/uploads.server";
import { inputError, isMultipart, readFormData, readQuery } from "~/utils/forms.server";
import { coreRefusal, refused, type CanvasActionData } from "./_shell.canvas.server";
import { Time } from "~/components/time/TimeZone";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.project.title ?? "Canvas"} — Canvas — Reelforge` }];

const PREVIEW_CHARS = 60;
const NOT_FOUND = (id: string) => `Project with ID ${id} not found.`;
const COPIED_MS = 2000;

const viewQuery = z.object({
  scene: field.optional(field.token("The scene id")).catch(undefined),
  tab: z.enum(["script", "scenes"]).catch("script"),
  panel: z.enum(["open", "closed"]).catch("open"),
  /** The step whose cost is shown with its Confirm form (the no-JavaScript path; with it a fetcher asks). */
  confirm: z.enum(["image", "voice-over", "video"]).optional().catch(undefined),
  /** The scene whose delete asks to be confirmed (the no-JavaScript path; with it window.confirm asks). */
  confirmDelete: field.optional(field.token("The scene id")).catch(undefined),
});

function projectIdOf(params: LoaderFunctionArgs["params"]): string {
  const parsed = field.token("The project id").safeParse(params.projectId);
  if (!parsed.success) throw inputError(NOT_FOUND(String(params.projectId ?? "").slice(0, 64)), 404);
  return parsed.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "web");
  const projectId = projectIdOf(params);
  const view = readQuery(request, viewQuery);
  let workspace;
  try {
    workspace = await getProjectWorkspace(actor, projectId);
  } catch (error) {
    if (isNotFound(error)) throw inputError(NOT_FOUND(projectId), 404);
    throw error;
  }
  const { project } = workspace;
  const selected = view.scene ? workspace.scenes.find((s) => s.id === view.scene) : undefined;
  const versions = selected ? await listSceneAssetVersions(actor, project.id, selected.id) : [];
  const regenerateQuoted = Boolean(selected && view.confirm && selected.assets[view.confirm].url);
  const quoted =
    selected && view.confirm
      ? await estimateCost(actor, { projectId: project.id, work: { kind: "scene", sceneId: selected.id, step: view.confirm, regenerate: regenerateQuoted } })
      : null;
  const compileCost = workspace.scenes.length ? await estimateCost(actor, { projectId: project.id, work: { kind: "compile" } }) : null;
  const job = workspace.latestCompile;
  return {
    view,
    project: {
      id: project.id,
      userId: project.userId,
      title: project.title,
      description: project.description,
      fullScript: project.fullScript ?? "",
      mainProductImageUrl: project.mainProductImageUrl,
      status: project.status,
      finalVideoUrl: project.finalVideoUrl,
    },
    scenes: workspace.scenes.map((s) => ({
      id: s.id,
      sceneOrder: s.sceneOrder,
      title: s.title,
      description: s.description ?? "",
      script: s.script ?? "",
      voiceOverText: s.voiceOverText ?? "",
      imagePrompt: s.imagePrompt ?? "",
      status: s.status,
      ready: s.ready,
      assets: s.assets,
      backgroundMusicUrl: s.backgroundMusicUrl,
    })),
    assets: workspace.assets.map((a) => ({ id: a.id, url: a.url, type: a.type, name: a.name })),
    quote:
      selected && view.confirm && quoted
        ? { step: view.confirm, sceneId: selected.id, regenerate: regenerateQuoted, credits: quoted.credits, balance: quoted.balance, enough: quoted.enough, blocked: quoted.blocked }
        : null,
    versions: versions.map((v) => ({ id: v.id, step: v.step, url: v.url, source: v.source, current: v.current, createdAt: v.createdAt.toISOString() })),
    compile: {
      costLabel: formatCredits(compileCost?.credits ?? 0),
      job: job
        ? { id: job.id, status: job.status, progress: job.progress, message: job.message, errorMessage: job.errorMessage, notice: job.notice, videoUrl: job.videoUrl, posterUrl: job.posterUrl, format: job.format }
        : null,
    },
  };
}

type EditorData = ReturnType<typeof useLoaderData<typeof loader>>;
type EditorScene = EditorData["scenes"][number];

const text = (label: string) => field.text({ max: EDITOR_LIMITS.text, label });
const sceneId = field.token("The scene id");
const fileRef = field.line({ max: 500, label: "The file" });
const generationStep = z.enum(["image", "voice-over", "video"], {
  error: "Choose image, video or voice-over.",
});

/** Built when the action runs: it names the core's SCENE_TEXT_FIELDS, which the browser bundle does not have. */
const actionSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("rename"),
        title: field.line({ max: EDITOR_LIMITS.title, label: "Title" }),
      }),
      z.object({
        intent: z.literal("save-script"),
        fullScript: text("Script").default(""),
      }),
      z.object({ intent: z.literal("divide") }),
      z.object({
        intent: z.literal("main-image"),
        ref: field.optional(field.line({ max: 500, label: "The image" })),
      }),
      z.object({ intent: z.literal("add-assets"), ref: fileRef }),
      z.object({ intent: z.literal("remove-asset"), assetId: field.token("The asset id") }),
      z.object({ intent: z.literal("restore-version"), sceneId, versionId: field.token("The version id") }),
      z.object({
        intent: z.literal("scene-media"),
        sceneId,
        field: z.enum(["image", "voice-over", "video", "backgroundMusic"], { error: "Choose image, video, voice-over or background music." }),
        ref: field.optional(field.line({ max: 500, label: "The file" })),
      }),
      z.object({ intent: z.literal("add-scene") }),
      z.object({ intent: z.literal("generate-music"), sceneId }),
      z.object({ intent: z.literal("compile"), format: z.enum(["mp4", "webm"], { error: "Output format must be mp4 or webm." }) }),
      z.object({ intent: z.literal("delete-scene"), sceneId }),
      z.object({
        intent: z.literal("edit-scene"),
        sceneId,
        field: z.enum(SCENE_TEXT_FIELDS, { error: "Unknown scene field." }),
        value: text("The text").default(""),
      }),
      z.object({
        intent: z.enum(["estimate", "generate"]),
        sceneId,
        step: generationStep,
        regenerate: field.checkbox(),
      }),
    ],
    { error: "Unknown canvas action." }
  );

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "web");
  const projectId = projectIdOf(params);
  if (isMultipart(request)) return uploadAction(actor, projectId, request);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const parsed = parseFields(actionSchema(), form);
  if (!parsed.ok) return refused(intent, parsed.formError, 400, parsed.fieldErrors);
  const input = parsed.data;
  const ok = (extra: Partial<CanvasActionData> = {}): CanvasActionData => ({
    ok: true,
    intent: input.intent,
    ...extra,
  });
  try {
    switch (input.intent) {
      case "rename":
        await updateProject(actor, projectId, { title: input.title });
        return ok({ message: PROJECT_SAVED });
      case "save-script":
        await updateProject(actor, projectId, { fullScript: input.fullScript });
        return ok({ message: PROJECT_SAVED });
      case "divide": {
        const division = await divideProjectScript(actor, projectId);
        return ok({ message: division.messages.join(". ") });
      }
      case "main-image":
        await setMainProjectImage(actor, projectId, input.ref ?? null);
        return ok({
          message: input.ref ? "Main project image updated successfully" : "Main project image removed",
        });
      case "add-assets": {
        // Several files at once: every "ref" value (the first one was checked by the schema).
        const refs = z.array(fileRef).safeParse(form.getAll("ref"));
        if (!refs.success) return refused(input.intent, "Upload the files first.", 400, { assets: "Upload the files first." });
        const added = await addProjectAssets(
          actor,
          projectId,
          refs.data.map((ref) => ({ ref }))
        );
        return ok({ message: `${added.length} asset(s) uploaded successfully.` });
      }
      case "remove-asset": {
        const asset = await removeProjectAsset(actor, projectId, input.assetId);
        return ok({ message: `Asset "${asset.name}" removed.` });
      }
      case "restore-version":
        await restoreSceneAssetVersion(actor, projectId, input.sceneId, input.versionId);
        return ok({ message: "Version restored" });
      case "add-scene":
        await addScene(actor, projectId);
        return ok({ message: "Scene added" });
      case "scene-media":
        await setSceneMedia(actor, projectId, input.sceneId, input.field, input.ref ?? null);
        return ok({ message: input.ref ? `${MEDIA_LABELS[input.field]} uploaded successfully` : `${MEDIA_LABELS[input.field]} removed` });
      case "generate-music": {
        const music = await generateSceneMusic(actor, projectId, input.sceneId);
        if (!music.ok) return refused(input.intent, `Failed to generate background music: ${music.message}`, 502);
        return ok({ message: "Background music generated" });
      }
      case "compile": {
        const result = await requestCompile(actor, { projectId, format: input.format });
        if (!result.ok)
          return refused(
            input.intent,
            result.message,
            result.code === "not_found" ? 404 : result.code === "insufficient_credits" ? 402 : result.code === "busy" ? 409 : 400
          );
        return ok({ message: `Compiling for ${formatCredits(result.credits)} credits` });
      }
      case "delete-scene":
        await deleteScene(actor, projectId, input.sceneId);
        return ok({ message: "Scene deleted" });
      case "edit-scene":
        await editScene(actor, projectId, input.sceneId, {
          [input.field]: input.value,
        });
        return ok({ message: `${fieldLabel(input.field)} updated successfully` });
      case "estimate": {
        const estimate = await estimateCost(actor, {
          projectId,
          work: {
            kind: "scene",
            sceneId: input.sceneId,
            step: input.step,
            regenerate: input.regenerate,
          },
        });
        return ok({
          estimate: {
            step: input.step,
            sceneId: input.sceneId,
            regenerate: input.regenerate,
            credits: estimate.credits,
            balance: estimate.balance,
            enough: estimate.enough,
            blocked: estimate.blocked,
          },
        });
      }
      case "generate": {
        const result = await requestSceneGeneration(actor, {
          projectId,
          sceneId: input.sceneId,
          step: input.step,
          regenerate: input.regenerate,
        });
        if (!result.ok)
          return refused(
            input.intent,
            `Failed to generate ${STEP_LABELS[input.step].toLowerCase()}: ${result.message}`,
            result.code === "not_found" ? 404 : result.code === "insufficient_credits" ? 402 : 400
          );
        return ok({
          message: `${STEP_LABELS[input.step]} generation started (${formatCredits(result.credits)} credits)`,
        });
      }
    }
  } catch (error) {
    const failure = input.intent === "edit-scene" ? `Failed to update ${fieldLabel(input.field)}` : FAILURES[input.intent];
    return coreRefusal(input.intent, error, input.intent === "rename" ? "title" : input.intent === "edit-scene" ? input.field : "form", failure);
  }
}

/** The file fields of the Script tab's forms without JavaScript (with it the files go up by XHR first). */
const UPLOAD_FIELDS = { "main-image": "mainImage", "add-assets": "assets" } as const;

/**
 * The main image or project assets posted as multipart/form-data (the Script tab without
 * JavaScript): the files are stored where the core says (projectUploadTarget), then saved as
 * the XHR path saves their refs. A refused save removes what this request stored.
 */
async function uploadAction(actor: Actor, projectId: string, request: Request) {
  let targets;
  try {
    const [main, asset] = await Promise.all([projectUploadTarget(actor, projectId, "main"), projectUploadTarget(actor, projectId, "asset")]);
    targets = { [UPLOAD_FIELDS["main-image"]]: { ...main, kinds: ["image"] as const }, [UPLOAD_FIELDS["add-assets"]]: asset };
  } catch (error) {
    return coreRefusal("upload", error);
  }
  const upload = await parseMultipartUpload(request, targets);
  const intent = String(upload.fields.get("intent") ?? "");
  if (!upload.ok) return refused(intent, `${FAILURES[intent] ?? "Failed to upload"}: ${upload.error}`, upload.status);
  if (intent !== "main-image" && intent !== "add-assets") {
    await removeFiles(upload.files);
    return refused(intent, "Unknown canvas action.");
  }
  const used = upload.files.filter((f) => f.field === UPLOAD_FIELDS[intent]);
  await removeFiles(upload.files.filter((f) => !used.includes(f)));
  if (used.length === 0) return refused(intent, `${FAILURES[intent]}: Choose a file first.`, 400, { [UPLOAD_FIELDS[intent]]: "Choose a file first." });
  try {
    if (intent === "main-image") {
      await setMainProjectImage(actor, projectId, used[0].ref);
      return { ok: true, intent, message: "Main project image updated successfully" } satisfies CanvasActionData;
    }
    const added = await addProjectAssets(
      actor,
      projectId,
      used.map((f) => ({ ref: f.ref })),
    );
    return { ok: true, intent, message: `${added.length} asset(s) uploaded successfully.` } satisfies CanvasActionData;
  } catch (error) {
    await removeFiles(used);
    return coreRefusal(intent, error, UPLOAD_FIELDS[intent], FAILURES[intent]);
  }
}

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
    const failure = intent === "edit-scene" ? `Failed to update ${fieldLabel(String(form?.get("field") ?? ""))}` : (CLIENT_FAILURES[intent] ?? "Failed to save");
    const reason = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : error instanceof Error && error.message ? error.message : "the server did not answer";
    return { ok: false, intent, error: `${failure}: ${reason}` } satisfies CanvasActionData;
  }
}

const PROJECT_SAVED = "Project changes saved.";

/** The product's failure toasts (docs/product.md#canvas-editor); the core's reason follows. */
const FAILURES: Partial<Record<string, string>> = {
  rename: "Failed to update title",
  "save-script": "Failed to save script",
  "main-image": "Failed to update the main project image",
  "add-assets": "Failed to upload assets",
  "remove-asset": "Failed to remove asset",
  "scene-media": "Failed to upload",
  "delete-scene": "Failed to delete scene",
  "generate-music": "Failed to generate background music",
};

/** The same texts for the browser's own failures, and for the steps without one above. */
const CLIENT_FAILURES: Partial<Record<string, string>> = {
  ...FAILURES,
  divide: "Failed to divide the script",
  "add-scene": "Failed to add scene",
  estimate: "Failed to estimate the cost",
  generate: "Failed to start the generation",
  compile: "Failed to start the compile",
  "restore-version": "Failed to restore version",
};

// ───────────────────────────── the page ─────────────────────────────

function useViewLink() {
  const [params] = useSearchParams();
  return (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return q ? `?${q}` : "?";
  };
}

function Notice({ result }: { result: CanvasActionData | undefined }) {
  if (!result || (!result.message && !result.error)) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm text-emerald-700" : "text-sm text-red-600"}>
      {result.ok ? result.message : result.error}
    </p>
  );
}

/**
 * A saved value edited in place (docs/decisions/171-optimistic-canvas-edits.md): the edit shows at
 * once while it saves; when the save fails the saved value comes back, with the failure. Without
 * JavaScript the form posts to the action and the page shows what was saved.
 */
function useOptimisticValue(saved: string, fetcher: FetcherWithComponents<CanvasActionData>) {
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const failed = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : undefined;
  const savedRef = useRef(saved);
  savedRef.current = saved;
  useEffect(() => {
    if (failed) setValue(savedRef.current);
  }, [failed]);
  return { value, setValue, failed };
}

/** False in the server's markup and without JavaScript: a Save button is then always there to press. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

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

function MainImage({ project }: { project: EditorData["project"] }) {
  const fetcher = useFetcher<CanvasActionData>();
  const submit = (ref: string) => fetcher.submit({ intent: "main-image", ref }, { method: "post" });
  const hydrated = useHydrated();
  return (
    <div className="space-y-2">
      {/* Without JavaScript the file posts with this form (multipart); with it FileUpload sends it at once. */}
      <Form method="post" encType="multipart/form-data" className="space-y-2">
        <input type="hidden" name="intent" value="main-image" />
        <FileUpload
          name={UPLOAD_FIELDS["main-image"]}
          key={project.mainProductImageUrl ?? "none"}
          bucket="project-images"
          label="Main image"
          kinds={["image"]}
          params={{
            projectId: project.id,
            purpose: "main",
            ownerId: project.userId,
          }}
          current={
            project.mainProductImageUrl
              ? {
                  url: project.mainProductImageUrl,
                  contentType: "image/*",
                  name: "Main image",
                }
              : null
          }
          onUploaded={(file) => submit(file.ref)}
          error={fetcher.data?.ok === false ? fetcher.data.error : null}
        />
        {hydrated ? null : (
          <Button type="submit" size="sm" variant="secondary">
            Upload main image
          </Button>
        )}
      </Form>
      {project.mainProductImageUrl ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="main-image" />
          <input type="hidden" name="ref" value="" />
          <Button type="submit" variant="ghost" size="sm">
            Remove main image
          </Button>
        </fetcher.Form>
      ) : null}
      {/* "Main project image updated successfully" / "Main project image removed" (the failure shows in the picker). */}
      {fetcher.state === "idle" && fetcher.data?.ok ? <Notice result={fetcher.data} /> : null}
    </div>
  );
}

function ProjectAssets({ project, assets }: { project: EditorData["project"]; assets: EditorData["assets"] }) {
  const add = useFetcher<CanvasActionData>();
  const remove = useFetcher<CanvasActionData>();
  const removing = remove.state !== "idle" ? remove.formData?.get("assetId") : null;
  const hydrated = useHydrated();
  return (
    <section className="space-y-2" aria-labelledby="project-assets">
      <h3 id="project-assets" className="text-sm font-medium text-slate-700">
        Project assets ({assets.length})
      </h3>
      {assets.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {assets
            .filter((a) => a.id !== removing)
            .map((a) => (
              <li key={a.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                {a.type === "image" ? <img src={a.url} alt="" className="h-10 w-10 rounded object-cover" /> : null}
                <a href={a.url} target="_blank" rel="noreferrer" className="min-w-0 flex-1 truncate text-slate-800 underline-offset-2 hover:underline">
                  {a.name}
                </a>
                <span className="text-xs text-slate-500">{a.type}</span>
                <remove.Form method="post">
                  <input type="hidden" name="intent" value="remove-asset" />
                  <input type="hidden" name="assetId" value={a.id} />
                  <Button type="submit" variant="ghost" size="sm" aria-label={`Remove ${a.name}`}>
                    Remove
                  </Button>
                </remove.Form>
              </li>
            ))}
        </ul>
      ) : null}
      {/* Without JavaScript the files post with this form (multipart); with it each goes up by XHR first (ADR 172). */}
      <Form method="post" encType="multipart/form-data" className="space-y-2">
        <input type="hidden" name="intent" value="add-assets" />
        <MultiFileUpload
          name={UPLOAD_FIELDS["add-assets"]}
          bucket="project-images"
          label="Add images, videos or audio files"
          kinds={["image", "video", "audio"]}
          params={{ projectId: project.id, purpose: "asset", ownerId: project.userId }}
          // Every file of one pick is saved in one go (one request, all or nothing in the core).
          onUploaded={(files) => add.submit(new URLSearchParams([["intent", "add-assets"], ...files.map((f) => ["ref", f.ref])]), { method: "post" })}
          error={add.state === "idle" && add.data?.ok === false ? add.data.error : remove.state === "idle" && remove.data?.ok === false ? remove.data.error : null}
        />
        {hydrated ? null : (
          <Button type="submit" size="sm" variant="secondary">
            Upload assets
          </Button>
        )}
      </Form>
      {add.state === "idle" && add.data?.ok ? <Notice result={add.data} /> : null}
      {/* 'Asset "{name}" removed.' (a failure shows under the picker). */}
      {remove.state === "idle" && remove.data?.ok ? <Notice result={remove.data} /> : null}
    </section>
  );
}

function ScriptTab({ project, sceneCount, assets }: { project: EditorData["project"]; sceneCount: number; assets: EditorData["assets"] }) {
  const save = useFetcher<CanvasActionData>();
  const divide = useFetcher<CanvasActionData>();
  const { value: script, setValue: setScript } = useOptimisticValue(project.fullScript, save);
  const hydrated = useHydrated();
  const changed = !hydrated || script !== project.fullScript;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        {sceneCount} scene{sceneCount === 1 ? "" : "s"}
      </p>
      <MainImage project={project} />
      <ProjectAssets project={project} assets={assets} />
      <save.Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="save-script" />
        <label htmlFor="full-script" className="block text-sm font-medium text-slate-700">
          Full Script
        </label>
        <textarea
          id="full-script"
          name="fullScript"
          value={script}
          onChange={(e) => setScript(e.target.value)}
          maxLength={EDITOR_LIMITS.text}
          className="min-h-[400px] w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
          placeholder="Write the whole ad here, then divide it into scenes."
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!changed || save.state !== "idle"}>
            {save.state !== "idle" ? "Saving…" : "Save"}
          </Button>
          {save.state === "idle" ? <Notice result={save.data} /> : null}
        </div>
      </save.Form>
      <divide.Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="divide" />
        <Button
          type="submit"
          variant="secondary"
          disabled={divide.state !== "idle" || (hydrated && changed)}
          title={hydrated && changed ? "Save the script first" : undefined}
        >
          {divide.state !== "idle" ? "Dividing…" : "Divide into Scenes"}
        </Button>
        <Notice result={divide.data} />
      </divide.Form>
    </div>
  );
}

function sceneLabel(scene: EditorScene): string {
  return scene.title ? `${scene.sceneOrder}. ${scene.title}` : `${scene.sceneOrder}. Untitled Scene`;
}

const DELETE_SCENE_QUESTION = "Are you sure you want to delete this scene?";

function SceneRowItem({ scene, selected, confirming }: { scene: EditorScene; selected: boolean; confirming: boolean }) {
  const fetcher = useFetcher<CanvasActionData>();
  const link = useViewLink();
  const { pathname } = useLocation();
  // Gone at once; back, with the reason, when the delete fails.
  if (fetcher.state !== "idle") return null;
  const failed = fetcher.data?.ok === false ? fetcher.data : undefined;
  const preview = scene.voiceOverText ? scene.voiceOverText.slice(0, PREVIEW_CHARS) : "No content";
  const afterDelete = link({ confirmDelete: null, ...(selected ? { scene: null } : {}) });
  return (
    <li className={`rounded-lg border p-3 ${selected ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white"}`}>
      <div className="flex items-start gap-2">
        <Link to={link({ scene: scene.id, panel: "open", confirmDelete: null })} className="min-w-0 flex-1" aria-current={selected ? "true" : undefined}>
          <p className="truncate font-medium text-slate-900">{sceneLabel(scene)}</p>
          <p className="truncate text-sm text-slate-600">{preview}</p>
          <p className={`text-xs ${scene.imagePrompt ? "text-emerald-700" : "text-slate-600"}`}>{scene.imagePrompt ? "✓ Image prompt" : "✗ No image prompt"}</p>
          {failed ? (
            <p role="alert" className="text-sm text-red-600">
              {failed.error}
            </p>
          ) : null}
        </Link>
        {confirming ? null : (
          // Without JavaScript a link to the confirm step (?confirmDelete=); with it the browser's confirm asks.
          <ButtonLink
            to={link({ confirmDelete: scene.id })}
            preventScrollReset
            variant="ghost"
            size="sm"
            aria-label={`Delete scene ${sceneLabel(scene)}`}
            onClick={(e) => {
              e.preventDefault();
              if (!window.confirm(DELETE_SCENE_QUESTION)) return;
              fetcher.submit({ intent: "delete-scene", sceneId: scene.id }, { method: "post", action: `${pathname}${afterDelete}` });
            }}
          >
            Delete
          </ButtonLink>
        )}
      </div>
      {confirming ? (
        <fetcher.Form method="post" action={`${pathname}${afterDelete}`} className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2" role="group" aria-label="Confirm delete">
          <p className="text-sm text-red-900">{DELETE_SCENE_QUESTION}</p>
          <input type="hidden" name="intent" value="delete-scene" />
          <input type="hidden" name="sceneId" value={scene.id} />
          <Button type="submit" variant="danger" size="sm" aria-label={`Delete scene ${sceneLabel(scene)} now`}>
            Delete
          </Button>
          <ButtonLink to={link({ confirmDelete: null })} replace preventScrollReset variant="ghost" size="sm">
            Cancel
          </ButtonLink>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

function ScenesTab({ scenes, selectedId, confirmDelete }: { scenes: EditorScene[]; selectedId: string | undefined; confirmDelete: string | undefined }) {
  const add = useFetcher<CanvasActionData>();
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-slate-900">Scenes ({scenes.length})</h2>
        <add.Form method="post">
          <input type="hidden" name="intent" value="add-scene" />
          <Button type="submit" variant="ghost" size="sm" aria-label="Add scene" title="Add scene" disabled={add.state !== "idle"}>
            +
          </Button>
        </add.Form>
      </div>
      {scenes.length === 0 ? <p className="text-sm text-slate-600">No scenes yet. Divide the script or add one.</p> : null}
      <ul className="space-y-2">
        {scenes.map((s) => (
          <SceneRowItem key={s.id} scene={s} selected={s.id === selectedId} confirming={s.id === confirmDelete} />
        ))}
      </ul>
      <add.Form method="post">
        <input type="hidden" name="intent" value="add-scene" />
        <Button type="submit" variant="secondary" disabled={add.state !== "idle"}>
          Add Scene
        </Button>
      </add.Form>
      <Notice result={add.data?.ok === false ? add.data : undefined} />
    </div>
  );
}

const FIELD_LABELS = {
  title: "Title",
  description: "Description",
  script: "Script",
  voiceOverText: "Voice-over text",
  imagePrompt: "Image prompt",
} as const;

function fieldLabel(field: string): string {
  return FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field;
}

function SceneField({ scene, name, multiline }: { scene: EditorScene; name: keyof typeof FIELD_LABELS; multiline?: boolean }) {
  const fetcher = useFetcher<CanvasActionData>();
  const saved = scene[name];
  const { value, setValue, failed } = useOptimisticValue(saved, fetcher);
  const hydrated = useHydrated();
  const id = `scene-${name}`;
  const error = failed?.error;
  return (
    <fetcher.Form method="post" className="space-y-1">
      <input type="hidden" name="intent" value="edit-scene" />
      <input type="hidden" name="sceneId" value={scene.id} />
      <input type="hidden" name="field" value={name} />
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {FIELD_LABELS[name]}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name="value"
          rows={4}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      ) : (
        <input
          id={id}
          name="value"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      )}
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" disabled={hydrated && (value === saved || fetcher.state !== "idle")}>
          Save
        </Button>
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : fetcher.state === "idle" && fetcher.data?.ok && value === saved ? (
          <p role="status" className="text-sm text-emerald-700">
            {fetcher.data.message}
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

const STEP_LABELS: Record<SceneMediaStep, string> = {
  image: "Image",
  "voice-over": "Voice-over",
  video: "Video",
};
const MEDIA_LABELS = { ...STEP_LABELS, backgroundMusic: "Background music" } as const;

/** Copies a media URL; a tick for 2 s and the product's message ("{label} copied to clipboard"). */
function CopyUrl({ url, label }: { url: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), COPIED_MS);
    return () => clearTimeout(t);
  }, [state]);
  const copy = () => {
    const absolute = new URL(url, window.location.href).toString();
    if (!navigator.clipboard) return setState("failed");
    navigator.clipboard.writeText(absolute).then(
      () => setState("copied"),
      () => setState("failed")
    );
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="ghost" size="sm" onClick={copy} aria-label={`Copy ${label} URL`}>
        {state === "copied" ? "✓" : "Copy URL"}
      </Button>
      <span role="status" className={state === "failed" ? "text-xs text-red-600" : "text-xs text-emerald-700"}>
        {state === "copied" ? `${label} copied to clipboard` : state === "failed" ? "Failed to copy to clipboard" : ""}
      </span>
    </span>
  );
}

function Versions({ scene, versions }: { scene: EditorScene; versions: EditorData["versions"] }) {
  const fetcher = useFetcher<CanvasActionData>();
  if (versions.length < 2) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-slate-600">Versions ({versions.length})</summary>
      <ul className="mt-2 space-y-1">
        {versions.map((v) => (
          <li key={v.id} className="flex items-center gap-2">
            <a href={v.url} target="_blank" rel="noreferrer" className="flex-1 truncate underline-offset-2 hover:underline">
              <Time value={v.createdAt} /> · {v.source}
            </a>
            {v.current ? (
              <span className="text-xs text-emerald-700">current</span>
            ) : (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="restore-version" />
                <input type="hidden" name="sceneId" value={scene.id} />
                <input type="hidden" name="versionId" value={v.id} />
                <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"}>
                  Restore
                </Button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      <Notice result={fetcher.data?.ok === false ? fetcher.data : undefined} />
    </details>
  );
}

const UPLOAD_KIND = { image: "image", video: "video", "voice-over": "audio" } as const;

function SceneUpload({ scene, step, ownerId }: { scene: EditorScene; step: SceneMediaStep; ownerId: string }) {
  const fetcher = useFetcher<CanvasActionData>();
  const kind = UPLOAD_KIND[step];
  return (
    <div>
      <FileUpload
        bucket="canvas-assets"
        label={`Upload ${STEP_LABELS[step].toLowerCase()}`}
        kinds={[kind]}
        params={{ sceneId: scene.id, kind, ownerId }}
        onUploaded={(file) => fetcher.submit({ intent: "scene-media", sceneId: scene.id, field: step, ref: file.ref }, { method: "post" })}
        error={fetcher.data?.ok === false ? fetcher.data.error : null}
      />
      <Notice result={fetcher.data?.ok ? fetcher.data : undefined} />
    </div>
  );
}

function MediaAsset({
  scene,
  step,
  assets,
  versions,
  ownerId,
  asked,
}: {
  scene: EditorScene;
  step: SceneMediaStep;
  assets: SceneAssetStates;
  versions: EditorData["versions"];
  ownerId: string;
  /** The cost the page was loaded with (?confirm=step), the no-JavaScript path. */
  asked: EditorData["quote"];
}) {
  const estimate = useFetcher<CanvasActionData>();
  const generate = useFetcher<CanvasActionData>();
  const link = useViewLink();
  const { pathname } = useLocation();
  const asset = assets[step];
  const regenerate = Boolean(asset.url);
  // The cost stays on screen from its estimate until the user confirms (or asks again).
  const [quoteOpen, setQuoteOpen] = useState(false);
  useEffect(() => setQuoteOpen(Boolean(estimate.data?.ok)), [estimate.data]);
  useEffect(() => {
    if (generate.state !== "idle") setQuoteOpen(false);
  }, [generate.state]);
  const fetched = quoteOpen && estimate.data?.ok ? estimate.data.estimate : undefined;
  const loaded = asked && asked.step === step && asked.sceneId === scene.id && !generate.data ? asked : undefined;
  const quote = fetched ?? loaded ?? undefined;
  // Without JavaScript the Generate button is a link to ?confirm=step (the loader prices it); with it a fetcher asks.
  const closeLink = link({ confirm: null });
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid={`asset-${step}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium text-slate-900">{STEP_LABELS[step]}</h4>
        {asset.stale ? <Badge className="bg-amber-100 text-amber-800">stale</Badge> : null}
        {asset.url ? <CopyUrl url={asset.url} label={STEP_LABELS[step]} /> : null}
      </div>
      {asset.url && step === "image" ? <img src={asset.url} alt={`Scene ${STEP_LABELS[step]}`} className="max-h-40 rounded" /> : null}
      {asset.url && step === "video" ? <video src={asset.url} controls className="max-h-48 w-full rounded" /> : null}
      {asset.url && step === "voice-over" ? <audio src={asset.url} controls className="w-full" /> : null}
      {!asset.url ? <p className="text-sm text-slate-500">None yet.</p> : null}
      <SceneUpload scene={scene} step={step} ownerId={ownerId} />
      {quote && quote.step === step && generate.state === "idle" ? (
        <generate.Form method="post" action={`${pathname}${closeLink}`} className="space-y-2">
          <input type="hidden" name="intent" value="generate" />
          <input type="hidden" name="sceneId" value={scene.id} />
          <input type="hidden" name="step" value={step} />
          {quote.regenerate ? <input type="hidden" name="regenerate" value="on" /> : null}
          {quote.blocked ? (
            <p className="text-sm text-red-600">{quote.blocked}</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                This costs {formatCredits(quote.credits)} credits (balance {formatCredits(quote.balance)}).
              </p>
              <Button type="submit" size="sm" disabled={!quote.enough}>
                Confirm
              </Button>
            </>
          )}
          <ButtonLink to={closeLink} replace preventScrollReset variant="ghost" size="sm" onClick={() => setQuoteOpen(false)}>
            Cancel
          </ButtonLink>
        </generate.Form>
      ) : (
        <ButtonLink
          to={link({ confirm: step })}
          preventScrollReset
          size="sm"
          variant="secondary"
          aria-disabled={estimate.state !== "idle" || undefined}
          onClick={(e) => {
            e.preventDefault();
            if (estimate.state !== "idle") return;
            const form = new FormData();
            form.set("intent", "estimate");
            form.set("sceneId", scene.id);
            form.set("step", step);
            if (regenerate) form.set("regenerate", "on");
            estimate.submit(form, { method: "post" });
          }}
        >
          {asset.stale ? "Regenerate" : regenerate ? "Regenerate" : `Generate ${STEP_LABELS[step].toLowerCase()}`}
        </ButtonLink>
      )}
      <Versions scene={scene} versions={versions.filter((v) => v.step === step)} />
      {generate.state === "idle" ? <Notice result={generate.data ?? (estimate.data?.ok === false ? estimate.data : undefined)} /> : null}
    </div>
  );
}

/** The scene's background music: upload or compose one (docs/decisions/170-scene-background-music.md). */
function BackgroundMusic({ scene, ownerId }: { scene: EditorScene; ownerId: string }) {
  const upload = useFetcher<CanvasActionData>();
  const generate = useFetcher<CanvasActionData>();
  const url = scene.backgroundMusicUrl;
  const label = MEDIA_LABELS.backgroundMusic;
  const result = generate.state === "idle" ? generate.data : undefined;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="asset-music">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium text-slate-900">{label}</h4>
        {url ? <CopyUrl url={url} label={label} /> : null}
      </div>
      {url ? <audio src={url} controls className="w-full" aria-label={label} /> : <p className="text-sm text-slate-500">None yet.</p>}
      <FileUpload
        bucket="canvas-assets"
        label="Upload background music"
        kinds={["audio"]}
        params={{ sceneId: scene.id, kind: "audio", ownerId }}
        onUploaded={(file) => upload.submit({ intent: "scene-media", sceneId: scene.id, field: "backgroundMusic", ref: file.ref }, { method: "post" })}
        error={upload.data?.ok === false ? upload.data.error : null}
      />
      <generate.Form method="post">
        <input type="hidden" name="intent" value="generate-music" />
        <input type="hidden" name="sceneId" value={scene.id} />
        <Button type="submit" size="sm" variant="secondary" disabled={generate.state !== "idle"}>
          {generate.state !== "idle" ? "Generating…" : url ? "Regenerate music" : "Generate music"}
        </Button>
      </generate.Form>
      <Notice result={result ?? (upload.data?.ok ? upload.data : undefined)} />
    </div>
  );
}

function SceneDetail({
  scene,
  versions,
  ownerId,
  quote,
}: {
  scene: EditorScene | undefined;
  versions: EditorData["versions"];
  ownerId: string;
  quote: EditorData["quote"];
}) {
  if (!scene) {
    return (
      <div className="p-4 text-center">
        <h2 className="font-semibold text-slate-900">No Scene Selected</h2>
        <p className="mt-1 text-sm text-slate-600">Select a scene from the list to view details and edit assets.</p>
      </div>
    );
  }
  // "Complete" when the scene has a video (docs/product.md#canvas-editor).
  const complete = Boolean(scene.assets.video.url);
  return (
    <div key={scene.id} className="space-y-5 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="truncate font-semibold text-slate-900">{sceneLabel(scene)}</h2>
        <Badge className={complete ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-800"}>{complete ? "Complete" : "In Progress"}</Badge>
      </div>
      <section className="space-y-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Basic Information</h3>
        <SceneField scene={scene} name="title" />
        <SceneField scene={scene} name="description" multiline />
      </section>
      <section className="space-y-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Script &amp; Voice Over</h3>
        <SceneField scene={scene} name="script" multiline />
        <SceneField scene={scene} name="voiceOverText" multiline />
        <SceneField scene={scene} name="imagePrompt" multiline />
      </section>
      <section className="space-y-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Media Assets</h3>
        {SCENE_MEDIA_STEPS.map((step) => (
          <MediaAsset key={step} scene={scene} step={step} assets={scene.assets} versions={versions} ownerId={ownerId} asked={quote} />
        ))}
        <BackgroundMusic scene={scene} ownerId={ownerId} />
      </section>
    </div>
  );
}

/**
 * The scenes as they will be once the scene edits on their way are saved: the list and the detail
 * show an edit at once, and the saved text again when its save fails (ADR 171).
 */
function useScenesWithPendingEdits(saved: EditorScene[]): EditorScene[] {
  const edits = useFetchers()
    .map((f) => f.formData)
    .filter((form): form is FormData => form?.get("intent") === "edit-scene");
  if (edits.length === 0) return saved;
  return saved.map((scene) =>
    edits.reduce<EditorScene>((next, form) => {
      const field = String(form.get("field"));
      if (form.get("sceneId") !== scene.id || !(field in FIELD_LABELS)) return next;
      return { ...next, [field]: String(form.get("value") ?? "") };
    }, scene)
  );
}

export default function CanvasEditor() {
  const { project, scenes: savedScenes, view, assets, versions, compile, quote } = useLoaderData<typeof loader>();
  // A form posted without JavaScript (fetchers keep their own answers): its result, atop the page.
  const posted = useActionData() as CanvasActionData | undefined;
  const scenes = useScenesWithPendingEdits(savedScenes);
  // The asset workflow and the compile change the project after the request answered: follow them (ADR 156); so do staff's canvas updates (ADR 188).
  useLiveRevalidate(["project.updated"], (event) => event.type === "project.updated" && event.projectId === project.id, 300);
  const link = useViewLink();
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
        <main className="min-w-0">
          <nav className="mb-4 flex gap-2" aria-label="Editor tabs">
            <Link to={link({ tab: "script" })} className={tabClass(view.tab === "script")} aria-current={view.tab === "script" ? "page" : undefined}>
              Script
            </Link>
            <Link to={link({ tab: "scenes" })} className={tabClass(view.tab === "scenes")} aria-current={view.tab === "scenes" ? "page" : undefined}>
              Scenes
            </Link>
          </nav>
          {view.tab === "script" ? (
            <ScriptTab project={project} sceneCount={scenes.length} assets={assets} />
          ) : (
            <ScenesTab scenes={scenes} selectedId={view.scene} confirmDelete={view.confirmDelete} />
          )}
        </main>
        {panelOpen ? (
          <aside className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Scene details">
            <SceneDetail scene={selected} versions={versions} ownerId={project.userId} quote={quote} />
          </aside>
        ) : null}
      </div>
      <div className="mt-6">
        <CompilePanel open={{ project: { finalVideoUrl: project.finalVideoUrl, title: project.title, status: project.status }, scenes, compile }} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
