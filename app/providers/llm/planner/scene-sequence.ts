// Scene order proposal (optimize_scene_sequence, docs/decisions/175-scene-sequence-proposals.md):
// each scene gets the role its words play in a short ad — hook, problem, product, benefit,
// proof, call to action — and the proposal is the classic ad arc in that order, keeping the
// current order within a role. A scene whose words say nothing about its role stays after the
// scene it follows now. Deterministic and explainable: every move says why.
import { type SceneLike, orderedScenes } from "./analyze-project";

export const SCENE_ROLES = ["hook", "problem", "product", "benefit", "proof", "call to action"] as const;
export type SceneRole = (typeof SCENE_ROLES)[number];

export interface SequencedScene {
  sceneId: string;
  title: string;
  /** "other": its words show no role; it keeps its place after the scene it follows now. */
  role: SceneRole | "other";
  /** 1-based place now and in the proposal. */
  from: number;
  to: number;
  reason: string;
}

export interface SceneSequence {
  /** The scenes in the proposed order. */
  scenes: SequencedScene[];
  /** The proposal differs from the current order. */
  changed: boolean;
  summary: string;
}

const CALL_TO_ACTION =
  /\b(shop|buy|order|get yours|get it|get your|try it|try now|visit|link in bio|sign up|subscribe|download|book now|grab|claim|tap|click|use code|available (?:now|at|on)|today only|limited offer|discount)\b/i;
const PROOF =
  /\b(reviews?|rated|\d(?:[.,]\d)?\s*stars?|customers?|loved by|testimonials?|trusted|award|dermatologists?|clinically|proven|bestsell\w*|\d+\s*%|thousands|millions|experts?)\b/i;
const PROBLEM =
  /\b(tired of|struggl\w*|hard|problem|annoy\w*|frustrat\w*|dull|dry|pain\w*|hate|ever feel|no more|stuck|mess\w*|worr\w*|stress\w*|sick of|can't|cannot)\b/i;
const HOOK = /\b(imagine|what if|did you know|pov|wait|stop scrolling|guess what|here's (?:a|the) secret|you won't believe)\b/i;
/** The scene opens with a question to the viewer. */
const OPENS_WITH_QUESTION = /^[^.!?]*\?/;
const PRODUCT = /\b(meet|introducing|presenting|this is|say hello|new|our|made with|formula|designed)\b/i;
const BENEFIT =
  /\b(feel|look|glow\w*|smooth\w*|fresh\w*|fast\w*|easy|easily|saves?|better|best|boost\w*|lasts?|soft\w*|bright\w*|energ\w*|comfort\w*|every day|all day)\b/i;

const REASONS: Record<SceneRole, string> = {
  hook: "A hook opens the ad: it earns the first seconds.",
  problem: "The problem comes early, before the product solves it.",
  product: "The product is introduced once the problem is set.",
  benefit: "Benefits follow the product they belong to.",
  proof: "Proof (reviews, numbers) backs the benefits before the ask.",
  "call to action": "The call to action closes the ad.",
};

function textOf(scene: SceneLike): string {
  return [scene.title, scene.description, scene.script, scene.voiceOverText].filter((t) => t && t.trim()).join(". ");
}

/** The role a scene's words play, or null when they say nothing recognisable. */
export function sceneRole(scene: SceneLike, product?: string | null): SceneRole | null {
  const text = textOf(scene);
  if (!text.trim()) return null;
  if (CALL_TO_ACTION.test(text)) return "call to action";
  if (PROOF.test(text)) return "proof";
  const spoken = (scene.voiceOverText ?? scene.script ?? scene.description ?? "").trim();
  if (HOOK.test(text) || OPENS_WITH_QUESTION.test(spoken)) return "hook";
  if (PROBLEM.test(text)) return "problem";
  const name = (product ?? "").trim().toLowerCase();
  if (PRODUCT.test(text) || (name.length > 2 && text.toLowerCase().includes(name))) return "product";
  if (BENEFIT.test(text)) return "benefit";
  return null;
}

export function optimizeSceneSequence(scenes: SceneLike[], options: { product?: string | null } = {}): SceneSequence {
  const current = orderedScenes(scenes);
  let previous = 0;
  const ranked = current.map((scene, i) => {
    const detected = sceneRole(scene, options.product);
    // Without a recognisable role a scene keeps its neighbour's rank, so it moves with it.
    const rank = detected ? SCENE_ROLES.indexOf(detected) : previous;
    previous = rank;
    return { scene, i, rank, role: detected ?? ("other" as const) };
  });
  const proposed = [...ranked].sort((a, b) => a.rank - b.rank || a.i - b.i);
  const out: SequencedScene[] = proposed.map((r, to) => ({
    sceneId: r.scene.id,
    title: r.scene.title?.trim() || `Scene ${r.i + 1}`,
    role: r.role,
    from: r.i + 1,
    to: to + 1,
    reason: r.i === to ? "Already in place." : r.role === "other" ? "It stays with the scene it follows." : REASONS[r.role],
  }));
  const moved = out.filter((s) => s.from !== s.to).length;
  return {
    scenes: out,
    changed: moved > 0,
    summary:
      current.length < 2
        ? "There is nothing to reorder with fewer than two scenes."
        : moved === 0
          ? "The scenes already follow the ad's arc (hook, problem, product, benefits, proof, call to action)."
          : `Moving ${moved} of ${current.length} scenes into the ad's arc: hook, problem, product, benefits, proof, call to action.`,
  };
}
