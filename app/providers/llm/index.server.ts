// The chat-model capability of the provider layer: the factory (OpenAI-compatible, optional
// node-llama-cpp, the local planner by default), the local planner as a LangChain chat model and
// as plain functions, and the shared message formats. See docs/decisions/060-local-planner.md.
// The agents (LangChain doors) and the core's pipeline both use it from here.
export * from "./planner/index";
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
} from "./factory";
export { LocalPlannerChatModel, toolName, type LocalPlannerCallOptions, type LocalPlannerParams } from "./local-planner";
export { LlamaCppChatModel, LLAMA_CPP_INSTALL_HINT, loadNodeLlamaCpp, type LlamaCppParams } from "./llama-cpp";
export { LOCAL_PLANNER_INFO, type ChatProviderInfo } from "./provider-info";
export {
  SYSTEM_PROMPT,
  buildTaskMessages,
  taskRequestContent,
  contextBlock,
  parseTaskRequest,
  parseProjectContext,
  messageText,
  runPlannerTask,
  runCheckedPlannerTask,
} from "./messages";
