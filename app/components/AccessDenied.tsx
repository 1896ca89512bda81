import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";

/**
 * The 403 screen. Standalone (root error boundary) it is the page's <main>; inside the
 * navigation shell (`embedded`) the shell already provides <main>.
 */
export function AccessDenied({ embedded = false }: { embedded?: boolean }) {
  const Tag = embedded ? "div" : "main";
  return (
    <Tag id={embedded ? undefined : "main-content"} className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <Icon name="shield" className="size-6" />
      </span>
      <h1 className="text-2xl font-semibold">Access Denied</h1>
      <p className="text-slate-600">You don't have permission to access this page.</p>
      <Link to="/" className={buttonClasses("primary", "md")}>
        Return to Home
      </Link>
    </Tag>
  );
}
