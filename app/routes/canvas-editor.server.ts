// The canvas editor's door logic (/canvas/:projectId, app/routes/_shell.canvas.$projectId.tsx):
// the loader's data and the action's intents, each the core's work as the admin's "web" actor
// (docs/decisions/152-editor-operations.md). Remix ignores *.server.ts files under app/routes.
import { captionFormFields, captionInputFromFields } from "~/models/captions";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { CanvasActionData, CanvasEditorData } from "~/components/canvas-editor/editor-data";
import { FAILURES, fieldLabel, MEDIA_LABELS, PROJECT_SAVED, STEP_LABELS, UPLOAD_FIELDS } from "~/components/canvas-editor/labels";
import { actorFromUser, isNotFound, requireAdmin, type Actor } from "~/models/access";
import { requestCompile } from "~/models/compile";
import {
  estimateCost,
  addProjectAssets,
  projectUploadTarget,
  removeProjectAsset,
  setMainProjectImage,
  deleteScene,
  updateProject,
  getPricedEditorWorkspace,
  addScene,
  editScene,
  SCENE_TEXT_FIELDS,
  divideProjectScript,
  setSceneMaterial,
  SceneMaterialError,
  SCENE_MATERIAL_MESSAGES,
} from "~/models/projects";
import { EDITOR_LIMITS } from "~/models/projects/editor-rules";
import { formatCredits } from "~/models/billing";
import { listSceneAssetVersions, restoreSceneAssetVersion, setSceneMedia, requestSceneGeneration, generateSceneMusic } from "~/models/generation";
import { removeFiles, parseMultipartUpload } from "~/models/files";
import { field, parseFields } from "~/utils/form-fields";
import { compileJobView, finishedVideoUrl } from "~/models/compile/finished-video";
import { inputError, isMultipart, readFormData, readQuery } from "~/utils/forms.server";
import { coreRefusal, refused } from "./_shell.canvas.server";

const NOT_FOUND = (id: string) => `Project with ID ${id} not found.`;

const viewQuery = z.object({
  scene: field.optional(field.token("The scene id")).catch(undefined),
  tab: z.enum(["script", "scenes"]).catch("script"),
  panel: z.enum(["open", "closed"]).catch("open"),
  /** The step whose cost is shown with its Confirm form (the no-JavaScript path; with it a fetcher asks). */
  confirm: z.enum(["image", "voice-over", "video"]).optional().catch(undefined),
  /** The scene whose delete asks to be confirmed (the no-JavaScript path; with it window.confirm asks). */
  confirmDelete: field.optional(field.token("The scene id")).catch(undefined),
});

const PROJECT_ID = field.token("The project id");

function projectIdOf(params: LoaderFunctionArgs["params"]): string {
  const parsed = PROJECT_ID.safeParse(params.projectId);
  if (!parsed.success) throw inputError(NOT_FOUND(String(params.projectId ?? "").slice(0, 64)), 404);
  return parsed.data;
}

export async function loadCanvasEditor({ request, params }: LoaderFunctionArgs): Promise<CanvasEditorData> {
  const actor = actorFromUser(await requireAdmin(request), "web");
  const projectId = projectIdOf(params);
  const view = readQuery(request, viewQuery);
  let workspace;
  try {
    workspace = await getPricedEditorWorkspace(actor, projectId, null);
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
  // The same figure estimateCost gives, kept while the project and its scenes stay as they are (ADR 409).
  const compileCost = workspace.prices.compile;
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
      finalVideoUrl: finishedVideoUrl(project.finalVideoUrl),
    },
    sceneCount: workspace.scenes.length,
    // Only the Scenes tab lists every scene; the Script tab and the detail panel need the selected one (ADR 403).
    scenes: (view.tab === "scenes" ? workspace.scenes : selected ? [selected] : []).map((s) => ({
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
      sourceMediaUrl: s.sourceMediaUrl ?? null,
    })),
    assets: workspace.assets.map((a) => ({ id: a.id, url: a.url, type: a.type, name: a.name })),
    quote:
      selected && view.confirm && quoted
        ? {
            step: view.confirm,
            sceneId: selected.id,
            regenerate: regenerateQuoted,
            credits: quoted.credits,
            balance: quoted.balance,
            enough: quoted.enough,
            blocked: quoted.blocked,
          }
        : null,
    versions: versions.map((v) => ({ id: v.id, step: v.step, url: v.url, source: v.source, current: v.current, createdAt: v.createdAt.toISOString() })),
    compile: {
      costLabel: formatCredits(compileCost?.credits ?? 0),
      job: job ? compileJobView(job) : null,
      captions: workspace.captionPick,
    },
  };
}

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
      // A scene's own material (ADR 330): a project photo or clip's asset id, or empty for a generated picture.
      z.object({ intent: z.literal("scene-material"), sceneId, assetId: field.optional(field.token("The photo or clip")) }),
      z.object({ intent: z.literal("generate-music"), sceneId }),
      z.object({ intent: z.literal("compile"), format: z.enum(["mp4", "webm"], { error: "Output format must be mp4 or webm." }), ...captionFormFields }),
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
    { error: "Unknown canvas action." },
  );

export async function canvasEditorAction({ request, params }: ActionFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "web");
  const projectId = projectIdOf(params);
  if (isMultipart(request)) return uploadAction(actor, projectId, request);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const parsed = parseFields(actionSchema(), form);
  if (!parsed.ok) return refused(intent, parsed.formError, 400, parsed.fieldErrors);
  const input = parsed.data;
  try {
    return isProjectInput(input) ? await projectIntent(actor, projectId, input, form) : await sceneIntent(actor, projectId, input);
  } catch (error) {
    if (error instanceof SceneMaterialError) return refused(input.intent, error.message);
    const failure = input.intent === "edit-scene" ? `Failed to update ${fieldLabel(input.field)}` : FAILURES[input.intent];
    return coreRefusal(input.intent, error, input.intent === "rename" ? "title" : input.intent === "edit-scene" ? input.field : "form", failure);
  }
}

type CanvasInput = z.output<ReturnType<typeof actionSchema>>;
const PROJECT_INTENTS = ["rename", "save-script", "divide", "main-image", "add-assets", "remove-asset", "compile"] as const;
type ProjectInput = Extract<CanvasInput, { intent: (typeof PROJECT_INTENTS)[number] }>;
type SceneInput = Exclude<CanvasInput, ProjectInput>;

function isProjectInput(input: CanvasInput): input is ProjectInput {
  return (PROJECT_INTENTS as readonly string[]).includes(input.intent);
}

function answered(input: CanvasInput, extra: Partial<CanvasActionData> = {}): CanvasActionData {
  return { ok: true, intent: input.intent, ...extra };
}

/** The project's own intents: its title, script, main image, assets and compile. */
async function projectIntent(actor: Actor, projectId: string, input: ProjectInput, form: FormData) {
  const ok = (extra: Partial<CanvasActionData> = {}) => answered(input, extra);
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
        refs.data.map((ref) => ({ ref })),
      );
      return ok({ message: `${added.length} asset(s) uploaded successfully.` });
    }
    case "remove-asset": {
      const asset = await removeProjectAsset(actor, projectId, input.assetId);
      return ok({ message: `Asset "${asset.name}" removed.` });
    }
    case "compile": {
      const result = await requestCompile(actor, { projectId, format: input.format, captions: captionInputFromFields(input) });
      if (!result.ok)
        return refused(
          input.intent,
          result.message,
          result.code === "not_found" ? 404 : result.code === "insufficient_credits" ? 402 : result.code === "busy" ? 409 : 400,
        );
      return ok({ message: `Compiling for ${formatCredits(result.credits)} credits` });
    }
  }
}

/** A scene's intents: add, edit, delete, its media, versions and generations. */
async function sceneIntent(actor: Actor, projectId: string, input: SceneInput) {
  const ok = (extra: Partial<CanvasActionData> = {}) => answered(input, extra);
  switch (input.intent) {
    case "restore-version":
      await restoreSceneAssetVersion(actor, projectId, input.sceneId, input.versionId);
      return ok({ message: "Version restored" });
    case "add-scene":
      await addScene(actor, projectId);
      return ok({ message: "Scene added" });
    case "scene-media":
      await setSceneMedia(actor, projectId, input.sceneId, input.field, input.ref ?? null);
      return ok({ message: input.ref ? `${MEDIA_LABELS[input.field]} uploaded successfully` : `${MEDIA_LABELS[input.field]} removed` });
    case "scene-material": {
      const { kind } = await setSceneMaterial(actor, projectId, input.sceneId, input.assetId ?? null);
      return ok({ message: kind ? SCENE_MATERIAL_MESSAGES.set(kind) : SCENE_MATERIAL_MESSAGES.cleared });
    }
    case "generate-music": {
      const music = await generateSceneMusic(actor, projectId, input.sceneId);
      if (!music.ok) return refused(input.intent, `Failed to generate background music: ${music.message}`, 502);
      return ok({ message: "Background music generated" });
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
          result.code === "not_found" ? 404 : result.code === "insufficient_credits" ? 402 : 400,
        );
      return ok({
        message: `${STEP_LABELS[input.step]} generation started (${formatCredits(result.credits)} credits)`,
      });
    }
  }
}

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
