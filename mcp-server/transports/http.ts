// The Streamable HTTP door at /mcp on the app's own server (docs/decisions/163-mcp-http-door.md):
// stateless (a fresh server and transport per POST), `Authorization: Bearer <token>` checked by
// the one bearer check (authenticateBearerToken), a per-token rate limit, and Origin validation
// (a browser page of another site gets 403; no Origin, as from non-browser clients, is fine).
// Responses to tool calls stream as server-sent events, so progress arrives while work runs.
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import express from "express";

// The core is loaded on the first request: server/app.ts imports this router before
// server/index.ts has configured the database (the Prisma client reads DATABASE_URL on import).
let loaded: Promise<{
  takeApiRequest: typeof import("~/models/access").takeApiRequest;
  authenticateBearerToken: typeof import("~/models/access").authenticateBearerToken;
  createReelforgeMcpServer: typeof import("../server.ts").createReelforgeMcpServer;
}> | null = null;
function core() {
  loaded ??= Promise.all([import("~/models/access"), import("~/models/access"), import("../server.ts")]).then(([rate, tokens, server]) => ({
    takeApiRequest: rate.takeApiRequest,
    authenticateBearerToken: tokens.authenticateBearerToken,
    createReelforgeMcpServer: server.createReelforgeMcpServer,
  }));
  return loaded;
}

export type McpHttpOptions = {
  /** The public origin (APP_URL): signed links use it, and pages of it may call /mcp. */
  appUrl?: string | null;
  /** Further browser origins allowed to call /mcp (MCP_ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins?: readonly string[];
  pollMs?: number;
};

/** The largest JSON body /mcp takes (a base64 product image of 15 MB fits). */
export const MCP_BODY_LIMIT = "24mb";
const MCP_BODY_LIMIT_BYTES = 24 * 1024 * 1024;

/**
 * A body declared larger than the limit is refused before a byte of it is read, so the client
 * gets its 413 at once (the rest is read and dropped by server/lingering-close.ts, ADR 277)
 * instead of after the server has read the whole body.
 */
const refuseDeclaredOverLimit: express.RequestHandler = (req, res, next) => {
  const declared = Number(req.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > MCP_BODY_LIMIT_BYTES) return jsonRpcError(res, 413, -32600, "Request too large");
  next();
};

function jsonRpcError(res: express.Response, status: number, code: number, message: string, headers: Record<string, string> = {}) {
  res
    .status(status)
    .set({ "Cache-Control": "no-store", ...headers })
    .json({ jsonrpc: "2.0", error: { code, message }, id: null });
}

function requestOrigin(req: express.Request): string {
  return `${req.protocol}://${req.get("host") ?? "localhost"}`;
}

/** Whether a request's Origin header (when it has one) is this app or an allowed client origin. */
export function mcpOriginAllowed(origin: string | undefined, req: { protocol: string; host: string | undefined }, opts: McpHttpOptions): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  const allowed = new Set<string>();
  if (opts.appUrl) allowed.add(new URL(opts.appUrl).origin);
  else if (req.host) allowed.add(`${req.protocol}://${req.host}`.toLowerCase());
  for (const o of opts.allowedOrigins ?? []) {
    try {
      allowed.add(new URL(o).origin);
    } catch {
      // not a URL: allows nothing
    }
  }
  return allowed.has(parsed.origin.toLowerCase());
}

export function allowedOriginsFromEnv(env: Record<string, string | undefined> = process.env): string[] {
  return (env.MCP_ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

type Message = { method?: unknown; params?: { requestId?: unknown } };

export function mcpHttpRouter(opts: McpHttpOptions = {}): express.Router {
  const router = express.Router();
  // In-flight tool calls of this process by token and request id: a stateless door receives a
  // client's notifications/cancelled on a new request, and aborts the call here.
  const inflight = new Map<string, { controller: AbortController; response: express.Response }>();

  router.use((req, res, next) => {
    if (!mcpOriginAllowed(req.get("origin"), { protocol: req.protocol, host: req.get("host") }, opts)) {
      return jsonRpcError(res, 403, -32000, "Forbidden: this origin may not call the Reelforge MCP server");
    }
    next();
  });

  router.all("/", refuseDeclaredOverLimit, express.json({ limit: MCP_BODY_LIMIT_BYTES }), async (req, res) => {
    const { takeApiRequest, authenticateBearerToken, createReelforgeMcpServer } = await core();
    const resourceMetadata = `${opts.appUrl ? new URL(opts.appUrl).origin : requestOrigin(req)}/.well-known/oauth-protected-resource/mcp`;
    const header = req.get("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const identity = match ? await authenticateBearerToken(match[1]) : null;
    if (!identity) {
      const challenge = match
        ? `Bearer realm="reelforge", error="invalid_token", error_description="The token is unknown, revoked or expired", resource_metadata="${resourceMetadata}"`
        : `Bearer realm="reelforge", resource_metadata="${resourceMetadata}"`;
      return jsonRpcError(res, 401, -32001, "Unauthorized: send Authorization: Bearer <token> (create one in Profile Settings)", {
        "WWW-Authenticate": challenge,
      });
    }
    const verdict = await takeApiRequest(`${identity.kind}:${identity.tokenId}`);
    if (!verdict.ok) {
      return jsonRpcError(res, 429, -32002, "Too many requests: slow down and try again shortly", { "Retry-After": String(verdict.retryAfterSeconds) });
    }
    if (req.method !== "POST") {
      // Stateless: no server-to-client stream to resume and no session to end.
      return jsonRpcError(res, 405, -32000, "Method not allowed: POST JSON-RPC messages to /mcp", { Allow: "POST" });
    }

    const key = (id: unknown) => `${identity.kind}:${identity.tokenId}:${typeof id === "string" || typeof id === "number" ? id : ""}`;
    for (const m of (Array.isArray(req.body) ? req.body : [req.body]) as Message[]) {
      if (m && m.method === "notifications/cancelled") {
        const call = inflight.get(key(m.params?.requestId));
        if (!call) continue;
        call.controller.abort();
        // A cancelled request gets no answer (MCP): end its event stream once the handler stopped.
        setTimeout(() => call.response.writableEnded || call.response.end(), 100).unref();
      }
    }

    const server = createReelforgeMcpServer(identity.actor, {
      origin: opts.appUrl ? new URL(opts.appUrl).origin : requestOrigin(req),
      pollMs: opts.pollMs,
      externalCancel(requestId) {
        const controller = new AbortController();
        const k = key(requestId);
        inflight.set(k, { controller, response: res });
        return { signal: controller.signal, done: () => inflight.get(k)?.controller === controller && inflight.delete(k) };
      },
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      console.error("[mcp] request failed:", error);
      if (!res.headersSent) jsonRpcError(res, 500, -32603, "Internal server error");
    }
  });

  // A body that is not JSON, or too large, is the client's mistake: a JSON-RPC parse error.
  router.use(((error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = Number((error as { status?: unknown }).status);
    if (status === 413) return jsonRpcError(res, 413, -32600, "Request too large");
    if (status >= 400 && status < 500) return jsonRpcError(res, 400, -32700, "Parse error: the body must be JSON-RPC");
    next(error);
  }) as express.ErrorRequestHandler);
  return router;
}
