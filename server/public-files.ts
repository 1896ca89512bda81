// The files of public/ besides the build (the favicon), each at its path. Any other path goes straight
// on to Remix: a static handler asked the disk on every page request, and under "/" for an index file
// too, each time finding nothing (0.1-0.2 ms of CPU a page; docs/decisions/408-hot-reads-prepared.md).
// The folder holds what the repository and the build put there, so its entries are listed once.
import { existsSync, readdirSync } from "node:fs";
import express from "express";

export function publicFiles(dir: string, options: { maxAge: string }): express.RequestHandler {
  const serve = express.static(dir, { maxAge: options.maxAge });
  const entries = new Set(existsSync(dir) ? readdirSync(dir).filter((name) => name !== "build") : []);
  return (req, res, next) => (entries.has(req.path.split("/", 2)[1]) ? serve(req, res, next) : next());
}
