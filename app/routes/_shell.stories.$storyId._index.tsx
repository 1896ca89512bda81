// /stories/{storyId} (signed in; the story's owner or an admin): a Create Video run from the moment
// its script is planned: its storyboard (a still per beat, its caption, the voice-over lines), its
// progress by step and the time left from this machine's measured speed, then the finished video
// (docs/decisions/355-storyboard-and-eta.md). Follows the run live (the "story.updated" events);
// without JavaScript the page reloads itself every few seconds while the run goes on.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StoryBadge, storyBadgeState } from "~/components/dashboard/CardParts";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { RunProgressView } from "~/components/storyboard/RunProgressView";
import { StoryboardStills } from "~/components/storyboard/StoryboardStills";
import { CardVideo } from "~/components/ui/CardVideo";
import { useLiveRevalidate } from "~/hooks/useLiveEvents";
import { actorFromUser, isNotFound, requireUser } from "~/models/access";
import { getStoryRun } from "~/models/stories";
import { field } from "~/utils/form-fields";

/** Without JavaScript, a page of a run in progress reloads itself this often (seconds). */
export const NO_JS_REFRESH_SECONDS = 5;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Story #${data.story.id} — Reelforge` : "Story — Reelforge" }];

const STORY_ID = field.intId("The story id");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = STORY_ID.safeParse(params.storyId);
  if (!parsed.success) throw new Response("Story not found", { status: 404 });
  const story = await getStoryRun(actorFromUser(user, "web"), parsed.data).catch((error: unknown) => {
    if (isNotFound(error)) throw new Response("Story not found", { status: 404 });
    throw error;
  });
  return { story };
}

export default function StoryPage() {
  const { story } = useLoaderData<typeof loader>();
  const state = storyBadgeState(story);
  const running = story.status === "queued" || story.status === "processing";
  // Its own story's changes, and a resync after the connection came back.
  useLiveRevalidate(["story.updated"], (event) => event.type !== "story.updated" || event.storyId === story.id);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 md:py-8">
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(NO_JS_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">
            <Link to="/" className="underline">
              Dashboard
            </Link>{" "}
            / Story #{story.id}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{story.seoTitle ?? "Your video"}</h1>
        </div>
        <StoryBadge state={state} />
      </div>

      {state === "ready" && story.videoUrl ? (
        <CardVideo
          url={story.videoUrl}
          posterUrl={story.posterUrl}
          label={`Video of story #${story.id}`}
          className="max-h-[70vh] w-full rounded-lg bg-black object-contain"
        />
      ) : state === "failed" ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          This video could not be made{story.errorMessage ? `: ${story.errorMessage}` : "."}
        </p>
      ) : (
        <section aria-labelledby="progress-heading" className="space-y-2 rounded-lg border border-slate-200 p-4">
          <h2 id="progress-heading" className="text-sm font-semibold text-slate-900">
            {story.progressStep ?? (story.status === "queued" ? "Waiting to start" : "Working on it")}
          </h2>
          {story.progress ? <RunProgressView progress={story.progress} label="Video progress" /> : null}
          <noscript>
            <p className="text-xs text-slate-600">
              This page reloads every {NO_JS_REFRESH_SECONDS} seconds.{" "}
              <a href={`/stories/${story.id}`} className="underline">
                Refresh now
              </a>
            </p>
          </noscript>
        </section>
      )}

      {story.storyboard ? (
        <div className="space-y-2">
          <h2 id="storyboard-heading" className="text-lg font-semibold text-slate-900">
            Storyboard
          </h2>
          <StoryboardStills storyboard={story.storyboard} headingId="storyboard-heading" />
        </div>
      ) : running ? (
        <p className="text-sm text-slate-600">The storyboard appears as soon as the script is divided into scenes.</p>
      ) : null}

      <section aria-labelledby="script-heading" className="space-y-1">
        <h2 id="script-heading" className="text-sm font-semibold text-slate-900">
          Script
        </h2>
        <p className="text-sm whitespace-pre-line text-slate-700">{story.source}</p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
