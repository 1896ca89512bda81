// Tabs of a feed as links: the tab is part of the URL (works without JavaScript, can be shared).
import { useLocation } from "@remix-run/react";
import { cx } from "~/components/ui/cx";
import { feedSearch, type FeedQuery } from "~/models/content/content-feed";
import { AppLink } from "~/components/ui/AppLink";

export function FeedTabs<Tab extends string>({
  tabs,
  query,
  defaultTab,
  label,
}: {
  tabs: readonly { value: Tab; label: string }[];
  query: FeedQuery<Tab>;
  defaultTab: Tab;
  label: string;
}) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="overflow-x-auto">
      <ul className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab) => {
          const current = tab.value === query.tab;
          return (
            <li key={tab.value}>
              <AppLink
                to={pathname + feedSearch(query, { tab: tab.value, cursor: null }, defaultTab)}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={cx("tab", current && "tab-current")}
              >
                {tab.label}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
