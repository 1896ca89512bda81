// content/: What people see of each other's and the product's content: the Dashboard and Explore feed,
// announcements and notifications.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export { DISMISSED_SESSION_KEY, dismissedIdsOf, listActiveAnnouncements, withDismissed } from "./announcement.server";
export { dashboardFeed, exploreFeed } from "./content-feed.server";
export { listUnreadNotifications, markAllNotificationsRead, markNotificationRead, openNotification } from "./notification.server";
