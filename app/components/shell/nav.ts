// Pure helpers of the navigation shell (no React, no server code): which items a user
// sees, which one is current, the sidebar cookie, and how credits are shown.
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE_S } from "~/utils/constants";
import { availableVideos } from "~/models/billing/prices";

export type NavIcon = "canvas" | "dashboard" | "explore" | "video" | "plans" | "settings" | "admin" | "integrations" | "chat" | "film";

export type NavItem = {
  key: string;
  label: string;
  subtitle?: string;
  /** Absent for disabled items (Integrations). */
  href?: string;
  icon: NavIcon;
  /** Other paths on which this item counts as current. */
  alsoActiveOn?: string[];
  adminOnly?: boolean;
  disabled?: boolean;
  disabledNote?: string;
};

export type NavRole = "user" | "admin";

/** The sidebar items in the documented order (docs/product.md#navigation-shell). */
export const NAV_ITEMS: readonly NavItem[] = [
  // Canvas is admin-only in the route table, so only admins see it (ADR 020).
  { key: "canvas", label: "Canvas", subtitle: "Video Project Canvas", href: "/canvas", icon: "canvas", adminOnly: true },
  { key: "dashboard", label: "Dashboard", subtitle: "Your Content Overview", href: "/", icon: "dashboard", alsoActiveOn: ["/dashboard"] },
  { key: "explore", label: "Explore", subtitle: "Discover Amazing Content", href: "/explore", icon: "explore" },
  { key: "create-video", label: "AI UGC Video", subtitle: "powered by context flux", href: "/create-video", icon: "video" },
  // Not in the seed's sidebar: the only way to the custom orders page (/custom-orders) users have (ADR 260).
  { key: "custom-orders", label: "Custom Orders", subtitle: "Made for you by our team", href: "/custom-orders", icon: "film" },
  { key: "plans", label: "Plans & Billing", href: "/plans", icon: "plans" },
  { key: "settings", label: "Profile Settings", href: "/settings", icon: "settings" },
  { key: "messages", label: "Messages", subtitle: "Talk to our team", href: "/messages", icon: "chat" },
  { key: "admin", label: "Admin", subtitle: "Admin Dashboard", href: "/admin", icon: "admin", adminOnly: true },
  { key: "integrations", label: "Integrations", icon: "integrations", disabled: true, disabledNote: "Coming soon" },
];

export const INFO_LINKS = [
  { label: "About Us", href: "/about" },
  { label: "Contact", href: "/contact" },
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
] as const;

export type BottomNavItem = { key: string; label: string; href: string; icon: NavIcon; alsoActiveOn?: string[] };

export const BOTTOM_NAV_ITEMS: readonly BottomNavItem[] = [
  { key: "dashboard", label: "Dashboard", href: "/", icon: "dashboard", alsoActiveOn: ["/dashboard"] },
  { key: "create-video", label: "Video", href: "/create-video", icon: "video" },
  { key: "plans", label: "Plans", href: "/plans", icon: "plans" },
];

export function navItemsFor(role: NavRole): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.adminOnly || role === "admin");
}

function samePath(a: string, b: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  return trim(a) === trim(b);
}

/** "/" matches only itself; any other href also matches its sub-paths (/canvas/abc). */
export function isNavItemActive(item: { href?: string; alsoActiveOn?: string[] }, pathname: string): boolean {
  if (!item.href) return false;
  const targets = [item.href, ...(item.alsoActiveOn ?? [])];
  return targets.some((target) => {
    if (samePath(pathname, target)) return true;
    if (target === "/") return false;
    return pathname.startsWith(target.endsWith("/") ? target : `${target}/`);
  });
}

/** Reads the sidebar's open state from a Cookie header; open unless the cookie says "false". */
export function parseSidebarCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return true;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== SIDEBAR_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value === "false") return false;
    if (value === "true") return true;
  }
  return true;
}

/** The string written to document.cookie when the sidebar is toggled. */
export function sidebarCookieString(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open ? "true" : "false"}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
}

const creditsFormat = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Credits with at most 2 decimals: 100 -> "100", 19.93 -> "19.93", 12.5 -> "12.5". */
export function formatCredits(credits: number): string {
  return creditsFormat.format(Number.isFinite(credits) ? credits : 0);
}

/** "Available Videos" line of the user card: "5 (100 credits)". */
export function availableVideosLabel(credits: number): string {
  const n = Number.isFinite(credits) ? credits : 0;
  return `${availableVideos(n)} (${formatCredits(n)} credits)`;
}

/** What the user card shows as the account name: e-mail, else phone, else username. */
export function accountLabel(user: { email: string | null; phone: string | null; username: string | null }): string {
  return user.email ?? user.phone ?? user.username ?? "Your account";
}

/** Screen-reader text for the unread badge; null hides the badge. */
export function unreadBadge(count: number): { text: string; label: string } | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return { text: count > 99 ? "99+" : String(count), label: `${count} unread notification${count === 1 ? "" : "s"}` };
}
