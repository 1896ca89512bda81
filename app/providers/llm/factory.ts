// Chooses the chat model from the environment:
//   OPENAI_API_KEY (+ OPENAI_BASE_URL for any OpenAI-compatible server, OPENAI_MODEL) -> ChatOpenAI
//   LLM_PROVIDER=llama-cpp + LLAMA_MODEL_PATH=<file.gguf>                           -> node-llama-cpp (optional package)
//   otherwise                                                                         -> the local planner
// LLM_PROVIDER=openai|llama-cpp|local-planner forces a choice.
import { existsSync } from "node:fs";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { LLAMA_CPP_INSTALL_HINT, LlamaCppChatModel, llamaCppInfo, loadNodeLlamaCpp } from "./llama-cpp";
import { LocalPlannerChatModel } from "./local-planner";
import { type ChatProviderInfo, LOCAL_PLANNER_INFO } from "./provider-info";

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

const envSchema = z.object({
  LLM_PROVIDER: z.enum(["openai", "llama-cpp", "local-planner", "local"]).optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  LLM_TEMPERATURE: z.coerce.number().min(0).max(2).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).optional(),
  LLAMA_MODEL_PATH: z.string().min(1).optional(),
  LLAMA_CONTEXT_SIZE: z.coerce.number().int().positive().optional(),
  LLAMA_GPU: z.enum(["auto", "false"]).optional(),
  LLAMA_THREADS: z.coerce.number().int().positive().optional(),
});

export type ChatModelConfig =
  | { provider: "local-planner" }
  | {
      provider: "openai";
      apiKey: string;
      baseURL?: string;
      model: string;
      temperature: number;
      timeoutMs: number;
      /** The chat call is retried up to 2 times (docs/product.md#assistant). */
      maxRetries: number;
    }
  | { provider: "llama-cpp"; modelPath: string; contextSize?: number; temperature: number; gpu: false | "auto"; threads?: number };

export class ChatModelConfigError extends Error {
  override name = "ChatModelConfigError";
}

type EnvLike = Record<string, string | undefined>;

const ENV_KEYS = Object.keys(envSchema.shape) as Array<keyof typeof envSchema.shape>;

/** The last settings read, by the values they were read from: pages ask on every request (the assistant's provider line). */
let lastRead: { key: string; config: ChatModelConfig } | null = null;

/** Reads the chat-model settings from environment variables (empty strings count as unset). */
export function resolveChatConfig(env: EnvLike = process.env): ChatModelConfig {
  // Only the variables the settings use (reading the whole environment cost more than the rest).
  const cleaned: EnvLike = {};
  for (const k of ENV_KEYS) {
    const v = env[k];
    if (v !== undefined && v.trim() !== "") cleaned[k] = v;
  }
  const key = JSON.stringify(cleaned);
  if (lastRead?.key === key) return { ...lastRead.config };
  const config = parseChatConfig(cleaned);
  lastRead = { key, config };
  return { ...config };
}

function parseChatConfig(cleaned: EnvLike): ChatModelConfig {
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ChatModelConfigError(`Invalid chat model configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  const provider = e.LLM_PROVIDER === "local" ? "local-planner" : (e.LLM_PROVIDER ?? (e.OPENAI_API_KEY ? "openai" : "local-planner"));
  if (provider === "openai") {
    // Local OpenAI-compatible servers (Ollama, llama.cpp server, vLLM) often need no key.
    if (!e.OPENAI_API_KEY && !e.OPENAI_BASE_URL)
      throw new ChatModelConfigError("LLM_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a server without keys).");
    return {
      provider,
      apiKey: e.OPENAI_API_KEY ?? "not-needed",
      baseURL: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
      temperature: e.LLM_TEMPERATURE ?? 0.3,
      timeoutMs: e.LLM_TIMEOUT_MS ?? 60_000,
      maxRetries: e.LLM_MAX_RETRIES ?? 2,
    };
  }
  if (provider === "llama-cpp") {
    if (!e.LLAMA_MODEL_PATH) throw new ChatModelConfigError("LLM_PROVIDER=llama-cpp needs LLAMA_MODEL_PATH, the path of a GGUF model file.");
    return {
      provider,
      modelPath: e.LLAMA_MODEL_PATH,
      contextSize: e.LLAMA_CONTEXT_SIZE,
      temperature: e.LLM_TEMPERATURE ?? 0.2,
      gpu: e.LLAMA_GPU === "auto" ? "auto" : false,
      threads: e.LLAMA_THREADS,
    };
  }
  return { provider: "local-planner" };
}

/** What to show in the UI and on /healthz for a configuration (no network, no model loading). */
export function chatProviderInfo(config: ChatModelConfig = resolveChatConfig()): ChatProviderInfo {
  switch (config.provider) {
    case "openai": {
      if (!config.baseURL) return { id: "openai", label: "OpenAI", description: `OpenAI chat model ${config.model}.`, model: config.model };
      let origin = config.baseURL;
      try {
        origin = new URL(config.baseURL).origin;
      } catch {
        // keep as given
      }
      return {
        id: "openai-compatible",
        label: "OpenAI-compatible server",
        description: `Chat model ${config.model} at ${origin}.`,
        model: config.model,
        baseUrl: origin,
      };
    }
    case "llama-cpp":
      return llamaCppInfo(config.modelPath);
    default:
      return LOCAL_PLANNER_INFO;
  }
}

export type ReelforgeChatModel = BaseChatModel & { readonly providerInfo?: ChatProviderInfo };

/**
 * Creates the chat model for a configuration (default: from process.env). Async because the
 * llama.cpp runtime is an optional package loaded on demand.
 */
export async function createChatModel(config: ChatModelConfig | EnvLike = process.env): Promise<ReelforgeChatModel> {
  const c: ChatModelConfig = "provider" in config && typeof config.provider === "string" && isConfig(config) ? config : resolveChatConfig(config as EnvLike);
  switch (c.provider) {
    case "openai": {
      const model = new ChatOpenAI({
        model: c.model,
        apiKey: c.apiKey,
        temperature: c.temperature,
        timeout: c.timeoutMs,
        maxRetries: c.maxRetries,
        configuration: c.baseURL ? { baseURL: c.baseURL } : undefined,
      });
      return Object.assign(model, { providerInfo: chatProviderInfo(c) });
    }
    case "llama-cpp": {
      if (!existsSync(c.modelPath)) throw new ChatModelConfigError(`LLAMA_MODEL_PATH does not exist: ${c.modelPath}`);
      if (!(await loadNodeLlamaCpp())) throw new ChatModelConfigError(LLAMA_CPP_INSTALL_HINT);
      return new LlamaCppChatModel({ modelPath: c.modelPath, contextSize: c.contextSize, temperature: c.temperature, gpu: c.gpu, threads: c.threads });
    }
    default:
      return new LocalPlannerChatModel();
  }
}

function isConfig(value: object): value is ChatModelConfig {
  const p = (value as { provider?: unknown }).provider;
  return p === "local-planner" || ((p === "openai" || p === "llama-cpp") && ("model" in value || "modelPath" in value));
}

/** Shaped like the media providers' status (app/providers/registry.server.ts) for /healthz and the UI. */
export type ChatProviderStatus = ChatProviderInfo & {
  capability: "chat";
  /** True for the local planner (no language model, works offline). */
  local: boolean;
  /** What the environment asked for. */
  requested: string;
  /** Why the requested provider is not the one serving. */
  problem?: string;
};

const SETTING_KEYS = Object.keys(envSchema.shape);

function settingsKey(env: EnvLike): string {
  return JSON.stringify(SETTING_KEYS.map((k) => env[k] ?? ""));
}

function requestedProvider(env: EnvLike): string {
  const p = env.LLM_PROVIDER?.trim();
  if (p) return p;
  return env.OPENAI_API_KEY?.trim() ? "openai" : "local-planner";
}

let active: { key: string; model: Promise<ReelforgeChatModel>; status: ChatProviderStatus } | null = null;

/**
 * The process-wide chat model for the app. Like the media providers, a misconfigured provider
 * (bad setting, missing GGUF file, node-llama-cpp not installed) does not stop the app: the
 * local planner serves and chatProviderStatus() carries the problem.
 */
export function getChatModel(env: EnvLike = process.env): Promise<ReelforgeChatModel> {
  return ensureActive(env).model;
}

/** What serves chat now and why; never throws. Loads nothing but node-llama-cpp's presence check. */
export async function chatProviderStatus(env: EnvLike = process.env): Promise<ChatProviderStatus> {
  const a = ensureActive(env);
  await a.model;
  return a.status;
}

function ensureActive(env: EnvLike) {
  const key = settingsKey(env);
  if (active?.key === key) return active;
  const requested = requestedProvider(env);
  const status: ChatProviderStatus = { ...LOCAL_PLANNER_INFO, capability: "chat", local: true, requested };
  const model = (async (): Promise<ReelforgeChatModel> => {
    try {
      const config = resolveChatConfig(env);
      const created = await createChatModel(config);
      Object.assign(status, chatProviderInfo(config), { local: config.provider === "local-planner", problem: undefined });
      return created;
    } catch (error) {
      status.problem = `${error instanceof Error ? error.message : String(error)} Using the local planner.`;
      console.warn(`[chat] ${status.problem}`);
      return new LocalPlannerChatModel();
    }
  })();
  active = { key, model, status };
  return active;
}
