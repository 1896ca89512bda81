// admin/: The admin area's reads that are not another folder's: the users table and the usage stats.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export { addAdmin, listAdmins, listUsersWithCredits, removeAdmin, type AdminListEntry } from "./admin-users.server";
export { usageStats, type UsageStats } from "./usage-stats.server";
