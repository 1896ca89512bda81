// Test helper: the real HTTP server (Express + the built Remix app, server/app.ts) in this
// test process, on a free loopback port, against the test database. Tests that must see what a
// client on the wire sees (cut-off uploads, raw bodies, headers, the process staying up) use
// it instead of calling route modules. The app is built once per run by the integration
// global setup (tests/setup/integration-global.ts); this only imports that build.
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createApp, type AppOptions } from "../../server/app.ts";

export type LiveServer = { url: string; port: number; close(): Promise<void> };

const buildPath = path.resolve(import.meta.dirname, "../../build/index.js");

/**
 * `opts` as for createApp (server/app.ts), e.g. the public origin the app believes it has;
 * `selfAsPublicOrigin`: that origin is the server's own address (known once it listens), as
 * tests of absolute URLs the app hands out (OAuth metadata) need.
 */
export async function startLiveServer(opts: AppOptions & { selfAsPublicOrigin?: boolean } = {}): Promise<LiveServer> {
  if (!existsSync(buildPath)) throw new Error("build/index.js is missing: the integration global setup builds the app");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const { selfAsPublicOrigin, ...appOpts } = opts;
  server.on("request", createApp(build, selfAsPublicOrigin ? { ...appOpts, appUrl: url } : appOpts));
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
