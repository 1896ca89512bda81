// The "Local planner": a LangChain chat model without a language model behind it. It answers
// structured planner tasks with the planner's algorithms and natural-language commands with the
// command router, through the ordinary chat-model interface (invoke, bindTools -> tool_calls,
// withStructuredOutput), so agents and workflows work the same with or without an LLM.
import { randomUUID } from "node:crypto";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { BaseChatModel, type BaseChatModelCallOptions, type BaseChatModelParams, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { type AIMessage, AIMessageChunk, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { type RouteContext, type RouteResult, routeCommand, splitCommands } from "./planner/route-command";
import { runLocalTask } from "./planner/tasks";
import { messageText, parseProjectContext, parseTaskRequest } from "./messages";
import { LOCAL_PLANNER_INFO } from "./provider-info";

export interface LocalPlannerCallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
  /** Project context for command routing (overrides a context block in the messages). */
  plannerContext?: RouteContext;
}

export interface LocalPlannerParams extends BaseChatModelParams {
  context?: RouteContext;
}

/** Name of a tool in any of the forms bindTools accepts. */
export function toolName(tool: BindToolsInput): string | undefined {
  const t = tool as { name?: unknown; function?: { name?: unknown } };
  if (typeof t.name === "string") return t.name;
  if (t.function && typeof t.function.name === "string") return t.function.name;
  return undefined;
}

function forcedToolName(choice: BaseChatModelCallOptions["tool_choice"]): string | undefined {
  if (!choice) return undefined;
  if (typeof choice === "string") return ["auto", "any", "none", "required"].includes(choice) ? undefined : choice;
  const c = choice as { function?: { name?: string }; name?: string };
  return c.function?.name ?? c.name;
}

export class LocalPlannerChatModel extends BaseChatModel<LocalPlannerCallOptions> {
  static lc_name() {
    return "LocalPlannerChatModel";
  }

  readonly providerInfo = LOCAL_PLANNER_INFO;
  context?: RouteContext;

  constructor(fields: LocalPlannerParams = {}) {
    super(fields);
    this.context = fields.context;
  }

  _llmType(): string {
    return "local-planner";
  }

  override get callKeys(): string[] {
    return [...super.callKeys, "tools", "tool_choice", "plannerContext"];
  }

  override bindTools(
    tools: BindToolsInput[],
    kwargs?: Partial<LocalPlannerCallOptions>,
  ): Runnable<BaseLanguageModelInput, AIMessageChunk, LocalPlannerCallOptions> {
    return this.withConfig({ tools, ...kwargs } as Partial<LocalPlannerCallOptions>) as unknown as Runnable<
      BaseLanguageModelInput,
      AIMessageChunk,
      LocalPlannerCallOptions
    >;
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"], _runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    const message = this.respond(messages, options);
    return {
      generations: [{ message, text: typeof message.content === "string" ? message.content : "" }],
      llmOutput: { provider: LOCAL_PLANNER_INFO.id },
    };
  }

  private respond(messages: BaseMessage[], options: this["ParsedCallOptions"]): AIMessageChunk {
    const boundNames = (options.tools ?? []).map(toolName).filter((n): n is string => Boolean(n));
    const choice = options.tool_choice;
    const toolsAllowed = boundNames.length > 0 && choice !== "none";
    const last = messages[messages.length - 1];
    if (!last) return this.ai("Send me a script, a planner request or a command.");

    const lastHumanIndex = messages.map((m) => m.getType()).lastIndexOf("human");
    const lastHuman = lastHumanIndex >= 0 ? messages[lastHumanIndex] : last;
    const text = messageText(lastHuman);

    const request = parseTaskRequest(text);
    if (request && last.getType() !== "tool") {
      let result: unknown;
      try {
        result = runLocalTask(request.task, request.input);
      } catch (error) {
        return this.ai(`The ${request.task} request is not valid: ${errorText(error)}`);
      }
      const forced = forcedToolName(choice);
      const target = forced ?? (boundNames.includes(request.task) ? request.task : boundNames.length === 1 ? boundNames[0] : undefined);
      if (toolsAllowed && target) return this.ai("", [{ name: target, args: result as Record<string, unknown> }]);
      return this.ai(JSON.stringify(result));
    }

    const context: RouteContext = {
      ...(this.context ?? {}),
      ...(messages
        .filter((m) => m.getType() === "system")
        .map((m) => parseProjectContext(messageText(m)))
        .find(Boolean) ?? {}),
      ...(options.plannerContext ?? {}),
    };
    // A message may give several commands ("add a scene ... and generate its assets"): one round
    // of tool calls per command, in order, stopping when a tool fails.
    const commands = request ? [text] : splitCommands(text);
    const after = messages.slice(lastHumanIndex + 1);
    const rounds = after.filter((m) => m.getType() === "ai" && ((m as AIMessage).tool_calls?.length ?? 0) > 0).length;

    if (last.getType() === "tool") {
      const { summary, failed, sceneId } = summarizeToolResults(messages);
      if (failed || rounds >= commands.length) return this.ai(summary);
      const next = this.route(commands[rounds], { ...context, ...(sceneId ? { selectedSceneId: sceneId } : {}) }, toolsAllowed, boundNames);
      return this.ai(`${summary}\n${next.content}`, next.calls);
    }
    const first = this.route(commands[0] ?? text, context, toolsAllowed, boundNames);
    return this.ai(first.content, first.calls);
  }

  private route(
    text: string,
    context: RouteContext,
    toolsAllowed: boolean,
    boundNames: string[],
  ): { content: string; calls: Array<{ name: string; args: Record<string, unknown> }> } {
    const routed: RouteResult = routeCommand(text, { ...context, availableTools: toolsAllowed ? boundNames : undefined });
    if (routed.kind === "tool") {
      const calls = (routed.calls ?? [{ tool: routed.tool, args: routed.args }]).map((c) => ({ name: c.tool, args: c.args }));
      if (toolsAllowed) return { content: routed.reply, calls };
      // Honest about not acting: without bound tools nothing runs.
      return {
        content: `That is the ${routed.tool} tool with ${JSON.stringify(routed.args)}, but no tools are connected to this conversation, so nothing was run.`,
        calls: [],
      };
    }
    return { content: routed.reply, calls: [] };
  }

  // An AIMessageChunk (not AIMessage): LangChain's withStructuredOutput only accepts chunks.
  private ai(content: string, calls: Array<{ name: string; args: Record<string, unknown> }> = []): AIMessageChunk {
    const tool_calls: ToolCall[] = calls.map((c) => ({
      name: c.name,
      args: c.args,
      id: `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
      type: "tool_call",
    }));
    return new AIMessageChunk({ content, tool_calls, response_metadata: { model_provider: LOCAL_PLANNER_INFO.id, model_name: "local-planner" } });
  }
}

function errorText(error: unknown): string {
  if (error && typeof error === "object" && "issues" in error && Array.isArray((error as { issues: unknown[] }).issues)) {
    return (error as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * After tools ran: one line per result, saying plainly whether each succeeded or failed; whether
 * one failed; and the id of a scene a result names (the scene just added: "its assets").
 */
function summarizeToolResults(messages: BaseMessage[]): { summary: string; failed: boolean; sceneId: string | null } {
  const results: ToolMessage[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i].getType() === "tool"; i--) results.unshift(messages[i] as ToolMessage);
  const calls = new Map<string, string>();
  for (const m of messages) {
    if (m.getType() !== "ai") continue;
    for (const c of (m as AIMessage).tool_calls ?? []) if (c.id) calls.set(c.id, c.name);
  }
  let failedAny = false;
  let sceneId: string | null = null;
  const lines = results.map((r) => {
    const name = r.name ?? calls.get(r.tool_call_id) ?? "tool";
    const body = messageText(r).trim();
    let parsed: Record<string, unknown> | null = null;
    try {
      const j = JSON.parse(body);
      if (j && typeof j === "object") parsed = j as Record<string, unknown>;
    } catch {
      // plain-text tool output
    }
    const failed = r.status === "error" || parsed?.success === false || (parsed !== null && typeof parsed.error === "string" && parsed.error.length > 0);
    if (failed) failedAny = true;
    else sceneId = sceneIdOf(parsed) ?? sceneId;
    if (failed) {
      const reason = (typeof parsed?.error === "string" && parsed.error) || (typeof parsed?.message === "string" && parsed.message) || body || "no details";
      return `${name} failed: ${truncate(String(reason), 300)}`;
    }
    const detail = (typeof parsed?.message === "string" && parsed.message) || (typeof parsed?.summary === "string" && parsed.summary) || (parsed ? "" : body);
    return detail ? `${name} finished: ${truncate(detail, 300)}` : `${name} finished.`;
  });
  return { summary: lines.join("\n") || "Done.", failed: failedAny, sceneId };
}

function sceneIdOf(result: Record<string, unknown> | null): string | null {
  if (!result) return null;
  const scene = result.scene as { id?: unknown } | undefined;
  if (scene && typeof scene.id === "string") return scene.id;
  const data = result.data as { sceneId?: unknown } | undefined;
  if (data && typeof data.sceneId === "string") return data.sceneId;
  return typeof result.sceneId === "string" ? result.sceneId : null;
}

function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
