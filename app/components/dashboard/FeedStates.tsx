// Empty state and page links of a feed.
import { useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";

export function EmptyState({ title, hint, children }: { title: string; hint: string; children?: React.ReactNode }) {
  return (
    <section
      aria-labelledby="feed-empty"
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-6"
          aria-hidden="true"
        >
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4" />
        </svg>
      </span>
      <h2 id="feed-empty" className="mt-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-600">{hint}</p>
      {children}
    </section>
  );
}

/** Keyset pages: "Older" continues after the last card; "Newest" starts over. */
export function FeedPager({ nextSearch, firstSearch, onFirstPage }: { nextSearch: string | null; firstSearch: string; onFirstPage: boolean }) {
  const { pathname } = useLocation();
  if (!nextSearch && onFirstPage) return null;
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-3">
      {onFirstPage ? (
        <span />
      ) : (
        <AppLink
          to={pathname + firstSearch}
          className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
        >
          ← Newest
        </AppLink>
      )}
      {nextSearch ? (
        <AppLink
          to={pathname + nextSearch}
          className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
        >
          Older →
        </AppLink>
      ) : null}
    </nav>
  );
}

/** 1, 2, 3 or 4 columns by width (docs/product.md#dashboard). */
export const GRID_CLASSES = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
