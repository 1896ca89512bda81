// The local planner's algorithms as plain typed functions, for workflows and tools to call directly.
export { divideScript, type DivideScriptOptions, type DividedScript, type PlannedScene } from "./divide-script";
export { writeImagePrompt, stylePreset, type ImagePromptInput } from "./image-prompt";
export { writeVoiceOver, cleanForSpeech, type VoiceOverOptions, type VoiceOverResult } from "./voice-over";
export { seoMetadata, type SeoMetadata, type SeoOptions } from "./seo";
export {
  analyzeProject,
  sceneSeconds,
  orderedScenes,
  formatSeconds,
  DEFAULT_SCENE_SECONDS,
  type ProjectAnalysis,
  type ProjectLike,
  type SceneAnalysis,
  type SceneLike,
  type SceneRequirement,
} from "./analyze-project";
export {
  optimizeCanvasLayout,
  LAYOUT_DEFAULTS,
  type LayoutEdge,
  type LayoutNode,
  type LayoutOptions,
  type OptimizedLayout,
  type PlacedNode,
} from "./canvas-layout";
export { optimizeSceneSequence, sceneRole, SCENE_ROLES, type SceneRole, type SceneSequence, type SequencedScene } from "./scene-sequence";
export { enhanceDescription, type EnhancedDescription } from "./enhance-description";
export { optimizedImagePrompt, type OptimizedPrompt, type OptimizedPromptInput, type PromptImageFacts } from "./optimized-prompt";
export { suggestImprovements, type SceneSuggestions, type Suggestion, type SuggestImprovementsOptions } from "./suggest-improvements";
export {
  routeCommand,
  COMMAND_EXAMPLES,
  AGENT_FUNCTIONS,
  SCENE_UPDATE_TYPES,
  SELECT_PROJECT_FIRST,
  type Intent,
  type RouteContext,
  type RouteResult,
  type RouteScene,
} from "./route-command";
export {
  plannerSchemas,
  PLANNER_TASKS,
  TASK_INSTRUCTIONS,
  isPlannerTask,
  runLocalTask,
  type PlannerTask,
  type PlannerTaskInput,
  type PlannerTaskOutput,
} from "./tasks";
export { WORDS_PER_SECOND, countWords, extractKeywords, splitSentences, splitParagraphs, type Keyword } from "./text";
export { titleFromText } from "./copy-writer";
export { enforceCopyRules, COPY_TASKS, type CheckedCopy } from "./copy-check";
export { adCopy, type AdCopy } from "./ad-structure";
export { copyProblems, hashtagProblems, keepsCopyRules, COPY_LIMITS, HASHTAG_LIMITS, type CopyContext, type CopyField } from "./copy-rules";
