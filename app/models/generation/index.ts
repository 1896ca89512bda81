// generation/: Making one scene's assets (image prompt, image, script, voice-over, video, music): the
// requests that are charged and sent to the workflow, the steps the workflow runs, asset versions,
// voices, product-image analysis, and how a failed step reads to people.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export { planProjectAdCopy, type PlannedAdCopy } from "./ad-copy.server";
export { ensureBackgroundMusic } from "./background-music.server";
export { setImageJobVisibility } from "./image-jobs.server";
export { SceneAssetError, reasonOf } from "./pipeline-errors.server";
export { planTask } from "./planner.server";
export { ProductImageError, analyzeProductImage, generateOptimizedPrompt } from "./product-image-analysis.server";
export { listSceneAssetVersions, restoreSceneAssetVersion, setSceneMedia } from "./scene-asset-versions.server";
export { completeSceneAssets, recordSceneFailure, runSceneAssetStep } from "./scene-assets.server";
export {
  generationProgress,
  refundUnfinishedGeneration,
  requestSceneGeneration,
  settleGenerationStep,
  type GenerationProgress,
} from "./scene-generation.server";
export { generateSceneMusic } from "./scene-music.server";
export { planSceneMotions, type PlannedSceneMotions } from "./scene-motion-plan.server";
export { checkImageJob, deleteStuckImageJob, listStuckImageJobs, retryImageJob, type JobCheck, type StuckJob } from "./stuck-image-jobs.server";
export { voiceSample } from "./voice-samples.server";
export { defaultVoiceId, listVoices, voiceExists } from "./voices.server";
