// The canvas editor's hooks: links that change one part of the view, optimistic edits, and
// whether the page runs with JavaScript.
import { type FetcherWithComponents, useFetchers, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { CanvasActionData, EditorScene } from "./editor-data";
import { FIELD_LABELS } from "./labels";

/** A link to this page with some query values changed (null removes one): every view state is a link. */
export function useViewLink() {
  const [params] = useSearchParams();
  return (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return q ? `?${q}` : "?";
  };
}

/**
 * A saved value edited in place (docs/decisions/171-optimistic-canvas-edits.md): the edit shows at
 * once while it saves; when the save fails the saved value comes back, with the failure. Without
 * JavaScript the form posts to the action and the page shows what was saved.
 */
export function useOptimisticValue(saved: string, fetcher: FetcherWithComponents<CanvasActionData>) {
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const failed = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : undefined;
  const savedRef = useRef(saved);
  savedRef.current = saved;
  useEffect(() => {
    if (failed) setValue(savedRef.current);
  }, [failed]);
  return { value, setValue, failed };
}

/** False in the server's markup and without JavaScript: a Save button is then always there to press. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The scenes as they will be once the scene edits on their way are saved: the list and the detail
 * show an edit at once, and the saved text again when its save fails (ADR 171).
 */
export function useScenesWithPendingEdits(saved: EditorScene[]): EditorScene[] {
  const edits = useFetchers()
    .map((f) => f.formData)
    .filter((form): form is FormData => form?.get("intent") === "edit-scene");
  if (edits.length === 0) return saved;
  return saved.map((scene) =>
    edits.reduce<EditorScene>((next, form) => {
      const field = String(form.get("field"));
      if (form.get("sceneId") !== scene.id || !(field in FIELD_LABELS)) return next;
      return { ...next, [field]: String(form.get("value") ?? "") };
    }, scene),
  );
}
