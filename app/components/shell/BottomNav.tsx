import { useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/Icon";
import { StaticMarkup } from "~/components/ui/StaticMarkup";
import { BOTTOM_NAV_ITEMS, isNavItemActive, unreadBadge } from "./nav";

/** Mobile bottom navigation (under 768px): Dashboard, Video, Plans. */
export function BottomNav({ unread }: { unread: number }) {
  const { pathname } = useLocation();
  const badge = unreadBadge(unread);
  return (
    <nav
      aria-label="Quick"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <StaticMarkup
        as="ul"
        className="grid grid-cols-3"
        cacheKey={`bottom-nav:${BOTTOM_NAV_ITEMS.filter((item) => isNavItemActive(item, pathname))
          .map((item) => item.key)
          .join(",")}:${badge ? `${badge.text}:${badge.label}` : ""}`}
      >
        {BOTTOM_NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <li key={item.key}>
              <AppLink
                to={item.href}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium",
                  active ? "text-brand-700" : "text-slate-500 hover:text-slate-900",
                )}
              >
                <span className={cx("relative flex h-7 w-12 items-center justify-center rounded-full", active && "bg-brand-100")}>
                  <Icon name={item.icon} className="size-5" />
                  {badge && item.key === "dashboard" ? (
                    <span
                      aria-hidden="true"
                      className="absolute right-1 -top-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4 text-white"
                    >
                      {badge.text}
                    </span>
                  ) : null}
                </span>
                {item.label}
                {badge && item.key === "dashboard" ? <span className="sr-only">{`, ${badge.label}`}</span> : null}
              </AppLink>
            </li>
          );
        })}
      </StaticMarkup>
    </nav>
  );
}
