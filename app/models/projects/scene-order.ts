// Where a scene goes (isomorphic). One rule for every door — the canvas editor, the video
// project management page, the assistant, the MCP tools and the workflows
// (docs/product.md#projects-and-scenes, docs/decisions/255-one-scene-order-rule.md): a project's
// scenes are numbered 1, 2, 3 ... in play order; a new scene takes the highest order plus 1;
// a scene put at a position (the add_scene tool's `order`) pushes the ones from there down by
// one. Play order is ascending order, ties broken by creation time.

/** The order of a new last scene, given the project's highest order now (null: no scenes). */
export function nextSceneOrder(existing: { maxOrder: number | null }): number {
  return Math.max(existing.maxOrder ?? 0, 0) + 1;
}

/** The orders of `count` scenes put in a new sequence: 1, 2, 3 ... */
export function sequenceOrders(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i + 1);
}

/** A requested position (1-based) kept between the first place and just after the last scene. */
export function clampPosition(position: number, count: number): number {
  return Math.min(Math.max(1, Math.trunc(position)), count + 1);
}
