// An image generation job on the Dashboard: "Processing..." until its result exists, the status
// badge, copy buttons, download as image-{id}.png, and the public/private switch.
import { CardFrame, JobPendingMedia, JobStatusBadge, LocalDate } from "./CardParts";
import { CopyButton } from "./CopyButton";
import { DownloadImageButton } from "./DownloadImageButton";
import type { ImageItem } from "~/models/content/content-feed";
import { VisibilityToggle } from "./VisibilityToggle";

export function ImageCard({ image }: { image: ImageItem }) {
  const titleId = `image-${image.id}-title`;
  return (
    <CardFrame labelledBy={titleId}>
      {image.resultUrl ? (
        <img src={image.resultUrl} alt={image.prompt} loading="lazy" className="aspect-[4/5] w-full bg-slate-100 object-cover" />
      ) : (
        <JobPendingMedia noun="Image" failed={image.status === "failed"} errorMessage={image.errorMessage} />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 font-semibold text-slate-900">
            <span className="block text-xs font-medium text-slate-500">Image</span>
            <span className="line-clamp-2 break-words">{image.seoTitle ?? image.prompt}</span>
          </h3>
          <JobStatusBadge status={image.status} />
        </div>
        {image.seoTitle ? <p className="line-clamp-3 text-sm break-words text-slate-600">{image.prompt}</p> : null}
        <div className="flex flex-wrap gap-2">
          <CopyButton value={image.prompt} label="Prompt" />
          {image.seoTitle ? <CopyButton value={image.seoTitle} label="Title" /> : null}
          {image.resultUrl ? <DownloadImageButton id={image.id} url={image.resultUrl} /> : null}
        </div>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500">
          <LocalDate iso={image.createdAt} />
          <VisibilityToggle kind="image" id={image.id} visibility={image.visibility} />
        </div>
      </div>
    </CardFrame>
  );
}
