// The core's one way to the workflow engine: it sends events (events.ts names them and their
// data) and asks about the runs they started. The engine itself (inngest/: the client, the
// embedded executor and its run store) sits outside the core and connects here when it loads;
// every process that runs the app loads it (docs/architecture.md). Without an engine, sending
// fails loudly, so the caller refunds instead of charging for work nothing will run.
import type { WorkflowRun } from "~/generated/prisma/client";

/** What the core sends: an event of events.ts (`x.create(data, { id })`). */
export type OutgoingEvent = { name: string; data: Record<string, unknown>; id?: string };

/** The engine as the core sees it. */
export type WorkflowEngine = {
  send(events: OutgoingEvent | OutgoingEvent[]): Promise<{ ids: string[] }>;
  /** Unfinished runs of a function (its full id, see functionId). */
  activeRunsOf(functionId: string): Promise<WorkflowRun[]>;
  /** Whether a function has an unfinished run (one indexed statement; nothing of the runs read). */
  hasActiveRuns(functionId: string): Promise<boolean>;
  /** The newest run of a function whose event carries `value` at data.`field`. */
  latestRunWithEventData(functionId: string, field: string, value: string): Promise<WorkflowRun | null>;
  /** Whether an unfinished run naming the project moved since `since` or is held under a live lease. */
  projectHasLiveRuns(projectId: string, since: Date): Promise<boolean>;
  /** Cancels unfinished runs whose event has data[field] = value (or "value:…" when orChildren). */
  cancelRunsWithEventData(field: string, value: string, reason: string, orChildren?: boolean): Promise<number>;
};

// One engine per process: the web process holds two copies of the core (the Remix bundle's and
// the one the /mcp door loads, docs/decisions/241-every-door-queues-runs.md), and both must
// reach the engine whichever copy loaded it.
const SLOT = Symbol.for("reelforge.workflowEngine");
const slot = globalThis as { [SLOT]?: WorkflowEngine };

/** Called once by the engine's client module when it loads. */
export function connectWorkflowEngine(engine: WorkflowEngine): void {
  slot[SLOT] = engine;
}

function engine(): WorkflowEngine {
  const connected = slot[SLOT];
  if (!connected) throw new Error("No workflow engine is connected in this process (load inngest/client.ts at start-up)");
  return connected;
}

export function sendWorkflowEvents(events: OutgoingEvent | OutgoingEvent[]): Promise<{ ids: string[] }> {
  return engine().send(events);
}

export const workflowRuns = {
  activeRunsOf: (functionId: string) => engine().activeRunsOf(functionId),
  hasActiveRuns: (functionId: string) => engine().hasActiveRuns(functionId),
  latestRunWithEventData: (functionId: string, field: string, value: string) => engine().latestRunWithEventData(functionId, field, value),
  projectHasLiveRuns: (projectId: string, since: Date) => engine().projectHasLiveRuns(projectId, since),
  cancelRunsWithEventData: (field: string, value: string, reason: string, orChildren = false) =>
    engine().cancelRunsWithEventData(field, value, reason, orChildren),
};
