// Pieces the Video Project Management page's panels share: the action's answer, the error line,
// and the form styles.
import { useEffect, useState } from "react";

export type ActionResult =
  | { ok: true; intent: string; message: string; sceneId?: string; data?: unknown }
  | { ok: false; intent: string; error: string; sceneId?: string }
  | { ok: false; intent: "delete-project"; error: string; confirm: { projectId: string; title: string } };

export const input = "w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none";
export const panel = "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

export function ErrorLine({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="text-sm text-red-600">
      Error: {message}
    </p>
  ) : null;
}

/** A fetcher's answer for this intent (or the no-JS action data). */
export function resultOf(fetcherData: unknown, actionData: ActionResult | undefined, intent: string): ActionResult | undefined {
  const data = (fetcherData as ActionResult | undefined) ?? actionData;
  return data && data.intent === intent ? data : undefined;
}

/** True once the page runs with JavaScript (server render and no-JS: false). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
