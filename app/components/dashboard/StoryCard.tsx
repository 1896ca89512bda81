// A story on the Dashboard: Ready / Processing / Failed, the final video when ready, the SEO
// title and hashtags with copy buttons, and the public/private switch.
import { CardFrame, CardHead, LocalDate, MediaPlaceholder, Spinner, StoryBadge, storyBadgeState } from "./CardParts";
import { CopyButton } from "./CopyButton";
import type { StoryItem } from "~/models/content/content-feed";
import { VisibilityToggle } from "./VisibilityToggle";
import { CardVideo } from "~/components/ui/CardVideo";
import { DownloadVideoLink } from "~/components/ui/DownloadVideoLink";
import { RunProgressView } from "~/components/storyboard/RunProgressView";
import { StoryboardStills } from "~/components/storyboard/StoryboardStills";

export function hashtagText(hashtags: string[]): string {
  return hashtags.map((tag) => (tag.startsWith("#") ? tag : `#${tag}`)).join(" ");
}

/** What a story that is not finished is doing now. */
function progressText(s: { progressStep: string | null; status: string }): string {
  return s.progressStep ?? (s.status === "queued" ? "Waiting to start" : "Working on it");
}

export function StoryCard({ story, returnTo }: { story: StoryItem; returnTo: string }) {
  const state = storyBadgeState(story);
  const titleId = `story-${story.id}-title`;
  const hashtags = hashtagText(story.hashtags);
  return (
    <CardFrame labelledBy={titleId}>
      {state === "ready" && story.videoUrl ? (
        <CardVideo url={story.videoUrl} posterUrl={story.posterUrl} label={`Video of story #${story.id}`} />
      ) : state === "failed" ? (
        <MediaPlaceholder tone="error">
          <span className="font-medium">This video could not be made</span>
          {story.errorMessage ? <span className="text-xs break-words">{story.errorMessage}</span> : null}
        </MediaPlaceholder>
      ) : story.storyboard ? (
        <RunPanel story={story} />
      ) : (
        <MediaPlaceholder>
          <Spinner className="size-6 text-brand-600" />
          <span className="font-medium">Processing</span>
          <span className="text-xs">{progressText(story)}</span>
        </MediaPlaceholder>
      )}

      <div className="card-body">
        <CardHead titleId={titleId} kicker={`Story #${story.id}`} title={story.seoTitle ?? "Untitled video"} badge={<StoryBadge state={state} />} />
        <p className="card-text">{story.source}</p>
        {hashtags ? <p className="text-xs break-words text-brand-700">{hashtags}</p> : null}
        <div className="card-actions">
          {story.seoTitle ? <CopyButton value={story.seoTitle} label="Title" /> : null}
          {hashtags ? <CopyButton value={hashtags} label="Hashtags" /> : null}
          <CopyButton value={story.source} label="Script" />
          {state === "ready" && story.videoUrl ? <DownloadVideoLink url={story.videoUrl} title={story.seoTitle} fallbackName={`video-${story.id}`} /> : null}
        </div>
        {state === "ready" && story.variants ? (
          <div className="card-actions">
            <a href={`/stories/${story.id}/variants#size`} className="chip-link">
              Make another size
            </a>
            <a href={`/stories/${story.id}/variants#variants`} className="chip-link">
              Make variants
            </a>
          </div>
        ) : null}
        {story.variants && story.variants.length > 0 ? <StoryVariants story={story} variants={story.variants} /> : null}
        <div className="card-footer">
          <LocalDate iso={story.createdAt} />
          <VisibilityToggle kind="story" id={story.id} visibility={story.isPublic ? "public" : "private"} returnTo={returnTo} />
        </div>
      </div>
    </CardFrame>
  );
}

/** A run in progress with its storyboard (ADR 355): the stills, the steps and the time left; the video replaces it when Ready. */
function RunPanel({ story }: { story: StoryItem }) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-100 bg-slate-50 p-3" data-testid="card-storyboard">
      <p className="text-xs font-medium text-slate-700">Storyboard — {progressText(story)}</p>
      {story.storyboard ? <StoryboardStills storyboard={story.storyboard} compact /> : null}
      {story.progress ? <RunProgressView progress={story.progress} label={`Story #${story.id} progress`} compact /> : null}
      <a href={`/stories/${story.id}`} className="text-xs font-medium text-brand-700 underline">
        Open the storyboard and progress
      </a>
    </div>
  );
}

/** The other sizes and variants of a story, under its card (docs/decisions/215-story-variants.md). */
function StoryVariants({ story, variants }: { story: StoryItem; variants: StoryItem[] }) {
  return (
    <details className="rounded-lg border border-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">{`Variants (${variants.length})`}</summary>
      <ul className="flex flex-col gap-3 p-3">
        {variants.map((v) => {
          const state = storyBadgeState(v);
          const label = [v.aspectRatio, v.storyTypeName].filter(Boolean).join(" · ");
          return (
            <li key={v.id} className="flex flex-col gap-2 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0" aria-label={`Variant story #${v.id}`}>
              <div className="flex items-center justify-between gap-2">
                <span className="text-xs text-slate-600">{`Story #${v.id}${label ? ` — ${label}` : ""}`}</span>
                <StoryBadge state={state} />
              </div>
              {state === "ready" && v.videoUrl ? (
                <>
                  <CardVideo
                    url={v.videoUrl}
                    posterUrl={v.posterUrl}
                    label={`Video of story #${v.id}`}
                    className="max-h-64 w-full rounded bg-black object-contain"
                  />
                  <div>
                    <DownloadVideoLink url={v.videoUrl} title={v.seoTitle ?? story.seoTitle} fallbackName={`video-${v.id}`} />
                  </div>
                </>
              ) : state === "failed" ? (
                <p className="text-xs break-words text-red-700">{v.errorMessage ?? "This video could not be made"}</p>
              ) : (
                <p className="text-xs text-slate-600">{progressText(v)}</p>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
