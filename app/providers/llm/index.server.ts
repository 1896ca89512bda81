// The chat-model capability of the provider layer lives in agents/ (agents/llm/factory.ts);
// this re-export puts it next to the other capabilities. See docs/decisions/060-local-planner.md.
export {
  chatProviderInfo,
  chatProviderStatus,
  createChatModel,
  getChatModel,
  resolveChatConfig,
  LOCAL_PLANNER_INFO,
  type ChatProviderInfo,
  type ChatProviderStatus,
  type ReelforgeChatModel,
} from "../../../agents";
