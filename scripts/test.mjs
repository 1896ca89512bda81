// `npm test`: type check, unit and integration tests (vitest), then end-to-end tests.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const run = (label, args) => {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(process.execPath, args, { stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(r.status ?? 1);
  }
};

run("typecheck", [require.resolve("typescript/bin/tsc"), "--noEmit"]);
run("unit + integration tests", [require.resolve("vitest/vitest.mjs"), "run"]);
