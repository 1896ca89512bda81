// "/": the landing page for signed-out visitors (also when the session check fails), the
// dashboard for signed-in users: announcements, search, date range, tabs, content cards that
// update live, and the visibility and dismiss actions.
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import dayPickerStyles from "react-day-picker/style.css";
import { z } from "zod";
import { AnnouncementBanners } from "~/components/dashboard/AnnouncementBanners";
import dateRangeStyles from "~/components/dashboard/date-range.css";
import { DASHBOARD_TABS, DEFAULT_DASHBOARD_TAB, feedSearch, parseDashboardQuery, SEARCH_MAX_LENGTH, type ContentItem } from "~/models/content/content-feed";
import { CopyButtonIcons } from "~/components/dashboard/CopyButton";
import { EmptyState, FeedPager, GRID_CLASSES } from "~/components/dashboard/FeedStates";
import { FeedTabs } from "~/components/dashboard/FeedTabs";
import { FilterBar } from "~/components/dashboard/FilterBar";
import { ImageCard } from "~/components/dashboard/ImageCard";
import { KeptCard } from "~/components/dashboard/KeptCard";
import { EMPTY_HINT, EMPTY_TEXT, TOASTS } from "~/components/dashboard/messages";
import { StoryCard } from "~/components/dashboard/StoryCard";
import { VideoCard } from "~/components/dashboard/VideoCard";
import type { VisibilityResult } from "~/components/dashboard/VisibilityToggle";
import { LANDING_DELIVERY } from "~/components/landing/format";
import { LandingPage } from "~/components/landing/LandingPage";
import { landingTitle } from "~/components/landing/provider-copy";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { useTimeZone } from "~/components/time/TimeZone";
import { buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { useLiveRevalidate } from "~/hooks/useLiveEvents";
import { DISMISSED_SESSION_KEY, dismissedIdsOf, listActiveAnnouncements, withDismissed, dashboardFeed } from "~/models/content";
import { setImageJobVisibility } from "~/models/generation";
import { listShowcaseVideos, type ShowcaseItem, showcaseBeingMade, setStoryVisibility, setVideoJobVisibility } from "~/models/stories";
import { actorFromUser, currentSession, type CurrentSession, getOptionalUser, loginRedirect } from "~/models/access";
import type { ShellLoaderData } from "~/routes/_shell";
import { activeModels } from "~/providers/model-use.server";
import { field } from "~/utils/form-fields";
import { readForm, readQuery } from "~/utils/forms.server";
import { getSession, sessionStorage } from "~/utils/session.server";
import { AppLink } from "~/components/ui/AppLink";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dayPickerStyles },
  { rel: "stylesheet", href: dateRangeStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.view === "dashboard"
    ? [{ title: "Dashboard — Reelforge" }]
    : [
        { title: data?.view === "landing" ? landingTitle(data.models) : "Reelforge — video ads from a script" },
        {
          name: "description",
          content: `Turn a script, a product image, a voice and a style into a short video ad ${LANDING_DELIVERY}. ₹600 per video.`,
        },
      ];

export async function loader({ request }: LoaderFunctionArgs) {
  let session: CurrentSession | null = null;
  try {
    // The session may point at a deleted account: that visitor is signed out (user null).
    session = await currentSession(request);
  } catch (error) {
    console.error("session check failed", error);
  }
  const user = session?.user ?? null;
  const userId = user?.id ?? null;
  if (user && userId && session) {
    const url = new URL(request.url);
    readQuery(url, feedQueryFields);
    const query = parseDashboardQuery(url.searchParams);
    const [feed, announcements] = await Promise.all([dashboardFeed(actorFromUser(user, "web"), query), listActiveAnnouncements()]);
    const dismissed = new Set(dismissedIdsOf(session.data[DISMISSED_SESSION_KEY]));
    return {
      view: "dashboard" as const,
      query,
      feed,
      announcements: announcements.filter((a) => !dismissed.has(a.id)),
    };
  }

  let showcase: ShowcaseItem[] = [];
  let showcaseInProgress = false;
  try {
    showcase = await listShowcaseVideos();
    if (showcase.length === 0) showcaseInProgress = await showcaseBeingMade();
  } catch (error) {
    // The landing page must render even when the database is down.
    console.error("showcase load failed", error);
  }
  // The copy names AI models only for the steps one serves now (ADR 135).
  return { view: "landing" as const, showcase, showcaseInProgress, models: await activeModels() };
}

/** The search text is checked here; the feed parser reads tab, dates and cursor with defaults. */
const feedQueryFields = z.object({ q: field.optional(field.line({ max: SEARCH_MAX_LENGTH, label: "The search text" })) });

const visibility = z.enum(["public", "private"], { error: "Unknown visibility." });
const redirectTo = field.redirectTo();
const dashboardForm = z.discriminatedUnion(
  "intent",
  [
    z.discriminatedUnion(
      "kind",
      [
        z.object({ intent: z.literal("visibility"), kind: z.literal("story"), id: field.intId("The story id"), visibility, redirectTo }),
        z.object({ intent: z.literal("visibility"), kind: z.literal("image"), id: field.jobId("The image id"), visibility, redirectTo }),
        z.object({ intent: z.literal("visibility"), kind: z.literal("video"), id: field.jobId("The video id"), visibility, redirectTo }),
      ],
      { error: "Unknown kind of content." },
    ),
    z.object({ intent: z.literal("dismiss-announcement"), id: field.cuid("The announcement id"), redirectTo }),
  ],
  { error: "Unknown action." },
);

export type DashboardActionData = VisibilityResult | { intent: "dismiss-announcement"; ok: boolean };

export async function action({ request }: ActionFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw loginRedirect(request);
  const parsed = await readForm(request, dashboardForm);
  if (!parsed.ok) {
    if (parsed.form.get("intent") === "visibility") {
      const body: VisibilityResult = { intent: "visibility", ok: false, kind: null, id: null, error: "Invalid request" };
      return data(body, { status: 400 });
    }
    return data({ intent: "dismiss-announcement" as const, ok: false }, { status: 400 });
  }
  const input = parsed.data;
  // Without JavaScript the form carries the page to return to.
  const back = input.redirectTo;

  if (input.intent === "visibility") {
    const { kind, visibility } = input;
    let updated: unknown = null;
    if (input.kind === "story") updated = await setStoryVisibility(actorFromUser(user, "web"), input.id, visibility === "public");
    else if (input.kind === "image") updated = await setImageJobVisibility(actorFromUser(user, "web"), input.id, visibility);
    else updated = await setVideoJobVisibility(actorFromUser(user, "web"), input.id, visibility);
    const id = String(input.id);
    if (!updated) {
      const body: VisibilityResult = { intent: "visibility", ok: false, kind, id, error: "Not found" };
      return data(body, { status: 404 });
    }
    if (back) throw redirect(back, 303);
    const body: VisibilityResult = { intent: "visibility", ok: true, kind, id, visibility };
    return body;
  }

  const session = await getSession(request);
  session.set(DISMISSED_SESSION_KEY, withDismissed(session.get(DISMISSED_SESSION_KEY), input.id));
  const headers = { "Set-Cookie": await sessionStorage().commitSession(session) };
  if (back) throw redirect(back, { status: 303, headers });
  return data({ intent: "dismiss-announcement" as const, ok: true }, { headers });
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (data.view === "landing") return <LandingPage showcase={data.showcase} showcaseInProgress={data.showcaseInProgress} models={data.models} />;
  return <Dashboard data={data} />;
}

type DashboardData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { view: "dashboard" }>;

function ContentCard({ item, returnTo }: { item: ContentItem; returnTo: string }) {
  if (item.kind === "story") return <StoryCard story={item} returnTo={returnTo} />;
  if (item.kind === "image") return <ImageCard image={item} returnTo={returnTo} />;
  return <VideoCard video={item} returnTo={returnTo} />;
}

function Dashboard({ data }: { data: DashboardData }) {
  const { query, feed, announcements } = data;
  const shell = useRouteLoaderData<ShellLoaderData>("routes/_shell");
  const unread = shell?.unread ?? 0;
  const actionData = useActionData<typeof action>() as DashboardActionData | undefined;
  const zone = useTimeZone();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  // Processing cards follow the workflow without a reload.
  useLiveRevalidate(["story.updated", "job.updated"]);

  const firstSearch = feedSearch(query, { cursor: null }, DEFAULT_DASHBOARD_TAB);
  const nextSearch = feed.nextCursor ? feedSearch(query, { cursor: feed.nextCursor }, DEFAULT_DASHBOARD_TAB) : null;
  const clearHref = feedSearch(query, { q: null, from: null, to: null, cursor: null }, DEFAULT_DASHBOARD_TAB) || "/";

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 md:py-8">
      <AnnouncementBanners announcements={announcements} />

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
          <p className="mt-1 text-sm text-slate-600">Your Content Overview</p>
        </div>
        <div className="flex items-center gap-2">
          <AppLink to="/notifications" className={buttonClasses("secondary", "md", "relative")}>
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              className="size-4"
              aria-hidden="true"
            >
              <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10 21a2 2 0 0 0 4 0" />
            </svg>
            Notifications
            {unread > 0 ? (
              <span className="rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white">
                {unread > 99 ? "99+" : unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </AppLink>
          <AppLink to="/create-video" className={buttonClasses("primary", "md")}>
            <Icon name="video" className="size-4" />
            Create video
          </AppLink>
        </div>
      </div>

      <FilterBar query={query} defaultTab={DEFAULT_DASHBOARD_TAB} withDates clearHref={clearHref} />
      <FeedTabs tabs={DASHBOARD_TABS} query={query} defaultTab={DEFAULT_DASHBOARD_TAB} label="Content type" />

      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {actionData.intent === "visibility"
            ? `${TOASTS.visibilityFailed.title}. ${TOASTS.visibilityFailed.description}.`
            : "That did not work. Please try again."}
        </p>
      ) : null}

      {feed.items.length === 0 ? (
        <EmptyState title={EMPTY_TEXT[query.tab]} hint={EMPTY_HINT}>
          <AppLink to="/create-video" className={buttonClasses("primary", "md", "mt-6")}>
            <Icon name="video" className="size-4" />
            Create a video
          </AppLink>
        </EmptyState>
      ) : (
        <>
          <CopyButtonIcons />
          <ul className={GRID_CLASSES} aria-label="Your content">
            {feed.items.map((item) => (
              <KeptCard key={`${item.kind}-${item.id}`} item={item} zone={zone} returnTo={returnTo}>
                <ContentCard item={item} returnTo={returnTo} />
              </KeptCard>
            ))}
          </ul>
        </>
      )}

      <FeedPager nextSearch={nextSearch} firstSearch={firstSearch} onFirstPage={!query.cursor} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
