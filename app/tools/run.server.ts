// Running one catalogue tool for an actor: the input is checked against the tool's schema (the
// first problem becomes the message), the handler runs over the core, and every refusal of the
// core (not found, a rule, a bad file, not enough credits) comes back as the tool's failure
// message with its reason, never as an exception. What the MCP server and the agents call.
import { type z } from "zod";
import { ApiTokenError, isNotFound } from "~/models/access";
import { isMediaRefError, UploadError } from "~/models/files";
import { ProjectError, SceneInputError } from "~/models/projects";
import { PublicFetchError } from "~/utils/public-fetch.server";
import { ToolError, type ToolContext, type ToolDefinition, type ToolLink } from "~/tools/types";

export type ToolOutcome = { ok: true; data: Record<string, unknown>; links: ToolLink[] } | { ok: false; message: string };

/** The first problem of a failed parse, as a sentence ("projectId is required"). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid arguments";
  const where = issue.path.length ? issue.path.join(".") : "";
  // Messages written in the schema already name their field.
  if (issue.code === "custom" || /^[A-Z]|^[a-z]+[A-Z]?\w* (is|must|can)/.test(issue.message)) return issue.message;
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** The reason of a refusal, or null for an error that is a bug (it is rethrown). */
function reasonOf(error: unknown): string | null {
  if (error instanceof ToolError) return error.message;
  if (isNotFound(error)) return error.message;
  if (error instanceof ProjectError || error instanceof SceneInputError || error instanceof UploadError || error instanceof PublicFetchError)
    return error.message;
  if (error instanceof ApiTokenError) return error.message;
  if (isMediaRefError(error)) return error.message;
  return null;
}

export async function runTool(tool: ToolDefinition, actor: Parameters<ToolDefinition["handler"]>[0], args: unknown, ctx: ToolContext): Promise<ToolOutcome> {
  const parsed = await tool.inputSchema.safeParseAsync(args ?? {});
  if (!parsed.success) return { ok: false, message: `${tool.failure}: ${firstIssue(parsed.error)}` };
  try {
    const result = await tool.handler(actor, parsed.data, ctx);
    return { ok: true, data: result.data as Record<string, unknown>, links: result.links ?? [] };
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === null) throw error;
    return { ok: false, message: `${tool.failure}: ${reason}` };
  }
}
