// The project canvas diagram panel (docs/product.md#canvas-editor): the project, its
// scenes and their assets drawn with React Flow; drag, zoom 0.5-2 in steps of 0.1, select and
// deselect by clicking, Optimize Layout through the planner, and a reload whenever the live
// stream says the project changed (docs/decisions/156-canvas-live-refresh.md). Keyboard and
// screen-reader access are React Flow's: Tab reaches each node, Enter selects, Escape
// deselects, arrow keys move the selected node.
import type { LinkDescriptor } from "@remix-run/node";
import { MarkerType, ReactFlow, ReactFlowProvider, useNodesState, useReactFlow, useViewport, type Edge, type NodeMouseHandler } from "@xyflow/react";
import flowStyles from "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/Button";
import { useLiveEvents, type LiveEvent } from "~/hooks/useLiveEvents";
import {
  CANVAS_HEIGHT,
  CANVAS_MESSAGES,
  LEGEND,
  ZOOM,
  canZoomIn,
  canZoomOut,
  fitViewport,
  keepPositions,
  nodeColor,
  zoomIn,
  zoomOut,
  zoomPercent,
  type CanvasData,
  type CanvasEdge,
} from "~/models/projects/canvas-layout";
import { NODE_TYPES, toFlowNode, type FlowNode } from "./CanvasNodes";
import { useCanvasData } from "./useCanvasData";
import { Time } from "~/components/time/TimeZone";
import { useHydrated } from "~/components/create-video/useHydrated";
import { StaticMarkup } from "~/components/ui/StaticMarkup";

/** The route that shows the canvas adds React Flow's stylesheet with these links. */
export const projectCanvasLinks = (): LinkDescriptor[] => [{ rel: "stylesheet", href: flowStyles }];

/** Live events come in bursts (one per scene step): reload once they settle. */
const REFRESH_DELAY_MS = 300;

function toFlowEdges(edges: readonly CanvasEdge[], labels: ReadonlyMap<string, string>): Edge[] {
  return edges.map((e) => {
    const color = nodeColor(e.source.startsWith("project-") ? "project" : "scene");
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      label: e.label,
      type: "default",
      selectable: false,
      focusable: false,
      markerEnd: { type: MarkerType.ArrowClosed, color, width: 18, height: 18 },
      style: { stroke: color, strokeWidth: 1.5 },
      ariaLabel: `${e.label ? `${e.label}: ` : ""}from ${labels.get(e.source) ?? e.source} to ${labels.get(e.target) ?? e.target}`,
    };
  });
}

function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-4 text-sm text-slate-600" aria-label="Legend">
      {LEGEND.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          <span aria-hidden className="inline-block size-3 rounded-sm" style={{ backgroundColor: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

function nodeIdAt(target: EventTarget | null): string | null {
  return target instanceof Element ? (target.closest(".react-flow__node")?.getAttribute("data-id") ?? null) : null;
}

function CanvasPanel({ projectId, onClose, sidePanel }: { projectId: string | null; onClose: () => void; sidePanel?: React.ReactNode }) {
  // Closed at first: the page around the canvas has its own assistant column; the toggle opens the
  // canvas's side chat beside the diagram.
  const [assistantOpen, setAssistantOpen] = useState(false);
  const { data, error, loading, updatedAt, source, refresh, optimize } = useCanvasData(projectId);
  const flow = useReactFlow<FlowNode>();
  const { zoom } = useViewport();
  const [nodes, setNodes, onNodesChange] = useNodesState<FlowNode>([]);
  const [ready, setReady] = useState(false);
  const [optimizing, setOptimizing] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;

  // New data: a refresh keeps nodes where they are; Optimize Layout moves them.
  useEffect(() => {
    if (!data) return;
    setNodes((current) => {
      const selected = new Set(current.filter((n) => n.selected).map((n) => n.id));
      const positions = new Map(current.map((n) => [n.id, n.position]));
      const placed = source === "optimize" ? data.nodes : keepPositions(data.nodes, positions);
      return placed.map((n) => toFlowNode(n, selected.has(n.id)));
    });
  }, [data, source, setNodes]);

  const edges = useMemo(() => (data ? toFlowEdges(data.edges, new Map(data.nodes.map((n) => [n.id, n.label]))) : []), [data]);

  const fit = useCallback(
    (list: ReadonlyArray<{ x: number; y: number; width: number; height: number }>) => {
      const width = area.current?.clientWidth ?? 0;
      flow.setViewport(fitViewport(list, width, CANVAS_HEIGHT), { duration: 0 });
    },
    [flow],
  );
  const currentRects = () => nodesRef.current.map((n) => ({ x: n.position.x, y: n.position.y, width: n.width ?? 0, height: n.height ?? 0 }));

  const onInit = useCallback(() => setReady(true), []);
  // The first view: the whole diagram, once React Flow and the nodes are there.
  const fitted = useRef(false);
  useEffect(() => {
    if (!ready || fitted.current || nodes.length === 0) return;
    fitted.current = true;
    fit(nodes.map((n) => ({ x: n.position.x, y: n.position.y, width: n.width ?? 0, height: n.height ?? 0 })));
  }, [ready, nodes, fit]);

  // Auto-refresh from the live stream (never a poll): the project changed, or the stream was away.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLiveEvents(["project.updated"], (event: LiveEvent) => {
    if (event.type !== "resync" && !(event.type === "project.updated" && event.projectId === projectId)) return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void refresh();
    }, REFRESH_DELAY_MS);
  });

  // Click a selected node again to deselect it (React Flow only selects on click).
  const pendingDeselect = useRef<string | null>(null);
  const wasSelected = (id: string | null) => Boolean(id && nodesRef.current.find((n) => n.id === id)?.selected);
  const deselect = useCallback((id: string) => setNodes((ns) => ns.map((n) => (n.id === id && n.selected ? { ...n, selected: false } : n))), [setNodes]);
  const onPointerDownCapture = (event: React.PointerEvent) => {
    const id = nodeIdAt(event.target);
    pendingDeselect.current = wasSelected(id) ? id : null;
  };
  const onKeyDownCapture = (event: React.KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const id = nodeIdAt(event.target);
    // Enter on a selected node deselects it too; React Flow selects an unselected one.
    if (id && wasSelected(id)) setTimeout(() => deselect(id), 0);
  };
  const onNodeClick: NodeMouseHandler<FlowNode> = (_event, node) => {
    if (pendingDeselect.current === node.id) deselect(node.id);
    pendingDeselect.current = null;
  };

  const onOptimize = async () => {
    setOptimizing(true);
    const optimized = await optimize();
    setOptimizing(false);
    if (optimized) fit(optimized.nodes);
  };

  const selected = nodes.find((n) => n.selected);
  const hasDiagram = Boolean(data && data.nodes.length > 0);
  const toolsDisabled = !hasDiagram || !ready;

  let body: React.ReactNode = null;
  if (!projectId || (data && data.nodes.length === 0)) body = <p className="p-6 text-slate-600">{CANVAS_MESSAGES.empty}</p>;
  else if (!data && error)
    body = (
      <p role="alert" className="p-6 text-red-700">
        {CANVAS_MESSAGES.error(error)}
      </p>
    );
  else if (!data)
    body = (
      <p className="p-6 text-slate-600" role="status">
        {CANVAS_MESSAGES.loading}
      </p>
    );

  return (
    <CanvasFrame
      hasSidePanel={Boolean(sidePanel)}
      assistantOpen={assistantOpen}
      onToggleAssistant={() => setAssistantOpen((o) => !o)}
      updatedAt={updatedAt}
      refreshDisabled={!projectId || loading}
      onRefresh={() => void refresh()}
      zoom={zoom}
      toolsDisabled={toolsDisabled}
      optimizing={optimizing}
      onZoomIn={() => void flow.zoomTo(zoomIn(zoom))}
      onZoomOut={() => void flow.zoomTo(zoomOut(zoom))}
      onReset={() => fit(currentRects())}
      onOptimize={() => void onOptimize()}
      onClose={onClose}
      error={data && error ? error : null}
      area={{ ref: area, onPointerDownCapture, onKeyDownCapture }}
      selectedLabel={selected ? selected.data.label : null}
      aside={sidePanel && assistantOpen ? sidePanel : null}
    >
      {body ?? (
        <ReactFlow<FlowNode>
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          onNodesChange={onNodesChange}
          onNodeClick={onNodeClick}
          onInit={onInit}
          minZoom={ZOOM.min}
          maxZoom={ZOOM.max}
          nodesConnectable={false}
          edgesFocusable={false}
          deleteKeyCode={null}
          multiSelectionKeyCode={null}
          selectionKeyCode={null}
          zoomOnDoubleClick={false}
          aria-label={`Diagram of the project ${data?.title ?? ""}`}
        />
      )}
    </CanvasFrame>
  );
}

type FrameProps = {
  hasSidePanel: boolean;
  assistantOpen: boolean;
  onToggleAssistant?: () => void;
  updatedAt: Date | null;
  refreshDisabled: boolean;
  onRefresh?: () => void;
  zoom: number;
  toolsDisabled: boolean;
  optimizing: boolean;
  onZoomIn?: () => void;
  onZoomOut?: () => void;
  onReset?: () => void;
  onOptimize?: () => void;
  onClose?: () => void;
  error: string | null;
  area?: { ref: React.RefObject<HTMLDivElement>; onPointerDownCapture: React.PointerEventHandler; onKeyDownCapture: React.KeyboardEventHandler };
  selectedLabel: string | null;
  aside: React.ReactNode;
  children: React.ReactNode;
};

/** The panel around the diagram: its title, tools, the diagram's area and the legend (the same markup before and after hydration). */
function CanvasFrame(props: FrameProps) {
  const { zoom, toolsDisabled } = props;
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="project-canvas-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="project-canvas-title" className="text-lg font-semibold text-slate-900">
            {CANVAS_MESSAGES.title}
          </h2>
          <p className="text-sm text-slate-500">
            {/* One text when there is no time yet: the panel's markup is kept (adjacent texts would not hydrate). */}
            {props.updatedAt ? (
              <>
                {"Last updated: "}
                <Time value={props.updatedAt} format="time" />
              </>
            ) : (
              "Last updated: —"
            )}
          </p>
        </div>
        <div role="toolbar" aria-label="Canvas tools" className="flex flex-wrap items-center gap-2">
          {props.hasSidePanel ? (
            <Button variant="secondary" size="sm" onClick={props.onToggleAssistant} aria-pressed={props.assistantOpen}>
              AI Assistant
            </Button>
          ) : null}
          <Button variant="secondary" size="sm" onClick={props.onRefresh} disabled={props.refreshDisabled} aria-label="Refresh Canvas">
            Refresh Canvas
          </Button>
          <Button variant="secondary" size="sm" onClick={props.onZoomIn} disabled={toolsDisabled || !canZoomIn(zoom)} aria-label="Zoom In">
            Zoom In
          </Button>
          <Button variant="secondary" size="sm" onClick={props.onZoomOut} disabled={toolsDisabled || !canZoomOut(zoom)} aria-label="Zoom Out">
            Zoom Out
          </Button>
          <Button variant="secondary" size="sm" onClick={props.onReset} disabled={toolsDisabled} aria-label="Reset View">
            Reset View
          </Button>
          <Button variant="secondary" size="sm" onClick={props.onOptimize} disabled={toolsDisabled || props.optimizing} aria-label="Optimize Layout">
            {props.optimizing ? "Optimizing..." : "Optimize Layout"}
          </Button>
          <Button variant="ghost" size="sm" onClick={props.onClose} aria-label="Close Canvas">
            Close Canvas
          </Button>
        </div>
      </div>
      {props.error ? (
        <p role="alert" className="text-sm text-red-700">
          {CANVAS_MESSAGES.error(props.error)}
        </p>
      ) : null}
      <div className={props.aside ? "grid gap-3 lg:grid-cols-[minmax(0,1fr)_22rem]" : ""}>
        <div
          ref={props.area?.ref}
          className="relative w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
          style={{ height: CANVAS_HEIGHT }}
          data-testid="project-canvas"
          onPointerDownCapture={props.area?.onPointerDownCapture}
          onKeyDownCapture={props.area?.onKeyDownCapture}
        >
          {props.children}
        </div>
        {props.aside ? (
          <aside className="min-w-0 rounded-xl border border-slate-200 p-3" aria-label="Canvas assistant">
            {props.aside}
          </aside>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Legend />
        <p className="text-sm text-slate-600" aria-live="polite">
          <span data-testid="canvas-zoom">{`Zoom: ${zoomPercent(zoom)}`}</span>
          {" · "}
          <span data-testid="canvas-selection">{props.selectedLabel ? `Selected: ${props.selectedLabel}` : "Nothing selected"}</span>
        </p>
      </div>
    </section>
  );
}

/**
 * The panel as it is before the browser runs it: the diagram is still to load. It needs no React
 * Flow store, so the server keeps its markup for the project (docs/decisions/407-kept-scene-cards.md)
 * and the browser hydrates it, then mounts the live panel.
 */
export function CanvasPanelBeforeHydration({ projectId, hasSidePanel }: { projectId: string | null; hasSidePanel: boolean }) {
  return (
    <CanvasFrame
      hasSidePanel={hasSidePanel}
      assistantOpen={false}
      updatedAt={null}
      refreshDisabled
      zoom={1}
      toolsDisabled
      optimizing={false}
      error={null}
      selectedLabel={null}
      aside={null}
    >
      {projectId ? (
        <p className="p-6 text-slate-600" role="status">
          {CANVAS_MESSAGES.loading}
        </p>
      ) : (
        <p className="p-6 text-slate-600">{CANVAS_MESSAGES.empty}</p>
      )}
    </CanvasFrame>
  );
}

/**
 * The canvas panel of one project, open by default; Close Canvas leaves a "Show Project
 * Canvas" button. Reopening reloads the diagram.
 */
export function ProjectCanvas({ projectId, sidePanel }: { projectId: string | null; sidePanel?: React.ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <StaticMarkup cacheKey={`project-canvas\u0000${projectId ?? ""}\u0000${sidePanel ? 1 : 0}`}>
        <CanvasPanelBeforeHydration projectId={projectId} hasSidePanel={Boolean(sidePanel)} />
      </StaticMarkup>
    );
  }
  return <LiveProjectCanvas projectId={projectId} sidePanel={sidePanel} />;
}

/** The panel once the browser runs it: it loads the diagram and draws it with React Flow. */
export function LiveProjectCanvas({ projectId, sidePanel }: { projectId: string | null; sidePanel?: React.ReactNode }) {
  const [open, setOpen] = useState(true);
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Show Project Canvas
      </Button>
    );
  }
  return (
    <ReactFlowProvider>
      <CanvasPanel projectId={projectId} onClose={() => setOpen(false)} sidePanel={sidePanel} />
    </ReactFlowProvider>
  );
}

export type { CanvasData };
