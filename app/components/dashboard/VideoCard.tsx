// A video generation job on the Dashboard: "Processing..." until its result exists, the status
// badge, copy buttons and the public/private switch.
import { CardFrame, CardHead, JobPendingMedia, JobStatusBadge, LocalDate } from "./CardParts";
import { CopyButton } from "./CopyButton";
import type { VideoItem } from "~/models/content/content-feed";
import { VisibilityToggle } from "./VisibilityToggle";
import { CardVideo } from "~/components/ui/CardVideo";
import { DownloadVideoLink } from "~/components/ui/DownloadVideoLink";

export function VideoCard({ video, returnTo }: { video: VideoItem; returnTo: string }) {
  const titleId = `video-${video.id}-title`;
  return (
    <CardFrame labelledBy={titleId}>
      {video.resultUrl ? (
        <CardVideo url={video.resultUrl} label={`Video: ${video.seoTitle ?? video.prompt}`} />
      ) : (
        <JobPendingMedia noun="Video" failed={video.status === "failed"} errorMessage={video.errorMessage} />
      )}
      <div className="card-body">
        <CardHead titleId={titleId} kicker="Video" title={video.seoTitle ?? video.prompt} badge={<JobStatusBadge status={video.status} />} />
        {video.seoTitle ? <p className="card-text">{video.prompt}</p> : null}
        {video.sceneDescription ? <p className="line-clamp-2 text-xs break-words text-slate-500">{video.sceneDescription}</p> : null}
        <div className="card-actions">
          <CopyButton value={video.prompt} label="Prompt" />
          {video.seoTitle ? <CopyButton value={video.seoTitle} label="Title" /> : null}
          {video.status === "completed" && video.resultUrl ? (
            <DownloadVideoLink url={video.resultUrl} title={video.seoTitle ?? video.prompt} fallbackName={`video-${video.id}`} />
          ) : null}
        </div>
        <div className="card-footer">
          <LocalDate iso={video.createdAt} />
          <VisibilityToggle kind="video" id={video.id} visibility={video.visibility} returnTo={returnTo} />
        </div>
      </div>
    </CardFrame>
  );
}
