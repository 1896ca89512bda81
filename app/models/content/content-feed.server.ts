// The Dashboard and Explore feeds: one page of stories, images and videos, newest first, with
// the filters of the URL. Each kind is one query (joins included), so a page costs at most
// three queries however many items there are (ADR 080).
import {
  contentFilterOf,
  decodeCursor,
  PAGE_SIZE,
  pageOf,
  type ContentItem,
  type DashboardTab,
  type ExploreTab,
  type FeedPage,
  type FeedQuery,
  type PageRequest,
} from "./content-feed";
import type { Actor } from "~/models/access/actor.server";
import { listUserImageJobs } from "~/models/generation/image-jobs.server";
import { listPublicStories, listUserStories } from "~/models/stories/stories.server";
import { listPublicVideoJobs, listUserVideoJobs } from "~/models/stories/video-jobs.server";
import { withRunProgress } from "~/models/stories/storyboard.server";

function pageRequest(query: FeedQuery<string>, pageSize: number): PageRequest {
  return { cursor: decodeCursor(query.cursor), take: pageSize + 1 };
}

/** The signed-in user's own content for the Dashboard tab in the query. */
export async function dashboardFeed(actor: Actor, query: FeedQuery<DashboardTab>, pageSize = PAGE_SIZE): Promise<FeedPage> {
  const filter = contentFilterOf(query);
  const page = pageRequest(query, pageSize);
  const lists: Promise<ContentItem[]>[] = [];
  if (query.tab === "stories" || query.tab === "all") lists.push(listUserStories(actor, filter, page));
  if (query.tab === "images" || query.tab === "all") lists.push(listUserImageJobs(actor, filter, page));
  if (query.tab === "videos" || query.tab === "all") lists.push(listUserVideoJobs(actor, filter, page));
  // Runs in progress carry their storyboard and ETA (ADR 355); a page without one costs nothing more.
  return withRunProgress(actor, pageOf(await Promise.all(lists), pageSize));
}

/** Everyone's public content for Explore: stories, plus videos on "All Content". */
export async function exploreFeed(query: FeedQuery<ExploreTab>, pageSize = PAGE_SIZE): Promise<FeedPage> {
  const filter = contentFilterOf(query);
  const page = pageRequest(query, pageSize);
  const lists: Promise<ContentItem[]>[] = [listPublicStories(filter, page)];
  if (query.tab === "all") lists.push(listPublicVideoJobs(filter, page));
  return pageOf(await Promise.all(lists), pageSize);
}
