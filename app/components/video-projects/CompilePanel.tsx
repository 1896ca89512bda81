// The video compilation panel (also on the canvas editor): compile with the cost shown first, the
// render's live progress, and the finished video to watch and download.
import { useFetcher } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/Button";
import { CaptionFields } from "~/components/ui/CaptionFields";
import { StaticMarkup } from "~/components/ui/StaticMarkup";
import { projectVideo } from "~/models/compile/finished-video";
import { downloadFileName, downloadHref } from "~/utils/download-name";
import type { PageProject } from "./page-data";
import { ErrorLine, input, panel, resultOf, StatusDot, confirmOr, type ActionResult } from "./parts";

const ACTIVE = new Set(["queued", "rendering"]);

/** What the compile panel reads of a project (the canvas editor shows the same panel). */
export type CompilePanelProject = {
  project: Pick<PageProject["project"], "finalVideoUrl" | "title" | "status">;
  /** Every scene of the project, not only the cards the page shows. */
  sceneCount: number;
  compile: Pick<PageProject["compile"], "costLabel" | "job" | "captions">;
};

/** The video compilation panel: its form posts intent "compile" with the format to the page's own action. */
export function CompilePanel({ open, actionData, storyboardHref }: { open: CompilePanelProject; actionData?: ActionResult; storyboardHref?: string }) {
  const fetcher = useFetcher<ActionResult>();
  const result = resultOf(fetcher.data, actionData, "compile");
  const job = open.compile.job;
  const running = fetcher.state !== "idle" || (job !== null && ACTIVE.has(job.status));
  const count = open.sceneCount;

  const { url: videoUrl, posterUrl } = projectVideo(open.project, job);
  return (
    <section className={panel} aria-labelledby="compile-title">
      <h2 id="compile-title" className="text-lg font-semibold text-slate-900">
        Video Compilation
      </h2>
      <fetcher.Form
        method="post"
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={confirmOr(`Compile the full video for ${open.compile.costLabel} credits?`)}
      >
        <input type="hidden" name="intent" value="compile" />
        <label className="text-sm font-medium text-slate-700">
          Output Format
          <select name="format" defaultValue={job?.format ?? "mp4"} disabled={running} className={`mt-1 block ${input} disabled:opacity-60`}>
            <option value="mp4">MP4</option>
            <option value="webm">WebM</option>
          </select>
        </label>
        {/* The caption radios are drawn from the pick alone: kept as markup (ADR 407), a few keys in all. */}
        <StaticMarkup className="w-full" cacheKey={`compile-captions\u0000${JSON.stringify(open.compile.captions)}`}>
          <CaptionFields initial={open.compile.captions} idPrefix="compile" />
        </StaticMarkup>
        <Button type="submit" disabled={running || count === 0}>
          {running ? "Compiling..." : "Compile Full Video"}
        </Button>
      </fetcher.Form>
      <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600" data-testid="project-status">
        <span>Project Status:</span> <StatusDot status={open.project.status} /> <span aria-hidden="true">·</span> <span>{count} scene(s) available</span>
      </div>
      {count > 0 ? <p className="text-xs text-slate-500">Cost: {open.compile.costLabel} credits</p> : null}
      {count > 0 && storyboardHref ? (
        <p className="mt-2 text-sm">
          <a href={storyboardHref} className={buttonClasses("secondary", "sm")}>
            Storyboard
          </a>{" "}
          <span className="text-xs text-slate-500">See every shot before you compile (free).</span>
        </p>
      ) : null}
      {result && !result.ok ? <ErrorLine message={result.error} /> : null}
      {job ? (
        <div className="mt-3 space-y-2" aria-live="polite">
          {ACTIVE.has(job.status) ? (
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-valuenow={job.progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div
                className="h-full bg-brand-500 transition-all"
                style={{
                  width: `${Math.min(Math.max(job.progress, 0), 100)}%`,
                }}
              />
            </div>
          ) : null}
          {job.message ? (
            <p className="text-sm text-slate-700" data-testid="compile-message">
              {job.message}
              {ACTIVE.has(job.status) ? ` (${job.progress}%)` : ""}
            </p>
          ) : null}
          {job.status === "failed" && job.errorMessage ? <ErrorLine message={job.errorMessage} /> : null}
          {job.notice ? (
            <p className="text-sm text-slate-700" data-testid="compile-notice">
              {job.notice}
            </p>
          ) : null}
        </div>
      ) : null}
      {videoUrl ? (
        <div className="mt-4 space-y-2">
          <video
            src={videoUrl}
            poster={posterUrl ?? undefined}
            controls
            playsInline
            className="max-h-[70vh] w-full max-w-xl rounded-xl bg-black object-contain"
            data-testid="compiled-video"
          >
            <track kind="captions" />
          </video>
          <div className="flex flex-wrap gap-2">
            <a href={videoUrl} target="_blank" rel="noreferrer" className={buttonClasses("secondary", "sm")}>
              Open in new tab
            </a>
            <a
              href={downloadHref(videoUrl, downloadFileName(open.project.title, videoUrl))}
              download={downloadFileName(open.project.title, videoUrl)}
              className={buttonClasses("primary", "sm")}
            >
              Download
            </a>
          </div>
        </div>
      ) : null}
    </section>
  );
}
