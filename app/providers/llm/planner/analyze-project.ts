// Project requirements analysis (analyze_project_requirements, docs/product.md#tools-and-agents):
// what exists, what is missing per scene, how long the video will be and what to do next.
import { WORDS_PER_SECOND, countWords, round1 } from "./text";

/** The fields of a scene the planner looks at (a subset of the Scene model). */
export interface SceneLike {
  id: string;
  sceneOrder?: number | null;
  title?: string | null;
  description?: string | null;
  script?: string | null;
  voiceOverText?: string | null;
  imagePrompt?: string | null;
  imageUrl?: string | null;
  videoUrl?: string | null;
  voiceOverUrl?: string | null;
  voiceOverDuration?: number | null;
  backgroundMusicUrl?: string | null;
  duration?: number | null;
  status?: string | null;
}

export interface ProjectLike {
  id?: string;
  title?: string | null;
  description?: string | null;
  fullScript?: string | null;
  mainProductImageUrl?: string | null;
  style?: string | null;
  aspectRatio?: string | null;
  backgroundMusicUrl?: string | null;
  scenes: SceneLike[];
}

export type SceneRequirement = "script" | "voice-over text" | "image prompt" | "image" | "voice-over" | "video";

export interface SceneAnalysis {
  sceneId: string;
  order: number;
  title: string;
  /** Ready for compilation: has a video and status completed (docs/product.md#compile). */
  ready: boolean;
  missing: SceneRequirement[];
  estimatedSeconds: number;
  /** Where the estimate comes from. */
  durationSource: "voice-over audio" | "scene duration" | "voice-over text" | "script" | "default";
}

export interface ProjectAnalysis {
  sceneCount: number;
  readyScenes: number;
  readyToCompile: boolean;
  counts: {
    withScript: number;
    withVoiceOverText: number;
    withImagePrompt: number;
    withImage: number;
    withVoiceOver: number;
    withVideo: number;
  };
  projectMissing: string[];
  scenes: SceneAnalysis[];
  scriptWordCount: number;
  /** Sum of the scenes' estimates; from the full script when there are no scenes yet. */
  estimatedDurationSeconds: number;
  nextSteps: string[];
  summary: string;
}

/** A scene with no better information is assumed to last this long (seconds). */
export const DEFAULT_SCENE_SECONDS = 5;

const has = (v: string | null | undefined) => typeof v === "string" && v.trim().length > 0;

export function sceneSeconds(scene: SceneLike, wps = WORDS_PER_SECOND): { seconds: number; source: SceneAnalysis["durationSource"] } {
  if (scene.voiceOverDuration && scene.voiceOverDuration > 0) return { seconds: scene.voiceOverDuration, source: "voice-over audio" };
  if (scene.duration && scene.duration > 0) return { seconds: scene.duration, source: "scene duration" };
  if (has(scene.voiceOverText)) return { seconds: countWords(scene.voiceOverText!) / wps, source: "voice-over text" };
  if (has(scene.script)) return { seconds: countWords(scene.script!) / wps, source: "script" };
  return { seconds: DEFAULT_SCENE_SECONDS, source: "default" };
}

export function orderedScenes<T extends SceneLike>(scenes: T[]): T[] {
  return scenes
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (a.s.sceneOrder ?? a.i) - (b.s.sceneOrder ?? b.i) || a.i - b.i)
    .map((x) => x.s);
}

export function analyzeProject(project: ProjectLike, options: { wordsPerSecond?: number } = {}): ProjectAnalysis {
  const wps = options.wordsPerSecond ?? WORDS_PER_SECOND;
  const scenes = orderedScenes(project.scenes);
  const analyses: SceneAnalysis[] = scenes.map((scene, i) => {
    const missing: SceneRequirement[] = [];
    if (!has(scene.script)) missing.push("script");
    if (!has(scene.voiceOverText)) missing.push("voice-over text");
    if (!has(scene.imagePrompt)) missing.push("image prompt");
    if (!has(scene.imageUrl)) missing.push("image");
    if (!has(scene.voiceOverUrl)) missing.push("voice-over");
    if (!has(scene.videoUrl)) missing.push("video");
    const { seconds, source } = sceneSeconds(scene, wps);
    return {
      sceneId: scene.id,
      order: i + 1,
      title: has(scene.title) ? scene.title!.trim() : `Scene ${i + 1}`,
      ready: has(scene.videoUrl) && scene.status === "completed",
      missing,
      estimatedSeconds: round1(seconds),
      durationSource: source,
    };
  });
  const count = (pred: (s: SceneLike) => boolean) => scenes.filter(pred).length;
  const counts = {
    withScript: count((s) => has(s.script)),
    withVoiceOverText: count((s) => has(s.voiceOverText)),
    withImagePrompt: count((s) => has(s.imagePrompt)),
    withImage: count((s) => has(s.imageUrl)),
    withVoiceOver: count((s) => has(s.voiceOverUrl)),
    withVideo: count((s) => has(s.videoUrl)),
  };
  const projectMissing: string[] = [];
  if (!has(project.fullScript)) projectMissing.push("full script");
  if (!has(project.mainProductImageUrl)) projectMissing.push("main product image");
  if (!has(project.style)) projectMissing.push("style");
  if (!has(project.backgroundMusicUrl) && !scenes.some((s) => has(s.backgroundMusicUrl))) projectMissing.push("background music");

  const scriptWordCount = has(project.fullScript) ? countWords(project.fullScript!) : 0;
  const estimatedDurationSeconds = round1(analyses.length ? analyses.reduce((s, a) => s + a.estimatedSeconds, 0) : scriptWordCount / wps);
  const readyScenes = analyses.filter((a) => a.ready).length;
  const readyToCompile = analyses.length > 0 && readyScenes === analyses.length;

  const nextSteps: string[] = [];
  if (!has(project.fullScript) && analyses.length === 0) nextSteps.push("Write the full script.");
  if (has(project.fullScript) && analyses.length === 0) nextSteps.push("Divide the script into scenes.");
  if (!has(project.mainProductImageUrl)) nextSteps.push("Upload a main product image.");
  const stepFor: Array<[SceneRequirement, string]> = [
    ["image prompt", "Generate image prompts"],
    ["image", "Generate images"],
    ["voice-over text", "Write voice-over text"],
    ["voice-over", "Generate voice-overs"],
    ["video", "Generate videos"],
  ];
  for (const [req, verb] of stepFor) {
    const list = analyses.filter((a) => a.missing.includes(req)).map((a) => a.order);
    if (list.length) nextSteps.push(`${verb} for ${list.length === analyses.length ? "all scenes" : `scene${list.length > 1 ? "s" : ""} ${list.join(", ")}`}.`);
  }
  if (readyToCompile) nextSteps.push("Compile the video.");

  const summary =
    analyses.length === 0
      ? `No scenes yet${scriptWordCount ? `; the script has ${scriptWordCount} words (about ${formatSeconds(estimatedDurationSeconds)})` : ""}.`
      : `${analyses.length} scene${analyses.length === 1 ? "" : "s"}, ${readyScenes} ready for compilation; estimated length ${formatSeconds(estimatedDurationSeconds)}.`;

  return {
    sceneCount: analyses.length,
    readyScenes,
    readyToCompile,
    counts,
    projectMissing,
    scenes: analyses,
    scriptWordCount,
    estimatedDurationSeconds,
    nextSteps,
    summary,
  };
}

export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
