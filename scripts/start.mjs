// `npm start`: build the app when sources changed, then run the server (server/index.ts).
import { spawnSync, spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const remix = require.resolve("@remix-run/dev/dist/cli.js");
const tsx = require.resolve("tsx/cli");

const built = spawnSync(process.execPath, [remix, "build"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn(process.execPath, [tsx, "server/index.ts"], { stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
