// The shape of a tool in the catalogue (docs/decisions/160-mcp-tool-catalogue.md): defined once
// here, registered by the MCP server (mcp-server/) and, next, by the assistant and the agents.
// A tool is a thin door: it parses its input (zod), calls the core with the acting user, and
// shapes the answer. Rules, prices and authorization stay in app/models.
import type { z } from "zod";
import type { Actor } from "~/models/access";
import type { ToolName } from "~/tools/names";

export type ToolAnnotations = {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** Whether the tool reaches outside Reelforge (fetching a URL). */
  openWorldHint: boolean;
};

/** A file the result points at, as a signed, expiring download link (signed-links.server.ts). */
export type ToolLink = { uri: string; name: string; mimeType: string; description: string; size?: number };

export type ToolProgress = { progress: number; total?: number; message?: string };

export type ToolContext = {
  /** The public origin signed links are made for ("https://reelforge.example"). */
  origin: string;
  /** Aborted when the client cancels the call or goes away. */
  signal: AbortSignal;
  /** Reports progress to the client (a no-op when it did not ask for progress). */
  progress(update: ToolProgress): Promise<void>;
  /** How often long work is polled (ms); tests shorten it. */
  pollMs?: number;
};

export type ToolSuccess<O> = { data: O; links?: ToolLink[] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyObjectSchema = z.ZodObject<any>;

export type ToolDefinition<I extends AnyObjectSchema = AnyObjectSchema, O extends AnyObjectSchema = AnyObjectSchema> = {
  /** One of the catalogue's names (app/tools/names.ts), which the local planner routes with. */
  name: ToolName;
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: ToolAnnotations;
  /**
   * The catalogue's message when the call fails (docs/product.md#mcp-server), e.g. "Failed to
   * create video project"; the reason follows it: "Failed to create video project: name is required".
   */
  failure: string;
  handler(actor: Actor, input: z.output<I>, ctx: ToolContext): Promise<ToolSuccess<z.output<O>>>;
};

/** A refusal the model can act on (bad state, a rule of the product): shown as "{failure}: {message}". */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolError";
  }
}

export function defineTool<I extends AnyObjectSchema, O extends AnyObjectSchema>(tool: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return tool;
}
