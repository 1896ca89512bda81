import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/Button";

/** The 404 screen (standalone page, or inside the navigation shell when `embedded`). */
export function NotFound({ embedded = false }: { embedded?: boolean }) {
  const Tag = embedded ? "div" : "main";
  return (
    <Tag id={embedded ? undefined : "main-content"} className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses("primary", "md")}>
        Return to Home
      </Link>
    </Tag>
  );
}
