// Progress by step (storyboard, voice, pictures, render) and the time left, counted down in the
// browser from the server's estimate (this machine's measured speed, docs/decisions/355-storyboard-and-eta.md).
// Screen readers get one progressbar (its value and the time left, updated when the page's data
// is) and a polite live region that speaks only when a step changes, never every second.
import { useEffect, useState } from "react";
import { formatTimeLeft, type RunProgress } from "~/models/stories/eta";

/** Seconds left, ticking every second after hydration (the server's figure before it, and without JavaScript). */
export function useCountdown(progress: Pick<RunProgress, "secondsLeft" | "etaAt">): number {
  const [left, setLeft] = useState(progress.secondsLeft);
  useEffect(() => {
    // Counted from this browser's clock at the moment the figure arrived (no clock skew with the server).
    const deadline = Date.now() + progress.secondsLeft * 1000;
    setLeft(progress.secondsLeft);
    const timer = setInterval(() => setLeft(Math.max(0, (deadline - Date.now()) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [progress.secondsLeft, progress.etaAt]);
  return left;
}

const STATE_TEXT = { waiting: "waiting", working: "in progress", done: "done" } as const;

function stepText(step: RunProgress["steps"][number]): string {
  if (step.key === "render") return step.state === "working" ? `${step.done}%` : STATE_TEXT[step.state];
  if (step.key === "storyboard") return STATE_TEXT[step.state];
  return `${step.done} of ${step.total} scenes`;
}

export function RunProgressView({ progress, label, compact = false }: { progress: RunProgress; label: string; compact?: boolean }) {
  const left = useCountdown(progress);
  const leftText = formatTimeLeft(left);
  const basis = progress.measured
    ? `from this machine's last ${progress.samples} ${progress.samples === 1 ? "video" : "videos"}`
    : "first estimate, until this machine has made a video";
  const current = progress.steps.find((s) => s.state === "working") ?? progress.steps[progress.steps.length - 1];
  return (
    <div className="flex w-full flex-col gap-2 text-left" data-testid="run-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}% done, ${formatTimeLeft(progress.secondsLeft).toLowerCase()}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs text-slate-700">
        <span className="font-medium" data-testid="time-left">
          {leftText}
        </span>
        <span className="text-slate-500">({basis})</span>
      </p>
      <ol className={`grid gap-1 text-xs ${compact ? "grid-cols-2" : "grid-cols-2 sm:grid-cols-4"}`}>
        {progress.steps.map((step) => (
          <li
            key={step.key}
            className={`rounded-md border px-2 py-1 ${
              step.state === "done"
                ? "border-green-200 bg-green-50 text-green-800"
                : step.state === "working"
                  ? "border-brand-100 bg-brand-50 text-brand-700"
                  : "border-slate-200 text-slate-500"
            }`}
          >
            <span className="font-medium">{step.label}</span>: {stepText(step)}
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {current.label}: {stepText(current)}
      </p>
    </div>
  );
}
