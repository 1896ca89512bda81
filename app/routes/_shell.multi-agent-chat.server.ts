// Server-only pieces of /multi-agent-chat/:projectId (kept out of the browser bundle).
export { assistantState } from "../../agents/chat.server";
