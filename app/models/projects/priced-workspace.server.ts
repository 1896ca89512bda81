// The editors' workspace with the price of each scene's work and of the compile, shown before the
// user confirms (docs/decisions/409-editor-prices-kept-by-version.md). Pricing every scene of a long
// project needs all its rows and plans each one: the page showing the first scenes would read and
// plan them all on every visit. The figures are a function of the project's and scenes' rows and
// the payer, so they are kept per project and viewer with the version they were computed at, and
// a visit at the same version reads only the scenes it shows.
import type { Actor } from "~/models/access/actor.server";
import { keepAtMost } from "~/utils/bounded-map";
import { projectCostsOf, type CostEstimate } from "./cost-estimates.server";
import { getEditorWorkspace, type EditorWorkspace } from "./project-workspace.server";

/** What a piece of work costs now, and what would stop it (the product's message). */
export type PriceTag = Pick<CostEstimate, "credits" | "blocked">;

export type PriceTags = {
  /** Every scene's work (all its steps), by scene id. */
  scenes: ReadonlyMap<string, PriceTag>;
  /** The compile (null for a project without scenes). */
  compile: PriceTag | null;
};

const kept = new Map<string, { version: string; tags: PriceTags }>();
/** Project and viewer pairs: a tag is a few numbers, a long project's entry a few kilobytes. */
const MAX_KEPT = 1_000;

/**
 * getEditorWorkspace (the first `sceneLimit` scenes; null: all) with `prices` for every scene of
 * the project and its compile: the figures estimateCost gives. A project or scene changed since
 * they were computed for this viewer is read again whole and priced again (one statement more).
 */
export async function getPricedEditorWorkspace(actor: Actor, projectId: string, sceneLimit: number | null): Promise<EditorWorkspace & { prices: PriceTags }> {
  const first = await getEditorWorkspace(actor, projectId, sceneLimit);
  const key = `${first.project.id}\u0000${actor.id}`;
  const known = kept.get(key);
  if (known?.version === first.scenesVersion) {
    keepAtMost(kept, key, known, MAX_KEPT);
    return { ...first, prices: known.tags };
  }
  // Not priced at this version: the compile's price covers every scene, so every scene is read.
  const whole = first.scenes.length < first.sceneCount ? await getEditorWorkspace(actor, projectId, null) : first;
  const tags = priceTagsOf(actor, whole);
  keepAtMost(kept, key, { version: whole.scenesVersion, tags }, MAX_KEPT);
  const scenes = sceneLimit !== null && whole.scenes.length > sceneLimit ? whole.scenes.slice(0, sceneLimit) : whole.scenes;
  return { ...whole, scenes, prices: tags };
}

function priceTagsOf(actor: Actor, workspace: EditorWorkspace): PriceTags {
  const costs = projectCostsOf(actor, workspace.project, workspace.scenes);
  const tag = (c: PriceTag): PriceTag => ({ credits: c.credits, blocked: c.blocked });
  return {
    scenes: new Map([...costs.scenes].map(([id, c]) => [id, tag(c)])),
    compile: costs.compile ? tag(costs.compile) : null,
  };
}
