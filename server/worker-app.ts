// The worker's HTTP application (docs/decisions/225-worker-process.md): the same Remix build as
// the web process, but only the workflow functions (/api/inngest, which its executor calls) and
// the health report (/healthz) are answered; every other path is a 404, so a worker never serves
// pages even if its port is reached.
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { createRemixHandler } from "./remix-handler.ts";

export const WORKER_PATHS = new Set(["/api/inngest", "/healthz"]);

export function createWorkerApp(build: ServerBuild): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.use((req, res, next) => {
    if (WORKER_PATHS.has(req.path)) return next();
    res.status(404).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send("Not Found: this is a workflow worker\n");
  });
  app.all("*", createRemixHandler({ build, mode: build.mode, getLoadContext: (req) => ({ clientIp: req.ip ?? null, cspNonce: "" }) }));
  app.use(((error, _req, res, next) => {
    if (res.headersSent) return next(error);
    console.error(error);
    res.status(500).set({ "Content-Type": "text/plain; charset=utf-8" }).send("Internal Server Error\n");
  }) as express.ErrorRequestHandler);
  return app;
}
