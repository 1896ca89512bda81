// messaging/: Messages between users and staff (the admin area's inbox and a user's thread).
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export {
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_MAX_LENGTH,
  chatUserOf,
  conversationProjects,
  getConversation,
  listChatUsers,
  sendMessage,
  type ChatUser,
  type ConversationMessage,
} from "./staff-messages.server";
