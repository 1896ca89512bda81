// Pieces every admin tab uses: the tab's panel with its heading, the inline result of the last
// action (readable without JavaScript, announced to screen readers) and its toast.
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { cx } from "~/components/ui/cx";

export type ActionResult = { ok: boolean; message?: string } | undefined | null;

export function AdminPanel({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  const id = `admin-panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The message of an action's answer, inline (and as a toast once, when JavaScript runs). */
export function ResultNotice({ result, className }: { result: ActionResult; className?: string }) {
  const shown = useRef<ActionResult>(null);
  useEffect(() => {
    if (!result?.message || shown.current === result) return;
    shown.current = result;
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
  }, [result]);
  if (!result?.message) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={cx("rounded-lg px-3 py-2 text-sm", result.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800", className)}
    >
      {result.message}
    </p>
  );
}

/** A panel-wide empty or error state. */
export function EmptyState({ children, tone = "empty" }: { children: React.ReactNode; tone?: "empty" | "error" }) {
  return (
    <p
      role={tone === "error" ? "alert" : undefined}
      className={cx(
        "rounded-lg border border-dashed p-6 text-center text-sm",
        tone === "error" ? "border-red-200 text-red-700" : "border-slate-200 text-slate-500",
      )}
    >
      {children}
    </p>
  );
}
