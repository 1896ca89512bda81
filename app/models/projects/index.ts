// projects/: A video project and its scenes, as both editors and the MCP tools work on them: creating and
// editing projects and scenes, their order, assets and script division, the canvas diagram, the
// planner's analysis, automated scene creation, and what a project's work will cost.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export { automatedSceneCost, automatedSceneProgress, createSceneAutomatically } from "./automated-scenes.server";
export { listProjectsForUpdates, listScenesForUpdates, submitSceneUpdate, type UpdateProjectOption, type UpdateSceneOption } from "./canvas-updates.server";
export { estimateCost } from "./cost-estimates.server";
export { analysisPlanner, analyzeProjectRequirements } from "./project-analysis.server";
export { addProjectAssets, projectUploadTarget, removeProjectAsset, setMainProjectImage, storeProjectUpload } from "./project-assets.server";
export { getProjectCanvas, optimizeProjectCanvas } from "./project-canvas.server";
export { deleteProject, deleteScene } from "./project-removal.server";
export { getEditorWorkspace, getProjectWorkspace, type WorkspaceScene } from "./project-workspace.server";
export { getPricedEditorWorkspace, type PriceTag, type PriceTags } from "./priced-workspace.server";
export {
  ProjectError,
  createProject,
  createProjectForStory,
  getProject,
  listUserProjects,
  listUserProjectsPage,
  PROJECT_PAGE_SIZE,
  markProjectCompiled,
  markProjectFailed,
  setProjectStatus,
  storyIdOfProject,
  updateProject,
  type ProjectRow,
  type ProjectUpdate,
} from "./project.server";
export { describeScene } from "./scene-description.server";
export {
  ENHANCE_MESSAGES,
  SceneEnhancementError,
  applyEnhancedDescription,
  enhanceSceneDescription,
  suggestSceneImprovements,
} from "./scene-enhancement.server";
export { applySceneSequence, optimizeSceneSequence } from "./scene-sequence.server";
export { NOT_OWN_MEDIA, SCENE_MATERIAL_MESSAGES, SceneMaterialError, setSceneMaterial, setSceneOwnMedia } from "./scene-own-media.server";
export { SCENE_TEXT_FIELDS, SceneInputError, SceneOrderConflictError, addScene, editScene, findSceneOfProject, type SceneTextEdit } from "./scenes.server";
export { divideProjectScript } from "./script-division.server";
