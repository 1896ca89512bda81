// The signed-in navigation shell: sidebar (desktop: 16rem, collapsible to 3rem; mobile: an
// 18rem overlay), a mobile top bar and bottom navigation, and the page in <main>.
import { useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useCallback, useEffect, useRef } from "react";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/Icon";
import { BrandMark } from "./BrandMark";
import { BottomNav } from "./BottomNav";
import { NavigationProgress } from "./NavigationProgress";
import { SidebarProvider, useSidebar } from "./SidebarContext";
import { Sidebar, SIDEBAR_ID, type ShellUser } from "./Sidebar";
import { SkipLink } from "./SkipLink";

export type { ShellUser } from "./Sidebar";

/** Links that act as buttons (so they work without JavaScript) also answer the Space key. */
export function spaceActivates(event: React.KeyboardEvent<HTMLAnchorElement>) {
  if (event.key === " ") {
    event.preventDefault();
    event.currentTarget.click();
  }
}

export function AppShell({ user, unread, sidebarOpen, children }: { user: ShellUser; unread: number; sidebarOpen: boolean; children: React.ReactNode }) {
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <ShellFrame user={user} unread={unread}>
        {children}
      </ShellFrame>
    </SidebarProvider>
  );
}

function ShellFrame({ user, unread, children }: { user: ShellUser; unread: number; children: React.ReactNode }) {
  const { open, setOpen, openMobile, setOpenMobile } = useSidebar();
  const location = useLocation();
  const menuButton = useRef<HTMLAnchorElement>(null);

  const closeMobile = useCallback(
    (restoreFocus: boolean) => {
      setOpenMobile(false);
      // The no-JavaScript fallback opens the overlay with the #app-sidebar fragment.
      if (window.location.hash === `#${SIDEBAR_ID}`) {
        history.replaceState(history.state, "", window.location.pathname + window.location.search);
      }
      if (restoreFocus) menuButton.current?.focus();
    },
    [setOpenMobile],
  );

  // A navigation closes the overlay.
  useEffect(() => {
    setOpenMobile(false);
  }, [location.pathname, location.search, setOpenMobile]);

  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      <SkipLink />
      <NavigationProgress />

      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur md:hidden">
        <a
          ref={menuButton}
          href={`#${SIDEBAR_ID}`}
          role="button"
          aria-controls={SIDEBAR_ID}
          aria-expanded={openMobile}
          aria-label="Open menu"
          onClick={(event) => {
            event.preventDefault();
            setOpenMobile(!openMobile);
          }}
          onKeyDown={spaceActivates}
          className="flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
        >
          <Icon name="menu" className="size-6" />
        </a>
        <AppLink to="/" className="flex items-center gap-2 rounded-md font-bold tracking-tight text-slate-900">
          <BrandMark className="size-7" />
          <span>Reelforge</span>
        </AppLink>
      </header>

      <Sidebar user={user} unread={unread} onCloseMobile={closeMobile} />

      {/* Backdrop of the mobile overlay (peer-target: the no-JavaScript fragment fallback). It is
          hidden from assistive technology; the menu's own Close button is the accessible way out. */}
      {/* eslint-disable-next-line jsx-a11y/anchor-has-content, jsx-a11y/anchor-is-valid */}
      <a
        href="#"
        tabIndex={-1}
        aria-hidden="true"
        onClick={(event) => {
          event.preventDefault();
          closeMobile(true);
        }}
        className={cx(
          "fixed inset-0 z-40 bg-slate-900/50 transition-opacity md:hidden",
          openMobile ? "opacity-100" : "pointer-events-none opacity-0 peer-target:pointer-events-auto peer-target:opacity-100",
        )}
      />

      <div className="flex min-w-0 flex-1 flex-col">
        <div className="sticky top-0 z-20 hidden h-12 items-center gap-2 border-b border-slate-200 bg-white/80 px-3 backdrop-blur md:flex">
          <button
            type="button"
            onClick={() => setOpen(!open)}
            aria-controls={SIDEBAR_ID}
            aria-expanded={open}
            aria-keyshortcuts="Control+B Meta+B"
            title="Toggle sidebar (Ctrl+B)"
            className="flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <Icon name="panel" className="size-5" />
            <span className="sr-only">Toggle sidebar</span>
          </button>
          <span className="text-xs text-slate-500" aria-hidden="true">
            Ctrl/⌘ + B
          </span>
        </div>
        <main id="main-content" tabIndex={-1} className="flex-1 pb-24 focus:outline-none md:pb-0">
          {children}
        </main>
      </div>

      <BottomNav unread={unread} />
    </div>
  );
}
