// Which production steps an AI model serves with the current configuration, for copy that must
// say only what is true (docs/product.md#providers, ADR 135).
import { chatProviderStatus, resolveChatConfig } from "./llm/index.server";
import { NO_MODELS, type ModelUse } from "./model-use";
import { providerStatus, type Capability } from "./registry.server";

/** How long a page waits for a configured local language model to finish loading. */
const CHAT_STATUS_WAIT_MS = 1000;

async function planningUsesModel(): Promise<boolean> {
  let configured: boolean;
  try {
    configured = resolveChatConfig().provider !== "local-planner";
  } catch {
    return false; // an invalid configuration falls back to the local planner
  }
  if (!configured) return false;
  // A configured model may still fall back to the local planner (e.g. node-llama-cpp missing);
  // the status says so once the model is created. Loading a GGUF file can take a while: until
  // then the configuration answers.
  let timer: NodeJS.Timeout | undefined;
  const status = await Promise.race([
    chatProviderStatus().catch(() => null),
    new Promise<"pending">((resolve) => {
      timer = setTimeout(() => resolve("pending"), CHAT_STATUS_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (status === "pending") return true;
  return status !== null && status.id !== "local-planner";
}

/** Never throws: if the configuration cannot be read, it claims no model (the modest answer). */
export async function activeModels(): Promise<ModelUse> {
  try {
    const media = new Map<Capability, boolean>(providerStatus().map((s) => [s.capability, !s.local]));
    return {
      planning: await planningUsesModel(),
      voice: media.get("voice") ?? false,
      image: media.get("image") ?? false,
      motion: media.get("motion") ?? false,
      music: media.get("music") ?? false,
    };
  } catch (error) {
    console.error("reading the provider configuration failed", error);
    return { ...NO_MODELS };
  }
}
