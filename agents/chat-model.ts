// The assistant's chat model: the factory's (app/providers/llm), except that a hosted model gets
// no retries of its own — the assistant retries a failed call itself, 2 times after 1 s and 2 s
// (docs/decisions/194-assistant-retries-and-timeout.md), so a call is never tried 9 times.
import { createChatModel, getChatModel, resolveChatConfig, type ReelforgeChatModel } from "~/providers/llm/index.server";

type EnvLike = Record<string, string | undefined>;

let cached: { key: string; model: Promise<ReelforgeChatModel> } | null = null;

export function assistantChatModel(env: EnvLike = process.env): Promise<ReelforgeChatModel> {
  let config;
  try {
    config = resolveChatConfig(env);
  } catch {
    return getChatModel(env);
  }
  if (config.provider !== "openai") return getChatModel(env);
  const key = JSON.stringify(config);
  if (cached?.key !== key) {
    const model = createChatModel({ ...config, maxRetries: 0 }).catch(() => getChatModel(env));
    cached = { key, model };
  }
  return cached.model;
}
