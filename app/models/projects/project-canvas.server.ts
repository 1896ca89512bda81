// The project canvas diagram of a project the actor may work on (owner or admin), and Optimize
// Layout through the planner's optimize_canvas_layout task (docs/product.md#canvas-editor,
// docs/decisions/155-canvas-layout-optimizer.md). Doors: resources.projects.$projectId.canvas.
import type { Actor } from "~/models/access/actor.server";
import { buildCanvasDiagram, type CanvasData, type CanvasProjectInput } from "./canvas-layout";
import { getProjectWithScenes, type ProjectWithScenes } from "./project.server";
import { runLocalTask } from "~/providers/llm/index.server";
import { fileUrl, parseFileUrl } from "~/utils/storage/buckets";

/** A thumbnail only for a stored file (served by the file route with its access check), never another URL. */
function thumbnailUrl(value: string | null): string | null {
  const ref = parseFileUrl(value);
  return ref ? fileUrl(ref.bucket, ref.key) : null;
}

function diagramInput(project: ProjectWithScenes): CanvasProjectInput {
  return {
    id: project.id,
    title: project.title,
    status: project.status,
    scenes: project.scenes.map((s) => ({
      id: s.id,
      title: s.title,
      status: s.status,
      sceneOrder: s.sceneOrder,
      hasImage: Boolean(s.imageUrl),
      thumbnailUrl: thumbnailUrl(s.imageUrl),
      hasVideo: Boolean(s.videoUrl),
    })),
  };
}

function canvasData(project: ProjectWithScenes): CanvasData {
  return { projectId: project.id, title: project.title, loadedAt: new Date().toISOString(), ...buildCanvasDiagram(diagramInput(project)) };
}

/** The diagram of the project in its default layout. NotFoundError when the actor may not see it. */
export async function getProjectCanvas(actor: Actor, projectId: string): Promise<CanvasData> {
  return canvasData(await getProjectWithScenes(actor, projectId));
}

/**
 * The diagram laid out by the planner's optimize_canvas_layout task: projects on top, scenes
 * evenly spaced in play order, each scene's assets under it, no overlaps. The diagram is built
 * from the project itself (the browser sends only the id), and the layout is computed, not
 * stored: the canvas keeps it until the user moves nodes again.
 */
export async function optimizeProjectCanvas(actor: Actor, projectId: string): Promise<CanvasData> {
  const data = canvasData(await getProjectWithScenes(actor, projectId));
  const { optimizedLayout } = runLocalTask("optimize_canvas_layout", {
    projectId: data.projectId,
    currentLayout: {
      nodes: data.nodes.map((n) => ({ id: n.id, type: n.type, x: n.x, y: n.y, width: n.width, height: n.height, order: n.data.order ?? null })),
      edges: data.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
    },
  });
  const placed = new Map(optimizedLayout.nodes.map((n) => [n.id, n]));
  return {
    ...data,
    nodes: data.nodes.map((n) => {
      const at = placed.get(n.id);
      return at ? { ...n, x: at.x, y: at.y } : n;
    }),
  };
}
