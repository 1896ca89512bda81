import { useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useEffect, useRef } from "react";
import { SignOutButton } from "~/components/SignOutButton";
import { StaticMarkup } from "~/components/ui/StaticMarkup";
import { cx } from "~/components/ui/cx";
import { Icon, type IconName } from "~/components/ui/Icon";
import { BrandMark } from "./BrandMark";
import { availableVideosLabel, INFO_LINKS, isNavItemActive, navItemsFor, unreadBadge, type NavItem } from "./nav";
import { useSidebar } from "./SidebarContext";

export const SIDEBAR_ID = "app-sidebar";

export type ShellUser = {
  /** E-mail, else phone, else username. */
  label: string;
  credits: number;
  isAdmin: boolean;
  /** Profile picture, when the user has uploaded one. */
  avatarUrl: string | null;
};

const INFO_ICONS: Record<string, IconName> = {
  "/about": "info",
  "/contact": "mail",
  "/privacy": "shield",
  "/terms": "file",
};

/**
 * Tooltip of the collapsed desktop sidebar (delay 0); the accessible name is the link text. Only a
 * collapsed sidebar has them: the expanded one never shows them, and a page carried 13 hidden ones.
 */
function Tooltip({ show, children }: { show: boolean; children: React.ReactNode }) {
  if (!show) return null;
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute left-full top-1/2 z-50 ml-3 hidden -translate-y-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg md:group-hover:block md:group-focus-visible:block"
    >
      {children}
    </span>
  );
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])')).filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
}

export function Sidebar({ user, unread, onCloseMobile }: { user: ShellUser; unread: number; onCloseMobile: (restoreFocus: boolean) => void }) {
  const { open, openMobile } = useSidebar();
  const { pathname } = useLocation();
  const collapsed = !open; // collapsed styles carry md: prefixes: the mobile overlay is always full width
  const ref = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  const items = navItemsFor(user.isAdmin ? "admin" : "user");
  const badge = unreadBadge(unread);
  // What the navigation draws besides the role, the layout and the badge: which links are current.
  const activeKeys = [
    ...items.filter((item) => isNavItemActive(item, pathname)).map((item) => item.key),
    ...INFO_LINKS.filter((link) => isNavItemActive(link, pathname)).map((link) => link.href),
  ].join(",");

  // Mobile overlay: focus moves in on open, Escape closes, Tab stays inside.
  useEffect(() => {
    if (!openMobile) return;
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseMobile(true);
        return;
      }
      if (event.key !== "Tab" || !ref.current) return;
      const list = focusables(ref.current);
      if (list.length === 0) return;
      const first = list[0];
      const last = list[list.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [openMobile, onCloseMobile]);

  return (
    <aside
      ref={ref}
      id={SIDEBAR_ID}
      role={openMobile ? "dialog" : undefined}
      aria-modal={openMobile ? true : undefined}
      aria-label={openMobile ? "Menu" : "Sidebar"}
      data-state={open ? "expanded" : "collapsed"}
      className={cx(
        "peer fixed inset-y-0 left-0 z-50 flex w-72 flex-col border-r border-slate-200 bg-white duration-200 ease-out",
        // Opening shows the panel at once (so focus can move in); closing keeps it visible until it has slid out.
        openMobile
          ? "visible translate-x-0 shadow-2xl transition-[translate,width]"
          : "invisible -translate-x-full transition-[translate,visibility,width] target:visible target:translate-x-0 target:shadow-2xl",
        "md:visible md:sticky md:inset-auto md:top-0 md:z-10 md:h-dvh md:translate-x-0 md:shadow-none",
        open ? "md:w-64" : "md:w-12",
      )}
    >
      <div className={cx("flex h-14 shrink-0 items-center gap-2 px-3 md:h-12", collapsed && "md:justify-center md:px-0")}>
        <AppLink to="/" className="group relative flex min-w-0 items-center gap-2 rounded-md font-bold tracking-tight text-slate-900">
          <BrandMark className="size-7" />
          <span className={cx("truncate text-lg", collapsed && "md:sr-only")}>Reelforge</span>
          <Tooltip show={collapsed}>Reelforge</Tooltip>
        </AppLink>
        {/* A link to "#" so that without JavaScript it still closes the :target overlay. */}
        {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
        <a
          ref={closeRef}
          href="#"
          role="button"
          aria-label="Close menu"
          onClick={(event) => {
            event.preventDefault();
            onCloseMobile(true);
          }}
          onKeyDown={(event) => {
            if (event.key === " ") {
              event.preventDefault();
              event.currentTarget.click();
            }
          }}
          className="ml-auto flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 md:hidden"
        >
          <Icon name="close" />
        </a>
      </div>

      <StaticMarkup
        className={cx("min-h-0 flex-1 overflow-y-auto px-2 py-2", collapsed && "md:overflow-visible")}
        cacheKey={`sidebar:${user.isAdmin ? "admin" : "user"}:${activeKeys}:${collapsed}:${badge ? `${badge.text}:${badge.label}` : ""}`}
      >
        <nav aria-label="Main">
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.key}>
                <SidebarItem item={item} active={isNavItemActive(item, pathname)} collapsed={collapsed} badge={item.key === "dashboard" ? badge : null} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-6">
          <h2 id="sidebar-info-heading" className={cx("px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500", collapsed && "md:sr-only")}>
            Information
          </h2>
          <nav aria-labelledby="sidebar-info-heading">
            <ul className="space-y-0.5">
              {INFO_LINKS.map((link) => {
                const active = isNavItemActive(link, pathname);
                return (
                  <li key={link.href}>
                    <AppLink
                      to={link.href}
                      aria-current={active ? "page" : undefined}
                      className={cx(
                        "group nav-info",
                        active ? "bg-brand-50 font-medium text-brand-700" : "nav-info-idle",
                        collapsed && "md:justify-center md:px-0",
                      )}
                    >
                      <Icon name={INFO_ICONS[link.href] ?? "info"} className="size-4" />
                      <span className={cx("truncate", collapsed && "md:sr-only")}>{link.label}</span>
                      <Tooltip show={collapsed}>{link.label}</Tooltip>
                    </AppLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </StaticMarkup>

      <div className="shrink-0 border-t border-slate-200 p-2">
        <section
          aria-label="Your account"
          className={cx("group relative flex items-center gap-3 rounded-xl bg-slate-50 p-3", collapsed && "md:justify-center md:bg-transparent md:p-1")}
        >
          {user.avatarUrl ? (
            <img src={user.avatarUrl} alt="" className="size-9 shrink-0 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold uppercase text-brand-700"
            >
              {user.label.replace(/^\+/, "").charAt(0) || "?"}
            </span>
          )}
          <div className={cx("min-w-0 flex-1", collapsed && "md:sr-only")}>
            <p className="truncate text-sm font-medium text-slate-900" title={user.label}>
              {user.label}
            </p>
            <p className="text-xs text-slate-500">Free Plan</p>
            <p className="mt-1 text-xs text-slate-600">
              Available Videos: <span className="whitespace-nowrap font-semibold text-slate-900">{availableVideosLabel(user.credits)}</span>
            </p>
          </div>
          <Tooltip show={collapsed}>
            {user.label} · Available Videos: {availableVideosLabel(user.credits)}
          </Tooltip>
        </section>
        <SignOutButton className="mt-1" collapsedOnDesktop={collapsed} />
      </div>
    </aside>
  );
}

function SidebarItem({
  item,
  active,
  collapsed,
  badge,
}: {
  item: NavItem;
  active: boolean;
  collapsed: boolean;
  badge: { text: string; label: string } | null;
}) {
  // One text node: the server may send this as static markup, which does not separate adjacent texts.
  const tooltip = `${item.label}${item.disabled && item.disabledNote ? ` (${item.disabledNote})` : ""}${badge ? ` · ${badge.text} unread` : ""}`;
  const body = (
    <>
      <span className="relative">
        <Icon name={item.icon} />
        {badge ? (
          <span
            aria-hidden="true"
            className={cx("absolute -right-1 -top-1 hidden size-2.5 rounded-full bg-red-600 ring-2 ring-white", collapsed && "md:block")}
          />
        ) : null}
      </span>
      <span className={cx("min-w-0 flex-1", collapsed && "md:sr-only")}>
        <span className="block truncate text-sm font-medium">{item.label}</span>
        {item.subtitle ? <span className={cx("block truncate text-xs", active ? "text-brand-700" : "text-slate-500")}>{item.subtitle}</span> : null}
        {item.disabled && item.disabledNote ? (
          <span className="mt-0.5 inline-block rounded-full bg-slate-100 px-2 py-px text-[11px] font-medium text-slate-500">{item.disabledNote}</span>
        ) : null}
        {badge ? <span className="sr-only">{`, ${badge.label}`}</span> : null}
      </span>
      {badge ? (
        <span
          aria-hidden="true"
          className={cx("min-w-5 rounded-full bg-red-600 px-1.5 py-0.5 text-center text-xs font-semibold leading-4 text-white", collapsed && "md:hidden")}
        >
          {badge.text}
        </span>
      ) : null}
      <Tooltip show={collapsed}>{tooltip}</Tooltip>
    </>
  );
  const layout = cx("group nav-item", collapsed && "md:min-h-9 md:justify-center md:px-0 md:py-0 md:h-9");

  if (item.disabled || !item.href) {
    return (
      <span role="link" aria-disabled="true" className={cx(layout, "cursor-not-allowed text-slate-400")}>
        {body}
      </span>
    );
  }
  return (
    <AppLink to={item.href} aria-current={active ? "page" : undefined} className={cx(layout, active ? "bg-brand-50 text-brand-700" : "nav-idle")}>
      {body}
    </AppLink>
  );
}
