// Sidebar open/closed state. Desktop: expanded (16rem) or collapsed to icons (3rem),
// remembered in the "sidebar_state" cookie that the server reads for the first paint.
// Mobile (< 768px): an overlay (18rem) that is closed on every page load.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { MOBILE_BREAKPOINT_PX } from "~/utils/constants";
import { sidebarCookieString } from "./nav";

type SidebarState = {
  /** Desktop: expanded. */
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  /** Toggles the desktop sidebar, or the overlay on mobile (the ctrl/cmd+b shortcut). */
  toggle: () => void;
};

const SidebarCtx = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const ctx = useContext(SidebarCtx);
  if (!ctx) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return ctx;
}

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

export function SidebarProvider({ defaultOpen, children }: { defaultOpen: boolean; children: React.ReactNode }) {
  const [open, setOpenState] = useState(defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);
  const [isMobile, setIsMobile] = useState(false);

  useEffect(() => {
    const mql = window.matchMedia(mobileQuery);
    const update = () => {
      setIsMobile(mql.matches);
      if (!mql.matches) setOpenMobile(false);
    };
    update();
    mql.addEventListener("change", update);
    return () => mql.removeEventListener("change", update);
  }, []);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = sidebarCookieString(value);
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(mobileQuery).matches) setOpenMobile((v) => !v);
    else setOpen(!open);
  }, [open, setOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "b" && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = useMemo(() => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle }), [open, setOpen, openMobile, isMobile, toggle]);
  return <SidebarCtx.Provider value={value}>{children}</SidebarCtx.Provider>;
}
