// One read of a project as both editors show it (docs/product.md#canvas-editor,
// #video-projects): the project, its scenes in play order with each scene's image,
// voice-over and video (file, generated or uploaded, stale or not) and whether it is ready to
// compile, its project assets, and its latest compile. Loaders and the MCP get_video_project
// tool read this; every change goes through the core functions named in
// docs/decisions/152-editor-operations.md.
import type { Actor } from "~/models/access/actor.server";
import { captionPreferenceFromJson, captionPreferenceJson } from "~/models/captions/caption-preference.server";
import { compileJobFromJson, latestCompileJobJson, type CompileJobRow } from "~/models/compile/compile-jobs.server";
import { Prisma } from "~/utils/db.server";
import { projectAssetsFromJson, projectAssetsJson, type ProjectAssetItem } from "./project-assets.server";
import { checkedLike, getProject, getProjectWithFirstScenes, getProjectWithScenes, type ProjectRow } from "./project.server";
import { listSceneAssetVersions, type SceneAssetVersion } from "~/models/generation/scene-asset-versions.server";
import type { SceneAssetStates } from "~/models/generation/scene-asset-steps";
import { isSceneReadyToCompile } from "~/models/generation/scene-generation.server";
import { sceneAssetStates } from "./scene-staleness.server";
import { findSceneOfProject, type SceneRow } from "./scenes.server";
import type { CaptionPick } from "~/providers/render/caption-looks";

export type WorkspaceScene = SceneRow & {
  /** The scene's image, voice-over and video as the editors show them ("stale": Regenerate). */
  assets: SceneAssetStates;
  /** Ready to compile as it is: a video, completed, nothing stale. */
  ready: boolean;
};

export type ProjectWorkspace = {
  project: ProjectRow;
  scenes: WorkspaceScene[];
  assets: ProjectAssetItem[];
  latestCompile: CompileJobRow | null;
};

/** The project the actor may work on, as the editors show it. NotFoundError otherwise. */
export async function getProjectWorkspace(actor: Actor, projectId: string): Promise<ProjectWorkspace> {
  const row = await getProjectWithScenes<WorkspaceColumns>(actor, projectId, workspaceColumns());
  const { scenes, __assets, __compile, ...project } = row;
  return workspaceOf(checkedLike(actor, row, project), scenes, __assets, __compile);
}

export type EditorWorkspace = ProjectWorkspace & {
  captionPick: CaptionPick;
  /** All the project's scenes, shown or not. */
  sceneCount: number;
  /** Changes with every change to the project or its scenes (getProjectWithFirstScenes). */
  scenesVersion: string;
};

/**
 * The workspace with the actor's remembered caption pick, which both editors' compile forms
 * prefill: read in the project's statement, not a statement of its own (every editor visit).
 * `sceneLimit`: only the first scenes (a long project's first page, ADR 396); null: all of them.
 */
export async function getEditorWorkspace(actor: Actor, projectId: string, sceneLimit: number | null = null): Promise<EditorWorkspace> {
  const row = await getProjectWithFirstScenes<WorkspaceColumns & { __captions: unknown }>(
    actor,
    projectId,
    sceneLimit,
    Prisma.sql`${workspaceColumns()}, ${captionPreferenceJson(actor)} AS "__captions"`,
  );
  const { scenes, __assets, __compile, __captions, sceneCount, scenesVersion, ...project } = row;
  return {
    ...workspaceOf(checkedLike(actor, row, project), scenes, __assets, __compile),
    captionPick: captionPreferenceFromJson(__captions),
    sceneCount,
    scenesVersion,
  };
}

type WorkspaceColumns = { __assets: unknown; __compile: unknown };

/** The assets and the latest compile, with the project's row under its owner check: one statement, not three. */
function workspaceColumns(): Prisma.Sql {
  const projectColumn = Prisma.raw(`p."id"`);
  return Prisma.sql`, ${projectAssetsJson(projectColumn)} AS "__assets", ${latestCompileJobJson(projectColumn)} AS "__compile"`;
}

function workspaceOf(project: ProjectRow, scenes: SceneRow[], assets: unknown, compile: unknown): ProjectWorkspace {
  return {
    project,
    // The rows were read for this call alone, so each scene takes its states in place: a copy of
    // each 33-column row cost more than the states themselves (0.3 ms of a 50-scene page).
    scenes: scenes.map((s) => {
      const scene = s as WorkspaceScene;
      scene.assets = sceneAssetStates(s, project);
      scene.ready = isSceneReadyToCompile(s, project);
      return scene;
    }),
    assets: projectAssetsFromJson(assets),
    latestCompile: compileJobFromJson(compile),
  };
}

export type SceneDetail = WorkspaceScene & { versions: SceneAssetVersion[] };

/** One scene as the scene detail panel shows it: its fields, its assets' states and every version. */
export async function getSceneDetail(actor: Actor, projectId: string, sceneId: string): Promise<SceneDetail> {
  const project = await getProject(actor, projectId);
  const scene = await findSceneOfProject(actor, project.id, sceneId);
  const versions = await listSceneAssetVersions(actor, project.id, scene.id);
  return { ...scene, assets: sceneAssetStates(scene, project), ready: isSceneReadyToCompile(scene, project), versions };
}
