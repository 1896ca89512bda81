// An image generation job on the Dashboard: "Processing..." until its result exists, the status
// badge, copy buttons, download as image-{id}.png, and the public/private switch.
import { CardFrame, CardHead, JobPendingMedia, JobStatusBadge, LocalDate } from "./CardParts";
import { CopyButton } from "./CopyButton";
import { DownloadImageButton } from "./DownloadImageButton";
import type { ImageItem } from "~/models/content/content-feed";
import { VisibilityToggle } from "./VisibilityToggle";

export function ImageCard({ image, returnTo }: { image: ImageItem; returnTo: string }) {
  const titleId = `image-${image.id}-title`;
  return (
    <CardFrame labelledBy={titleId}>
      {image.resultUrl ? (
        <img src={image.resultUrl} alt={image.prompt} loading="lazy" className="aspect-[4/5] w-full bg-slate-100 object-cover" />
      ) : (
        <JobPendingMedia noun="Image" failed={image.status === "failed"} errorMessage={image.errorMessage} />
      )}
      <div className="card-body">
        <CardHead titleId={titleId} kicker="Image" title={image.seoTitle ?? image.prompt} badge={<JobStatusBadge status={image.status} />} />
        {image.seoTitle ? <p className="card-text">{image.prompt}</p> : null}
        <div className="card-actions">
          <CopyButton value={image.prompt} label="Prompt" />
          {image.seoTitle ? <CopyButton value={image.seoTitle} label="Title" /> : null}
          {image.resultUrl ? <DownloadImageButton id={image.id} url={image.resultUrl} /> : null}
        </div>
        <div className="card-footer">
          <LocalDate iso={image.createdAt} />
          <VisibilityToggle kind="image" id={image.id} visibility={image.visibility} returnTo={returnTo} />
        </div>
      </div>
    </CardFrame>
  );
}
