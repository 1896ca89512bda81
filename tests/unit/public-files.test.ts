// server/public-files.ts: public/'s own files are served at their paths; every other path, "/"
// included, goes on to the next handler without a look at the disk (no index file under "/").
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicFiles } from "../../server/public-files.ts";

let server: http.Server;
let url: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "public-files-"));
  writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(dir, "index.html"), "an index file");
  mkdirSync(path.join(dir, "fonts"));
  writeFileSync(path.join(dir, "fonts", "a.woff2"), "font");
  mkdirSync(path.join(dir, "build"));
  writeFileSync(path.join(dir, "build", "app.js"), "built");
  const app = express();
  app.use(publicFiles(dir, { maxAge: "1h" }));
  app.use((req, res) => void res.status(299).send(`next ${req.path}`));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const get = async (p: string) => {
  const res = await fetch(url + p);
  return { status: res.status, body: await res.text(), cache: res.headers.get("cache-control") };
};

describe("publicFiles", () => {
  it("serves the folder's files and folders at their paths, cached for the given time", async () => {
    expect(await get("/favicon.svg")).toEqual({ status: 200, body: "<svg/>", cache: "public, max-age=3600" });
    expect(await get("/fonts/a.woff2")).toMatchObject({ status: 200, body: "font" });
  });

  it("passes every other path on: pages, '/' (no index file), a missing file, the build folder", async () => {
    for (const p of ["/", "/dashboard", "/video-projects/abc", "/favicon.ico", "/build/app.js", "/fonts-x"]) {
      expect(await get(p), p).toMatchObject({ status: 299, body: `next ${p}` });
    }
    expect(await get("/fonts/missing.woff2")).toMatchObject({ status: 299 });
  });
});
