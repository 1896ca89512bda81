// Tabs of the admin dashboard as links (works without JavaScript; the tab is in the URL).
import { NavLink } from "@remix-run/react";
import { cx } from "~/components/ui/cx";
import { ADMIN_TABS } from "./admin-tabs";

export function AdminTabs() {
  return (
    <nav aria-label="Admin sections" className="overflow-x-auto">
      <ul className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
        {ADMIN_TABS.map((tab) => (
          <li key={tab.value}>
            <NavLink to={`/admin/${tab.value}`} prefetch="intent" preventScrollReset className={({ isActive }) => cx("tab", isActive && "tab-current")}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
