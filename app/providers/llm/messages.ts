// The message formats shared by every chat model: a planner task is a human message with
// instructions and a fenced JSON block {"task", "input"}; project context is a fenced JSON block
// {"projectContext": {...}} in a system message. A hosted model reads the instructions and the
// JSON; the local planner parses the JSON. Both answer structured tasks with a tool call.
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { type AIMessage, type BaseMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { COPY_TASKS, enforceCopyRules } from "./planner/copy-check";
import type { RouteContext } from "./planner/route-command";
import { type PlannerTask, type PlannerTaskInput, type PlannerTaskOutput, TASK_INSTRUCTIONS, isPlannerTask, plannerSchemas } from "./planner/tasks";

export const SYSTEM_PROMPT =
  "You are Reelforge's video-ad planning assistant. You turn scripts, product details and styles into short vertical video ads made of scenes. Answer structured requests only through the tool you are given, with arguments that match its schema.";

export function taskRequestContent<T extends PlannerTask>(task: T, input: PlannerTaskInput<T>): string {
  return `${TASK_INSTRUCTIONS[task]}\n\nCall the tool "${task}" with the result.\n\n\`\`\`json\n${JSON.stringify({ task, input }, null, 2)}\n\`\`\``;
}

export function buildTaskMessages<T extends PlannerTask>(task: T, input: PlannerTaskInput<T>): BaseMessage[] {
  return [new SystemMessage(SYSTEM_PROMPT), new HumanMessage(taskRequestContent(task, input))];
}

/** A system-message paragraph that carries the project context in a form both kinds of model read. */
export function contextBlock(context: RouteContext): string {
  const { availableTools: _ignored, ...rest } = context;
  return `Project context:\n\`\`\`json\n${JSON.stringify({ projectContext: rest })}\n\`\`\``;
}

function fencedJsonBlocks(text: string): unknown[] {
  const out: unknown[] = [];
  for (const m of text.matchAll(/```(?:json)?\s*\n([\s\S]*?)\n?```/g)) {
    try {
      out.push(JSON.parse(m[1]));
    } catch {
      // not JSON: ignore the block
    }
  }
  const trimmed = text.trim();
  if (!out.length && trimmed.startsWith("{") && trimmed.endsWith("}")) {
    try {
      out.push(JSON.parse(trimmed));
    } catch {
      // plain text that happens to start with a brace
    }
  }
  return out;
}

export function parseTaskRequest(text: string): { task: PlannerTask; input: unknown } | null {
  const blocks = fencedJsonBlocks(text);
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i] as { task?: unknown; input?: unknown } | null;
    if (b && typeof b === "object" && isPlannerTask(b.task)) return { task: b.task, input: b.input ?? {} };
  }
  return null;
}

export function parseProjectContext(text: string): RouteContext | null {
  for (const b of fencedJsonBlocks(text)) {
    const ctx = (b as { projectContext?: unknown } | null)?.projectContext;
    if (ctx && typeof ctx === "object") return ctx as RouteContext;
  }
  return null;
}

export function messageText(message: BaseMessage): string {
  const c = message.content;
  if (typeof c === "string") return c;
  return c.map((part) => (typeof part === "string" ? part : part.type === "text" && typeof part.text === "string" ? part.text : "")).join("\n");
}

/**
 * Runs a planner task on any chat model: the task's output schema is bound as one tool, the
 * model is made to call it (tool_choice), and the arguments are validated with the schema.
 * (bindTools + tool_choice rather than withStructuredOutput: every provider here honours a
 * forced tool, and a small local model must not be allowed to answer in prose instead.)
 */
export async function runPlannerTask<T extends PlannerTask>(
  model: BaseChatModel,
  task: T,
  input: PlannerTaskInput<T>,
  options: { signal?: AbortSignal } = {},
): Promise<PlannerTaskOutput<T>> {
  const schema = plannerSchemas[task];
  const validInput = schema.input.parse(input) as PlannerTaskInput<T>;
  if (!model.bindTools) throw new Error(`The chat model ${model._llmType()} cannot call tools`);
  const tool = {
    type: "function" as const,
    function: { name: task, description: TASK_INSTRUCTIONS[task], parameters: toJsonSchema(schema.output) as Record<string, unknown> },
  };
  const bound = model.bindTools([tool], { tool_choice: task } as never);
  const answer = (await bound.invoke(buildTaskMessages(task, validInput), { signal: options.signal })) as AIMessage;
  const call = answer.tool_calls?.find((c) => c.name === task);
  if (!call) throw new Error(`The chat model did not answer the ${task} request with a tool call`);
  return schema.output.parse(call.args) as PlannerTaskOutput<T>;
}

/**
 * A planner task whose answer carries copy (scene titles, SEO title and hashtags, the ad's words),
 * with every such field checked against the copy rules: a field a language model wrote that breaks
 * them is replaced by the local planner's version (docs/decisions/320-copy-a-person-would-write.md).
 * Other tasks, and the local planner's answers (written by the rules), come back as they are.
 */
export async function runCheckedPlannerTask<T extends PlannerTask>(
  model: BaseChatModel,
  task: T,
  input: PlannerTaskInput<T>,
  options: { signal?: AbortSignal; onReplaced?: (replaced: string[]) => void } = {},
): Promise<PlannerTaskOutput<T>> {
  const output = await runPlannerTask(model, task, input, options);
  if (model._llmType() === "local-planner" || !(COPY_TASKS as readonly string[]).includes(task)) return output;
  const checked = enforceCopyRules(task, plannerSchemas[task].input.parse(input) as PlannerTaskInput<T>, output);
  if (checked.replaced.length) {
    if (options.onReplaced) options.onReplaced(checked.replaced);
    else console.warn(`[chat] ${task}: the local planner's version replaces ${checked.replaced.join(" | ")}`);
  }
  return checked.output;
}
