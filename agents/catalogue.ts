// The tool catalogue (app/tools) as the assistant's tools, bound to the acting user: the same
// definitions, schemas, rules and prices as over MCP.
// TODO(issue 12): wraps app/tools once branch mcp's catalogue is merged.
import type { Actor } from "~/models/actor.server";
import type { AgentTool } from "./types";

export function catalogueTools(_actor: Actor): AgentTool[] {
  return [];
}
