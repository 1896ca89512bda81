// workflows/: The core's one way to the workflow engine ("send a workflow event"): events.ts names the
// events and their data, engine.server.ts sends them and asks about their runs. The engine itself
// (inngest/) connects here when it loads; the core never imports it.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export { connectWorkflowEngine } from "./engine.server";
