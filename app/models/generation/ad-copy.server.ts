// The ad's words from a language model in Create Video (docs/decisions/377-model-ad-copy-in-create-video.md):
// with a model configured, the hook, the call-outs and the end-card line come from the `ad_copy`
// task once per video, checked field by field by the copy rules (ADR 320: a breaking field is the
// local planner's), and are stored on the project before its scenes are drawn, so every scene step
// and a retried step draw the same words. Without a model (or when it fails) nothing is stored and
// the ad shows the local planner's words, as before.
import type { Actor } from "~/models/access/actor.server";
import { getProjectWithScenes, type ProjectRow, type SceneRow } from "~/models/projects/project.server";
import { announceProjectUpdated } from "~/models/projects/project-events.server";
import { getChatModel, runCheckedPlannerTask } from "~/providers/llm/index.server";
import type { AdCopy } from "~/providers/llm/planner/ad-structure";
import { Prisma, prisma } from "~/utils/db.server";

/** What the ad's words are planned from: each scene's spoken text, as the shots read them (scene-assets.server.ts). */
export function adSceneTexts(scenes: Pick<SceneRow, "voiceOverText" | "script" | "title">[]): string[] {
  return scenes.map((s) => s.voiceOverText?.trim() || s.script?.trim() || s.title || "");
}

/** The model's words stored on a project, or null (none stored, or not of the expected shape). */
export function storedAdCopy(project: Pick<ProjectRow, "adCopy">): AdCopy | null {
  const v = project.adCopy as Partial<AdCopy> | null;
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  if (typeof v.hook !== "string" || typeof v.endCard !== "string" || typeof v.product !== "string") return null;
  if (!Array.isArray(v.callouts) || !v.callouts.every((c) => typeof c === "string")) return null;
  return { product: v.product, hook: v.hook, callouts: v.callouts, endCard: v.endCard };
}

export type PlannedAdCopy = { source: "model" | "local"; copy: AdCopy | null; replaced: string[] };

/**
 * Writes the ad's words of a project with the configured language model, once: a project that has
 * them keeps them. Returns "local" (nothing stored) without a model, or when the model fails (the
 * video is still made, with the local planner's words). NotFoundError when the actor may not see it.
 */
export async function planProjectAdCopy(actor: Actor, projectId: string): Promise<PlannedAdCopy> {
  const project = await getProjectWithScenes(actor, projectId);
  const stored = storedAdCopy(project);
  if (stored) return { source: "model", copy: stored, replaced: [] };
  const model = await getChatModel();
  if (model._llmType() === "local-planner" || project.scenes.length === 0) return { source: "local", copy: null, replaced: [] };
  const replaced: string[] = [];
  let copy: AdCopy;
  try {
    copy = await runCheckedPlannerTask(
      model,
      "ad_copy",
      { scenes: adSceneTexts(project.scenes), style: project.style },
      { onReplaced: (fields) => replaced.push(...fields) },
    );
  } catch (error) {
    console.warn(`[ad-copy] project ${project.id}: the language model gave no ad words, the local planner's are used`, error);
    return { source: "local", copy: null, replaced: [] };
  }
  if (replaced.length) console.warn(`[ad-copy] project ${project.id}: the local planner's version replaces ${replaced.join(" | ")}`);
  // Once: a second run (a re-delivered step) keeps what the first stored.
  const { count } = await prisma.project.updateMany({ where: { id: project.id, adCopy: { equals: Prisma.DbNull } }, data: { adCopy: copy } });
  if (count === 0) {
    const again = storedAdCopy(await getProjectWithScenes(actor, projectId));
    return { source: "model", copy: again ?? copy, replaced: [] };
  }
  await announceProjectUpdated(project);
  return { source: "model", copy, replaced };
}
