// What a piece of work will cost before it is asked for (the editors' confirmations, the MCP
// estimate_cost tool): the same plan the request itself charges (scene-generation.server.ts),
// priced from the one price list (prices.ts). docs/decisions/150-price-list-and-work-charges.md.
import type { Actor } from "~/models/access/actor.server";
import { priceOf } from "~/models/billing";
import { getBalance } from "~/models/billing/credits.server";
import { failedWhile, type SceneAssetStep } from "~/models/generation/scene-asset-steps";
import { getProject } from "./project.server";
import type { ProjectRow } from "./project.server";
import { compilePlanOf, planCompile, planSceneSteps, type GenerationChoice, type ScenePlan } from "~/models/generation/scene-generation.server";
import { findSceneOfProject, type SceneRow } from "./scenes.server";

/** The work to price: a scene's step(s), or a compile of the project. */
export type EstimateWork = { kind: "scene"; sceneId: string; step?: GenerationChoice; regenerate?: boolean } | { kind: "compile" };

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
  const priced =
    input.work.kind === "compile"
      ? compileCostOf(await planCompile(actor, project.id))
      : sceneCostOf(
          await findSceneOfProject(actor, project.id, input.work.sceneId),
          project,
          input.work.step ?? "all",
          input.work.regenerate === true,
          actor.id,
        );
  return { ...priced, balance, enough: balance >= priced.credits };
}

type Priced = Pick<CostEstimate, "credits" | "lines" | "blocked">;

function sceneCostOf(scene: SceneRow, project: ProjectRow, choice: GenerationChoice, regenerate: boolean, payerId: string): Priced {
  return pricedScenePlan(scene, planSceneSteps(scene, project, choice, regenerate, payerId), choice);
}

function pricedScenePlan(scene: SceneRow, plan: ScenePlan, choice: GenerationChoice): Priced {
  return {
    credits: plan.credits,
    lines: plan.steps.map((p) => ({ work: "scene_step", sceneId: scene.id, step: p.step, credits: p.credits })),
    blocked: plan.blocked ? (choice === "all" ? failedWhile(plan.blocked.step, plan.blocked.reason) : plan.blocked.reason) : null,
  };
}

function compileCostOf(plan: ReturnType<typeof compilePlanOf>): Priced {
  const stop = plan.scenes.find((s) => s.blocked)?.blocked;
  return {
    credits: plan.credits,
    lines: [
      ...plan.scenes.flatMap((s) => s.steps.map((p) => ({ work: "scene_step" as const, sceneId: s.sceneId, step: p.step, credits: p.credits }))),
      { work: "compile", credits: priceOf({ work: "compile" }) },
    ],
    blocked: stop ? failedWhile(stop.step, stop.reason) : null,
  };
}

/**
 * What every scene (all its steps) and the compile would cost, from a project and its scenes the
 * caller has already read for this actor (the editors' page): the same figures as estimateCost,
 * without a statement per scene (docs/decisions/238-page-speed.md).
 */
export function projectCostsOf(actor: Actor, project: ProjectRow, scenes: SceneRow[]): { scenes: Map<string, Priced>; compile: Priced | null } {
  // Each scene planned once: its own cost and the compile's preparation are the same plan.
  const plans = new Map(scenes.map((s) => [s.id, planSceneSteps(s, project, "all", false, actor.id)]));
  return {
    scenes: new Map(scenes.map((s) => [s.id, pricedScenePlan(s, plans.get(s.id)!, "all")])),
    compile: scenes.length ? compileCostOf(compilePlanOf({ ...project, scenes }, actor.id, (s) => plans.get(s.id)!)) : null,
  };
}
