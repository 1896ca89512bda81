// The Inngest client of Reelforge (server-only: import it from *.server.ts modules or server/).
//
// Which engine runs the workflows is decided by the environment (ADR 070):
//   - INNGEST_DEV or INNGEST_BASE_URL (or INNGEST_API_BASE_URL / INNGEST_EVENT_API_BASE_URL):
//     a self-hosted Inngest server or the dev server; the SDK reads those variables itself.
//   - INNGEST_SIGNING_KEY + INNGEST_EVENT_KEY: Inngest Cloud.
//   - none of them: the embedded executor (inngest/executor), started with the app. The client
//     then sends events and registrations to an in-process receiver instead of a network host,
//     and the serve handler only accepts requests signed with this process's own key.
import { Inngest } from "inngest";
import { connectWorkflowEngine } from "~/models/workflows";
import { APP_ID } from "~/models/workflows/events";
import { createEmbeddedFetch } from "./executor/bridge.ts";
import * as runStore from "./executor/run-store.ts";
import { EMBEDDED_EVENT_KEY, EMBEDDED_ORIGIN, shared, type FunctionConfig } from "./executor/shared.ts";

export { APP_ID };

export type WorkflowEngineKind = "embedded" | "inngest-cloud" | "self-hosted";
export type WorkflowEngineConfig = { kind: WorkflowEngineKind; ok: boolean; problem?: string };

function set(env: Record<string, string | undefined>, key: string): boolean {
  return Boolean(env[key]?.trim());
}

function devEnabled(value: string | undefined): boolean {
  const v = value?.trim().toLowerCase();
  if (!v) return false;
  return !["0", "false", "no", "off"].includes(v);
}

/** Which engine the environment asks for, and whether its configuration is complete. */
export function detectWorkflowEngine(env: Record<string, string | undefined> = process.env): WorkflowEngineConfig {
  const keys = set(env, "INNGEST_SIGNING_KEY") && set(env, "INNGEST_EVENT_KEY");
  const dev = devEnabled(env.INNGEST_DEV);
  if (dev || set(env, "INNGEST_BASE_URL") || set(env, "INNGEST_API_BASE_URL") || set(env, "INNGEST_EVENT_API_BASE_URL")) {
    if (dev || keys) return { kind: "self-hosted", ok: true };
    return {
      kind: "self-hosted",
      ok: false,
      problem: "A self-hosted Inngest server needs INNGEST_SIGNING_KEY and INNGEST_EVENT_KEY (or INNGEST_DEV=1 for the dev server).",
    };
  }
  if (set(env, "INNGEST_SIGNING_KEY") || set(env, "INNGEST_EVENT_KEY")) {
    if (keys) return { kind: "inngest-cloud", ok: true };
    return { kind: "inngest-cloud", ok: false, problem: "Inngest Cloud needs both INNGEST_SIGNING_KEY and INNGEST_EVENT_KEY." };
  }
  return { kind: "embedded", ok: true };
}

export const workflowEngine: WorkflowEngineConfig = detectWorkflowEngine();
export const isEmbeddedEngine = workflowEngine.kind === "embedded";

/**
 * Configs of the app's workflow functions, for events accepted where no executor registered (a
 * web process of `npm start`, a script). The functions are defined on this module's client once
 * their module is loaded; a process whose code path never loaded them (the /mcp door's module
 * copy in a web process, ADR 241) loads them here, so an accepted event always starts its runs.
 */
async function definedFunctionConfigs(): Promise<FunctionConfig[]> {
  if (inngest.funcs.length === 0) await import("./functions/index.ts");
  const baseUrl = new URL("/api/inngest", EMBEDDED_ORIGIN);
  return inngest.funcs.flatMap((fn) => fn["getConfig"]({ baseUrl, appPrefix: APP_ID }) as unknown as FunctionConfig[]);
}

export const inngest = new Inngest({
  id: APP_ID,
  ...(isEmbeddedEngine
    ? {
        // "cloud" mode so the serve handler verifies request signatures (with the process key).
        isDev: false,
        baseUrl: `${EMBEDDED_ORIGIN}/`,
        eventKey: EMBEDDED_EVENT_KEY,
        signingKey: shared().signingKey,
        fetch: createEmbeddedFetch(definedFunctionConfigs),
      }
    : {}),
});

// The core sends its events and asks about their runs through this connection (it never imports
// the engine). `inngest.send` is looked up at each call, so a test's stub of it is seen.
connectWorkflowEngine({
  send: (events) => inngest.send(events as Parameters<typeof inngest.send>[0]),
  activeRunsOf: runStore.activeRunsOf,
  hasActiveRuns: runStore.hasActiveRuns,
  latestRunWithEventData: runStore.latestRunWithEventData,
  projectHasLiveRuns: runStore.projectHasLiveRuns,
  cancelRunsWithEventData: runStore.cancelRunsWithEventData,
});
