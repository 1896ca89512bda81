// A link to a page of the app, drawn as a plain anchor: one click listener on the document
// (useAppLinkNavigation, mounted once by the root) lets the router follow it without a page
// load, as Remix's <Link> does. A <Link> costs about 10 microseconds of every server render
// (its hooks, its prefetch state); the shell alone drew 18 of them on every signed-in page
// (docs/decisions/404-plain-anchors-for-app-links.md). Without JavaScript it is an ordinary link.
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

export type AppLinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path of a page (not a resource route: those need a document request). */
  to: string;
  /** Keep the scroll position, as <Link preventScrollReset>. */
  preventScrollReset?: boolean;
};

export function AppLink({ to, preventScrollReset, children, ...rest }: AppLinkProps) {
  return (
    <a href={to} data-app-link="" data-prevent-scroll-reset={preventScrollReset ? "" : undefined} {...rest}>
      {children}
    </a>
  );
}

/** Where a click on an app link goes, or null when the browser should follow it itself. */
function appLinkTarget(event: MouseEvent, origin: string): { to: string; preventScrollReset: boolean } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[data-app-link]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href);
  if (url.origin !== origin) return null;
  return { to: url.pathname + url.search + url.hash, preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset") };
}

/** The router follows clicks on app links; mounted once, in the root. */
export function useAppLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    // React's own click handlers (attached when the page hydrated) run first, so an onClick that
    // prevents the default is respected.
    function onClick(event: MouseEvent) {
      const target = appLinkTarget(event, window.location.origin);
      if (!target) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      // As <Link>: a link to the page itself replaces the history entry instead of adding one.
      navigate(target.to, { preventScrollReset: target.preventScrollReset, replace: target.to === here });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
