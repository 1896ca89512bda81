// Explore cards (docs/product.md#explore): a public story ("Story #id", its text, the final video,
// the product image that opens larger, "Type: ...") and a public video (prompt, scene description,
// SEO title, the video and who made it).
import { CardFrame, LocalDate } from "~/components/dashboard/CardParts";
import type { StoryItem, VideoItem } from "~/models/content/content-feed";
import { ImageLightbox } from "./ImageLightbox";
import { CardVideo } from "~/components/ui/CardVideo";

export function ExploreStoryCard({ story }: { story: StoryItem }) {
  const titleId = `explore-story-${story.id}`;
  return (
    <CardFrame labelledBy={titleId}>
      {story.videoUrl ? <CardVideo url={story.videoUrl} posterUrl={story.posterUrl} label={`Video of story #${story.id}`} /> : null}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="font-semibold text-slate-900">
              Story #{story.id}
            </h3>
            {story.seoTitle ? <p className="line-clamp-2 text-sm font-medium break-words text-slate-700">{story.seoTitle}</p> : null}
          </div>
          {story.productImageUrl ? (
            <ImageLightbox
              src={story.productImageUrl}
              alt={`Product image of story #${story.id}`}
              label={`View the product image of story #${story.id} larger`}
            />
          ) : null}
        </div>
        <p className="line-clamp-4 text-sm break-words whitespace-pre-line text-slate-600">{story.source}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500">
          <span>Type: {story.storyTypeName ?? "Unspecified"}</span>
          <LocalDate iso={story.createdAt} />
        </div>
      </div>
    </CardFrame>
  );
}

export function ExploreVideoCard({ video }: { video: VideoItem }) {
  const titleId = `explore-video-${video.id}`;
  return (
    <CardFrame labelledBy={titleId}>
      {video.resultUrl ? <CardVideo url={video.resultUrl} label={`Video: ${video.seoTitle ?? video.prompt}`} /> : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="line-clamp-2 font-semibold break-words text-slate-900">
          {video.seoTitle ?? "Video"}
        </h3>
        <p className="text-sm break-words text-slate-700">
          <span className="font-medium text-slate-900">Prompt: </span>
          {video.prompt}
        </p>
        {video.sceneDescription ? (
          <p className="text-sm break-words text-slate-600">
            <span className="font-medium text-slate-900">Scene: </span>
            {video.sceneDescription}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500">
          <span>By {video.uploaderName ?? "Anonymous"}</span>
          <LocalDate iso={video.createdAt} />
        </div>
      </div>
    </CardFrame>
  );
}
