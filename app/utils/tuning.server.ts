// Sizes and time scales set through the environment: the one module that reads them. Each has a
// production default; tests and benchmarks make media smaller and time run faster by setting the
// same documented variables (vitest.config.ts and tests/setup/test-env.ts for Vitest,
// scripts/e2e.mjs for the browser tests), never by a test switch in product code. README.md
// ("Configuration") lists them with the other settings.
//
// Values are read when asked for, not at import, because tests change process.env between suites.
// Provider settings (keys, models, VOICE_TIMEOUT_MS…, and the test provider PROVIDER_FAULTS of
// ADR 141) belong to the provider registry (app/providers/registry.server.ts), not here.

type Env = Record<string, string | undefined>;

/** Below this a picture is too small to be worth making; a smaller RENDER_LONG_SIDE is ignored. */
const MIN_LONG_SIDE = 160;

/**
 * RENDER_LONG_SIDE: the long side in pixels of compiled videos, motion clips, the showcase's
 * examples and (when smaller than their 1920 px) scene pictures. Unset: each keeps its default
 * (720p-class videos, 1080p-class pictures); 1920 renders 1080p. Tests use 256 (Vitest) or 320
 * (browser tests) to render in a fraction of the time. Values under 160 are ignored.
 */
export function renderLongSide(env: Env = process.env): number | null {
  const n = Number(env.RENDER_LONG_SIDE);
  return Number.isFinite(n) && n >= MIN_LONG_SIDE ? n : null;
}

/** RENDER_CACHE_MAX_MB: the renderer's per-scene segment cache, pruned least-recently-used beyond it (default 2048). */
export function renderCacheMaxBytes(env: Env = process.env): number {
  const mb = Number(env.RENDER_CACHE_MAX_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 2048) * 1024 * 1024;
}

function positiveNumber(env: Env, name: string): number | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}

export type WorkflowTuning = { concurrency?: number; pollMs?: number; leaseMs?: number; timeScale?: number };

/**
 * The embedded workflow executor (unset: the executor's defaults). A set value that is not a
 * positive number stops the start with a message.
 * - WORKFLOW_CONCURRENCY: runs at once (default 4).
 * - WORKFLOW_POLL_MS: how often it looks for due runs (default 500).
 * - WORKFLOW_LEASE_MS: how long a run claimed by a process that died stays its own (default 60 s).
 * - WORKFLOW_TIME_SCALE: multiplies sleeps, wait timeouts and retry back-off (default 1; the
 *   browser tests use 0.5, the integration tests pass their own scale to the executor).
 */
export function workflowTuning(env: Env = process.env): WorkflowTuning {
  return {
    concurrency: positiveNumber(env, "WORKFLOW_CONCURRENCY"),
    pollMs: positiveNumber(env, "WORKFLOW_POLL_MS"),
    leaseMs: positiveNumber(env, "WORKFLOW_LEASE_MS"),
    timeScale: positiveNumber(env, "WORKFLOW_TIME_SCALE"),
  };
}

/** How long paid work may go without progress before it is given up, by default (ADR 242). */
export const DEFAULT_STALLED_WORK_MINUTES = 10;

/** STALLED_WORK_MINUTES: paid work with no progress for this long is given up and refunded (default 10). */
export function stalledWorkMinutes(env: Env = process.env): number {
  const n = Number(env.STALLED_WORK_MINUTES);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_STALLED_WORK_MINUTES;
}

/** MCP_POLL_MS: how often `npm run mcp` (stdio) asks for the progress of long work; unset: the server's default. */
export function mcpPollMs(env: Env = process.env): number | undefined {
  const n = Number(env.MCP_POLL_MS);
  return n > 0 ? n : undefined;
}

/**
 * SEED_SHOWCASE: `true`/`1` or `false`/`0` decides whether an empty showcase is filled at start
 * by rendering three example ads; unset (undefined here): it is filled when the demo data is
 * seeded. The tests set `false`: rendering the examples would compete with the tests for the CPU.
 */
export function seedShowcaseSetting(env: Env = process.env): boolean | undefined {
  const flag = env.SEED_SHOWCASE?.trim().toLowerCase();
  if (flag === "true" || flag === "1") return true;
  if (flag === "false" || flag === "0") return false;
  return undefined;
}
