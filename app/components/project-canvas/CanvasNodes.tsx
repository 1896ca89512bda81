// The node kinds of the project canvas: project and scene (label and status), image asset (a
// thumbnail, with a placeholder when it fails to load), video asset ("Video Asset"), and any
// other node in grey (docs/product.md#canvas-editor).
import { Handle, Position, type Node, type NodeProps, type NodeTypes } from "@xyflow/react";
import { useState } from "react";
import { CANVAS_MESSAGES, nodeColor, statusText, type CanvasNode } from "~/models/projects/canvas-layout";

export type FlowNodeData = { label: string; kind: string; detail: CanvasNode["data"] };
export type FlowNode = Node<FlowNodeData>;

/** Edges attach here; nothing is connected by hand, so the handles stay invisible. */
function Handles() {
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className="!pointer-events-none !opacity-0" />
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="!pointer-events-none !opacity-0" />
    </>
  );
}

/**
 * The label in a darker shade of the node's colour: the colours themselves (the border and the
 * legend) are too light for text on the tinted box (WCAG AA 4.5:1, docs/decisions/235-accessibility-checks-in-e2e.md).
 */
function textShade(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  if (!/^#[0-9a-f]{6}$/i.test(hex) || Number.isNaN(value)) return "#0f172a";
  const channel = (shift: number) =>
    Math.round(((value >> shift) & 0xff) * 0.6)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** A node's box in its colour; `media` (a thumbnail) sits left of the label. */
function Frame({ data, selected, children, media }: { data: FlowNodeData; selected: boolean; children?: React.ReactNode; media?: React.ReactNode }) {
  const color = nodeColor(data.kind);
  return (
    <div
      className={`flex h-full w-full items-center gap-2 overflow-hidden rounded-lg border-2 bg-white py-2 text-left shadow-sm ${media ? "px-2" : "px-3"} ${selected ? "ring-4 ring-amber-400" : ""}`}
      style={{ borderColor: color, backgroundColor: `${color}14` }}
      data-kind={data.kind}
    >
      <Handles />
      {media}
      <div className="flex min-w-0 flex-col gap-1">
        <span className={`font-semibold ${media ? "line-clamp-2 text-xs" : "truncate text-sm"}`} style={{ color: textShade(color) }} title={data.label}>
          {data.label}
        </span>
        {children}
      </div>
    </div>
  );
}

function StatusNode({ data, selected }: NodeProps<FlowNode>) {
  return (
    <Frame data={data} selected={selected}>
      <span className="truncate text-xs text-slate-600">{statusText(data.detail.status)}</span>
    </Frame>
  );
}

function Thumbnail({ url, label }: { url: string | null | undefined; label: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded bg-slate-200 text-slate-500"
        data-testid="thumbnail-fallback"
        title={CANVAS_MESSAGES.imageFallback}
      >
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="3" y="3" width="18" height="18" rx="2" />
          <circle cx="9" cy="9" r="1.5" />
          <path d="m21 15-5-5L5 21" />
          <path d="m3 3 18 18" />
        </svg>
        <span className="sr-only">{CANVAS_MESSAGES.imageFallback}</span>
      </span>
    );
  }
  return <img src={url} alt={label} className="size-10 shrink-0 rounded object-cover" onError={() => setFailed(true)} draggable={false} />;
}

function AssetNode({ data, selected }: NodeProps<FlowNode>) {
  const image = data.detail.assetType === "image";
  return (
    <Frame data={data} selected={selected} media={image ? <Thumbnail key={data.detail.url ?? ""} url={data.detail.url} label={data.label} /> : null}>
      {data.detail.assetType === "video" ? <span className="text-xs text-slate-600">{CANVAS_MESSAGES.videoAsset}</span> : null}
    </Frame>
  );
}

function OtherNode({ data, selected }: NodeProps<FlowNode>) {
  return <Frame data={data} selected={selected} />;
}

export const NODE_TYPES: NodeTypes = { project: StatusNode, scene: StatusNode, asset: AssetNode, other: OtherNode };

/** What a screen reader hears for a node. */
export function nodeAriaLabel(node: CanvasNode): string {
  if (node.type === "asset") return `${node.label}${node.data.assetType === "video" ? `, ${CANVAS_MESSAGES.videoAsset}` : ""}`;
  if (node.type === "project" || node.type === "scene")
    return `${node.type === "project" ? "Project" : "Scene"} ${node.label}, ${statusText(node.data.status)}`;
  return node.label;
}

/** A diagram node as a React Flow node (its kind picks the component; unknown kinds draw grey). */
export function toFlowNode(node: CanvasNode, selected = false): FlowNode {
  const kind = node.type;
  return {
    id: node.id,
    type: kind === "project" || kind === "scene" || kind === "asset" ? kind : "other",
    position: { x: node.x, y: node.y },
    width: node.width,
    height: node.height,
    data: { label: node.label, kind, detail: node.data },
    ariaLabel: nodeAriaLabel(node),
    selected,
    connectable: false,
    deletable: false,
  };
}
