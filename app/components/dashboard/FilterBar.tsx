// The search and date filter of the Dashboard (and the search of Explore): a GET form, so the
// filter lives in the URL and works without JavaScript (plain date inputs); with JavaScript the
// dates are picked in a two-month range calendar and the browser's time zone is sent along.
import { Form, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useRef } from "react";
import { DateRangePicker, DATE_RANGE_LABEL } from "./DateRangePicker";
import type { FeedQuery } from "~/models/content/content-feed";
import { SEARCH_MAX_LENGTH } from "~/models/content/content-feed";
import { useHydrated } from "./useHydrated";
import { useTimeZone } from "~/components/time/TimeZone";

export const SEARCH_PLACEHOLDER = "Search content...";

export function FilterBar<Tab extends string>({
  query,
  defaultTab,
  withDates,
  clearHref,
}: {
  query: FeedQuery<Tab>;
  defaultTab: Tab;
  withDates: boolean;
  /** Where "Clear filters" leads (the current tab without filters). */
  clearHref: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const location = useLocation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === location.pathname && navigation.location.search !== location.search;
  const filtered = Boolean(query.q || query.from || query.to);
  // Calendar days in the viewer's zone: the one rule of every date (ADR 267).
  const viewerZone = useTimeZone();
  const timeZone = hydrated ? viewerZone : null;

  function applyDates(from: string | null, to: string | null) {
    if (!form.current) return;
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form.current)) {
      if (typeof value === "string" && value && key !== "from" && key !== "to") params.set(key, value);
    }
    if (from) params.set("from", from);
    if (to) params.set("to", to);
    if (!from && !to) params.delete("tz");
    submit(params, { method: "get", action: form.current.getAttribute("action") ?? undefined });
  }

  return (
    <Form ref={form} method="get" role="search" aria-label="Filter content" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      {query.tab !== defaultTab ? <input type="hidden" name="tab" value={query.tab} /> : null}
      <div className="min-w-0 flex-1 sm:min-w-64">
        <label htmlFor="content-search" className="sr-only">
          Search content
        </label>
        <div className="relative">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <input
            id="content-search"
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            key={query.q ?? ""}
            placeholder={SEARCH_PLACEHOLDER}
            maxLength={SEARCH_MAX_LENGTH}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </div>
      </div>

      {withDates ? (
        hydrated ? (
          <>
            {query.from ? <input type="hidden" name="from" value={query.from} /> : null}
            {query.to ? <input type="hidden" name="to" value={query.to} /> : null}
            {timeZone ? <input type="hidden" name="tz" value={timeZone} /> : null}
            <DateRangePicker from={query.from} to={query.to} onApply={applyDates} />
          </>
        ) : (
          <fieldset className="flex flex-wrap items-end gap-2">
            <legend className="mb-1 text-xs font-medium text-slate-600">{DATE_RANGE_LABEL}</legend>
            <label className="flex flex-col text-xs text-slate-600">
              From
              <input
                type="date"
                name="from"
                defaultValue={query.from ?? ""}
                className="mt-0.5 h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm"
              />
            </label>
            <label className="flex flex-col text-xs text-slate-600">
              To
              <input
                type="date"
                name="to"
                defaultValue={query.to ?? ""}
                className="mt-0.5 h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm"
              />
            </label>
            {query.tz !== "UTC" ? <input type="hidden" name="tz" value={query.tz} /> : null}
          </fieldset>
        )
      ) : null}

      <div className="flex items-center gap-2">
        <button
          type="submit"
          className="inline-flex h-10 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
        >
          {searching ? "Searching..." : "Search"}
        </button>
        {filtered ? (
          <AppLink
            to={clearHref}
            className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            Clear filters
          </AppLink>
        ) : null}
      </div>
    </Form>
  );
}
