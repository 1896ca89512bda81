// Where a new scene goes (isomorphic). The two editors number scenes differently
// (docs/product.md#projects-and-scenes, docs/decisions/152-editor-operations.md):
// - the canvas editor: orders start at 1 and a new scene takes the highest order plus 1;
// - the video project management page (and the MCP add_scene tool): a new scene's order is the
//   number of scenes the project has now (so its first scene is 0).
// Play order is always ascending order, ties broken by creation time.

export const SCENE_ORDER_RULES = ["canvas", "management"] as const;
export type SceneOrderRule = (typeof SCENE_ORDER_RULES)[number];

export function isSceneOrderRule(value: unknown): value is SceneOrderRule {
  return typeof value === "string" && (SCENE_ORDER_RULES as readonly string[]).includes(value);
}

/** The order of a new scene under `rule`, given the project's scenes now. */
export function nextSceneOrder(rule: SceneOrderRule, existing: { count: number; maxOrder: number | null }): number {
  if (rule === "management") return existing.count;
  return (existing.maxOrder ?? 0) + 1;
}

/**
 * The orders of `count` scenes put in a new sequence: consecutive from the project's base — 0
 * when its first scene is numbered 0 (the management page's rule), else 1 (the canvas rule).
 */
export function sequenceOrders(count: number, firstOrder: number): number[] {
  const base = firstOrder <= 0 ? 0 : 1;
  return Array.from({ length: count }, (_, i) => base + i);
}
