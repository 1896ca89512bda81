// Optimize Layout: the planner's optimize_canvas_layout task (docs/decisions/155-canvas-layout-optimizer.md).
import { describe, expect, it } from "vitest";
import { buildCanvasDiagram, type CanvasProjectInput } from "~/models/projects/canvas-layout";
import { optimizeCanvasLayout, runLocalTask, type LayoutNode, type PlacedNode } from "~/providers/llm/planner/index";

function overlaps(a: PlacedNode, b: PlacedNode): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function overlappingPairs(nodes: readonly PlacedNode[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < nodes.length; i += 1)
    for (let j = i + 1; j < nodes.length; j += 1) if (overlaps(nodes[i], nodes[j])) pairs.push(`${nodes[i].id}/${nodes[j].id}`);
  return pairs;
}

function projectWith(
  sceneCount: number,
  assets: (i: number) => { image?: boolean; video?: boolean } = () => ({ image: true, video: true }),
): CanvasProjectInput {
  return {
    id: "p",
    title: "Project",
    status: "draft",
    scenes: Array.from({ length: sceneCount }, (_, i) => ({
      id: `s${i}`,
      title: `Scene title ${i}`,
      status: "pending",
      sceneOrder: i + 1,
      hasImage: Boolean(assets(i).image),
      thumbnailUrl: assets(i).image ? `/resources/files/canvas-assets/${i}.png` : null,
      hasVideo: Boolean(assets(i).video),
    })),
  };
}

/** The diagram as the layout task takes it. */
function layoutInput(project: CanvasProjectInput) {
  const { nodes, edges } = buildCanvasDiagram(project);
  return { nodes: nodes.map((n) => ({ id: n.id, type: n.type, x: n.x, y: n.y, width: n.width, height: n.height, order: n.data.order ?? null })), edges };
}

const centreX = (n: PlacedNode) => n.x + n.width / 2;

describe("optimizeCanvasLayout", () => {
  it("fixes the default layout's overlaps (a scene's video and the next scene's image)", () => {
    const input = layoutInput(projectWith(4));
    expect(overlappingPairs(input.nodes)).toContain("video-s0/image-s1");
    const out = optimizeCanvasLayout(input);
    expect(overlappingPairs(out.nodes)).toEqual([]);
    expect(out.nodes.map((n) => n.id)).toEqual(input.nodes.map((n) => n.id));
    for (const n of out.nodes) expect(n).toMatchObject({ width: input.nodes.find((i) => i.id === n.id)!.width });
  });

  it("never overlaps, whatever the number of scenes and assets", () => {
    for (const count of [0, 1, 2, 3, 7, 25]) {
      const out = optimizeCanvasLayout(layoutInput(projectWith(count, (i) => ({ image: i % 2 === 0, video: i % 3 !== 1 }))));
      expect(overlappingPairs(out.nodes), `${count} scenes`).toEqual([]);
    }
  });

  it("keeps the scenes' play order from left to right, evenly spaced, in one row under the project", () => {
    const input = layoutInput(projectWith(5));
    // Shuffle the input: the order comes from the scenes' order, not from the array.
    const shuffled = { nodes: [...input.nodes].reverse(), edges: input.edges };
    const out = optimizeCanvasLayout(shuffled);
    const at = new Map(out.nodes.map((n) => [n.id, n]));
    const scenes = [0, 1, 2, 3, 4].map((i) => at.get(`scene-s${i}`)!);
    const gaps = scenes.slice(1).map((s, i) => centreX(s) - centreX(scenes[i]));
    expect(gaps.every((g) => g > 0)).toBe(true);
    expect(new Set(gaps).size).toBe(1);
    expect(new Set(scenes.map((s) => s.y)).size).toBe(1);
    const project = at.get("project-p")!;
    expect(project.y + project.height).toBeLessThan(scenes[0].y);
    // The project is centred over the scenes.
    expect(centreX(project)).toBe((centreX(scenes[0]) + centreX(scenes[4])) / 2);
  });

  it("follows the order field over the current positions, and the current positions without it", () => {
    const nodes: LayoutNode[] = [
      { id: "a", type: "scene", x: 0, y: 0, width: 100, height: 50, order: 3 },
      { id: "b", type: "scene", x: 500, y: 0, width: 100, height: 50, order: 1 },
      { id: "c", type: "scene", x: 250, y: 0, width: 100, height: 50, order: 2 },
    ];
    const ordered = optimizeCanvasLayout({ nodes, edges: [] }).nodes;
    expect([...ordered].sort((p, q) => p.x - q.x).map((n) => n.id)).toEqual(["b", "c", "a"]);
    const byPosition = optimizeCanvasLayout({ nodes: nodes.map((n) => ({ ...n, order: null })), edges: [] }).nodes;
    expect([...byPosition].sort((p, q) => p.x - q.x).map((n) => n.id)).toEqual(["a", "c", "b"]);
  });

  it("puts each scene's assets side by side under it, image before video", () => {
    const out = optimizeCanvasLayout(layoutInput(projectWith(3)));
    const at = new Map(out.nodes.map((n) => [n.id, n]));
    for (let i = 0; i < 3; i += 1) {
      const scene = at.get(`scene-s${i}`)!;
      const image = at.get(`image-s${i}`)!;
      const video = at.get(`video-s${i}`)!;
      expect(image.y).toBeGreaterThan(scene.y + scene.height);
      expect(image.y).toBe(video.y);
      expect(image.x + image.width).toBeLessThan(video.x);
      // The pair is centred under its scene.
      expect((image.x + video.x + video.width) / 2).toBeCloseTo(centreX(scene), 0);
    }
  });

  it("puts nodes of other kinds and assets without a scene in a last row", () => {
    const input = layoutInput(projectWith(2));
    input.nodes.push({ id: "note", type: "note", x: 0, y: 0, width: 120, height: 60, order: null });
    input.nodes.push({ id: "loose", type: "asset", x: 0, y: 0, width: 150, height: 80, order: null });
    const out = optimizeCanvasLayout(input);
    const at = new Map(out.nodes.map((n) => [n.id, n]));
    const lowestAsset = Math.max(...["image-s0", "video-s1"].map((id) => at.get(id)!.y + at.get(id)!.height));
    expect(at.get("note")!.y).toBeGreaterThan(lowestAsset);
    expect(at.get("loose")!.y).toBe(at.get("note")!.y);
    expect(overlappingPairs(out.nodes)).toEqual([]);
  });

  it("is deterministic and reports the layout's size", () => {
    const input = layoutInput(projectWith(3));
    const a = optimizeCanvasLayout(input);
    expect(optimizeCanvasLayout(input)).toEqual(a);
    for (const n of a.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0);
      expect(n.x + n.width).toBeLessThanOrEqual(a.width);
      expect(n.y + n.height).toBeLessThanOrEqual(a.height);
    }
  });
});

describe("the optimize_canvas_layout planner task", () => {
  it("runs the algorithm through the task registry and answers optimizedLayout", () => {
    const input = layoutInput(projectWith(3));
    const out = runLocalTask("optimize_canvas_layout", { projectId: "p", currentLayout: input });
    expect(out.optimizedLayout).toEqual(optimizeCanvasLayout(input));
  });

  it("refuses a layout with duplicate node ids or impossible sizes", () => {
    const node = { id: "a", type: "scene", x: 0, y: 0, width: 10, height: 10 };
    expect(() => runLocalTask("optimize_canvas_layout", { currentLayout: { nodes: [node, node], edges: [] } })).toThrow(/unique/);
    expect(() => runLocalTask("optimize_canvas_layout", { currentLayout: { nodes: [{ ...node, width: -1 }], edges: [] } })).toThrow();
    expect(() => runLocalTask("optimize_canvas_layout", { currentLayout: { nodes: [{ ...node, x: Number.NaN }], edges: [] } })).toThrow();
  });
});
