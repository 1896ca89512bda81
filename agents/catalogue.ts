// The tool catalogue (app/tools) as the assistant's tools, bound to the acting user: the same
// definitions, schemas, rules and prices as over MCP (docs/decisions/160-mcp-tool-catalogue.md).
import type { Actor } from "~/models/access";
import { runTool, TOOLS } from "~/tools/index";
import type { AgentTool } from "./types";

/** Catalogue tools the assistant does not offer: removing a whole project is done on the page, after a confirmation. */
const NOT_IN_CHAT = new Set(["delete_video_project"]);

export function catalogueTools(actor: Actor): AgentTool[] {
  return TOOLS.filter((t) => !NOT_IN_CHAT.has(t.name)).map((tool) => ({
    name: tool.name,
    description: tool.description,
    schema: tool.inputSchema,
    async run(input, ctx) {
      const outcome = await runTool(tool, actor, input, { origin: ctx.origin, signal: ctx.signal, progress: async () => {}, pollMs: ctx.pollMs });
      return outcome.ok ? { ok: true, data: outcome.data } : { ok: false, message: outcome.message };
    },
  }));
}
