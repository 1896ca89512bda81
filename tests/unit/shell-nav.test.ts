import { describe, expect, it } from "vitest";
import {
  accountLabel,
  availableVideosLabel,
  BOTTOM_NAV_ITEMS,
  formatCredits,
  isNavItemActive,
  NAV_ITEMS,
  navItemsFor,
  parseSidebarCookie,
  sidebarCookieString,
  unreadBadge,
} from "~/components/shell/nav";
import { formatRupees } from "~/components/landing/format";

describe("sidebar cookie", () => {
  it("is open unless the cookie says false", () => {
    expect(parseSidebarCookie(null)).toBe(true);
    expect(parseSidebarCookie("")).toBe(true);
    expect(parseSidebarCookie("sidebar_state=false")).toBe(false);
    expect(parseSidebarCookie("a=1; sidebar_state=false; __session=xyz")).toBe(false);
    expect(parseSidebarCookie("sidebar_state=true")).toBe(true);
    expect(parseSidebarCookie("sidebar_state=garbage")).toBe(true);
    expect(parseSidebarCookie("my_sidebar_state=false")).toBe(true);
  });

  it("writes a 7-day cookie on path / that parses back", () => {
    const s = sidebarCookieString(false);
    expect(s).toContain("sidebar_state=false");
    expect(s).toContain("path=/");
    expect(s).toContain("max-age=604800");
    expect(parseSidebarCookie(s.split(";")[0])).toBe(false);
    expect(parseSidebarCookie(sidebarCookieString(true).split(";")[0])).toBe(true);
  });
});

describe("nav items by role", () => {
  it("shows users Dashboard, Explore, AI UGC Video, Custom Orders, Plans & Billing, Profile Settings, Messages and Integrations", () => {
    expect(navItemsFor("user").map((i) => i.label)).toEqual([
      "Dashboard",
      "Explore",
      "AI UGC Video",
      // Issue 20 finding 9: nothing linked to /custom-orders.
      "Custom Orders",
      "Plans & Billing",
      "Profile Settings",
      "Messages",
      "Integrations",
    ]);
  });

  it("shows admins every item, Canvas first and Admin before Integrations", () => {
    expect(navItemsFor("admin").map((i) => i.label)).toEqual([
      "Canvas",
      "Dashboard",
      "Explore",
      "AI UGC Video",
      "Custom Orders",
      "Plans & Billing",
      "Profile Settings",
      "Messages",
      "Admin",
      "Integrations",
    ]);
  });

  it("carries the documented subtitles and a disabled Integrations item", () => {
    const byKey = Object.fromEntries(NAV_ITEMS.map((i) => [i.key, i]));
    expect(byKey.canvas.subtitle).toBe("Video Project Canvas");
    expect(byKey.dashboard.subtitle).toBe("Your Content Overview");
    expect(byKey.explore.subtitle).toBe("Discover Amazing Content");
    expect(byKey["create-video"].subtitle).toBe("powered by context flux");
    expect(byKey.admin.subtitle).toBe("Admin Dashboard");
    expect(byKey["custom-orders"]).toMatchObject({ href: "/custom-orders", subtitle: "Made for you by our team" });
    expect(byKey.integrations).toMatchObject({ disabled: true, disabledNote: "Coming soon" });
    expect(byKey.integrations.href).toBeUndefined();
  });
});

describe("current item", () => {
  const dashboard = NAV_ITEMS.find((i) => i.key === "dashboard")!;
  const canvas = NAV_ITEMS.find((i) => i.key === "canvas")!;
  const plans = NAV_ITEMS.find((i) => i.key === "plans")!;

  it("Dashboard is current on / and /dashboard only", () => {
    expect(isNavItemActive(dashboard, "/")).toBe(true);
    expect(isNavItemActive(dashboard, "/dashboard")).toBe(true);
    expect(isNavItemActive(dashboard, "/dashboard/")).toBe(true);
    expect(isNavItemActive(dashboard, "/explore")).toBe(false);
    expect(isNavItemActive(dashboard, "/dashboards")).toBe(false);
  });

  it("other items match themselves and their sub-paths, not look-alike prefixes", () => {
    expect(isNavItemActive(canvas, "/canvas")).toBe(true);
    expect(isNavItemActive(canvas, "/canvas/abc")).toBe(true);
    expect(isNavItemActive(canvas, "/canvasx")).toBe(false);
    expect(isNavItemActive(plans, "/plans")).toBe(true);
    expect(isNavItemActive(plans, "/")).toBe(false);
    expect(isNavItemActive({}, "/")).toBe(false);
  });

  it("bottom navigation has Dashboard (also /dashboard), Video and Plans", () => {
    expect(BOTTOM_NAV_ITEMS.map((i) => [i.label, i.href])).toEqual([
      ["Dashboard", "/"],
      ["Video", "/create-video"],
      ["Plans", "/plans"],
    ]);
    expect(isNavItemActive(BOTTOM_NAV_ITEMS[0], "/dashboard")).toBe(true);
  });
});

describe("user card", () => {
  it("formats credits with at most 2 decimals", () => {
    expect(formatCredits(100)).toBe("100");
    expect(formatCredits(19.93)).toBe("19.93");
    expect(formatCredits(12.5)).toBe("12.5");
    expect(formatCredits(0.07)).toBe("0.07");
    expect(formatCredits(1.005 + 0.0001)).toBe("1.01");
    expect(formatCredits(Number.NaN)).toBe("0");
  });

  it("shows floor(credits / 20) videos followed by the credits", () => {
    expect(availableVideosLabel(100)).toBe("5 (100 credits)");
    expect(availableVideosLabel(59.93)).toBe("2 (59.93 credits)");
    expect(availableVideosLabel(19.99)).toBe("0 (19.99 credits)");
    expect(availableVideosLabel(0)).toBe("0 (0 credits)");
  });

  it("names the account by e-mail, else phone, else username", () => {
    expect(accountLabel({ email: "a@b.c", phone: "+911234567890", username: "ann" })).toBe("a@b.c");
    expect(accountLabel({ email: null, phone: "+911234567890", username: "ann" })).toBe("+911234567890");
    expect(accountLabel({ email: null, phone: null, username: "ann" })).toBe("ann");
  });

  it("hides the unread badge at zero and caps its text", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toEqual({ text: "1", label: "1 unread notification" });
    expect(unreadBadge(150)).toEqual({ text: "99+", label: "150 unread notifications" });
  });
});

describe("landing prices", () => {
  it("formats rupees with Intl en-IN", () => {
    expect(formatRupees(600)).toBe("₹600");
    expect(formatRupees(2499)).toBe("₹2,499");
    expect(formatRupees(100000)).toBe("₹1,00,000");
  });
});
