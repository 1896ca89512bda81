// The canvas diagram from the server (resources.projects.$projectId.canvas): load, refresh and
// Optimize Layout. A newer request wins over an older one still on its way.
import { useCallback, useEffect, useRef, useState } from "react";
import type { CanvasData } from "~/models/projects/canvas-layout";

export const canvasUrl = (projectId: string) => `/resources/projects/${encodeURIComponent(projectId)}/canvas`;

async function readAnswer(res: Response): Promise<CanvasData> {
  const json = (res.headers.get("Content-Type") ?? "").includes("application/json");
  if (res.redirected && new URL(res.url).pathname.startsWith("/auth/login")) throw new Error("Your session has ended. Please sign in again.");
  if (res.ok && json) return (await res.json()) as CanvasData;
  if (json) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    if (body && typeof body.error === "string") throw new Error(body.error);
  } else if (res.status === 403) {
    throw new Error("You don't have permission to access this page.");
  }
  throw new Error(`The canvas could not be loaded (status ${res.status}).`);
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.name !== "TypeError") return error.message;
  return "The canvas could not be loaded. Check your connection and try again.";
}

export type CanvasState = {
  data: CanvasData | null;
  error: string | null;
  loading: boolean;
  /** When the data on screen was read (client clock). */
  updatedAt: Date | null;
  /** What brought the data: a load or refresh (keep where nodes are) or Optimize Layout (move them). */
  source: "load" | "optimize";
};

export function useCanvasData(projectId: string | null) {
  const [state, setState] = useState<CanvasState>({ data: null, error: null, loading: Boolean(projectId), updatedAt: null, source: "load" });
  const latest = useRef(0);

  const request = useCallback(
    async (source: CanvasState["source"], init?: RequestInit): Promise<CanvasData | null> => {
      if (!projectId) return null;
      const ticket = ++latest.current;
      setState((s) => ({ ...s, loading: true }));
      try {
        const data = await readAnswer(await fetch(canvasUrl(projectId), { ...init, headers: { Accept: "application/json" } }));
        if (ticket !== latest.current) return null;
        setState({ data, error: null, loading: false, updatedAt: new Date(), source });
        return data;
      } catch (error) {
        if (ticket !== latest.current) return null;
        setState((s) => ({ ...s, error: messageOf(error), loading: false }));
        return null;
      }
    },
    [projectId],
  );

  const refresh = useCallback(() => request("load"), [request]);
  const optimize = useCallback(() => request("optimize", { method: "POST", body: new URLSearchParams({ intent: "optimize" }) }), [request]);

  useEffect(() => {
    setState({ data: null, error: null, loading: Boolean(projectId), updatedAt: null, source: "load" });
    void request("load");
    return () => {
      latest.current += 1;
    };
  }, [projectId, request]);

  return { ...state, refresh, optimize };
}
