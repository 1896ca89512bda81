// What the assistant and the agent endpoint run: a tool with a name, a description for the
// model, a zod input schema, and a run function already bound to the acting user. Built per
// request from the tool catalogue (app/tools), the agent functions and the canvas agent tool.
import type { z } from "zod";

export type AgentToolOutcome = { ok: true; data: unknown } | { ok: false; message: string };

export type AgentToolContext = {
  /** Aborted when the request times out or the client goes away. */
  signal: AbortSignal;
  /** The public origin for signed links in results. */
  origin: string;
  /** A key that makes a retried call of a paid tool charge once. */
  idempotencyKey?: string;
  /** How often long work is polled (ms); tests shorten it. */
  pollMs?: number;
};

export type AgentTool = {
  name: string;
  description: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schema: z.ZodObject<any>;
  run(input: unknown, ctx: AgentToolContext): Promise<AgentToolOutcome>;
};
