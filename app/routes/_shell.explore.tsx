// /explore is an open route, but its gallery needs a session (docs/product.md#explore): signed-out
// visitors go to sign-in. Public stories (and, on "All Content", public videos), newest first.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DEFAULT_EXPLORE_TAB, EXPLORE_TABS, feedSearch, parseExploreQuery, SEARCH_MAX_LENGTH } from "~/models/content/content-feed";
import { EmptyState, FeedPager, GRID_CLASSES } from "~/components/dashboard/FeedStates";
import { FeedTabs } from "~/components/dashboard/FeedTabs";
import { FilterBar } from "~/components/dashboard/FilterBar";
import { ExploreStoryCard, ExploreVideoCard } from "~/components/explore/ExploreCards";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { exploreFeed } from "~/models/content";
import { requireUser } from "~/models/access";
import { field } from "~/utils/form-fields";
import { readQuery } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Explore — Reelforge" }];

/** The search text is checked here; the feed parser reads tab and cursor with defaults. */
const feedQueryFields = z.object({ q: field.optional(field.line({ max: SEARCH_MAX_LENGTH, label: "The search text" })) });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  // Explore has a search but no date range.
  const url = new URL(request.url);
  readQuery(url, feedQueryFields);
  const query = { ...parseExploreQuery(url.searchParams), from: null, to: null };
  return { query, feed: await exploreFeed(query) };
}

export default function Explore() {
  const { query, feed } = useLoaderData<typeof loader>();
  const firstSearch = feedSearch(query, { cursor: null }, DEFAULT_EXPLORE_TAB);
  const nextSearch = feed.nextCursor ? feedSearch(query, { cursor: feed.nextCursor }, DEFAULT_EXPLORE_TAB) : null;
  const clearHref = feedSearch(query, { q: null, cursor: null }, DEFAULT_EXPLORE_TAB) || "/explore";
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 md:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Explore</h1>
        <p className="mt-1 text-sm text-slate-600">Discover Amazing Content</p>
      </div>
      <FilterBar query={query} defaultTab={DEFAULT_EXPLORE_TAB} withDates={false} clearHref={clearHref} />
      <FeedTabs tabs={EXPLORE_TABS} query={query} defaultTab={DEFAULT_EXPLORE_TAB} label="Content type" />
      {feed.items.length === 0 ? (
        <EmptyState title="No content found" hint="Try adjusting your search or filters" />
      ) : (
        <ul className={GRID_CLASSES} aria-label="Public content">
          {feed.items.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="flex">
              {item.kind === "story" ? <ExploreStoryCard story={item} /> : item.kind === "video" ? <ExploreVideoCard video={item} /> : null}
            </li>
          ))}
        </ul>
      )}
      <FeedPager nextSearch={nextSearch} firstSearch={firstSearch} onFirstPage={!query.cursor} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
