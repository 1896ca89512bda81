// The doors of /video-projects and /video-projects/:projectId (docs/product.md#video-projects):
// what both loaders read and what their actions do, each through the core as the signed-in admin
// (actorFromUser(user, "web")). Rules, prices and authorization stay in app/models; this module
// only reads the form, calls the core and turns its answers into data for the page.
import { captionFormFields, captionInputFromFields } from "~/models/captions";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { type Actor, actorFromUser, isNotFound, requireAdmin } from "~/models/access";
import {
  automatedSceneCost,
  automatedSceneProgress,
  createSceneAutomatically,
  deleteProject,
  getPricedEditorWorkspace,
  createProject,
  getProject,
  listUserProjectsPage,
  ProjectError,
  projectUploadTarget,
  setMainProjectImage,
  analysisPlanner,
  analyzeProjectRequirements,
  applyEnhancedDescription,
  ENHANCE_MESSAGES,
  enhanceSceneDescription,
  SceneEnhancementError,
  suggestSceneImprovements,
  applySceneSequence,
  optimizeSceneSequence,
  addScene,
  SceneInputError,
  SceneOrderConflictError,
  addProjectAssets,
  setSceneMaterial,
  SceneMaterialError,
  SCENE_MATERIAL_MESSAGES,
} from "~/models/projects";
import { sceneMaterialKind } from "~/models/stories/video-media";
import { requestCompile } from "~/models/compile";
import { formatCredits } from "~/models/billing";
import { SCENE_ASSET_MESSAGES } from "~/models/generation/scene-asset-steps";
import { removeFiles, isMediaRefError, parseMultipartUpload } from "~/models/files";
import { ProductImageError, requestSceneGeneration } from "~/models/generation";
import { compileJobView, finishedVideoUrl } from "~/models/compile/finished-video";
import { field, parseFields } from "~/utils/form-fields";
import { isMultipart, readForm } from "~/utils/forms.server";
import { assistantState } from "../../agents/chat.server";

export async function videoProjectsActor(request: Request): Promise<Actor> {
  return actorFromUser(await requireAdmin(request), "web");
}

/** The history list: one page (24) of the admin's own projects, newest first, with their scene counts. */
export async function projectHistory(actor: Actor, page = 1) {
  const rows = await listUserProjectsPage(actor, { page });
  return {
    items: rows.items.map((p) => ({ id: p.id, title: p.title, description: p.description, status: p.status, sceneCount: p._count.scenes })),
    page: rows.page,
    hasMore: rows.hasMore,
  };
}

/** The history as a closed panel has it: nothing read. */
export const NO_HISTORY: Awaited<ReturnType<typeof projectHistory>> = { items: [], page: 1, hasMore: false };

/** The signed-in admin of a project page: the actor, and the balance read with the session. */
export async function videoProjectsViewer(request: Request): Promise<{ actor: Actor; balance: number }> {
  const user = await requireAdmin(request);
  return { actor: actorFromUser(user, "web"), balance: user.credits };
}

/**
 * The open project's page and its assistant chat, each thing read once (ADR 365): the project is
 * checked once (its assets, compile and chats take the checked row), the balance is the one read
 * with the session user for both, and nothing is written (the chat a GET shows is only read).
 * `sceneLimit`: the cards the page draws (the first ones; null: all); the prices and the count are
 * the whole project's (ADR 409).
 */
export async function projectPageWithChat(actor: Actor, balance: number, projectId: string, autoSceneId: string | null, sceneLimit: number | null) {
  const workspace = await getPricedEditorWorkspace(actor, projectId, sceneLimit);
  const [open, assistant] = await Promise.all([
    pageOf(actor, workspace, autoSceneId, balance),
    assistantState(actor, { projectId: workspace.project.id, project: workspace.project, balance }),
  ]);
  return { open, assistant };
}

/**
 * One project as the management page shows it, with the cost of each piece of work (shown before
 * the user confirms) and, when `autoSceneId` names one of its scenes, where its automated creation
 * stands.
 */
async function pageOf(actor: Actor, workspace: Awaited<ReturnType<typeof getPricedEditorWorkspace>>, autoSceneId: string | null, balance: number) {
  const { project, prices } = workspace;
  const scenes = workspace.scenes.map((s) => {
    const cost = prices.scenes.get(s.id)!;
    return {
      id: s.id,
      title: s.title,
      description: s.description,
      status: s.status,
      errorMessage: s.errorMessage ?? null,
      hasImage: Boolean(s.imageUrl),
      hasVideo: Boolean(s.videoUrl),
      // The project's own photo or clip the scene shows (ADR 330), else null (a generated picture).
      material: s.sourceMediaUrl ? { url: s.sourceMediaUrl, kind: sceneMaterialKind(s.sourceMediaUrl) } : null,
      cost: cost.credits,
      costLabel: formatCredits(cost.credits),
      blocked: cost.blocked,
    };
  });
  const compileCost = prices.compile;
  const job = workspace.latestCompile;
  return {
    project: {
      id: project.id,
      userId: project.userId,
      title: project.title,
      description: project.description,
      status: project.status,
      finalVideoUrl: finishedVideoUrl(project.finalVideoUrl),
      mainProductImageUrl: project.mainProductImageUrl,
    },
    scenes,
    sceneCount: workspace.sceneCount,
    /** The project's own photos and clips a scene may show (its image and video assets). */
    media: workspace.assets
      .filter((a) => a.type === "image" || a.type === "video")
      .map((a) => ({ id: a.id, url: a.url, name: a.name, kind: a.type === "image" ? ("photo" as const) : ("clip" as const) })),
    compile: {
      cost: compileCost?.credits ?? 0,
      costLabel: formatCredits(compileCost?.credits ?? 0),
      blocked: compileCost?.blocked ?? null,
      job: job ? compileJobView(job) : null,
      captions: workspace.captionPick,
    },
    planner: analysisPlanner(),
    automation: {
      cost: automatedSceneCost(),
      costLabel: formatCredits(automatedSceneCost()),
      // A scene id that is not this project's (or gone) shows no progress.
      progress: autoSceneId
        ? await automatedSceneProgress(actor, project.id, autoSceneId).catch((error: unknown) => (isNotFound(error) ? null : Promise.reject(error)))
        : null,
    },
    balance,
  };
}

const nameField = field.line({ max: 200, label: "The name" });
const textField = field.text({ max: 20_000, label: "The description" });
const idField = field.token("The id", 64);

export const videoProjectsForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create-project"), name: nameField, description: field.optional(textField) }),
    z.object({
      intent: z.literal("delete-project"),
      projectId: idField,
      // Set once the user confirmed (the browser's dialog, or the page's confirmation without JavaScript).
      confirmed: field.optional(z.literal("yes", { error: "Confirm with yes." })),
    }),
    z.object({ intent: z.literal("add-scene"), name: nameField, description: field.optional(textField) }),
    z.object({ intent: z.literal("generate-assets"), sceneId: idField }),
    // The project's product image (the canvas's main image): an upload's ref, or empty to remove it.
    z.object({ intent: z.literal("main-image"), ref: field.optional(field.line({ max: 500, label: "The image" })) }),
    z.object({ intent: z.literal("compile"), format: z.enum(["mp4", "webm"], { error: "Output format must be mp4 or webm." }), ...captionFormFields }),
    z.object({ intent: z.literal("analyze-project") }),
    z.object({ intent: z.literal("optimize-scenes") }),
    z.object({
      intent: z.literal("apply-order"),
      order: z
        .string({ error: "The order is required." })
        .regex(/^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,499}$/, { error: "The order is not valid." })
        .transform((v) => v.split(",")),
    }),
    z.object({ intent: z.literal("enhance-scene"), sceneId: idField }),
    z.object({ intent: z.literal("apply-description"), sceneId: idField, description: field.text({ max: 20_000, label: "The description" }) }),
    z.object({ intent: z.literal("suggest-improvements"), sceneId: idField }),
    // A scene's own material: a project photo or clip's asset id, or empty for a generated picture.
    z.object({ intent: z.literal("scene-material"), sceneId: idField, assetId: field.optional(idField) }),
  ],
  { error: "Unknown action." },
);

/** The automated scene creation's text fields (its image comes as the file field "image"). */
const automatedSceneForm = z.object({
  intent: z.literal("create-scene-auto", { error: "Unknown action." }),
  description: field.optional(field.text({ max: 20_000, label: "The description" })),
});

export type ActionResult =
  | { ok: true; intent: string; message: string; sceneId?: string; data?: unknown }
  | { ok: false; intent: string; error: string; sceneId?: string }
  | { ok: false; intent: "delete-project"; error: string; confirm: { projectId: string; title: string } };

function refused(intent: string, error: string, status: number, sceneId?: string) {
  return data<ActionResult>({ ok: false, intent, error, ...(sceneId ? { sceneId } : {}) }, { status });
}

/**
 * The actions of both pages. `openProjectId` is the project of /video-projects/:projectId (null
 * on the index): scene and compile work needs it.
 */
export async function videoProjectsAction(request: Request, openProjectId: string | null) {
  const actor = await videoProjectsActor(request);
  if (isMultipart(request)) return multipartAction(actor, request, openProjectId);
  const parsed = await readForm(request, videoProjectsForm);
  if (!parsed.ok) {
    const intent = parsed.form.get("intent");
    return refused(typeof intent === "string" ? intent.slice(0, 40) : "", parsed.formError, 400);
  }
  const input = parsed.data;
  try {
    if (input.intent === "create-project" || input.intent === "delete-project") return await projectIntent(actor, input, openProjectId);
    if (!openProjectId) return refused(input.intent, "Open a project first", 400);
    return await openProjectIntent(actor, openProjectId, input);
  } catch (error) {
    const sceneId = "sceneId" in input ? input.sceneId : undefined;
    if (input.intent === "scene-material" && isNotFound(error)) return refused(input.intent, "Scene or photo/clip not found", 404, sceneId);
    if (isNotFound(error)) return refused(input.intent, sceneId ? "Scene not found" : "Project not found", 404, sceneId);
    if (error instanceof SceneOrderConflictError) return refused(input.intent, error.message, 409);
    if (input.intent === "main-image" && isMediaRefError(error)) return refused(input.intent, `${PRODUCT_IMAGE_MESSAGES.failed}: ${error.message}`, 400);
    if (error instanceof ProjectError || error instanceof SceneInputError || error instanceof SceneEnhancementError || error instanceof SceneMaterialError)
      return refused(input.intent, error.message, 400, sceneId);
    throw error;
  }
}

type VideoProjectsInput = z.infer<typeof videoProjectsForm>;
type ProjectIntentInput = Extract<VideoProjectsInput, { intent: "create-project" | "delete-project" }>;

/** What either page does with a project as a whole: create one, or delete one once confirmed. */
async function projectIntent(actor: Actor, input: ProjectIntentInput, openProjectId: string | null) {
  switch (input.intent) {
    case "create-project": {
      // The core refuses an empty name; this page calls the field "Project Name".
      let projectId: string;
      try {
        projectId = (await createProject(actor, { title: input.name, description: input.description ?? null })).id;
      } catch (error) {
        if (error instanceof ProjectError) return refused(input.intent, error.message.replace(/^Project title/, "Project Name"), 400);
        throw error;
      }
      return redirect(`/video-projects/${projectId}`);
    }
    case "delete-project": {
      if (!input.confirmed) {
        // Nothing is deleted before the user confirms: the page asks first.
        const project = await getProject(actor, input.projectId);
        return {
          ok: false,
          intent: input.intent,
          error: `Are you sure you want to delete project "${project.title}"?`,
          confirm: { projectId: project.id, title: project.title },
        } satisfies ActionResult;
      }
      await deleteProject(actor, input.projectId);
      // Deleting the open project goes back to the list with the history open.
      if (input.projectId === openProjectId || !openProjectId) return redirect("/video-projects?history=open");
      return { ok: true, intent: input.intent, message: "Project deleted" } satisfies ActionResult;
    }
  }
}

/** What the open project's page does with it: scenes, generation, the agents' proposals and the compile. */
async function openProjectIntent(actor: Actor, projectId: string, input: Exclude<VideoProjectsInput, ProjectIntentInput>) {
  switch (input.intent) {
    case "add-scene": {
      await addScene(actor, projectId, { title: input.name, description: input.description ?? null }, { requireTitle: true });
      return { ok: true, intent: input.intent, message: "Scene added" } satisfies ActionResult;
    }
    case "generate-assets": {
      const result = await requestSceneGeneration(actor, { projectId, sceneId: input.sceneId, step: "all" });
      if (!result.ok)
        return refused(
          input.intent,
          pointToProductImage(result.message),
          result.code === "not_found" ? 404 : result.code === "insufficient_credits" ? 402 : 400,
          input.sceneId,
        );
      return {
        ok: true,
        intent: input.intent,
        message: `Generating ${result.steps.join(", ")} for ${formatCredits(result.credits)} credits`,
      } satisfies ActionResult;
    }
    case "main-image": {
      await setMainProjectImage(actor, projectId, input.ref ?? null);
      return { ok: true, intent: input.intent, message: input.ref ? PRODUCT_IMAGE_MESSAGES.updated : PRODUCT_IMAGE_MESSAGES.removed } satisfies ActionResult;
    }
    case "analyze-project": {
      const { analysis } = await analyzeProjectRequirements(actor, projectId);
      return { ok: true, intent: input.intent, message: analysis.summary, data: analysis } satisfies ActionResult;
    }
    case "optimize-scenes": {
      const proposal = await optimizeSceneSequence(actor, projectId);
      return { ok: true, intent: input.intent, message: proposal.summary, data: proposal } satisfies ActionResult;
    }
    case "apply-order": {
      await applySceneSequence(actor, projectId, input.order);
      return { ok: true, intent: input.intent, message: "The scenes are in the new order." } satisfies ActionResult;
    }
    case "enhance-scene": {
      const enhanced = await enhanceSceneDescription(actor, projectId, input.sceneId);
      return { ok: true, intent: input.intent, sceneId: input.sceneId, message: ENHANCE_MESSAGES.proposed, data: enhanced } satisfies ActionResult;
    }
    case "apply-description": {
      await applyEnhancedDescription(actor, projectId, input.sceneId, input.description);
      return { ok: true, intent: input.intent, sceneId: input.sceneId, message: ENHANCE_MESSAGES.applied } satisfies ActionResult;
    }
    case "suggest-improvements": {
      const suggestions = await suggestSceneImprovements(actor, projectId, input.sceneId);
      const count = suggestions.suggestions.length;
      return {
        ok: true,
        intent: input.intent,
        sceneId: input.sceneId,
        message: count ? `${count} suggestion(s) for this scene.` : "No suggestions: the scene looks complete.",
        data: suggestions,
      } satisfies ActionResult;
    }
    case "compile": {
      const result = await requestCompile(actor, { projectId, format: input.format, captions: captionInputFromFields(input) });
      if (!result.ok)
        return refused(
          input.intent,
          result.message,
          result.code === "not_found" ? 404 : result.code === "insufficient_credits" ? 402 : result.code === "busy" ? 409 : 400,
        );
      return { ok: true, intent: input.intent, message: `Compiling for ${formatCredits(result.credits)} credits` } satisfies ActionResult;
    }
    case "scene-material": {
      const { kind } = await setSceneMaterial(actor, projectId, input.sceneId, input.assetId ?? null);
      const message = kind ? SCENE_MATERIAL_MESSAGES.set(kind) : SCENE_MATERIAL_MESSAGES.cleared;
      return { ok: true, intent: input.intent, sceneId: input.sceneId, message } satisfies ActionResult;
    }
  }
}

/** The texts of the product image card (the canvas's main image texts, docs/product.md#canvas-editor). */
export const PRODUCT_IMAGE_MESSAGES = {
  updated: "Main project image updated successfully",
  removed: "Main project image removed",
  failed: "Failed to upload product image",
  /** Where a scene that needs a product image sends the user (issue 20, finding 5). */
  pointer: 'Add one under "Product Image" above.',
} as const;

/** A refusal for want of a product image also says where on this page to add one. */
function pointToProductImage(message: string): string {
  return message.includes(SCENE_ASSET_MESSAGES.productImageRequired) ? `${message} ${PRODUCT_IMAGE_MESSAGES.pointer}` : message;
}

/** The file field of the product image form without JavaScript (with it the file goes up by XHR first). */
export const PRODUCT_IMAGE_FIELD = "mainImage";

/**
 * The page's multipart forms: the product image card without JavaScript ("main-image", file
 * field "mainImage", stored where the canvas stores the main image and saved through the same
 * core call) and the automated scene creation ("create-scene-auto", file field "image"). Files
 * of the other form's field are removed again.
 */
async function multipartAction(actor: Actor, request: Request, openProjectId: string | null) {
  if (!openProjectId) return refused("upload", "Open a project first", 400);
  let ownerId: string;
  let mainTarget: Awaited<ReturnType<typeof projectUploadTarget>>;
  let assetTarget: Awaited<ReturnType<typeof projectUploadTarget>>;
  try {
    ownerId = (await getProject(actor, openProjectId)).userId;
    [mainTarget, assetTarget] = await Promise.all([projectUploadTarget(actor, openProjectId, "main"), projectUploadTarget(actor, openProjectId, "asset")]);
  } catch (error) {
    if (isNotFound(error)) return refused("upload", "Project not found", 404);
    throw error;
  }
  const upload = await parseMultipartUpload(request, {
    image: { bucket: "product-photos", ownerId, kinds: ["image"] },
    [PRODUCT_IMAGE_FIELD]: { ...mainTarget, kinds: ["image"] },
    [PROJECT_MEDIA_FIELD]: { ...assetTarget, kinds: ["image", "video"] },
  });
  const intent = upload.fields.get("intent");
  if (intent === "add-media") return addMediaAction(actor, upload, openProjectId);
  if (intent === "main-image") {
    if (!upload.ok) return refused(intent, `${PRODUCT_IMAGE_MESSAGES.failed}: ${upload.error}`, upload.status);
    const used = upload.files.filter((f) => f.field === PRODUCT_IMAGE_FIELD);
    await removeFiles(upload.files.filter((f) => !used.includes(f)));
    if (used.length === 0) return refused(intent, `${PRODUCT_IMAGE_MESSAGES.failed}: Choose an image first.`, 400);
    try {
      await setMainProjectImage(actor, openProjectId, used[0].ref);
    } catch (error) {
      await removeFiles(used);
      if (isNotFound(error)) return refused(intent, "Project not found", 404);
      if (isMediaRefError(error)) return refused(intent, `${PRODUCT_IMAGE_MESSAGES.failed}: ${error.message}`, 400);
      throw error;
    }
    return { ok: true, intent, message: PRODUCT_IMAGE_MESSAGES.updated } satisfies ActionResult;
  }
  if (upload.ok) await removeFiles(upload.files.filter((f) => f.field !== "image"));
  return automatedSceneAction(actor, upload, openProjectId);
}

/** The file field of the project's photos and clips form (ADR 330). */
export const PROJECT_MEDIA_FIELD = "media";

/**
 * The project's own photos and clips (multipart, with or without JavaScript): stored where the
 * canvas stores project assets (checked by content, a clip at most 60 s), then added through
 * the same core call, which keeps at most 8 photos and 4 clips. A refused file or count removes
 * every file this post stored; the message names the file.
 */
async function addMediaAction(actor: Actor, upload: Awaited<ReturnType<typeof parseMultipartUpload>>, openProjectId: string) {
  const intent = "add-media";
  if (!upload.ok) return refused(intent, `Failed to add ${upload.fileName ? `"${upload.fileName}"` : "photos or clips"}: ${upload.error}`, upload.status);
  const used = upload.files.filter((f) => f.field === PROJECT_MEDIA_FIELD);
  await removeFiles(upload.files.filter((f) => !used.includes(f)));
  if (used.length === 0) return refused(intent, "Choose a photo or clip first.", 400);
  try {
    const added = await addProjectAssets(
      actor,
      openProjectId,
      used.map((f) => ({ ref: f.ref })),
    );
    return { ok: true, intent, message: `${added.length} photo(s) or clip(s) added.` } satisfies ActionResult;
  } catch (error) {
    await removeFiles(used);
    if (isNotFound(error)) return refused(intent, "Project not found", 404);
    if (isMediaRefError(error)) return refused(intent, error.message, 400);
    throw error;
  }
}

/**
 * The automated scene creation form (multipart: the product image and the description). The
 * image is stored as the project owner's product photo (the first of the product's steps), then
 * the core does the rest; on success the page opens with that scene's progress (?auto=<sceneId>),
 * which the loader reads from the scene (live with JavaScript, on reload without).
 */
async function automatedSceneAction(actor: Actor, upload: Awaited<ReturnType<typeof parseMultipartUpload>>, openProjectId: string) {
  const intent = "create-scene-auto";
  if (!upload.ok) return refused(intent, upload.error, upload.status);
  const fields = parseFields(automatedSceneForm, upload.fields);
  const image = upload.files.find((f) => f.field === "image");
  if (!fields.ok) return refused(intent, fields.formError, 400);
  try {
    const result = await createSceneAutomatically(actor, openProjectId, { imageRef: image?.ref ?? null, description: fields.data.description ?? null });
    if (!result.ok) return data<ActionResult>({ ok: false, intent, error: result.error }, { status: result.status });
    return redirect(`/video-projects/${openProjectId}?auto=${encodeURIComponent(result.sceneId)}`);
  } catch (error) {
    if (isNotFound(error)) return refused(intent, "Project not found", 404);
    if (isMediaRefError(error) || error instanceof ProductImageError || error instanceof SceneInputError) return refused(intent, error.message, 400);
    throw error;
  }
}

/** The assistant chat of the page (agents/ is a door of its own; the page only shows it). */
export { assistantState };
