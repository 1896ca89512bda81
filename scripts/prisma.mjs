// Runs the Prisma CLI offline. Prisma downloads its native engines when
// DATABASE_URL is missing, so `generate` gets a placeholder URL (it never connects).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
if (!env.DATABASE_URL) env.DATABASE_URL = "postgresql://placeholder@127.0.0.1:5432/placeholder";
const cli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, ...args], { stdio: "inherit", env });
process.exit(result.status ?? 1);
