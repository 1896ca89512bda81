// The Reelforge MCP server (docs/product.md#mcp-server, docs/decisions/160-mcp-tool-catalogue.md):
// one McpServer per connection, acting as the token's user. It lists and runs every tool of the
// catalogue (app/tools) and reads projects as resources (reelforge://projects/{id}). Tool
// input is checked by the catalogue's runner, so a bad argument comes back as a tool result with
// isError and the catalogue's message (the model can correct itself), never a protocol error.
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Actor } from "~/models/access";
import { listUserProjects } from "~/models/projects";
import { findTool, runTool, TOOLS, type ToolContext, type ToolDefinition } from "~/tools/index";
import { projectView } from "~/tools/views.server";

export const MCP_SERVER_NAME = "reelforge";
export const MCP_SERVER_VERSION = "1.0.0";

export type ReelforgeMcpOptions = {
  /** The public origin of signed download links (APP_URL, or the origin the request came to). */
  origin: string;
  /** How often long work is polled (ms). */
  pollMs?: number;
  /**
   * A signal that aborts request `requestId` from outside the protocol (the stateless HTTP
   * door, where a cancellation arrives on another request); called once per tool call.
   */
  externalCancel?: (requestId: string | number) => { signal: AbortSignal; done(): void };
};

const INSTRUCTIONS =
  "Reelforge turns a product image and a script into short video ads. Typical flow: create_video_project, upload_product_image, add_scene (with script or voiceOverText) for each scene, optionally upload_project_media to show the brand's own photo or clip in a scene (free), estimate_cost, generate_scene_image / generate_scene_video (or let compile_video prepare scenes), compile_video, then download the video from its resource link. Generation and compiles cost credits (estimate_cost shows the price first); pass an idempotencyKey so a retry never charges twice.";

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return { type: "object", ...json };
}

function toolListing(tool: ToolDefinition) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.inputSchema, "input"),
    outputSchema: jsonSchemaOf(tool.outputSchema, "output"),
    annotations: { title: tool.title, ...tool.annotations },
  };
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

export function createReelforgeMcpServer(actor: Actor, opts: ReelforgeMcpOptions): McpServer {
  const mcp = new McpServer(
    { name: MCP_SERVER_NAME, title: "Reelforge", version: MCP_SERVER_VERSION },
    // No capabilities here: McpServer would install its own tool handlers for them and claim
    // listChanged: true. They are declared below, once the resource is registered.
    { instructions: INSTRUCTIONS },
  );

  mcp.registerResource(
    "video-project",
    new ResourceTemplate("reelforge://projects/{id}", {
      list: async () => ({
        resources: (await listUserProjects(actor, { take: 100 })).map((p) => ({
          uri: `reelforge://projects/${p.id}`,
          name: p.title,
          description: p.description ?? undefined,
          mimeType: "application/json",
        })),
      }),
    }),
    { title: "Video project", description: "A video project with its scenes, files (signed links) and latest compile, as JSON", mimeType: "application/json" },
    async (uri, variables) => {
      const id = Array.isArray(variables.id) ? variables.id[0] : variables.id;
      const view = await projectView(actor, String(id ?? ""), opts);
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(view.data) }] };
    },
  );

  // The tool list is fixed and the project list changes with no notification sent (stateless
  // HTTP), so neither list claims listChanged; registerResource above set it to true
  // (docs/decisions/213-connected-apps-and-oauth-housekeeping.md).
  mcp.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false } });
  const listing = TOOLS.map(toolListing);
  mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const name = request.params.name;
    if (!name) return errorResult("Tool ID is required");
    const tool = findTool(name);
    if (!tool) return errorResult(`Tool ${name.slice(0, 100)} not found`);
    const progressToken = request.params._meta?.progressToken;
    const external = opts.externalCancel?.(extra.requestId);
    const signal = external ? AbortSignal.any([extra.signal, external.signal]) : extra.signal;
    let lastProgress = -1;
    const ctx: ToolContext = {
      origin: opts.origin,
      signal,
      pollMs: opts.pollMs,
      async progress(update) {
        // Progress must increase from one notification to the next.
        if (progressToken === undefined || update.progress <= lastProgress || signal.aborted) return;
        lastProgress = update.progress;
        await extra
          .sendNotification({
            method: "notifications/progress",
            params: { progressToken, progress: update.progress, total: update.total, message: update.message },
          })
          .catch(() => undefined);
      },
    };
    try {
      const outcome = await runTool(tool, actor, request.params.arguments, ctx);
      if (!outcome.ok) return errorResult(outcome.message);
      return {
        content: [
          { type: "text", text: JSON.stringify(outcome.data) },
          ...outcome.links.map((l) => ({ type: "resource_link" as const, uri: l.uri, name: l.name, mimeType: l.mimeType, description: l.description })),
        ],
        structuredContent: outcome.data,
      };
    } catch (error) {
      console.error(`[mcp] ${tool.name} failed:`, error);
      return errorResult(`${tool.failure}: something went wrong on the server. Please try again.`);
    } finally {
      external?.done();
    }
  });
  return mcp;
}
