/** What the UI and /healthz say about the active chat model. */
export interface ChatProviderInfo {
  id: "local-planner" | "openai" | "openai-compatible" | "llama-cpp";
  label: string;
  description: string;
  /** Model name or GGUF file name, when there is one. */
  model?: string;
  /** Endpoint origin for OpenAI-compatible servers (never includes credentials). */
  baseUrl?: string;
}

export const LOCAL_PLANNER_INFO: ChatProviderInfo = {
  id: "local-planner",
  label: "Local planner",
  description:
    "Built-in deterministic planner, no language model: it divides scripts into scenes by sentences and speaking time, writes image prompts, voice-over text, SEO titles and hashtags with text algorithms, and maps clear commands to project tools. Set OPENAI_API_KEY (or LLM_PROVIDER=llama-cpp) to use a language model.",
};
