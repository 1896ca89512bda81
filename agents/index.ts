// Agents: the chat-model factory, the local planner (as a LangChain chat model and as plain
// functions) and the shared message formats.
export * from "./planner";
export {
  createChatModel,
  getChatModel,
  chatProviderStatus,
  resolveChatConfig,
  chatProviderInfo,
  ChatModelConfigError,
  DEFAULT_OPENAI_MODEL,
  type ChatModelConfig,
  type ChatProviderStatus,
  type ReelforgeChatModel,
} from "./llm/factory";
export { LocalPlannerChatModel, toolName, type LocalPlannerCallOptions, type LocalPlannerParams } from "./llm/local-planner";
export { LlamaCppChatModel, LLAMA_CPP_INSTALL_HINT, loadNodeLlamaCpp, type LlamaCppParams } from "./llm/llama-cpp";
export { LOCAL_PLANNER_INFO, type ChatProviderInfo } from "./llm/provider-info";
export {
  SYSTEM_PROMPT,
  buildTaskMessages,
  taskRequestContent,
  contextBlock,
  parseTaskRequest,
  parseProjectContext,
  messageText,
  runPlannerTask,
} from "./llm/messages";
