// Test helper: resolves a URL against the real app/routes files (Remix's own flat-routes
// convention) and runs every matched loader the way a Remix document request does, so the
// access tests check both the URL -> route mapping and the guards.
import path from "node:path";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { sessionStorage, USER_SESSION_KEY } from "~/utils/session.server";

const appDir = path.resolve(import.meta.dirname, "../../app");
const manifest = flatRoutes(appDir, ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.ts"]);

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; file: string };
const entries: RouteEntry[] = [{ id: "root", path: "", file: "root.tsx" }, ...Object.values(manifest)];

function tree(parentId: string | undefined): AgnosticRouteObject[] {
  return entries
    .filter((e) => e.parentId === parentId && e.id !== parentId)
    .map((e) => (e.index ? { id: e.id, path: e.path, index: true } : { id: e.id, path: e.path, children: tree(e.id) }));
}
const routes: AgnosticRouteObject[] = [{ id: "root", path: "", children: tree("root") }];

type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string | undefined>; context: unknown }) => unknown;
  ErrorBoundary?: unknown;
};

async function loadModule(id: string): Promise<RouteModule> {
  const entry = entries.find((e) => e.id === id);
  if (!entry) throw new Error(`no route ${id}`);
  return (await import(path.join(appDir, entry.file))) as RouteModule;
}

export type Outcome = {
  status: number;
  /** Set for redirects. */
  location?: string;
  /** Route ids that matched, outermost first. */
  matched: string[];
  /** Loader data by route id (ok outcomes). */
  data: Record<string, unknown>;
  /** The route whose ErrorBoundary renders an error (errors only). */
  boundary?: string;
};

function isDataWithInit(v: unknown): v is { data: unknown; init: ResponseInit | null } {
  return typeof v === "object" && v !== null && (v as { type?: string }).type === "DataWithResponseInit";
}

/** GET `url` as a document request, with an optional Cookie header. */
export async function visit(url: string, cookie?: string): Promise<Outcome> {
  const request = new Request(new URL(url, "http://localhost"), { headers: cookie ? { Cookie: cookie } : {} });
  const pathname = new URL(request.url).pathname;
  const matches = matchRoutes(routes, pathname) ?? [];
  const matched = matches.map((m) => m.route.id!);
  const modules = await Promise.all(matched.map(loadModule));
  const settled = await Promise.allSettled(matches.map(async (m, i) => modules[i].loader?.({ request, params: m.params, context: {} })));

  // A redirect from any loader wins (outermost first), then the first error, then data.
  for (const r of settled) {
    const value = r.status === "fulfilled" ? r.value : r.reason;
    if (value instanceof Response && value.status >= 300 && value.status < 400) {
      return { status: value.status, location: value.headers.get("Location") ?? undefined, matched, data: {} };
    }
  }
  for (let i = 0; i < settled.length; i++) {
    const r = settled[i];
    if (r.status === "rejected") {
      const status = r.reason instanceof Response ? r.reason.status : 500;
      let b = i;
      while (b > 0 && !modules[b].ErrorBoundary) b--;
      return { status, matched, data: {}, boundary: matched[b] };
    }
  }
  const data: Record<string, unknown> = {};
  let status = 200;
  settled.forEach((r, i) => {
    const value = (r as PromiseFulfilledResult<unknown>).value;
    if (isDataWithInit(value)) {
      data[matched[i]] = value.data;
      if (value.init?.status) status = value.init.status;
    } else {
      data[matched[i]] = value ?? null;
    }
  });
  return { status, matched, data };
}

/** A Cookie header carrying a real server-side session for `userId`. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession();
  session.set(USER_SESSION_KEY, userId);
  const setCookie = await storage.commitSession(session);
  return setCookie.split(";")[0];
}
