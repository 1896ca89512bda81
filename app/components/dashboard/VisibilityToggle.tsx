// Public/private switch of a story, image or video. A form to the Dashboard's action (works
// without JavaScript: the server redirects back); with JavaScript a fetcher with an optimistic
// state and the toasts of docs/product.md#dashboard.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { cx } from "~/components/ui/cx";
import type { ContentKind, VisibilityValue } from "~/models/content/content-feed";
import { TOASTS } from "./messages";
import { useHydrated } from "./useHydrated";

export const DASHBOARD_ACTION = "/?index";

export type VisibilityResult =
  | { intent: "visibility"; ok: true; kind: ContentKind; id: string; visibility: VisibilityValue }
  | { intent: "visibility"; ok: false; kind: ContentKind | null; id: string | null; error: string };

export function VisibilityToggle({ kind, id, visibility }: { kind: ContentKind; id: string | number; visibility: VisibilityValue }) {
  const fetcher = useFetcher<VisibilityResult>();
  const hydrated = useHydrated();
  const location = useLocation();
  const pending = fetcher.state !== "idle" ? (fetcher.formData?.get("visibility") as VisibilityValue | null) : null;
  const shown = pending ?? visibility;
  const isPublic = shown === "public";
  const target: VisibilityValue = isPublic ? "private" : "public";

  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const result = fetcher.data;
    if (result.ok) {
      toast.success(TOASTS.visibilityUpdated.title, { description: TOASTS.visibilityUpdated.description(result.kind, result.visibility) });
    } else {
      toast.error(TOASTS.visibilityFailed.title, { description: TOASTS.visibilityFailed.description });
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form method="post" action={DASHBOARD_ACTION} className="inline-flex">
      <input type="hidden" name="intent" value="visibility" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={String(id)} />
      <input type="hidden" name="visibility" value={target} />
      {/* Without JavaScript the action answers with a redirect back to this page. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      <button
        type="submit"
        role="switch"
        aria-checked={isPublic}
        title={isPublic ? `Public: anyone signed in can see it on Explore. Make it private` : `Private: only you can see it. Make it public`}
        className="switch"
      >
        <span aria-hidden="true" className={cx("switch-track", isPublic ? "bg-brand-600" : "bg-slate-300")}>
          <span className={cx("switch-thumb", isPublic ? "translate-x-4.5" : "translate-x-0.5")} />
        </span>
        <span>
          Public<span className="sr-only"> {kind}</span>
        </span>
      </button>
    </fetcher.Form>
  );
}
