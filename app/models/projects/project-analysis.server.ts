// analyze_project_requirements (docs/product.md#video-projects, docs/decisions/174-project-analysis-functions.md):
// what the project has, what each scene is missing, how long the video will be and what to do
// next, from the project's own data through the planner (the local planner's algorithm unless a
// hosted model is configured). Reads only; costs nothing. Owner or admin (ADR 130).
import type { Actor } from "~/models/access/actor.server";
import { planTask } from "~/models/generation/planner.server";
import { getProjectWithScenes } from "./project.server";
import { findSceneOfProject } from "./scenes.server";
import { chatProviderInfo } from "~/providers/llm/index.server";
import type { ProjectAnalysis } from "~/providers/llm/planner";

/** What runs the analysis functions, as the screens say it (ADR 174: honest about the planner). */
export function analysisPlanner(): { label: string; local: boolean } {
  const info = chatProviderInfo();
  return { label: info.label, local: info.id === "local-planner" };
}

export type AnalysisContext = {
  /** Narrow the per-scene list to this scene (it must be one of the project's). */
  sceneId?: string | null;
  /** What the user asked, kept with the answer (the analysis itself is of the project's data). */
  userInput?: string | null;
};

export type ProjectRequirements = {
  projectId: string;
  analysis: ProjectAnalysis;
  context: { sceneId: string | null; userInput: string | null };
};

/** The requirements analysis of a project the actor may work on. NotFoundError otherwise. */
export async function analyzeProjectRequirements(actor: Actor, projectId: string, context: AnalysisContext = {}): Promise<ProjectRequirements> {
  const project = await getProjectWithScenes(actor, projectId);
  const sceneId = context.sceneId?.trim() || null;
  if (sceneId) await findSceneOfProject(actor, project.id, sceneId);
  const analysis = (await planTask("analyze_project", { project })) as ProjectAnalysis;
  return {
    projectId: project.id,
    analysis: sceneId ? { ...analysis, scenes: analysis.scenes.filter((s) => s.sceneId === sceneId) } : analysis,
    context: { sceneId, userInput: context.userInput?.trim().slice(0, 2000) || null },
  };
}
