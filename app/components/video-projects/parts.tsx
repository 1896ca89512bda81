// Pieces the Video Project Management page's panels share: the action's answer, the error line,
// the form styles, the status dot and the confirm step.

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

/** An action's answer under its form: the message, or the error. */
export function ResultLine({ result }: { result: ActionResult | undefined }) {
  if (!result) return null;
  return result.ok ? (
    <p role="status" className="text-sm text-green-700">
      {result.message}
    </p>
  ) : (
    <ErrorLine message={result.error} />
  );
}

/** A fetcher's answer for this intent (or the no-JS action data). */
export function resultOf(fetcherData: unknown, actionData: ActionResult | undefined, intent: string): ActionResult | undefined {
  const data = (fetcherData as ActionResult | undefined) ?? actionData;
  return data && data.intent === intent ? data : undefined;
}

/** True once the page runs with JavaScript (server render, no-JS and hydration: false). */
export { useHydrated } from "~/components/create-video/useHydrated";

/** The status dot colours (docs/product.md#video-projects). */
const STATUS_DOT: Record<string, string> = {
  draft: "bg-slate-400",
  in_progress: "bg-yellow-400",
  completed: "bg-green-500",
  failed: "bg-red-500",
};

export function StatusDot({ status }: { status: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-700">
      <span aria-hidden="true" data-status={status} className={`inline-block size-2.5 rounded-full ${STATUS_DOT[status] ?? "bg-slate-400"}`} />
      {status.replace("_", " ")}
    </span>
  );
}

/** A form's submit handler that asks first (window.confirm) and stops the post when the answer is no. */
export function confirmOr(message: string) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    if (!window.confirm(message)) event.preventDefault();
  };
}
