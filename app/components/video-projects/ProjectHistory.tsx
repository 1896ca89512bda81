// The project history: the user's projects as cards (open, delete with a confirmation), and the
// confirmation a delete without JavaScript gets from the action.
import { useFetcher, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button, buttonClasses } from "~/components/ui/Button";
import { LoadMore, withPage } from "~/components/ui/LoadMore";
import type { HistoryItem } from "./page-data";
import { ErrorLine, panel, resultOf, StatusDot, confirmOr, type ActionResult } from "./parts";
import { AppLink } from "~/components/ui/AppLink";

/** The confirmation a delete without JavaScript gets from the action before anything is deleted. */
export function DeleteConfirmation({ base, projectId, question }: { base: string; projectId: string; question: string }) {
  return (
    <form method="post" className={`${panel} flex flex-wrap items-center gap-3`} role="alertdialog" aria-label="Delete project">
      <p className="text-sm text-slate-800">{question}</p>
      <input type="hidden" name="intent" value="delete-project" />
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="confirmed" value="yes" />
      <Button type="submit" variant="danger" size="sm">
        Delete
      </Button>
      <AppLink to={`${base}?history=open`} className={buttonClasses("secondary", "sm")}>
        Cancel
      </AppLink>
    </form>
  );
}

export function ProjectHistory({
  items,
  base,
  actionData,
  more = { page: 1, hasMore: false },
}: {
  items: HistoryItem[];
  base: string;
  actionData?: ActionResult;
  more?: { page: number; hasMore: boolean };
}) {
  const revalidator = useRevalidator();
  const location = useLocation();
  return (
    <section className={panel} aria-labelledby="history-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="history-title" className="text-lg font-semibold text-slate-900">
          Project History
        </h2>
        <AppLink
          to={`${base}?history=open`}
          className={buttonClasses("ghost", "sm")}
          onClick={(e) => {
            e.preventDefault();
            revalidator.revalidate();
          }}
        >
          Refresh
        </AppLink>
      </div>
      {revalidator.state === "loading" ? (
        <p className="mt-3 text-sm text-slate-600" aria-live="polite">
          Loading projects...
        </p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No projects found. Create your first project!</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((p) => (
            <HistoryCard key={p.id} item={p} actionData={actionData} />
          ))}
        </ul>
      )}
      <LoadMore page={more.page} hasMore={more.hasMore} hrefOf={(p) => withPage(base, location.search, p)} />
    </section>
  );
}

function HistoryCard({ item, actionData }: { item: HistoryItem; actionData?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const result = resultOf(fetcher.data, actionData, "delete-project");
  const deleting = fetcher.state !== "idle";
  // With JavaScript the browser's dialog asks; without it the action asks on the page first.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3" data-testid="project-card">
      <AppLink to={`/video-projects/${item.id}`} className="font-medium text-slate-900 hover:text-brand-600">
        {item.title}
      </AppLink>
      {item.description ? <p className="line-clamp-2 text-sm text-slate-600">{item.description}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatusDot status={item.status} />
        <span className="text-xs text-slate-500">{item.sceneCount} scene(s)</span>
      </div>
      <fetcher.Form method="post" onSubmit={confirmOr(`Are you sure you want to delete project "${item.title}"?`)}>
        <input type="hidden" name="intent" value="delete-project" />
        <input type="hidden" name="projectId" value={item.id} />
        {hydrated ? <input type="hidden" name="confirmed" value="yes" /> : null}
        <Button type="submit" variant="danger" size="sm" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete"}
        </Button>
      </fetcher.Form>
      {result && !result.ok && fetcher.data ? <ErrorLine message={result.error} /> : null}
    </li>
  );
}
