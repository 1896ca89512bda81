// The last shots' layers, by what was asked. Create Video draws each scene's shot once with its
// layers (the image step) and plans the scene's motion from the same layers a moment later
// (docs/decisions/385-ready-path-draws-once.md): the plan takes them from here instead of drawing
// the shot again. The composition is deterministic, so a miss (another process, an evicted entry)
// draws the very same layers.
import { createHash } from "node:crypto";
import type { ProductImageRequest, ShotLayers } from "./types";

/** Shots kept: a few videos' scenes (each entry is a plate and up to two PNGs of one frame). */
const KEPT = 12;
const kept = new Map<string, ShotLayers>();

/** The request as a key: every field but `layers` (what is returned, not what is drawn), bytes by their digest. */
export function shotKey(request: ProductImageRequest): string {
  const { layers: _returned, ...drawn } = request;
  return createHash("sha256")
    .update(JSON.stringify(keyable(drawn)))
    .digest("hex");
}

function keyable(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `sha1:${createHash("sha1").update(value).digest("hex")}`;
  if (Array.isArray(value)) return value.map(keyable);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, keyable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function keptLayers(key: string): ShotLayers | undefined {
  const layers = kept.get(key);
  if (layers) {
    // Most recently used last.
    kept.delete(key);
    kept.set(key, layers);
  }
  return layers;
}

export function keepLayers(key: string, layers: ShotLayers): void {
  kept.delete(key);
  kept.set(key, layers);
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
}
