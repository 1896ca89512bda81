// A video generation job on the Dashboard: "Processing..." until its result exists, the status
// badge, copy buttons and the public/private switch.
import { CardFrame, JobPendingMedia, JobStatusBadge, LocalDate } from "./CardParts";
import { CopyButton } from "./CopyButton";
import type { VideoItem } from "~/models/content/content-feed";
import { VisibilityToggle } from "./VisibilityToggle";
import { CardVideo } from "~/components/ui/CardVideo";
import { DownloadVideoLink } from "~/components/ui/DownloadVideoLink";

export function VideoCard({ video }: { video: VideoItem }) {
  const titleId = `video-${video.id}-title`;
  return (
    <CardFrame labelledBy={titleId}>
      {video.resultUrl ? (
        <CardVideo url={video.resultUrl} label={`Video: ${video.seoTitle ?? video.prompt}`} />
      ) : (
        <JobPendingMedia noun="Video" failed={video.status === "failed"} errorMessage={video.errorMessage} />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 font-semibold text-slate-900">
            <span className="block text-xs font-medium text-slate-500">Video</span>
            <span className="line-clamp-2 break-words">{video.seoTitle ?? video.prompt}</span>
          </h3>
          <JobStatusBadge status={video.status} />
        </div>
        {video.seoTitle ? <p className="line-clamp-3 text-sm break-words text-slate-600">{video.prompt}</p> : null}
        {video.sceneDescription ? <p className="line-clamp-2 text-xs break-words text-slate-500">{video.sceneDescription}</p> : null}
        <div className="flex flex-wrap gap-2">
          <CopyButton value={video.prompt} label="Prompt" />
          {video.seoTitle ? <CopyButton value={video.seoTitle} label="Title" /> : null}
          {video.status === "completed" && video.resultUrl ? (
            <DownloadVideoLink url={video.resultUrl} title={video.seoTitle ?? video.prompt} fallbackName={`video-${video.id}`} />
          ) : null}
        </div>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500">
          <LocalDate iso={video.createdAt} />
          <VisibilityToggle kind="video" id={video.id} visibility={video.visibility} />
        </div>
      </div>
    </CardFrame>
  );
}
