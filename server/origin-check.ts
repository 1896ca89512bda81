// The one cross-site request check (ADR 121): every state-changing request (any method but GET
// and HEAD) must come from the app's own pages. Runs in Express before anything else, so it
// covers documents, `.data` single-fetch calls and resource routes alike. Only the endpoints
// that must take cross-site posts by protocol, and authenticate them otherwise, are exempt.
import type express from "express";

/**
 * Paths that accept cross-site posts: PayU posts the buyer's browser back from its checkout
 * (the callback verifies PayU's hash), Inngest calls are signed, /mcp takes a bearer token and
 * checks Origin itself (mcp-server/transports/http.ts, ADR 163), /api/agents/execute takes a
 * bearer token only, never a cookie (ADR 190), and MCP clients (web-based ones too) post to the
 * OAuth endpoints /register, /token and /revoke, which need no cookie: a code with its PKCE
 * verifier, or a token, is the credential. /authorize is not exempt
 * (docs/decisions/167-mcp-oauth.md).
 */
export const CROSS_SITE_EXEMPT: readonly RegExp[] = [
  /^\/api\/payments\/payu\/(?:success|failure)\/?$/,
  /^\/api\/inngest\/?$/,
  /^\/mcp(?:\/.*)?$/,
  /^\/(?:register|token|revoke)\/?$/,
  /^\/api\/agents\/execute\/?$/,
];

export type OriginCheckInput = {
  method: string;
  path: string;
  /** Request headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  /** The public origin (APP_URL) when configured. */
  appUrl?: string | null;
};

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

function header(headers: OriginCheckInput["headers"], name: string): string | null {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? null : first.trim();
}

function parseOrigin(value: string): URL | null {
  if (!value || value === "null") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * The host Remix compares the Origin header with (X-Forwarded-Host, else Host). A request that
 * passes here with a different one would be refused by Remix as a blank 500, so it is refused
 * here instead, with a reason.
 */
function addressedHost(headers: OriginCheckInput["headers"]): string | null {
  const forwarded = header(headers, "x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || header(headers, "host") || null;
}

/** Whether `source` (an Origin or Referer value) is this app. */
function sameApp(source: URL, input: OriginCheckInput): boolean {
  if (input.appUrl) {
    const app = parseOrigin(input.appUrl);
    return Boolean(app && app.origin === source.origin);
  }
  // No APP_URL: the site is whatever host the request addressed. The scheme is not compared, as
  // a TLS-terminating proxy may not say that it is one.
  const host = addressedHost(input.headers);
  return Boolean(host && host.toLowerCase() === source.host.toLowerCase());
}

export function checkOrigin(input: OriginCheckInput): OriginVerdict {
  const method = input.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return { ok: true };
  if (CROSS_SITE_EXEMPT.some((re) => re.test(input.path))) return { ok: true };

  const origin = header(input.headers, "origin");
  if (origin !== null) {
    const url = parseOrigin(origin);
    if (!url || !sameApp(url, input)) return { ok: false, reason: `it was sent from another site (Origin: ${origin.slice(0, 200) || "empty"})` };
    const host = addressedHost(input.headers);
    if (!host || host.toLowerCase() !== url.host.toLowerCase()) {
      return { ok: false, reason: "the Host (or X-Forwarded-Host) header does not name the site the request came from" };
    }
    return { ok: true };
  }
  const fetchSite = header(input.headers, "sec-fetch-site");
  if (fetchSite !== null) {
    if (fetchSite === "same-origin" || fetchSite === "none") return { ok: true };
    return { ok: false, reason: `it was sent from another site (Sec-Fetch-Site: ${fetchSite.slice(0, 40)})` };
  }
  const referer = header(input.headers, "referer");
  if (referer !== null) {
    const url = parseOrigin(referer);
    if (!url || !sameApp(url, input)) return { ok: false, reason: "it was sent from another site (Referer)" };
    return { ok: true };
  }
  // No Origin, Sec-Fetch-Site or Referer: not a browser (every current browser sends Origin on a
  // cross-origin POST), so not a forged cross-site request. Its credentials are checked as usual.
  return { ok: true };
}

export function refuseCrossSite(res: express.Response, reason: string): void {
  res
    .status(403)
    .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
    .send(`Forbidden: this request was refused because ${reason}. Reload the page on this site and try again.\n`);
}

export function originCheck(opts: { appUrl?: string | null } = {}): express.RequestHandler {
  return (req, res, next) => {
    const verdict = checkOrigin({ method: req.method, path: req.path, headers: req.headers, appUrl: opts.appUrl });
    if (verdict.ok) return next();
    refuseCrossSite(res, verdict.reason);
  };
}
