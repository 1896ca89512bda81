// compile/: Compiling a project into one video: the compile job and its fixed plan, preparing the scenes,
// the render and its compare-and-set writes, the stalled-work sweep, and the finished video's address.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export {
  COMPILE_MAX_POLLS,
  COMPILE_MAX_TOTAL_POLLS,
  COMPILE_MESSAGES,
  COMPILE_POLL_INTERVAL,
  compilePreparation,
  createCompileJob,
  creatingMessage,
  failCompileJob,
  failRender,
  formatOf,
  getCompileJob,
  isActive,
  latestCompileJob,
  refundCompile,
  requestCompile,
  scenePlanOf,
  setCompileMessage,
  setCompletedMessage,
  settleCompile,
  type CompileJobRow,
} from "./compile-jobs.server";
export { generateVideoConfiguration, prepareScenesForCompilation } from "./compile-preparation.server";
export { CompileInputError, buildRenderRequest, pollCompileJob, runLocalRender, startRender } from "./compile-render.server";
export { stalledWorkMinutes, sweepStalledWork } from "./stalled-work.server";
