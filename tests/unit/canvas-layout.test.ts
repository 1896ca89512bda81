// The project canvas diagram's default layout, colours, texts and zoom rules
// (docs/product.md#canvas-editor).
import { describe, expect, it } from "vitest";
import {
  buildCanvasDiagram,
  canZoomIn,
  canZoomOut,
  clampZoom,
  fitViewport,
  keepPositions,
  LEGEND,
  nodeColor,
  NODE_COLORS,
  statusText,
  zoomIn,
  zoomOut,
  ZOOM,
  type CanvasProjectInput,
} from "~/models/projects/canvas-layout";

const project: CanvasProjectInput = {
  id: "p1",
  title: "Glow serum",
  status: "in_progress",
  scenes: [
    { id: "s1", title: "Morning", status: "completed", sceneOrder: 1, hasImage: true, thumbnailUrl: "/resources/files/canvas-assets/a.png", hasVideo: true },
    { id: "s2", title: "", status: null, sceneOrder: 2, hasImage: false, hasVideo: false },
    { id: "s3", title: "  ", status: "pending", sceneOrder: 5, hasVideo: true },
  ],
};

describe("buildCanvasDiagram", () => {
  const { nodes, edges } = buildCanvasDiagram(project);
  const node = (id: string) => nodes.find((n) => n.id === id)!;

  it("puts the project node at x 400, y 100, 200 by 100", () => {
    expect(node("project-p1")).toMatchObject({
      type: "project",
      label: "Glow serum",
      x: 400,
      y: 100,
      width: 200,
      height: 100,
      data: { status: "in_progress" },
    });
  });

  it("puts scene n at x = 200 + 250 n, y 300, 180 by 100, named or 'Scene N'", () => {
    expect(node("scene-s1")).toMatchObject({
      type: "scene",
      label: "Morning",
      x: 200,
      y: 300,
      width: 180,
      height: 100,
      data: { status: "completed", order: 1 },
    });
    expect(node("scene-s2")).toMatchObject({ label: "Scene 2", x: 450, y: 300, data: { status: null } });
    expect(node("scene-s3")).toMatchObject({ label: "Scene 3", x: 700, y: 300, data: { order: 5 } });
  });

  it("puts a scene's image 100 left and its video 100 right of it at y 450, only when it has them", () => {
    expect(node("image-s1")).toMatchObject({
      type: "asset",
      label: "Scene Image",
      x: 100,
      y: 450,
      width: 150,
      height: 80,
      data: { assetType: "image", url: "/resources/files/canvas-assets/a.png" },
    });
    expect(node("video-s1")).toMatchObject({ type: "asset", label: "Scene Video", x: 300, y: 450, data: { assetType: "video" } });
    expect(node("video-s3")).toMatchObject({ x: 800, y: 450 });
    expect(nodes.find((n) => n.id === "image-s2" || n.id === "video-s2" || n.id === "image-s3")).toBeUndefined();
    expect(nodes).toHaveLength(1 + 3 + 3);
  });

  it("links the project to each scene ('Scene N') and each scene to its assets", () => {
    expect(edges.filter((e) => e.source === "project-p1").map((e) => [e.target, e.label])).toEqual([
      ["scene-s1", "Scene 1"],
      ["scene-s2", "Scene 2"],
      ["scene-s3", "Scene 3"],
    ]);
    expect(edges.filter((e) => e.source.startsWith("scene-")).map((e) => [e.source, e.target])).toEqual([
      ["scene-s1", "image-s1"],
      ["scene-s1", "video-s1"],
      ["scene-s3", "video-s3"],
    ]);
    expect(new Set(edges.map((e) => e.id)).size).toBe(edges.length);
  });

  it("still draws an image it may not show as a thumbnail (the node then shows the placeholder)", () => {
    const diagram = buildCanvasDiagram({ id: "p", title: "T", scenes: [{ id: "s", hasImage: true, thumbnailUrl: null }] });
    expect(diagram.nodes.find((n) => n.id === "image-s")).toMatchObject({ label: "Scene Image", data: { assetType: "image", url: null } });
  });

  it("draws a project without scenes as one node", () => {
    expect(buildCanvasDiagram({ id: "p", title: "Empty", scenes: [] })).toEqual({
      nodes: [{ id: "project-p", type: "project", label: "Empty", data: { status: null }, x: 400, y: 100, width: 200, height: 100 }],
      edges: [],
    });
  });
});

describe("colours, legend and texts", () => {
  it("colours project blue, scene green, asset purple and anything else grey", () => {
    expect(nodeColor("project")).toBe(NODE_COLORS.project);
    expect(nodeColor("scene")).toBe(NODE_COLORS.scene);
    expect(nodeColor("asset")).toBe(NODE_COLORS.asset);
    expect(nodeColor("note")).toBe(NODE_COLORS.other);
    expect(new Set(Object.values(NODE_COLORS)).size).toBe(4);
    expect(LEGEND.map((l) => l.label)).toEqual(["Project", "Scene", "Asset"]);
  });

  it("says 'Status: {status}' or 'Status: unknown'", () => {
    expect(statusText("draft")).toBe("Status: draft");
    expect(statusText(null)).toBe("Status: unknown");
    expect(statusText(" ")).toBe("Status: unknown");
  });
});

describe("zoom", () => {
  it("steps by 0.1 between 0.5 and 2", () => {
    expect(zoomIn(1)).toBe(1.1);
    expect(zoomOut(1)).toBe(0.9);
    let z = 1;
    for (let i = 0; i < 30; i += 1) z = zoomIn(z);
    expect(z).toBe(2);
    for (let i = 0; i < 30; i += 1) z = zoomOut(z);
    expect(z).toBe(0.5);
  });

  it("has no floating-point drift: ten steps in from 1 reach exactly 2 after exactly ten", () => {
    const seen: number[] = [];
    let z = 1;
    for (let i = 0; i < 10; i += 1) seen.push((z = zoomIn(z)));
    expect(seen).toEqual([1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2]);
  });

  it("moves a zoom between steps (a pinch, a wheel) to the next step in that direction", () => {
    expect(zoomIn(1.04)).toBe(1.1);
    expect(zoomOut(1.04)).toBe(1);
    expect(zoomIn(0.73)).toBe(0.8);
    expect(zoomOut(0.73)).toBe(0.7);
  });

  it("keeps out-of-range values in range and knows when a button has nothing left to do", () => {
    expect(clampZoom(7)).toBe(2);
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(Number.NaN)).toBe(ZOOM.initial);
    expect(zoomIn(2)).toBe(2);
    expect(zoomOut(0.5)).toBe(0.5);
    expect(canZoomIn(2)).toBe(false);
    expect(canZoomIn(1.9)).toBe(true);
    expect(canZoomOut(0.5)).toBe(false);
    expect(canZoomOut(0.6)).toBe(true);
  });
});

describe("fitViewport", () => {
  const nodes = buildCanvasDiagram(project).nodes;

  it("centres the diagram at the largest step of 0.1 that fits, at most 1", () => {
    const wide = fitViewport(nodes, 1200, 600);
    expect(wide.zoom).toBe(1);
    // The diagram spans x 100..950: centred in 1200 px.
    expect(wide.x).toBe(Math.round((1200 - 850) / 2 - 100));
    const narrow = fitViewport(nodes, 600, 600);
    expect(narrow.zoom).toBe(0.6);
  });

  it("goes no lower than 0.5 (a phone starts at the diagram's left edge)", () => {
    const phone = fitViewport(nodes, 340, 600);
    expect(phone.zoom).toBe(0.5);
    expect(phone.x).toBe(24 - 100 * 0.5);
  });

  it("falls back to the origin at zoom 1 for an empty diagram", () => {
    expect(fitViewport([], 800, 600)).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});

describe("keepPositions", () => {
  it("keeps where nodes already on the canvas are and places new ones by default", () => {
    const { nodes } = buildCanvasDiagram(project);
    const kept = keepPositions(nodes, new Map([["scene-s1", { x: 5, y: 6 }]]));
    expect(kept.find((n) => n.id === "scene-s1")).toMatchObject({ x: 5, y: 6 });
    expect(kept.find((n) => n.id === "scene-s2")).toMatchObject({ x: 450, y: 300 });
  });
});
