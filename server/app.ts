// The Express application: the cross-site check and security headers for every request, the MCP
// door at /mcp (Streamable HTTP, before compression so progress events are not held back),
// static files, then the Remix request handler.
import path from "node:path";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { oauthRoutes } from "./oauth.ts";
import { allowedOriginsFromEnv, mcpHttpRouter } from "../mcp-server/transports/http.ts";
import { isDatabaseUnavailable } from "../app/utils/db-errors.server.ts";
import { lingeringClose } from "./lingering-close.ts";
import { originCheck } from "./origin-check.ts";
import { publicFiles } from "./public-files.ts";
import { createRemixHandler } from "./remix-handler.ts";
import { cspNonce, securityHeaders } from "./security-headers.ts";
import { sendUnavailable } from "./unavailable.ts";

/**
 * Responses compressed where it pays on CPU (ADR 365, bench/compression-levels.ts): text bodies
 * (HTML, JSON, JS, CSS, SVG; compression's own type filter) of 1 KB or more, at gzip level 1 and
 * brotli quality 1: most of the saving of the defaults (gzip 6, brotli 4) at a fraction of their
 * CPU. Never a range request or a partial answer (a byte range of a compressed body is not the
 * range asked for); media types are not compressible to it anyway.
 */
export const COMPRESSION: compression.CompressionOptions = {
  threshold: 1024,
  level: 1,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  filter: (req, res) => !req.headers.range && !res.getHeader("Content-Range") && compression.filter(req, res),
};

export type AppOptions = {
  /** The public origin; defaults to APP_URL. Cross-site checks and HTTPS-only headers follow it. */
  appUrl?: string | null;
  /** Tuning of the /mcp door (tests poll long work faster). */
  mcp?: { pollMs?: number };
};

export function createApp(build: ServerBuild, opts: AppOptions = {}): express.Express {
  const appUrl = opts.appUrl === undefined ? process.env.APP_URL || null : opts.appUrl;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  // An answer sent before the body arrived (413 and the like) reaches the client: ADR 277.
  app.use(lingeringClose());
  app.use(securityHeaders({ appUrl }));
  app.use(originCheck({ appUrl }));
  app.use("/mcp", mcpHttpRouter({ appUrl, allowedOrigins: allowedOriginsFromEnv(), ...opts.mcp }));
  app.use(compression(COMPRESSION));
  // OAuth for MCP clients (/.well-known/*, /register, /authorize, /token, /revoke): ADR 167.
  const oauth = oauthRoutes({ appUrl });
  if (oauth) app.use(oauth);
  const root = path.resolve(import.meta.dirname, "..");
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  app.use(publicFiles(path.join(root, "public"), { maxAge: "1h" }));
  // clientIp: the caller's address (proxies trusted on loopback only), for per-IP rate limits and
  // loopback-only conveniences; cspNonce: the nonce of this response's Content-Security-Policy.
  app.all("*", createRemixHandler({ build, mode: build.mode, getLoadContext: (req, res) => ({ clientIp: req.ip ?? null, cspNonce: cspNonce(res) }) }));
  app.use(errorResponse);
  return app;
}

/**
 * Errors passed to next() (a malformed URL in the static handler, a failure in the Remix glue)
 * are answered here rather than by Express's default handler, so they carry the same security
 * headers as everything else (that handler replaces the policy with its own).
 */
const errorResponse: express.ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  // The database is down (ADR 231): a clear 503, as for the Remix routes.
  if (isDatabaseUnavailable(error)) return sendUnavailable(req, res);
  const code = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
  const status = Number.isInteger(code) && code >= 400 && code < 600 ? code : 500;
  if (status >= 500) console.error(error);
  res
    .status(status)
    .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
    .send(status < 500 ? "Bad Request\n" : "Internal Server Error\n");
};
