// The Express application: static files, then the Remix request handler.
// /mcp and /api/inngest will be mounted here beside Remix.
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { createRemixHandler } from "./remix-handler.ts";

export function createApp(build: ServerBuild): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(compression());
  const root = path.resolve(import.meta.dirname, "..");
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
  // clientIp: the caller's address (proxies trusted on loopback only), for per-IP rate limits.
  app.all("*", createRemixHandler({ build, mode: build.mode, getLoadContext: (req) => ({ clientIp: req.ip ?? null }) }));
  return app;
}
