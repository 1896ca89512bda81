// The card of /create-video (docs/product.md#the-page): the balance, the cost tooltip, the
// "Create New Video" button (disabled under 20 credits) and the way to more credits.
import { useId, useState } from "react";
import { formatCredits } from "~/components/shell/nav";
import { buttonClasses } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/Icon";
import { CUSTOM_ORDER_COST_CREDITS, VIDEO_COST_CREDITS } from "~/models/billing/prices";
import { VIDEO_MESSAGES } from "~/models/stories/video-request-rules";
import { AppLink } from "~/components/ui/AppLink";

/**
 * "Each video requires 20 credits": shown while the info button is hovered or focused (CSS, so
 * it works without JavaScript), tied to the button with aria-describedby, and dismissed with
 * Escape (WCAG 1.4.13) where JavaScript runs.
 */
export function CostTooltip({ id }: { id: string }) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <span className="group relative inline-flex" onMouseLeave={() => setDismissed(false)}>
      <button
        type="button"
        aria-describedby={id}
        aria-label="About the cost"
        onKeyDown={(e) => {
          if (e.key === "Escape") setDismissed(true);
        }}
        onBlur={() => setDismissed(false)}
        className="inline-flex size-7 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Icon name="info" className="size-5" />
      </button>
      <span
        id={id}
        role="tooltip"
        className={cx(
          "pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-2 w-max max-w-56 -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white opacity-0 shadow-lg transition-opacity",
          !dismissed && "group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100",
        )}
      >
        {VIDEO_MESSAGES.tooltip}
      </span>
    </span>
  );
}

export function CreditsCard({
  credits,
  createHref,
  onCreate,
}: {
  /** null when the balance could not be loaded. */
  credits: number | null;
  /** Where "Create New Video" leads without JavaScript (the inline form). */
  createHref: string;
  /** With JavaScript: open the dialog instead of following the link. */
  onCreate?: () => void;
}) {
  const tooltipId = useId();
  const canCreate = credits !== null && credits >= VIDEO_COST_CREDITS;
  const button = (
    <>
      <Icon name="video" className="size-4" />
      Create New Video
    </>
  );

  return (
    <section aria-labelledby="credits-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Icon name="sparkles" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1">
            <h2 id="credits-heading" className="text-lg font-semibold text-slate-900" aria-live="polite">
              {credits === null ? "Credits" : `You have ${formatCredits(credits)} credits available`}
            </h2>
            <CostTooltip id={tooltipId} />
          </div>
          {credits === null ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {VIDEO_MESSAGES.creditsLoadFailed}
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">
              Write a script or an idea, pick a voice and a style, and get a finished short video in your dashboard.
            </p>
          )}
        </div>
      </div>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        {canCreate ? (
          <AppLink
            to={createHref}
            preventScrollReset
            onClick={(event) => {
              if (!onCreate || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onCreate();
            }}
            aria-describedby={tooltipId}
            className={buttonClasses("primary", "lg", "w-full sm:w-auto")}
          >
            {button}
          </AppLink>
        ) : (
          <button type="button" disabled aria-describedby={tooltipId} className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
            {button}
          </button>
        )}
        {credits !== null && !canCreate ? (
          <AppLink to="/plans" className="text-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline sm:text-left">
            Get more credits
          </AppLink>
        ) : null}
      </div>
      <p className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-600">
        Would you rather our team made it?{" "}
        <AppLink to="/custom-orders" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Place a custom order
        </AppLink>{" "}
        ({CUSTOM_ORDER_COST_CREDITS} credits).
      </p>
    </section>
  );
}
