import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/Button";

/**
 * The screen for a request the server refused as bad input (a 4xx other than 403/404): the
 * status and the server's message, so a mistyped address or a broken form says what was wrong.
 */
export function RequestRefused({ status, message, embedded = false }: { status: number; message: string; embedded?: boolean }) {
  const Tag = embedded ? "div" : "main";
  return (
    <Tag
      id={embedded ? undefined : "main-content"}
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 className="text-2xl font-semibold">This request could not be used</h1>
      <p className="text-slate-600">{message || "Please check the address or the form and try again."}</p>
      <Link to="/" className={buttonClasses("primary", "md")}>
        Return to Home
      </Link>
    </Tag>
  );
}

/** The message a thrown 4xx Response carried (plain text), if any. */
export function refusalMessage(data: unknown): string {
  return typeof data === "string" ? data.slice(0, 300) : "";
}
