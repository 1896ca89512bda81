// SQL statements per request: the built app served in this process (server/app.ts, as
// tests/support/live-server.ts does), with every statement sent through pg counted while one
// request is answered. The same code as the benchmarked server process; one request at a time,
// after a warm-up request, so per-process caches are counted as they behave under load.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import pg from "pg";
import { createApp } from "../server/app.ts";

export type QueryCounter = {
  url: string;
  count(pathname: string, cookie?: string): Promise<{ status: number; queries: number; statements: string[]; bytes: number }>;
  close(): Promise<void>;
};

export async function startQueryCounter(): Promise<QueryCounter> {
  const build = (await import(pathToFileURL(path.resolve(import.meta.dirname, "../build/index.js")).href)) as ServerBuild;
  const server: Server = createServer().listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on("request", createApp(build, { appUrl: null }));
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  let counting = false;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const q = args[0] as string | { text?: string };
      statements.push(
        String(typeof q === "string" ? q : q?.text)
          .replace(/\s+/g, " ")
          .slice(0, 200),
      );
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const get = (pathname: string, cookie?: string) => fetch(url + pathname, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return {
    url,
    async count(pathname, cookie) {
      await (await get(pathname, cookie)).arrayBuffer();
      statements.length = 0;
      counting = true;
      try {
        const res = await get(pathname, cookie);
        const body = await res.arrayBuffer();
        return { status: res.status, queries: statements.length, statements: [...statements], bytes: body.byteLength };
      } finally {
        counting = false;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        pg.Client.prototype.query = original;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
