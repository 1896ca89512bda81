// assistant/: The AI assistant: the chat, its confirmations and charges, and the canvas agent tool.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export { canvasToolInput, runCanvasToolAction } from "./canvas-agent-tool.server";
export {
  chatHistory,
  confirmChatPlan,
  declineChatPlan,
  deleteChatSession,
  finishChatReply,
  getChatSession,
  listChatSessions,
  openChatSession,
  readChatView,
  type ChatView,
  recordChatProgress,
  sendChatMessage,
  type ChatMessageView,
} from "./chat.server";
