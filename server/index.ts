// `npm start`: bootstrap the database and serve Reelforge on PORT (default 3000).
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { bootstrap } from "./bootstrap.ts";
import { createApp } from "./app.ts";

const { embedded } = await bootstrap();
const buildPath = path.resolve(import.meta.dirname, "../build/index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = createApp(build).listen(port, host, () => {
  console.log(`Reelforge is running on http://localhost:${port}`);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: shutting down...`);
  server.close();
  try {
    await embedded?.stop();
  } finally {
    process.exit(0);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
