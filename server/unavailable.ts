// The answer while the database cannot be reached (docs/decisions/231-database-unavailable-503.md):
// 503 with Retry-After, never cached; a short page for a browser's page request, a problem
// document (RFC 9457) for data, resource and API requests. Static: it needs nothing that is down.
import type express from "express";

export const UNAVAILABLE_TITLE = "Reelforge is temporarily unavailable";
export const UNAVAILABLE_DETAIL = "We cannot reach our database right now. Please try again in a minute.";
const RETRY_AFTER_S = 10;

/** A browser asking for a page (not a Remix data request, not a resource or API route). */
function wantsPage(req: express.Request): boolean {
  if (req.method !== "GET" && req.method !== "POST") return false;
  if (/\.data$/.test(req.path) || /^\/(resources|api|mcp|healthz|files)(\/|$)/.test(req.path)) return false;
  return /text\/html/.test(req.get("Accept") ?? "");
}

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${UNAVAILABLE_TITLE}</title></head>
<body>
<main id="main-content">
<h1>${UNAVAILABLE_TITLE}</h1>
<p>${UNAVAILABLE_DETAIL}</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;

export function sendUnavailable(req: express.Request, res: express.Response): void {
  res.status(503).set({ "Retry-After": String(RETRY_AFTER_S), "Cache-Control": "no-store" });
  if (wantsPage(req)) {
    res.type("text/html; charset=utf-8").send(PAGE);
    return;
  }
  res
    .type("application/problem+json; charset=utf-8")
    .send(JSON.stringify({ type: "about:blank", title: "Service unavailable", status: 503, detail: UNAVAILABLE_DETAIL }));
}
