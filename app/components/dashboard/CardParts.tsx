// Small pieces shared by the content cards of the Dashboard and Explore.
import { Badge } from "~/components/ui/Badge";
import { cx } from "~/components/ui/cx";
import type { JobStatusValue } from "~/models/content/content-feed";
import { Time } from "~/components/time/TimeZone";
import { CARD_SPINNER_ID } from "./CopyButton";

/** A date and time in the viewer's time zone, the zone named (one rule everywhere: ADR 267). */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  return <Time value={iso} className={className} />;
}

/** The cards' spinner: the symbol CopyButtonIcons defines once above the card list, drawn with <use>. */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg className={cx("animate-spin", className)} aria-hidden="true">
      <use href={`#${CARD_SPINNER_ID}`} />
    </svg>
  );
}

const JOB_BADGE: Record<JobStatusValue, string> = {
  in_queue: "bg-slate-100 text-slate-700",
  in_progress: "bg-amber-100 text-amber-800",
  completed: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
};

/** The job's status value in a badge (docs/product.md#dashboard). */
export function JobStatusBadge({ status }: { status: JobStatusValue }) {
  return (
    <Badge className={JOB_BADGE[status]}>
      <span className="sr-only">Status: </span>
      {status}
    </Badge>
  );
}

export type StoryBadgeState = "ready" | "processing" | "failed";

/** docs/product.md#dashboard: "Ready" when the final video exists, otherwise "Processing" (ADR 080: or "Failed"). */
export function storyBadgeState(story: { videoUrl: string | null; status: string }): StoryBadgeState {
  if (story.videoUrl) return "ready";
  return story.status === "failed" ? "failed" : "processing";
}

export function StoryBadge({ state }: { state: StoryBadgeState }) {
  const styles = {
    ready: "bg-emerald-100 text-emerald-800",
    processing: "bg-amber-100 text-amber-800",
    failed: "bg-red-100 text-red-800",
  }[state];
  return (
    <Badge className={styles}>
      {state === "processing" ? <Spinner className="size-3" /> : null}
      {state === "ready" ? "Ready" : state === "processing" ? "Processing" : "Failed"}
    </Badge>
  );
}

/** The grey box that stands where a result will appear. */
export function MediaPlaceholder({ children, tone = "neutral" }: { children: React.ReactNode; tone?: "neutral" | "error" }) {
  return <div className={cx("card-placeholder", tone === "error" ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-600")}>{children}</div>;
}

export function CardFrame({ children, className, labelledBy }: { children: React.ReactNode; className?: string; labelledBy: string }) {
  return (
    <article aria-labelledby={labelledBy} className={cx("card", className)}>
      {children}
    </article>
  );
}

/** A card's heading: what it is (the kicker), its title, and its status badge beside them. */
export function CardHead({ titleId, kicker, title, badge }: { titleId: string; kicker: React.ReactNode; title: string; badge: React.ReactNode }) {
  return (
    <div className="card-head">
      <h3 id={titleId} className="card-title">
        <span className="card-kicker">{kicker}</span>
        <span className="line-clamp-2 break-words">{title}</span>
      </h3>
      {badge}
    </div>
  );
}

/** What a job card shows before its result exists: the failure with its reason, or "Processing...". */
export function JobPendingMedia({ noun, failed, errorMessage }: { noun: "Image" | "Video"; failed: boolean; errorMessage: string | null }) {
  if (failed) {
    return (
      <MediaPlaceholder tone="error">
        <span className="font-medium">{`${noun} generation failed`}</span>
        {errorMessage ? <span className="text-xs break-words">{errorMessage}</span> : null}
      </MediaPlaceholder>
    );
  }
  return (
    <MediaPlaceholder>
      <Spinner className="size-6 text-brand-600" />
      <span className="font-medium">Processing...</span>
    </MediaPlaceholder>
  );
}
