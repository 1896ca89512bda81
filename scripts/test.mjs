// `npm test`: type check, lint, format check, unit + integration tests (Vitest, real PostgreSQL), then the
// end-to-end tests (Playwright in Chromium). Ends with one summary line over all suites.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");
const tmp = path.join(root, "tests/.tmp");
mkdirSync(tmp, { recursive: true });
const vitestJson = path.join(tmp, "vitest-report.json");
const playwrightJson = path.join(tmp, "playwright-report.json");
for (const f of [vitestJson, playwrightJson]) rmSync(f, { force: true });

const started = Date.now();
let failedStep = null;
function run(label, args, env = {}) {
  if (failedStep) return;
  console.log(`\n▶ ${label}`);
  const r = spawnSync(process.execPath, args, { stdio: "inherit", cwd: root, env: { ...process.env, ...env } });
  if (r.status !== 0) failedStep = label;
}

run("typecheck", [require.resolve("typescript/bin/tsc"), "--noEmit"]);
run("lint (incl. the layer boundaries of docs/architecture.md)", [path.join(path.dirname(require.resolve("eslint/package.json")), "bin/eslint.js"), "."]);
run("format (Prettier; `npm run format` fixes it)", [
  require.resolve("prettier/bin/prettier.cjs"),
  "--check",
  "--log-level",
  "warn",
  "**/*.{ts,tsx,js,mjs,cjs}",
]);
run("unit + integration tests", [
  path.join(path.dirname(require.resolve("vitest/package.json")), "vitest.mjs"),
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
run("end-to-end tests", [path.join(root, "scripts/e2e.mjs"), "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  // A test worker that dies (a native crash, a kill) can leave its file's tests unrun while vitest still
  // exits 0 and reports success: the JSON reporter marks such tests "pending" (never "skipped"). Count them
  // as failed and name their files; a file that failed outside any test counts once.
  const unfinished = new Map();
  for (const f of v.testResults ?? []) {
    const n = (f.assertionResults ?? []).filter((a) => a.status === "pending").length;
    const brokenFile = f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed");
    if (n > 0 || brokenFile) unfinished.set(path.relative(root, f.name), Math.max(n, 1));
  }
  for (const [file, n] of unfinished) {
    console.log(`\n${file}: ${n} test(s) did not finish or the file failed outside its tests (did a test worker exit?)`);
    failed += n;
  }
  for (const f of v.testResults ?? []) skipped += (f.assertionResults ?? []).filter((a) => a.status === "skipped" || a.status === "todo").length;
}
if (existsSync(playwrightJson)) {
  const s = JSON.parse(readFileSync(playwrightJson, "utf8")).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nAll suites (${seconds}s)${failedStep ? `, stopped at: ${failedStep}` : ""}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep || failed > 0 ? 1 : 0);
