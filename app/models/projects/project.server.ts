// Projects (canvas / video projects, docs/product.md#projects-and-scenes): the project core every
// door goes through (the editors, the MCP tools, the Create Video workflow). It starts with the
// rule of docs/product.md#sessions: a user with no projects gets one titled "My First Project"
// after signing in.
//
// Every function takes the acting user and lets only the owner or an admin see or change a
// project; any other id is "not found" (NotFoundError) and changes nothing. Media fields take
// stored-object references the owner holds (media-refs.server.ts). ADR 130, ADR 131.
import type { Project, Scene } from "~/generated/prisma/client";
import type { ProjectStatus } from "~/generated/prisma/enums";
import { assertActor, isNotFound, NotFoundError, type Actor } from "~/models/access/actor.server";
import { isAdminActor, mayAccess, ownedBy } from "~/models/access/permissions.server";
import { checkMediaFields, checkMediaValue } from "~/models/files/media-refs.server";
import { ownMediaKind } from "~/models/stories/video-media";
import { announceProjectUpdated } from "./project-events.server";
import { linkStoryToProjectInTx, lockStoryInTx, storyIdLinkedTo, storyOwnerId } from "~/models/stories/stories.server";
import { EDITOR_LIMITS, EDITOR_MESSAGES } from "./editor-rules";
import { userExists } from "~/models/access/user.server";
import { normalizeText, textLength } from "~/utils/text";
import type { MediaKind } from "~/utils/storage/media-types";
import type { AdCopy } from "~/providers/llm/planner/ad-structure";
import { DEFAULT_PROJECT_TITLE } from "~/utils/constants";
import { Prisma, prisma, sqlRows, utcFromJson } from "~/utils/db.server";

export type ProjectRow = Project;
export type SceneRow = Scene;
export type ProjectWithScenes = ProjectRow & { scenes: SceneRow[] };

export const PROJECT_STATUSES: readonly ProjectStatus[] = ["draft", "in_progress", "completed", "failed"];
export const ASPECT_RATIOS = ["9:16", "16:9", "1:1"] as const;
export const DEFAULT_ASPECT_RATIO = "9:16";

/**
 * Creates "My First Project" when the user has no project. A per-user advisory lock makes the
 * check-and-insert atomic, so two sign-ins at the same moment still create only one.
 */
export async function ensureFirstProject(actor: Actor): Promise<{ created: boolean; projectId: string }> {
  assertActor(actor);
  const userId = actor.id;
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`first-project:${userId}`}))`;
    const existing = await tx.project.findFirst({
      where: { userId },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    if (existing) return { created: false, projectId: existing.id };
    const project = await tx.project.create({ data: { userId, title: DEFAULT_PROJECT_TITLE }, select: { id: true } });
    return { created: true, projectId: project.id };
  });
}

const orderedScenes = { orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] } satisfies Prisma.Project$scenesArgs;

/** The id and owner of a project: what the checks below take back (a row one of them answered, or its id). */
export type ProjectRef = { id: string; userId: string };

/**
 * Rows this module answered after checking that the actor may work on them, by object. Given the
 * same row back with the same actor (one page's loader reading the project's scenes, assets,
 * compile and chats), requireProject answers from it instead of reading the owner again: the
 * check runs once per page (ADR 365). Any other object, or another actor, is read by its id.
 */
const checkedFor = new WeakMap<object, Actor>();

function checked<T extends ProjectRef>(actor: Actor, row: T): T {
  checkedFor.set(row, actor);
  return row;
}

/** A row derived from a checked one (a copy without its scenes) counts as checked for the same actor. */
export function checkedLike<T extends ProjectRef>(actor: Actor, from: ProjectRef, row: T): T {
  return checkedFor.get(from) === actor && row.id === from.id && row.userId === from.userId ? checked(actor, row) : row;
}

/**
 * A project the actor may work on (owner or admin), with its scenes in play order. The editors'
 * hottest read, so it is one raw statement (the row, its scenes as a JSON column under the same
 * owner check) instead of Prisma's compiled findFirst + include: the same rows and types at about a
 * third of the CPU on this machine (bench/prisma-cost.ts, ADR 365), sent to the pg pool directly
 * (ADR 392). The JSON column costs less to read than 50 rows of 33 columns (ADR 408).
 */
export async function getProjectWithScenes<Extra extends object = object>(
  actor: Actor,
  projectId: string,
  /** More columns of the project's row, under the same check (", <expression> AS name, ..."; p is the project). */
  extraColumns: Prisma.Sql = Prisma.empty,
): Promise<ProjectWithScenes & Extra> {
  const row = await projectRowWith<Extra & { __scenes: SceneJson[] }>(
    actor,
    projectId,
    (owner) => Prisma.sql`SELECT p.* ${extraColumns},
    COALESCE((SELECT json_agg(s ORDER BY s."sceneOrder" ASC, s."createdAt" ASC) FROM "canvas_scenes" s WHERE s."projectId" = p."id"), '[]'::json) AS "__scenes"
    FROM "canvas_projects" p WHERE p."id" = ${projectId} ${owner} LIMIT 1`,
  );
  const { __scenes, ...project } = row;
  return checked(actor, Object.assign(project as ProjectRow & Extra, { scenes: __scenes.map(sceneFromJson) }));
}

/**
 * getProjectWithScenes for the editors' pages, which show the first scenes of a long project (ADR
 * 396) and price all of them: only the first `sceneLimit` scenes (null: all), with the count of all
 * and `scenesVersion`, which changes with every committed change to the project's row or to any of
 * its scenes (added, removed, edited, reordered), because PostgreSQL gives each new version of a
 * row the writing transaction's id (xmin). The same version means the same rows (ADR 409).
 */
export async function getProjectWithFirstScenes<Extra extends object = object>(
  actor: Actor,
  projectId: string,
  sceneLimit: number | null,
  extraColumns: Prisma.Sql = Prisma.empty,
): Promise<ProjectWithScenes & Extra & { sceneCount: number; scenesVersion: string }> {
  const limit = sceneLimit === null || !Number.isFinite(sceneLimit) ? null : Math.max(0, Math.floor(sceneLimit));
  const row = await projectRowWith<Extra & { __scenes: SceneJson[]; __sceneCount: number; __scenesVersion: string }>(
    actor,
    projectId,
    (owner) => Prisma.sql`SELECT p.* ${extraColumns},
    COALESCE((SELECT json_agg(s ORDER BY s."sceneOrder" ASC, s."createdAt" ASC) FROM (SELECT * FROM "canvas_scenes" f WHERE f."projectId" = p."id"
      ORDER BY f."sceneOrder" ASC, f."createdAt" ASC LIMIT ${limit}) s), '[]'::json) AS "__scenes",
    v."count" AS "__sceneCount", v."version" AS "__scenesVersion"
    FROM "canvas_projects" p
    CROSS JOIN LATERAL (SELECT count(*)::int AS "count",
      md5(p.xmin::text || '/' || COALESCE(string_agg(c."id" || ':' || c.xmin::text, ',' ORDER BY c."sceneOrder", c."createdAt", c."id"), '')) AS "version"
      FROM "canvas_scenes" c WHERE c."projectId" = p."id") v
    WHERE p."id" = ${projectId} ${owner} LIMIT 1`,
  );
  const { __scenes, __sceneCount, __scenesVersion, ...project } = row;
  return checked(
    actor,
    Object.assign(project as ProjectRow & Extra, { scenes: __scenes.map(sceneFromJson), sceneCount: __sceneCount, scenesVersion: __scenesVersion }),
  );
}

/**
 * The one row of a statement over the project `p` (its id and `owner` condition in its WHERE) that
 * the actor may work on (owner or admin); NotFoundError when there is none.
 */
async function projectRowWith<Extra>(actor: Actor, projectId: string, statement: (owner: Prisma.Sql) => Prisma.Sql): Promise<ProjectRow & Extra> {
  if (!projectId || typeof projectId !== "string") throw new NotFoundError("Project");
  const owner = isAdminActor(actor) ? Prisma.empty : Prisma.sql`AND p."userId" = ${actor.id}`;
  const [row] = await sqlRows<ProjectRow & Extra>(statement(owner));
  if (!row) throw new NotFoundError("Project");
  return row;
}

/** A scene as json_agg wrote it: its timestamps as text (UTC), every other column as the row has it. */
type SceneJson = Omit<SceneRow, "createdAt" | "updatedAt"> & { createdAt: string | Date; updatedAt: string | Date };

function sceneFromJson(scene: SceneJson): SceneRow {
  scene.createdAt = utcFromJson(scene.createdAt as string);
  scene.updatedAt = utcFromJson(scene.updatedAt as string);
  return scene as SceneRow;
}

/** A project the actor may work on (owner or admin). */
export async function getProject(actor: Actor, projectId: string): Promise<ProjectRow> {
  const project = projectId ? await prisma.project.findFirst({ where: { id: projectId, ...ownedBy(actor) } }) : null;
  if (!project) throw new NotFoundError("Project");
  return checked(actor, project);
}

/**
 * The id and owner of a project the actor may work on: the check the scene and compile modules
 * start with. A row this module answered to the same actor is taken as it is (no second read).
 */
export async function requireProject(actor: Actor, project: string | ProjectRef): Promise<ProjectRef> {
  if (typeof project === "object" && project !== null && checkedFor.get(project) === actor) return project;
  const projectId = typeof project === "string" ? project : project?.id;
  const row =
    typeof projectId === "string" && projectId
      ? await prisma.project.findFirst({ where: { id: projectId, ...ownedBy(actor) }, select: { id: true, userId: true } })
      : null;
  if (!row) throw new NotFoundError("Project");
  return checked(actor, row);
}

/** The Create Video story a project was made for, if any (only for a project the actor may see). */
export async function storyIdOfProject(actor: Actor, projectId: string): Promise<number | null> {
  const project = await requireProject(actor, projectId);
  return storyIdLinkedTo(actor, project.id);
}

/**
 * A user's projects, newest first by last update, then creation (docs/product.md#canvas-editor):
 * the actor's own, or (admins) `ownerId`'s, optionally only those of one status (the
 * list_video_projects filter; "all" or none: every status). Another user's list is "not found"
 * for everyone else.
 */
export async function listUserProjects(
  actor: Actor,
  opts: { ownerId?: string; take?: number; status?: ProjectStatus | "all" | null } = {},
): Promise<(ProjectRow & { _count: { scenes: number } })[]> {
  const ownerId = opts.ownerId ?? actor.id;
  if (!mayAccess(actor, ownerId)) throw new NotFoundError("User");
  if (opts.status && opts.status !== "all" && !PROJECT_STATUSES.includes(opts.status))
    throw new ProjectError("invalid", "Status must be draft, in_progress, completed, failed or all");
  return prisma.project.findMany({
    where: { userId: ownerId, ...(opts.status && opts.status !== "all" ? { status: opts.status } : {}) },
    orderBy: [{ updatedAt: "desc" }, { createdAt: "desc" }],
    take: Math.min(Math.max(opts.take ?? 100, 1), 500),
    include: { _count: { select: { scenes: true } } },
  });
}

/** Cards per page of a long project list (the editors' history and project pickers; ADR 365). */
export const PROJECT_PAGE_SIZE = 24;

/** One page (1 is the newest) of the actor's projects as listUserProjects orders them, and whether more follow. */
export async function listUserProjectsPage(
  actor: Actor,
  opts: { page?: number; pageSize?: number } = {},
): Promise<{ items: (ProjectRow & { _count: { scenes: number } })[]; page: number; hasMore: boolean }> {
  assertActor(actor);
  const pageSize = Math.min(Math.max(Math.floor(opts.pageSize ?? PROJECT_PAGE_SIZE), 1), 100);
  const page = Math.min(Math.max(Math.floor(opts.page ?? 1), 1), 10_000);
  const rows = await prisma.project.findMany({
    where: { userId: actor.id },
    orderBy: [{ updatedAt: "desc" }, { createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * pageSize,
    take: pageSize + 1,
    include: { _count: { select: { scenes: true } } },
  });
  return { items: rows.slice(0, pageSize), page, hasMore: rows.length > pageSize };
}

/** One scene as the script division produced it (app/providers/llm/planner PlannedScene). */
export type NewScene = {
  title: string;
  script: string;
  voiceOverText: string;
  description?: string | null;
  imagePrompt?: string | null;
  /** Seconds (an estimate until the voice-over exists). */
  duration?: number | null;
  /** The user's own photo or clip the scene shows (ADR 315); checked to be the owner's stored file. */
  sourceMediaUrl?: string | null;
  /**
   * Files taken over from another scene of the same owner with the hashes of what they were made
   * from (a story variant reuses its original's voice-overs, shots and clips; ADR 215). Only the
   * core fills this, from rows it read itself.
   */
  reused?: {
    imageUrl?: string | null;
    imageInputsHash?: string | null;
    voiceOverUrl?: string | null;
    voiceOverInputsHash?: string | null;
    voiceOverDuration?: number | null;
    videoUrl?: string | null;
    videoInputsHash?: string | null;
  };
};

export type NewProject = {
  /** Whose project it is: the actor (default), or anyone when the actor is an admin. */
  ownerId?: string;
  title: string;
  description?: string | null;
  fullScript?: string | null;
  mainProductImageUrl?: string | null;
  aspectRatio?: string | null;
  style?: string | null;
  voiceId?: number | null;
  backgroundMusicUrl?: string | null;
  status?: ProjectStatus;
  scenes?: NewScene[];
  /** A language model's ad words taken over from another project of the owner (a story variant; ADR 377). */
  adCopy?: AdCopy | null;
};

/** The media fields of a project and the kind of file each takes. */
export const PROJECT_MEDIA_FIELDS = {
  mainProductImageUrl: "image",
  backgroundMusicUrl: "audio",
  finalVideoUrl: "video",
} as const satisfies Record<string, MediaKind>;

function projectData(input: NewProject): Omit<Prisma.ProjectUncheckedCreateInput, "userId"> {
  const aspect = input.aspectRatio && (ASPECT_RATIOS as readonly string[]).includes(input.aspectRatio) ? input.aspectRatio : DEFAULT_ASPECT_RATIO;
  return {
    title: input.title.trim().slice(0, 200) || DEFAULT_PROJECT_TITLE,
    description: input.description ?? null,
    fullScript: input.fullScript ?? null,
    mainProductImageUrl: input.mainProductImageUrl ?? null,
    aspectRatio: aspect,
    style: input.style ?? null,
    voiceId: input.voiceId ?? null,
    backgroundMusicUrl: input.backgroundMusicUrl ?? null,
    status: input.status ?? "draft",
    ...(input.adCopy ? { adCopy: input.adCopy } : {}),
    scenes: {
      create: (input.scenes ?? []).map((s, i) => ({
        title: s.title.slice(0, 200),
        script: s.script,
        voiceOverText: s.voiceOverText,
        description: s.description ?? null,
        imagePrompt: s.imagePrompt ?? null,
        duration: s.duration ?? null,
        sourceMediaUrl: s.sourceMediaUrl ?? null,
        ...(s.reused ?? {}),
        // Scene order starts at 1 (docs/product.md#projects-and-scenes).
        sceneOrder: i + 1,
      })),
    },
  };
}

/** Each scene's own photo or clip must be the owner's stored image or video (ADR 315). */
async function checkSceneSources(scenes: NewScene[] | undefined, ownerId: string): Promise<NewScene[] | undefined> {
  if (!scenes) return scenes;
  return Promise.all(
    scenes.map(async (s) => {
      if (!s.sourceMediaUrl) return s;
      const kind: MediaKind = ownMediaKind(s.sourceMediaUrl) === "clip" ? "video" : "image";
      return { ...s, sourceMediaUrl: await checkMediaValue("sourceMediaUrl", kind, s.sourceMediaUrl, ownerId) };
    }),
  );
}

/** The owner of a new project: the actor, or (admins only) an existing user. */
async function newProjectOwner(actor: Actor, ownerId: string | undefined): Promise<string> {
  assertActor(actor);
  if (!ownerId || ownerId === actor.id) return actor.id;
  if (!isAdminActor(actor) || !(await userExists(ownerId))) throw new NotFoundError("User");
  return ownerId;
}

/** Creates a project (new projects start as draft) with its scenes in the given order. */
export async function createProject(actor: Actor, input: NewProject): Promise<ProjectWithScenes> {
  // Every door that creates a project names it (Project Title, Project Name, create_video_project):
  // the same rule as a rename, refused before anything is written.
  const { title, description } = checkProjectText({ title: input.title, description: input.description });
  const userId = await newProjectOwner(actor, input.ownerId);
  const checked = await checkMediaFields({ ...input, title: title ?? input.title, description }, PROJECT_MEDIA_FIELDS, userId);
  return prisma.project.create({ data: { userId, ...projectData(checked) }, include: { scenes: orderedScenes } });
}

/**
 * The project of a Create Video story, created once: the story row is locked, and when it is
 * already linked to a project that project is returned (a retried workflow step never makes a
 * second project or duplicate scenes). The new project is linked to the story in the same
 * transaction (Story.projectId).
 */
export async function createProjectForStory(
  actor: Actor,
  storyId: number,
  input: Omit<NewProject, "ownerId">,
): Promise<{ project: ProjectWithScenes; created: boolean }> {
  // The project is the story owner's; the actor must be that owner or an admin.
  const ownerId = await storyOwnerId(actor, storyId).catch((error: unknown) => {
    throw isNotFound(error) ? new NotFoundError("Story") : error;
  });
  const checked = { ...(await checkMediaFields(input, PROJECT_MEDIA_FIELDS, ownerId)), scenes: await checkSceneSources(input.scenes, ownerId) };
  return prisma.$transaction(
    async (tx) => {
      const story = await lockStoryInTx(tx, storyId);
      if (!story || story.userId !== ownerId) throw new NotFoundError("Story");
      if (story.projectId) {
        const existing = await tx.project.findUnique({ where: { id: story.projectId }, include: { scenes: orderedScenes } });
        if (existing) return { project: existing, created: false };
      }
      const project = await tx.project.create({ data: { userId: story.userId, ...projectData(checked) }, include: { scenes: orderedScenes } });
      await linkStoryToProjectInTx(tx, storyId, project.id);
      return { project, created: true };
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

export class ProjectError extends Error {
  readonly status = 400;
  constructor(
    readonly code: "invalid",
    message: string,
  ) {
    super(message);
    this.name = "ProjectError";
  }
}

/**
 * The title, description and full script of an update, normalised (ADR 127): the title must
 * not be empty and is at most EDITOR_LIMITS.title characters; the others at most
 * EDITOR_LIMITS.text, empty clears them. Throws ProjectError.
 */
function checkProjectText(data: Pick<ProjectUpdate, "title" | "description" | "fullScript">): Pick<ProjectUpdate, "title" | "description" | "fullScript"> {
  const out: Pick<ProjectUpdate, "title" | "description" | "fullScript"> = {};
  if (data.title !== undefined) {
    const title = typeof data.title === "string" ? normalizeText(data.title, { keepJoiners: true }) : "";
    if (!title) throw new ProjectError("invalid", EDITOR_MESSAGES.titleRequired);
    if (textLength(title) > EDITOR_LIMITS.title) throw new ProjectError("invalid", EDITOR_MESSAGES.tooLong("Title", EDITOR_LIMITS.title));
    out.title = title;
  }
  for (const field of ["description", "fullScript"] as const) {
    const raw = data[field];
    if (raw === undefined) continue;
    if (raw !== null && typeof raw !== "string") throw new ProjectError("invalid", EDITOR_MESSAGES.invalidText(field));
    // Scripts keep their line breaks; only the ends are trimmed and invisible characters removed.
    const text = raw === null ? "" : normalizeText(raw, { keepJoiners: true });
    if (textLength(text) > EDITOR_LIMITS.text)
      throw new ProjectError("invalid", EDITOR_MESSAGES.tooLong(field === "fullScript" ? "Script" : "Description", EDITOR_LIMITS.text));
    out[field] = text || null;
  }
  return out;
}

/**
 * Deletes the project row (its scenes, asset versions, project assets and compile jobs go with
 * it) and returns it as it was, with its scenes; the caller removes its files and jobs
 * (project-removal.server.ts). NotFoundError when the actor may not see it.
 */
export async function deleteProjectRow(actor: Actor, projectId: string): Promise<ProjectWithScenes> {
  const project = await getProjectWithScenes(actor, projectId);
  const { count } = await prisma.project.deleteMany({ where: { id: project.id } });
  if (count === 0) throw new NotFoundError("Project");
  // Open editors and diagrams of it reload and find it gone.
  await announceProjectUpdated(project);
  return project;
}

export type ProjectUpdate = Partial<
  Pick<
    ProjectRow,
    "title" | "description" | "fullScript" | "mainProductImageUrl" | "aspectRatio" | "style" | "voiceId" | "backgroundMusicUrl" | "finalVideoUrl"
  >
>;

/**
 * Changes a project's fields (no status: see setProjectStatus). NotFoundError when the actor may
 * not see it; MediaRefError when a media field is not the owner's stored file.
 */
export async function updateProject(actor: Actor, projectId: string, data: ProjectUpdate): Promise<ProjectRow> {
  const project = await requireProject(actor, projectId);
  if (data.aspectRatio !== undefined && !(ASPECT_RATIOS as readonly string[]).includes(data.aspectRatio)) {
    throw new ProjectError("invalid", "Aspect ratio must be 9:16, 16:9 or 1:1");
  }
  const texts = checkProjectText(data);
  const checked = await checkMediaFields({ ...data, ...texts }, PROJECT_MEDIA_FIELDS, project.userId);
  try {
    const updated = await prisma.project.update({ where: { id: project.id }, data: checked });
    await announceProjectUpdated(project);
    return updated;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw new NotFoundError("Project");
    throw error;
  }
}

/**
 * Status transitions (docs/product.md#projects-and-scenes): draft → in_progress (work started) →
 * completed (compiled) or failed; a completed or failed project goes back to in_progress when work
 * starts again. Returns false when the project does not exist or the move is not allowed.
 */
const ALLOWED: Record<ProjectStatus, readonly ProjectStatus[]> = {
  draft: ["in_progress", "failed"],
  in_progress: ["in_progress", "completed", "failed"],
  completed: ["in_progress", "completed"],
  failed: ["in_progress", "failed"],
};

export async function setProjectStatus(actor: Actor, projectId: string, status: ProjectStatus): Promise<boolean> {
  const project = await requireProject(actor, projectId);
  const from = (Object.keys(ALLOWED) as ProjectStatus[]).filter((s) => ALLOWED[s].includes(status));
  const { count } = await prisma.project.updateMany({ where: { id: project.id, status: { in: from } }, data: { status } });
  if (count > 0) await announceProjectUpdated(project);
  return count > 0;
}

/** The compile finished: the final video (the owner's stored render) is on the project and its status is completed. */
export async function markProjectCompiled(actor: Actor, projectId: string, finalVideoUrl: string): Promise<boolean> {
  const project = await requireProject(actor, projectId);
  const { finalVideoUrl: video } = await checkMediaFields({ finalVideoUrl }, PROJECT_MEDIA_FIELDS, project.userId);
  const { count } = await prisma.project.updateMany({
    where: { id: project.id },
    data: { status: "completed", finalVideoUrl: video },
  });
  if (count > 0) await announceProjectUpdated(project);
  return count > 0;
}

/**
 * Sets the project's music bed unless it has one (two attempts racing keep the first). False
 * when it had one already. `url` must be a stored audio file of the owner.
 */
export async function setBackgroundMusicIfUnset(actor: Actor, projectId: string, url: string): Promise<boolean> {
  const project = await requireProject(actor, projectId);
  const { backgroundMusicUrl } = await checkMediaFields({ backgroundMusicUrl: url }, PROJECT_MEDIA_FIELDS, project.userId);
  const { count } = await prisma.project.updateMany({ where: { id: project.id, backgroundMusicUrl: null }, data: { backgroundMusicUrl } });
  if (count > 0) await announceProjectUpdated(project);
  return count > 0;
}

/** The compile (or the preparation of its scenes) failed. A completed project stays completed. */
export async function markProjectFailed(actor: Actor, projectId: string): Promise<boolean> {
  return setProjectStatus(actor, projectId, "failed");
}

export type ProjectSummary = { id: string; title: string; createdAt: Date; userId: string; owner: string | null };

/**
 * Every user's projects, newest first (the admin area's Canvas Updates and User Messages): only
 * an admin sees them all; anyone else gets their own. `ownerId` narrows the list to one user's.
 */
export async function listProjectsNewestFirst(actor: Actor, opts: { ownerId?: string; take?: number } = {}): Promise<ProjectSummary[]> {
  assertActor(actor);
  const where: Prisma.ProjectWhereInput = { ...ownedBy(actor), ...(opts.ownerId ? { userId: opts.ownerId } : {}) };
  const rows = await prisma.project.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(opts.take ?? 200, 1), 1000),
    select: { id: true, title: true, createdAt: true, userId: true, user: { select: { email: true, profile: { select: { username: true } } } } },
  });
  return rows.map((r) => ({ id: r.id, title: r.title, createdAt: r.createdAt, userId: r.userId, owner: r.user.profile?.username ?? r.user.email }));
}
