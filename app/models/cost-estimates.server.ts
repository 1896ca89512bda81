// What a piece of work will cost before it is asked for (the editors' confirmations, the MCP
// estimate_cost tool): the same plan the request itself charges (scene-generation.server.ts),
// priced from the one price list (prices.ts). docs/decisions/150-price-list-and-work-charges.md.
import type { Actor } from "~/models/actor.server";
import { getBalance } from "~/models/credits.server";
import { failedWhile, type SceneAssetStep } from "~/models/scene-asset-steps";
import { priceOf } from "~/models/prices";
import { getProject } from "~/models/project.server";
import { planCompile, planSceneSteps, type GenerationChoice } from "~/models/scene-generation.server";
import { findSceneOfProject } from "~/models/scenes.server";

/** The work to price: a scene's step(s), or a compile of the project. */
export type EstimateWork =
  | { kind: "scene"; sceneId: string; step?: GenerationChoice; regenerate?: boolean }
  | { kind: "compile" };

export type CostLine = { work: "scene_step" | "compile"; sceneId?: string; step?: SceneAssetStep; credits: number };

export type CostEstimate = {
  /** What the request would charge now. */
  credits: number;
  /** The same, line by line (each step of each scene, and the compile itself). */
  lines: CostLine[];
  /** The actor's balance (they pay for what they ask for). */
  balance: number;
  enough: boolean;
  /**
   * What would stop it (the product's message): for a scene request it is refused before any
   * charge; for a compile it is where the preparation will fail (and the compile be refunded).
   */
  blocked: string | null;
};

/**
 * What generating one step (or all steps) of a scene, or compiling the project, will cost the
 * actor now. NotFoundError for a project or scene the actor may not work on.
 */
export async function estimateCost(actor: Actor, input: { projectId: string; work: EstimateWork }): Promise<CostEstimate> {
  const project = await getProject(actor, input.projectId);
  const balance = await getBalance(actor.id);
  let lines: CostLine[];
  let credits: number;
  let blocked: string | null = null;
  if (input.work.kind === "compile") {
    const plan = await planCompile(actor, project.id);
    lines = [
      ...plan.scenes.flatMap((s) => s.steps.map((p) => ({ work: "scene_step" as const, sceneId: s.sceneId, step: p.step, credits: p.credits }))),
      { work: "compile", credits: priceOf({ work: "compile" }) },
    ];
    credits = plan.credits;
    const stop = plan.scenes.find((s) => s.blocked)?.blocked;
    if (stop) blocked = failedWhile(stop.step, stop.reason);
  } else {
    const scene = await findSceneOfProject(actor, project.id, input.work.sceneId);
    const choice = input.work.step ?? "all";
    const plan = planSceneSteps(scene, project, choice, input.work.regenerate === true);
    lines = plan.steps.map((p) => ({ work: "scene_step", sceneId: scene.id, step: p.step, credits: p.credits }));
    credits = plan.credits;
    if (plan.blocked) blocked = choice === "all" ? failedWhile(plan.blocked.step, plan.blocked.reason) : plan.blocked.reason;
  }
  return { credits, lines, balance, enough: balance >= credits, blocked };
}
