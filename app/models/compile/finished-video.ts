// The finished video of a compile: where it is recorded and how its address is made, in one
// place (docs/architecture.md#the-finished-video, ADR 291). Client-safe.
//
// The video is a stored file (a "renders" object) that the render which completed the compile
// recorded in compile_jobs.videoUrl: that column is the source of truth. Three columns are
// copies of that same value, written from it when the work completes and never on their own,
// so listings need no join:
//   - canvas_projects.finalVideoUrl: the project's last finished video (markProjectCompiled);
//     kept when a later compile fails;
//   - stories.finalVideoWithMusic: a Create Video or variant result (markStoryReady);
//   - video_generation_jobs.resultUrl of the compile's dashboard video job (settleCompile).
// Whatever column a reader holds, it makes the address with finishedVideoUrl (MCP clients get
// a signed link of the same stored file instead), and the editors choose which video to show
// with projectVideo.
import { mediaUrl } from "~/utils/storage/buckets";

/** The address a browser uses for a finished video, from any of the four columns. */
export function finishedVideoUrl(stored: string | null | undefined): string | null {
  return mediaUrl(stored);
}

type LatestCompile = { status: string; videoUrl: string | null; posterUrl?: string | null };

/**
 * The video an editor shows for a project: its latest compile's when that completed, else the
 * project's last finished video; the poster frame only when it belongs to the video shown.
 */
export function projectVideo(
  project: { finalVideoUrl: string | null },
  latest: LatestCompile | null | undefined,
): { url: string | null; posterUrl: string | null } {
  const stored = latest?.status === "completed" && latest.videoUrl ? latest.videoUrl : project.finalVideoUrl;
  const posterUrl = latest && latest.videoUrl === stored ? (latest.posterUrl ?? null) : null;
  return { url: finishedVideoUrl(stored), posterUrl };
}

/** A compile job as both editors' compile panels show it. */
export type CompileJobView = {
  id: string;
  status: string;
  progress: number;
  message: string | null;
  errorMessage: string | null;
  /** What was refunded and kept when it failed, or the scenes added after the request that are not in the video (ADR 250). */
  notice: string | null;
  videoUrl: string | null;
  /** The render's representative frame (docs/decisions/198-poster-frame.md). */
  posterUrl: string | null;
  format: string;
};

/** A compile job as both editors' compile panels show it, with its video's address made. */
export function compileJobView(job: CompileJobView): CompileJobView {
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    message: job.message,
    errorMessage: job.errorMessage,
    notice: job.notice,
    videoUrl: finishedVideoUrl(job.videoUrl),
    posterUrl: job.posterUrl,
    format: job.format,
  };
}
