// Shared by the auth-*.test.ts files: real Request objects, cookies carried between calls,
// and unwrapping what a Remix loader/action returns (a Response, a data() value or a throw).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const ORIGIN = "http://localhost:3101";

export function uniqueEmail(tag = "user"): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@Example.TEST`;
}

export function uniquePhone(): string {
  return `+9199${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, "0")}`;
}

export function formRequest(path: string, fields: Record<string, string>, cookie?: string | null): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, ORIGIN), { method: "POST", headers, body: new URLSearchParams(fields) });
}

export function getRequest(path: string, cookie?: string | null): Request {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, ORIGIN), { headers });
}

export type Outcome = { status: number; headers: Headers; body: unknown; location: string | null };

async function toOutcome(value: unknown): Promise<Outcome> {
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: value.status, headers: value.headers, body, location: value.headers.get("Location") };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data, location: null };
  }
  return { status: 200, headers: new Headers(), body: value, location: null };
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/** Calls a loader or action the way Remix does and returns what the browser would get. */
export async function call(handler: Handler, request: Request, context: Record<string, unknown> = {}, params: Record<string, string> = {}): Promise<Outcome> {
  try {
    return await toOutcome(await handler({ request, params, context } as LoaderFunctionArgs));
  } catch (thrown) {
    if (thrown instanceof Response) return toOutcome(thrown);
    throw thrown;
  }
}

/** The "__session=..." pair from a Set-Cookie header (null when none was set). */
export function sessionCookie(outcome: Outcome): string | null {
  const header = outcome.headers.get("Set-Cookie");
  if (!header) return null;
  const match = /(?:^|,\s*)(__session=[^;]*)/.exec(header);
  return match ? match[1] : null;
}

/** The session id inside a signed cookie value (what the sessions table is keyed by). */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice("__session=".length));
  // Remix signs JSON-stringified, base64-encoded values: base64(json).signature
  const encoded = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as string;
}
