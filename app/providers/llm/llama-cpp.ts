// A LangChain chat model over node-llama-cpp for a user-supplied GGUF file. node-llama-cpp is
// an OPTIONAL package (not in package.json; see docs/decisions/061-optional-llama-cpp.md):
// it is loaded with a dynamic import only when LLM_PROVIDER=llama-cpp.
// Tool calls and structured output use grammar-constrained JSON, so even small models answer
// with valid tool calls.
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { BaseChatModel, type BaseChatModelCallOptions, type BaseChatModelParams, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { type AIMessage, AIMessageChunk, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { messageText } from "./messages";
import type { ChatProviderInfo } from "./provider-info";

export const LLAMA_CPP_INSTALL_HINT =
  "LLM_PROVIDER=llama-cpp needs the optional package node-llama-cpp, which is not installed. Install it with its prebuilt CPU binary: `npm install --no-save node-llama-cpp@3.22.1 @node-llama-cpp/linux-x64@3.22.1 --omit=optional` (on macOS or Windows use the matching @node-llama-cpp/<platform> package).";

// The parts of node-llama-cpp's API this adapter uses (the package has no types here when it is not installed).
interface LlamaGrammar {
  parse(text: string): unknown;
}
interface LlamaContextSequenceLike {
  dispose(): void;
}
interface LlamaContextLike {
  getSequence(): LlamaContextSequenceLike;
  dispose(): Promise<void>;
}
interface LlamaModelLike {
  createContext(options?: { contextSize?: number | { min?: number; max?: number }; threads?: number }): Promise<LlamaContextLike>;
  dispose(): Promise<void>;
}
interface LlamaLike {
  loadModel(options: { modelPath: string }): Promise<LlamaModelLike>;
  createGrammarForJsonSchema(schema: unknown): Promise<LlamaGrammar>;
}
type ChatHistoryItem = { type: "system"; text: string } | { type: "user"; text: string } | { type: "model"; response: string[] };
interface LlamaChatSessionLike {
  setChatHistory(history: ChatHistoryItem[]): void;
  prompt(
    text: string,
    options?: { grammar?: LlamaGrammar; maxTokens?: number; temperature?: number; signal?: AbortSignal; stopOnAbortSignal?: boolean },
  ): Promise<string>;
  dispose(options?: { disposeSequence?: boolean }): void;
}
interface NodeLlamaCppModule {
  getLlama(options?: { gpu?: false | "auto"; build?: "never" | "auto"; progressLogs?: boolean }): Promise<LlamaLike>;
  LlamaChatSession: new (options: { contextSequence: LlamaContextSequenceLike; systemPrompt?: string }) => LlamaChatSessionLike;
}

/** Loads node-llama-cpp if it is installed; null otherwise. */
export async function loadNodeLlamaCpp(): Promise<NodeLlamaCppModule | null> {
  const specifier = "node-llama-cpp"; // a variable, so bundlers leave the optional import alone
  try {
    // eslint-disable-next-line layers/imports -- an optional package, not a module of this repository
    return (await import(/* @vite-ignore */ specifier)) as NodeLlamaCppModule;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return null;
    throw error;
  }
}

export interface LlamaCppParams extends BaseChatModelParams {
  modelPath: string;
  contextSize?: number;
  maxTokens?: number;
  temperature?: number;
  /** "auto" uses a GPU build when one is installed; default false (CPU). */
  gpu?: false | "auto";
  /**
   * CPU threads for generation. Default: all cores but one, so the web server keeps a core;
   * llama.cpp's worker threads spin, and on a busy machine more threads are much slower.
   */
  threads?: number;
}

export interface LlamaCppCallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

interface Loaded {
  module: NodeLlamaCppModule;
  llama: LlamaLike;
  model: LlamaModelLike;
}

const loadedModels = new Map<string, Promise<Loaded>>();

/** Loads (once per process and file) the runtime and the model. */
async function loadModel(modelPath: string, gpu: false | "auto"): Promise<Loaded> {
  const key = `${gpu}:${modelPath}`;
  let p = loadedModels.get(key);
  if (!p) {
    p = (async () => {
      const module = await loadNodeLlamaCpp();
      if (!module) throw new Error(LLAMA_CPP_INSTALL_HINT);
      const llama = await module.getLlama({ gpu, build: "never", progressLogs: false });
      const model = await llama.loadModel({ modelPath });
      return { module, llama, model };
    })();
    p.catch(() => loadedModels.delete(key));
    loadedModels.set(key, p);
  }
  return p;
}

export function llamaCppInfo(modelPath: string): ChatProviderInfo {
  return {
    id: "llama-cpp",
    label: "llama.cpp (local model)",
    description: `A local GGUF model run on this server with node-llama-cpp (${path.basename(modelPath)}).`,
    model: path.basename(modelPath),
  };
}

interface OpenAIToolDef {
  type: "function";
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export class LlamaCppChatModel extends BaseChatModel<LlamaCppCallOptions> {
  static lc_name() {
    return "LlamaCppChatModel";
  }

  modelPath: string;
  /** Unset: what fits the model and memory, at most 4096 tokens. */
  contextSize: number | undefined;
  maxTokens: number;
  temperature: number;
  gpu: false | "auto";
  threads: number;
  readonly providerInfo: ChatProviderInfo;

  constructor(fields: LlamaCppParams) {
    super(fields);
    this.modelPath = fields.modelPath;
    this.contextSize = fields.contextSize;
    this.maxTokens = fields.maxTokens ?? 1024;
    this.temperature = fields.temperature ?? 0.2;
    this.gpu = fields.gpu ?? false;
    this.threads = fields.threads ?? Math.max(1, os.availableParallelism() - 1);
    this.providerInfo = llamaCppInfo(fields.modelPath);
  }

  _llmType(): string {
    return "llama-cpp";
  }

  override get callKeys(): string[] {
    return [...super.callKeys, "tools", "tool_choice"];
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<LlamaCppCallOptions>): Runnable<BaseLanguageModelInput, AIMessageChunk, LlamaCppCallOptions> {
    return this.withConfig({ tools, ...kwargs } as Partial<LlamaCppCallOptions>) as unknown as Runnable<
      BaseLanguageModelInput,
      AIMessageChunk,
      LlamaCppCallOptions
    >;
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"], _runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    const { module, llama, model } = await loadModel(this.modelPath, this.gpu);
    const tools = (options.tools ?? []).map((t) => convertToOpenAITool(t as never) as OpenAIToolDef);
    const forced = forcedTool(options.tool_choice);
    const useTools = tools.length > 0 && options.tool_choice !== "none";
    const { history, prompt } = toLlamaChat(messages, useTools ? toolInstructions(tools, forced) : null);

    const context = await model.createContext({ contextSize: this.contextSize ?? { max: 4096 }, threads: this.threads });
    const session = new module.LlamaChatSession({ contextSequence: context.getSequence() });
    try {
      session.setChatHistory(history);
      const grammar = useTools ? await llama.createGrammarForJsonSchema(toolGrammarSchema(tools, forced)) : undefined;
      const text = await session.prompt(prompt, { grammar, maxTokens: this.maxTokens, temperature: this.temperature, signal: options.signal });
      let message: AIMessageChunk;
      if (useTools) {
        const parsed = JSON.parse(text) as { tool: string; arguments?: Record<string, unknown>; reply?: string };
        message =
          parsed.tool === "none"
            ? new AIMessageChunk(parsed.reply ?? "")
            : new AIMessageChunk({
                content: "",
                tool_calls: [{ name: parsed.tool, args: parsed.arguments ?? {}, id: `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`, type: "tool_call" }],
              });
      } else {
        message = new AIMessageChunk(text);
      }
      return { generations: [{ message, text: typeof message.content === "string" ? message.content : "" }], llmOutput: { provider: "llama-cpp" } };
    } finally {
      session.dispose({ disposeSequence: true });
      await context.dispose();
    }
  }
}

function forcedTool(choice: BaseChatModelCallOptions["tool_choice"]): string | undefined {
  if (!choice || choice === "auto" || choice === "none") return undefined;
  if (typeof choice === "string") return choice === "any" || choice === "required" ? "*" : choice;
  const c = choice as { function?: { name?: string } };
  return c.function?.name;
}

function toolInstructions(tools: OpenAIToolDef[], forced: string | undefined): string {
  const list = tools.map((t) => `- ${t.function.name}: ${t.function.description ?? ""}`).join("\n");
  const none = forced ? "" : ' If no tool fits, answer {"tool": "none", "reply": "<your answer>"}.';
  return `You can call these tools:\n${list}\nAnswer only with JSON {"tool": "<name>", "arguments": {...}}.${none}`;
}

/** The answer's JSON schema in the subset node-llama-cpp turns into a grammar. */
export function toolGrammarSchema(tools: OpenAIToolDef[], forced: string | undefined): Record<string, unknown> {
  const allowed = forced && forced !== "*" ? tools.filter((t) => t.function.name === forced) : tools;
  const options: Record<string, unknown>[] = allowed.map((t) => ({
    type: "object",
    properties: { tool: { const: t.function.name }, arguments: toGbnfSchema(t.function.parameters ?? { type: "object", properties: {} }) },
    required: ["tool", "arguments"],
  }));
  if (!forced) options.push({ type: "object", properties: { tool: { const: "none" }, reply: { type: "string" } }, required: ["tool", "reply"] });
  return options.length === 1 ? options[0] : { oneOf: options };
}

/** Converts a JSON Schema (as produced from zod) to node-llama-cpp's supported subset. */
export function toGbnfSchema(schema: unknown): Record<string, unknown> {
  const s = (schema ?? {}) as Record<string, unknown>;
  const description = typeof s.description === "string" ? { description: s.description } : {};
  if ("const" in s) return { const: s.const as string, ...description };
  if (Array.isArray(s.enum)) return { enum: s.enum, ...description };
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return { oneOf: union.map(toGbnfSchema), ...description };
  const type = s.type;
  if (Array.isArray(type)) return { oneOf: type.map((t) => toGbnfSchema({ ...s, type: t })), ...description };
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      const hasProps = Object.keys(props).length > 0;
      return {
        type: "object",
        properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, toGbnfSchema(v)])),
        required: required.filter((k) => k in props),
        ...(hasProps
          ? {}
          : { additionalProperties: s.additionalProperties && typeof s.additionalProperties === "object" ? toGbnfSchema(s.additionalProperties) : true }),
        ...description,
      };
    }
    case "array":
      return {
        type: "array",
        items: s.items ? toGbnfSchema(s.items) : { type: ["string", "number", "boolean", "null"] },
        ...pick(s, ["minItems", "maxItems"]),
        ...description,
      };
    case "string":
      return { type: "string", ...pick(s, ["minLength", "maxLength"]), ...description };
    case "integer":
      return { type: "integer", ...description };
    case "number":
      return { type: "number", ...description };
    case "boolean":
      return { type: "boolean", ...description };
    case "null":
      return { type: "null", ...description };
    default:
      return { type: ["string", "number", "boolean", "null"], ...description };
  }
}

function pick(s: Record<string, unknown>, keys: string[]): Record<string, number> {
  return Object.fromEntries(keys.filter((k) => typeof s[k] === "number").map((k) => [k, s[k] as number]));
}

/** LangChain messages -> node-llama-cpp chat history plus the text to prompt with. */
function toLlamaChat(messages: BaseMessage[], toolText: string | null): { history: ChatHistoryItem[]; prompt: string } {
  const history: ChatHistoryItem[] = [];
  const system = messages.filter((m) => m.getType() === "system").map(messageText);
  if (toolText) system.push(toolText);
  if (system.length) history.push({ type: "system", text: system.join("\n\n") });
  const rest = messages.filter((m) => m.getType() !== "system");
  // The prompt is the trailing run of user/tool messages.
  let cut = rest.length;
  while (cut > 0 && ["human", "tool"].includes(rest[cut - 1].getType())) cut--;
  for (const m of rest.slice(0, cut)) appendHistory(history, m);
  const prompt = rest.slice(cut).map(promptLine).join("\n\n");
  return { history, prompt };
}

function appendHistory(history: ChatHistoryItem[], m: BaseMessage) {
  const type = m.getType();
  if (type === "ai") {
    const calls = (m as AIMessage).tool_calls ?? [];
    const text = calls.length ? JSON.stringify({ tool: calls[0].name, arguments: calls[0].args }) : messageText(m);
    history.push({ type: "model", response: [text] });
  } else {
    history.push({ type: "user", text: promptLine(m) });
  }
}

function promptLine(m: BaseMessage): string {
  if (m.getType() === "tool") {
    const t = m as ToolMessage;
    return `Result of tool ${t.name ?? t.tool_call_id}: ${messageText(m)}`;
  }
  return messageText(m);
}
