// Every process that runs the app loads the workflow engine, which connects itself to the core
// (app/models/workflows/engine.server.ts); the test processes do the same. The engine is loaded on
// the core's first use, not here: loading it opens the database, and a test file may choose its
// database (a scratch one) after this setup file has run.
import { connectWorkflowEngine, sendWorkflowEvents, workflowRuns } from "~/models/workflows/engine.server";

const load = () => import("../../inngest/client.ts");
connectWorkflowEngine({
  send: async (events) => (await load(), sendWorkflowEvents(events)),
  activeRunsOf: async (functionId) => (await load(), workflowRuns.activeRunsOf(functionId)),
  hasActiveRuns: async (functionId) => (await load(), workflowRuns.hasActiveRuns(functionId)),
  latestRunWithEventData: async (functionId, field, value) => (await load(), workflowRuns.latestRunWithEventData(functionId, field, value)),
  projectHasLiveRuns: async (projectId, since) => (await load(), workflowRuns.projectHasLiveRuns(projectId, since)),
  cancelRunsWithEventData: async (field, value, reason, orChildren) => (await load(), workflowRuns.cancelRunsWithEventData(field, value, reason, orChildren)),
});
