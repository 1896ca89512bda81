// The project canvas diagram (docs/product.md#canvas-editor): the nodes and edges of a
// project, its scenes and their image and video assets in the default layout, the colours and
// the legend, and the zoom rules. Isomorphic: the core builds the diagram with it, the browser
// component draws and zooms with it (docs/decisions/155-canvas-layout-optimizer.md).

export type CanvasNodeType = "project" | "scene" | "asset";
export type CanvasAssetType = "image" | "video";

export interface CanvasNode {
  id: string;
  /** project, scene or asset; any other type is drawn grey. */
  type: CanvasNodeType | (string & {});
  label: string;
  data: {
    /** Project and scene status ("Status: unknown" when missing). */
    status?: string | null;
    /** For assets. */
    assetType?: CanvasAssetType;
    /** An image asset's thumbnail (a file route URL), or null. */
    url?: string | null;
    /** A scene's play order (scene_order). */
    order?: number;
  };
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CanvasEdge {
  id: string;
  source: string;
  target: string;
  label?: string;
}

export interface CanvasDiagram {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

/** What the resource route answers: the diagram of one project. */
export interface CanvasData extends CanvasDiagram {
  projectId: string;
  title: string;
  /** When the server read the project (ISO 8601). */
  loadedAt: string;
}

/** The project and scene fields the diagram shows. */
export interface CanvasProjectInput {
  id: string;
  title: string;
  status?: string | null;
  scenes: ReadonlyArray<{
    id: string;
    title?: string | null;
    status?: string | null;
    sceneOrder?: number | null;
    /** Whether the scene has an image, and its thumbnail (a file route URL) when it may be shown. */
    hasImage?: boolean;
    thumbnailUrl?: string | null;
    /** Whether the scene has a video. */
    hasVideo?: boolean;
  }>;
}

export const CANVAS_HEIGHT = 600;

/** The default layout (docs/product.md#canvas-editor). */
export const DEFAULT_LAYOUT = {
  project: { x: 400, y: 100, width: 200, height: 100 },
  scene: { x: 200, step: 250, y: 300, width: 180, height: 100 },
  asset: { y: 450, width: 150, height: 80, offset: 100 },
} as const;

export const NODE_COLORS = {
  project: "#2563eb",
  scene: "#16a34a",
  asset: "#9333ea",
  other: "#6b7280",
} as const;

export const LEGEND = [
  { label: "Project", color: NODE_COLORS.project },
  { label: "Scene", color: NODE_COLORS.scene },
  { label: "Asset", color: NODE_COLORS.asset },
] as const;

export const CANVAS_MESSAGES = {
  title: "Project Canvas",
  loading: "Loading canvas data...",
  empty: "No project data available for canvas",
  error: (message: string) => `Error: ${message}`,
  videoAsset: "Video Asset",
  imageFallback: "Image unavailable",
} as const;

/** Blue, green, purple, or grey for anything else. */
export function nodeColor(type: string): string {
  return type === "project" || type === "scene" || type === "asset" ? NODE_COLORS[type] : NODE_COLORS.other;
}

/** "Status: {status}", or "Status: unknown". */
export function statusText(status: string | null | undefined): string {
  const s = status?.trim();
  return `Status: ${s ? s : "unknown"}`;
}

/** "Scene N", N counted from 1. */
export function sceneNumberLabel(index: number): string {
  return `Scene ${index + 1}`;
}

export const projectNodeId = (projectId: string) => `project-${projectId}`;
export const sceneNodeId = (sceneId: string) => `scene-${sceneId}`;
export const assetNodeId = (sceneId: string, type: CanvasAssetType) => `${type}-${sceneId}`;

/**
 * The diagram of a project in the default layout: the project node, one node per scene (in the
 * order given, index n at x = 200 + 250 n), an image node 100 px left and a video node 100 px
 * right of a scene that has one, an edge from the project to each scene ("Scene N") and from
 * each scene to its assets.
 */
export function buildCanvasDiagram(project: CanvasProjectInput): CanvasDiagram {
  const { project: P, scene: S, asset: A } = DEFAULT_LAYOUT;
  const projectId = projectNodeId(project.id);
  const nodes: CanvasNode[] = [
    { id: projectId, type: "project", label: project.title, data: { status: project.status ?? null }, x: P.x, y: P.y, width: P.width, height: P.height },
  ];
  const edges: CanvasEdge[] = [];
  project.scenes.forEach((scene, index) => {
    const id = sceneNodeId(scene.id);
    const x = S.x + S.step * index;
    const title = scene.title?.trim();
    nodes.push({
      id,
      type: "scene",
      label: title ? title : sceneNumberLabel(index),
      data: { status: scene.status ?? null, order: scene.sceneOrder ?? index + 1 },
      x,
      y: S.y,
      width: S.width,
      height: S.height,
    });
    edges.push({ id: `edge-${projectId}-${id}`, source: projectId, target: id, label: sceneNumberLabel(index) });
    if (scene.hasImage) {
      const imageId = assetNodeId(scene.id, "image");
      nodes.push({
        id: imageId,
        type: "asset",
        label: "Scene Image",
        data: { assetType: "image", url: scene.thumbnailUrl ?? null },
        x: x - A.offset,
        y: A.y,
        width: A.width,
        height: A.height,
      });
      edges.push({ id: `edge-${id}-${imageId}`, source: id, target: imageId });
    }
    if (scene.hasVideo) {
      const videoId = assetNodeId(scene.id, "video");
      nodes.push({
        id: videoId,
        type: "asset",
        label: "Scene Video",
        data: { assetType: "video", url: null },
        x: x + A.offset,
        y: A.y,
        width: A.width,
        height: A.height,
      });
      edges.push({ id: `edge-${id}-${videoId}`, source: id, target: videoId });
    }
  });
  return { nodes, edges };
}

/**
 * Positions after a refresh: nodes that were already on the canvas stay where the user (or
 * Optimize Layout) put them; new nodes take their default place.
 */
export function keepPositions(next: readonly CanvasNode[], current: ReadonlyMap<string, { x: number; y: number }>): CanvasNode[] {
  return next.map((node) => {
    const at = current.get(node.id);
    return at ? { ...node, x: at.x, y: at.y } : node;
  });
}

// ───────────────────────────── zoom ─────────────────────────────

export const ZOOM = { min: 0.5, max: 2, step: 0.1, initial: 1 } as const;

const tenths = (z: number) => Math.round(z * 10) / 10;
const EPSILON = 1e-6;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM.initial;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, zoom));
}

/** The next step of 0.1 above the zoom (a zoom between steps goes to the step above it), at most 2. */
export function zoomIn(zoom: number): number {
  return clampZoom(tenths(Math.floor(clampZoom(zoom) * 10 + EPSILON) / 10 + ZOOM.step));
}

/** The next step of 0.1 below the zoom, at least 0.5. */
export function zoomOut(zoom: number): number {
  return clampZoom(tenths(Math.ceil(clampZoom(zoom) * 10 - EPSILON) / 10 - ZOOM.step));
}

export const canZoomIn = (zoom: number) => zoom < ZOOM.max - EPSILON;
export const canZoomOut = (zoom: number) => zoom > ZOOM.min + EPSILON;

/** "100%". */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/**
 * The view Reset View returns to: the whole diagram centred, at the largest step of 0.1 that
 * fits it (at most 1, at least 0.5; a diagram too wide for a phone at 0.5 starts at its left).
 */
export function fitViewport(nodes: readonly Pick<CanvasNode, "x" | "y" | "width" | "height">[], width: number, height: number, padding = 24): Viewport {
  if (nodes.length === 0 || width <= 0 || height <= 0) return { x: 0, y: 0, zoom: ZOOM.initial };
  const minX = Math.min(...nodes.map((n) => n.x));
  const minY = Math.min(...nodes.map((n) => n.y));
  const boundsW = Math.max(...nodes.map((n) => n.x + n.width)) - minX;
  const boundsH = Math.max(...nodes.map((n) => n.y + n.height)) - minY;
  const fit = Math.min((width - 2 * padding) / boundsW, (height - 2 * padding) / boundsH);
  const zoom = Math.min(1, Math.max(ZOOM.min, Math.floor(fit * 10 + EPSILON) / 10));
  const freeX = width - boundsW * zoom;
  const freeY = height - boundsH * zoom;
  return {
    x: Math.round((freeX >= 2 * padding ? freeX / 2 : padding) - minX * zoom),
    y: Math.round((freeY >= 2 * padding ? freeY / 2 : padding) - minY * zoom),
    zoom,
  };
}
