import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { AccessDenied } from "~/components/AccessDenied";
import { NotFound } from "~/components/NotFound";
import { refusalMessage, RequestRefused } from "~/components/RequestRefused";
import { buttonClasses } from "~/components/ui/Button";

/**
 * Error boundary for routes inside the navigation shell, so the sidebar stays: 403 shows
 * Access Denied, 404 the not-found screen, anything else a short error message.
 */
export function ShellErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied embedded />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound embedded />;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    return <RequestRefused embedded status={error.status} message={refusalMessage(error.data)} />;
  }
  console.error(error);
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-slate-600">Please try refreshing the page. If it keeps happening, contact support.</p>
      <Link to="/" className={buttonClasses("primary", "md")}>
        Return to Home
      </Link>
    </div>
  );
}
