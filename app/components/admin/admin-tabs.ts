// The admin dashboard's tabs (docs/product.md#admin-area). Each tab is its own nested route,
// /admin/{value}, so a reload or a shared link keeps the tab and each tab owns its loader and action.
export const ADMIN_TABS = [
  { value: "orders", label: "Custom Orders" },
  { value: "links", label: "Order Links" },
  { value: "users", label: "Users" },
  { value: "stats", label: "Usage Stats" },
  { value: "ai-tools", label: "AI Tools" },
  { value: "canvas-updates", label: "Canvas Updates" },
  { value: "user-messages", label: "User Messages" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export const DEFAULT_ADMIN_TAB: AdminTab = "orders";

export const ADMIN_MESSAGES = {
  refreshed: "Data refreshed",
} as const;
