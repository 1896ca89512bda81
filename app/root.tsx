import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useAppLinkNavigation } from "~/components/ui/AppLink";
import { TimeZoneProvider } from "~/components/time/TimeZone";
import { FALLBACK_TIME_ZONE, timeZoneOf } from "~/utils/dates";
import { AccessDenied } from "~/components/AccessDenied";
import { useNonce } from "~/hooks/useNonce";
import { NotFound } from "~/components/NotFound";
import { refusalMessage, RequestRefused } from "~/components/RequestRefused";
import { Toaster } from "sonner";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Reelforge — video ads from a script" },
  { name: "description", content: "Turn a script, a product image, a voice and a style into short video ads." },
];

/** The viewer's time zone from the `tz` cookie, UTC without it (ADR 267). No database work. */
export function loader({ request }: LoaderFunctionArgs) {
  return { timeZone: timeZoneOf(request) };
}

// The zone only changes in the browser (TimeZoneProvider), never by a navigation or an action.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

const ZOD_JITLESS = "(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true;";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any module: zod's compiled fast path probes for eval with `new Function`, which
            the Content-Security-Policy forbids and the browser reports as a violation (ADR 122). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-slate-50 text-slate-900 antialiased">
        <TimeZoneProvider zone={root?.timeZone ?? FALLBACK_TIME_ZONE}>{children}</TimeZoneProvider>
        {/* One toast at a time (docs/product.md#navigation-shell). */}
        <Toaster position="top-center" visibleToasts={1} richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useAppLinkNavigation();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    return <RequestRefused status={error.status} message={refusalMessage(error.data)} />;
  }
  console.error(error);
  return (
    <main id="main-content" className="mx-auto flex min-h-full max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-slate-600">Please try refreshing the page. If it keeps happening, contact support.</p>
      <a href="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Return to Home
      </a>
    </main>
  );
}
