// Public/private switch of a story, image or video. A form to the Dashboard's action (works
// without JavaScript: the server redirects back); with JavaScript a fetcher with an optimistic
// state and the toasts of docs/product.md#dashboard.
import { useFetcher } from "@remix-run/react";
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

type ToggleProps = {
  kind: ContentKind;
  id: string | number;
  visibility: VisibilityValue;
  /** The page to come back to without JavaScript (the action redirects there). */
  returnTo: string;
};

/**
 * Until React has hydrated (the server's render and the browser's first) the switch is a plain form,
 * drawn from its props alone, so a card can be kept as markup (docs/decisions/406-kept-dashboard-cards.md);
 * then the same markup as a fetcher's form.
 */
export function VisibilityToggle(props: ToggleProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <form method="post" action={DASHBOARD_ACTION} className="inline-flex">
        <ToggleFields {...props} shown={props.visibility} />
        {/* Without JavaScript the action answers with a redirect back to this page. */}
        <input type="hidden" name="redirectTo" value={props.returnTo} />
      </form>
    );
  }
  return <LiveToggle {...props} />;
}

function LiveToggle({ kind, id, visibility }: ToggleProps) {
  const fetcher = useFetcher<VisibilityResult>();
  const pending = fetcher.state !== "idle" ? (fetcher.formData?.get("visibility") as VisibilityValue | null) : null;

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
      <ToggleFields kind={kind} id={id} shown={pending ?? visibility} />
    </fetcher.Form>
  );
}

/** The switch and what it sends: the other visibility than the one shown. */
function ToggleFields({ kind, id, shown }: { kind: ContentKind; id: string | number; shown: VisibilityValue }) {
  const isPublic = shown === "public";
  const target: VisibilityValue = isPublic ? "private" : "public";
  return (
    <>
      <input type="hidden" name="intent" value="visibility" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={String(id)} />
      <input type="hidden" name="visibility" value={target} />
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
          Public<span className="sr-only">{` ${kind}`}</span>
        </span>
      </button>
    </>
  );
}
