// The documented settings (app/utils/tuning.server.ts) every Vitest run sets, so product code
// needs no test switch. Suites that render or run workflows set smaller sizes and faster time
// themselves (tests/integration/pipeline-helpers.ts); the browser tests' are in scripts/e2e.mjs.
export const TEST_ENV: Readonly<Record<string, string>> = {
  // Filling the showcase renders three example ads: work no test asked for, competing for the CPU.
  SEED_SHOWCASE: "false",
};
