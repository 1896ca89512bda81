// "Load more" under a paged card list (ADR 365): a plain link to the next page, so it works
// without JavaScript (with it, Remix follows the link without a full reload); on a later page a
// link back to the first. The page's loader reads only the cards of the page it names.
import { AppLink } from "./AppLink";

/** `hrefOf(page)`: the list's address for a page (its other query kept). */
export function LoadMore({ page, hasMore, hrefOf, label = "Load more" }: { page: number; hasMore: boolean; hrefOf: (page: number) => string; label?: string }) {
  if (!hasMore && page <= 1) return null;
  return (
    <nav aria-label="More" className="mt-6 flex flex-wrap items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <AppLink to={hrefOf(1)} className="font-medium text-slate-600 underline">
          Back to the newest
        </AppLink>
      ) : null}
      {hasMore ? (
        <AppLink
          to={hrefOf(page + 1)}
          rel="next"
          className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-700 hover:bg-slate-50"
        >
          {label}
        </AppLink>
      ) : null}
    </nav>
  );
}

/** `search` with `page` set (dropped for page 1). */
export function withPage(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const s = params.toString();
  return s ? `${pathname}?${s}` : pathname;
}
