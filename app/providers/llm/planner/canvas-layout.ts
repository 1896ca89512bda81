// optimize_canvas_layout: a layered layout of a project diagram (docs/product.md#canvas-editor,
// docs/decisions/155-canvas-layout-optimizer.md). Projects form the top row, scenes the row
// below in their play order, each scene's assets a row under their scene, and anything else a
// last row. Scenes sit in columns of one width, so they are evenly spaced; a column is as wide
// as its widest content (the scene, or its assets side by side), so no two nodes overlap.

export interface LayoutNode {
  id: string;
  /** "project", "scene", "asset"; anything else goes to the last row. */
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A scene's play order (scene_order); without it, the current left-to-right order is kept. */
  order?: number | null;
}

export interface LayoutEdge {
  source: string;
  target: string;
}

export interface LayoutOptions {
  /** Horizontal space between two columns or two nodes of a row (px). */
  gapX?: number;
  /** Vertical space between two rows (room for the edges and their labels). */
  gapY?: number;
  /** Where the layout starts (its top-left corner). */
  margin?: number;
}

export interface PlacedNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OptimizedLayout {
  nodes: PlacedNode[];
  /** The size of the whole layout, margins included. */
  width: number;
  height: number;
}

export const LAYOUT_DEFAULTS: Required<LayoutOptions> = { gapX: 50, gapY: 100, margin: 50 };

/** Left-to-right, then top-to-bottom, then id: a stable order for nodes without a play order. */
function byPosition(a: LayoutNode, b: LayoutNode): number {
  return a.x - b.x || a.y - b.y || a.id.localeCompare(b.id);
}

function byOrder(a: LayoutNode, b: LayoutNode): number {
  const ao = a.order ?? Number.POSITIVE_INFINITY;
  const bo = b.order ?? Number.POSITIVE_INFINITY;
  if (ao !== bo) return ao < bo ? -1 : 1;
  return byPosition(a, b);
}

function rowWidth(nodes: readonly LayoutNode[], gap: number): number {
  if (nodes.length === 0) return 0;
  return nodes.reduce((sum, n) => sum + n.width, 0) + gap * (nodes.length - 1);
}

function tallest(nodes: readonly LayoutNode[]): number {
  return nodes.reduce((max, n) => Math.max(max, n.height), 0);
}

/**
 * Places every node of the diagram without overlaps. Scenes keep their play order (`order`,
 * else their current left-to-right order), each scene's assets (the targets of its edges) sit
 * centred under it in their current left-to-right order, and the projects are centred above the
 * scenes. Deterministic: the same input always gives the same layout.
 */
export function optimizeCanvasLayout(input: { nodes: readonly LayoutNode[]; edges: readonly LayoutEdge[] }, options: LayoutOptions = {}): OptimizedLayout {
  const { gapX, gapY, margin } = { ...LAYOUT_DEFAULTS, ...options };
  const seen = new Set<string>();
  const nodes = input.nodes.filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true)));
  const byId = new Map(nodes.map((n) => [n.id, n]));

  const projects = nodes.filter((n) => n.type === "project").sort(byPosition);
  const scenes = nodes.filter((n) => n.type === "scene").sort(byOrder);

  // Each asset belongs to the first scene (in play order) that points at it.
  const sceneIndex = new Map(scenes.map((s, i) => [s.id, i]));
  const childrenOf: LayoutNode[][] = scenes.map(() => []);
  const owned = new Set<string>();
  const sceneEdges = input.edges
    .filter((e) => sceneIndex.has(e.source) && byId.get(e.target)?.type === "asset")
    .sort((a, b) => sceneIndex.get(a.source)! - sceneIndex.get(b.source)!);
  for (const edge of sceneEdges) {
    if (owned.has(edge.target)) continue;
    owned.add(edge.target);
    childrenOf[sceneIndex.get(edge.source)!].push(byId.get(edge.target)!);
  }
  for (const children of childrenOf) children.sort(byPosition);
  const rest = nodes.filter((n) => n.type !== "project" && n.type !== "scene" && !owned.has(n.id)).sort(byPosition);

  // Columns: one per scene, all as wide as the widest scene or asset row.
  const columnWidth = scenes.reduce((max, s, i) => Math.max(max, s.width, rowWidth(childrenOf[i], gapX)), 0);
  const columnsWidth = scenes.length ? scenes.length * columnWidth + (scenes.length - 1) * gapX : 0;
  const contentWidth = Math.max(columnsWidth, rowWidth(projects, gapX), rowWidth(rest, gapX));

  const placed = new Map<string, PlacedNode>();
  const put = (n: LayoutNode, x: number, y: number) => placed.set(n.id, { id: n.id, x: Math.round(x), y: Math.round(y), width: n.width, height: n.height });
  /** Lays a row of nodes left to right, the row centred in [left, left + width]. */
  const putRow = (row: readonly LayoutNode[], left: number, width: number, y: number) => {
    let x = left + (width - rowWidth(row, gapX)) / 2;
    for (const n of row) {
      put(n, x, y);
      x += n.width + gapX;
    }
  };

  let y = margin;
  const nextRow = (height: number) => {
    if (height > 0) y += height + gapY;
  };

  putRow(projects, margin, contentWidth, y);
  nextRow(tallest(projects));

  const columnsLeft = margin + (contentWidth - columnsWidth) / 2;
  const sceneY = y;
  scenes.forEach((scene, i) => put(scene, columnsLeft + i * (columnWidth + gapX) + (columnWidth - scene.width) / 2, sceneY));
  nextRow(tallest(scenes));

  const assetY = y;
  childrenOf.forEach((children, i) => putRow(children, columnsLeft + i * (columnWidth + gapX), columnWidth, assetY));
  nextRow(tallest(childrenOf.flat()));

  putRow(rest, margin, contentWidth, y);
  nextRow(tallest(rest));

  const height = nodes.length ? y - gapY + margin : 2 * margin;
  return { nodes: nodes.map((n) => placed.get(n.id)!), width: Math.round(contentWidth + 2 * margin), height: Math.round(height) };
}
