// Projects (canvas / video projects, seed 001 §3): the project core every door goes through
// (the editors, the MCP tools, the Create Video workflow). It starts with the rule from seed
// 000 §4: a user with no projects gets one titled "My First Project" after signing in.
import type { Project, Scene } from "~/generated/prisma/client";
import type { ProjectStatus } from "~/generated/prisma/enums";
import { isAdmin } from "~/models/admin.server";
import { DEFAULT_PROJECT_TITLE } from "~/utils/constants";
import { Prisma, prisma } from "~/utils/db.server";

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
export async function ensureFirstProject(userId: string): Promise<{ created: boolean; projectId: string }> {
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

/** A project with its scenes in play order (scene_order ascending), or null. */
export async function getProjectWithScenes(projectId: string): Promise<ProjectWithScenes | null> {
  if (!projectId) return null;
  return prisma.project.findUnique({ where: { id: projectId }, include: { scenes: orderedScenes } });
}

export async function getProject(projectId: string): Promise<ProjectRow | null> {
  if (!projectId) return null;
  return prisma.project.findUnique({ where: { id: projectId } });
}

/** Whether the user may read and change the project: its owner, or an admin. */
export async function canAccessProject(userId: string, project: { userId: string }): Promise<boolean> {
  if (project.userId === userId) return true;
  return isAdmin(userId);
}

/**
 * The project with its scenes when the user may work on it (owner or admin). Null when it does
 * not exist or is someone else's: callers answer 404 for both, so ids of other users' projects
 * are not revealed.
 */
export async function getProjectForUser(userId: string, projectId: string): Promise<ProjectWithScenes | null> {
  const project = await getProjectWithScenes(projectId);
  if (!project) return null;
  return (await canAccessProject(userId, project)) ? project : null;
}

/** The user's own projects, newest first (seed 001 §2.2). */
export function listUserProjects(userId: string, take = 100): Promise<(ProjectRow & { _count: { scenes: number } })[]> {
  return prisma.project.findMany({
    where: { userId },
    orderBy: [{ updatedAt: "desc" }, { createdAt: "desc" }],
    take: Math.min(Math.max(take, 1), 500),
    include: { _count: { select: { scenes: true } } },
  });
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
};

export type NewProject = {
  userId: string;
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
};

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
    scenes: {
      create: (input.scenes ?? []).map((s, i) => ({
        title: s.title.slice(0, 200),
        script: s.script,
        voiceOverText: s.voiceOverText,
        description: s.description ?? null,
        imagePrompt: s.imagePrompt ?? null,
        duration: s.duration ?? null,
        // Seed 001 §3: scene order starts at 1.
        sceneOrder: i + 1,
      })),
    },
  };
}

/** Creates a project (new projects start as draft) with its scenes in the given order. */
export async function createProject(input: NewProject): Promise<ProjectWithScenes> {
  return prisma.project.create({ data: { userId: input.userId, ...projectData(input) }, include: { scenes: orderedScenes } });
}

/**
 * The project of a Create Video story, created once: the story row is locked, and when it is
 * already linked to a project that project is returned (a retried workflow step never makes a
 * second project or duplicate scenes). The new project is linked to the story in the same
 * transaction (Story.projectId).
 */
export async function createProjectForStory(storyId: number, input: NewProject): Promise<{ project: ProjectWithScenes; created: boolean }> {
  return prisma.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<{ id: number; userId: string; projectId: string | null }[]>`
        SELECT "id", "userId", "projectId" FROM "stories" WHERE "id" = ${storyId} FOR UPDATE`;
      const story = rows[0];
      if (!story) throw new ProjectError("not_found", `Story ${storyId} does not exist`);
      if (story.userId !== input.userId) throw new ProjectError("forbidden", "The story belongs to another user");
      if (story.projectId) {
        const existing = await tx.project.findUnique({ where: { id: story.projectId }, include: { scenes: orderedScenes } });
        if (existing) return { project: existing, created: false };
      }
      const project = await tx.project.create({
        data: { userId: input.userId, ...projectData(input), story: { connect: { id: storyId } } },
        include: { scenes: orderedScenes },
      });
      return { project, created: true };
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

export class ProjectError extends Error {
  constructor(
    readonly code: "not_found" | "forbidden" | "invalid",
    message: string,
  ) {
    super(message);
    this.name = "ProjectError";
  }
}

export type ProjectUpdate = Partial<
  Pick<
    ProjectRow,
    "title" | "description" | "fullScript" | "mainProductImageUrl" | "aspectRatio" | "style" | "voiceId" | "backgroundMusicUrl" | "finalVideoUrl"
  >
>;

/** Changes a project's fields (no status: see setProjectStatus). Null when it does not exist. */
export async function updateProject(projectId: string, data: ProjectUpdate): Promise<ProjectRow | null> {
  if (data.aspectRatio !== undefined && !(ASPECT_RATIOS as readonly string[]).includes(data.aspectRatio)) {
    throw new ProjectError("invalid", "Aspect ratio must be 9:16, 16:9 or 1:1");
  }
  try {
    return await prisma.project.update({ where: { id: projectId }, data });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") return null;
    throw error;
  }
}

/**
 * Status transitions (seed 001 §3/§4): draft → in_progress (work started) → completed (compiled)
 * or failed; a completed or failed project goes back to in_progress when work starts again.
 * Returns false when the project does not exist or the move is not allowed.
 */
const ALLOWED: Record<ProjectStatus, readonly ProjectStatus[]> = {
  draft: ["in_progress", "failed"],
  in_progress: ["in_progress", "completed", "failed"],
  completed: ["in_progress", "completed"],
  failed: ["in_progress", "failed"],
};

export async function setProjectStatus(projectId: string, status: ProjectStatus): Promise<boolean> {
  const from = (Object.keys(ALLOWED) as ProjectStatus[]).filter((s) => ALLOWED[s].includes(status));
  const { count } = await prisma.project.updateMany({ where: { id: projectId, status: { in: from } }, data: { status } });
  return count > 0;
}

/** The compile finished: the final video is on the project and its status is completed. */
export async function markProjectCompiled(projectId: string, finalVideoUrl: string): Promise<boolean> {
  const { count } = await prisma.project.updateMany({
    where: { id: projectId },
    data: { status: "completed", finalVideoUrl },
  });
  return count > 0;
}

/** The compile (or the preparation of its scenes) failed. A completed project stays completed. */
export async function markProjectFailed(projectId: string): Promise<boolean> {
  return setProjectStatus(projectId, "failed");
}

/** The project a story produced, if any. */
export async function projectIdOfStory(storyId: number): Promise<string | null> {
  const project = await prisma.project.findFirst({ where: { story: { id: storyId } }, select: { id: true } });
  return project?.id ?? null;
}
