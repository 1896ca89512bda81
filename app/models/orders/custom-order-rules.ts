// Custom orders and order links: the texts, statuses and limits both the screens and the core use
// (isomorphic; docs/product.md#custom-orders, docs/product.md#admin-area). The rules themselves
// are applied in custom-orders.server.ts and order-links.server.ts.
import { CUSTOM_ORDER_COST_CREDITS } from "~/models/billing/prices";

export { CUSTOM_ORDER_COST_CREDITS };

export const ORDER_STATUSES = ["pending", "processing", "in_progress", "completed", "delivered", "failed", "cancelled", "awaiting_payment"] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/** The statuses the admin's filter offers and the status choice saves (payment decides awaiting_payment). */
export const ADMIN_ORDER_STATUSES = ["pending", "in_progress", "completed", "failed", "processing", "delivered", "cancelled"] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatusValue {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Badge colours of docs/product.md#custom-orders; any other status is grey with its raw text. */
export function orderStatusBadge(status: string): { label: string; className: string } {
  switch (status) {
    case "pending":
      return { label: "pending", className: "bg-yellow-100 text-yellow-800" };
    case "processing":
      return { label: "processing", className: "bg-blue-100 text-blue-800" };
    case "completed":
      return { label: "completed", className: "bg-green-100 text-green-800" };
    case "delivered":
      return { label: "delivered", className: "bg-purple-100 text-purple-800" };
    case "cancelled":
      return { label: "cancelled", className: "bg-red-100 text-red-800" };
    default:
      return { label: status, className: "bg-slate-100 text-slate-700" };
  }
}

/** At most this many orders in a customer's own list, newest first. */
export const ORDER_LIST_LIMIT = 1000;
/** Orders per page of the admin's list, newest first, "Load more" beyond (docs/product.md#admin-area, ADR 365). */
export const STAFF_ORDER_PAGE_SIZE = 24;
/** The file field of every order upload form. */
export const FILES_FIELD = "files";
/** Most files in one upload (a request, a link order, staff media or delivery files). */
export const ORDER_MAX_FILES = 10;
export const ORDER_REMARK_MAX = 5000;
export const ADMIN_NOTES_MAX = 5000;
export const DELIVERY_MESSAGE_MAX = 5000;
export const DELIVERY_URL_MAX = 2000;

export const ORDER_MESSAGES = {
  // The user's page
  empty: "You don't have any custom orders yet.",
  noFiles: "Please select at least one image",
  insufficientCredits: "Insufficient credits. Custom orders require at least 20 credits.",
  permission: "Permission error: You don't have the required permissions to complete this action.",
  storage: "Storage error: There was a problem uploading your files. Please try again.",
  submitFailed: "Failed to submit custom order. Please try again.",
  submitted: "Custom order submitted successfully!",
  signInToOrder: "Please sign in to place and follow custom orders.",
  // The admin's Orders tab
  loadFailed: "Failed to load orders",
  updated: "Order updated successfully",
  updateFailed: "Failed to update order",
  delivered: "Order delivered successfully",
  deliverFailed: "Failed to deliver order",
  deliveryNeedsContent: "Please provide either a delivery URL or upload media files",
  alreadyDelivered: "This order has already been delivered.",
  deleteMediaFailed: "Failed to delete media",
  mediaDeleted: "Media deleted",
  mediaUploaded: "Files uploaded",
  deliveryUrlInvalid: "Please enter a delivery URL that starts with http:// or https://",
  uploadFailed: (file: string) => `Failed to upload ${file}`,
  deliveredNotificationTitle: (orderNumber: number) => `Your custom order #order-${orderNumber} has been delivered`,
} as const;

export const LINK_MESSAGES = {
  loadFailed: "Failed to load order links",
  titleRequired: "Please enter a title for the link.",
  rateInvalid: "The rate must be 0 or more rupees.",
  creditsInvalid: "Credits must be a whole number of at least 1.",
  expiryInvalid: "Please enter a valid expiry date.",
  expiryPast: "The expiry date is in the past. Please choose today or a later date.",
  created: "Order link created",
  activated: "Link activated",
  deactivated: "Link deactivated",
  copied: "Copied",
  notFound: "This order link does not exist. Please check the address you were given.",
  inactive: "This order link is no longer active. Please contact us for a new link.",
  expired: "This order link has expired. Please contact us for a new link.",
  nameRequired: "Please enter your name.",
  emailInvalid: "Please enter a valid e-mail address.",
  phoneInvalid: "Please enter a valid phone number",
  placed: "Your order has been placed. We will be in touch soon.",
} as const;

/** Link defaults and limits (docs/product.md#admin-area). */
export const LINK_DEFAULTS = { customRate: 0, creditsAmount: 5, requirePhone: true } as const;
export const LINK_LIMITS = { titleMax: 200, descriptionMax: 2000, rateMax: 10_000_000, creditsMax: 100_000 } as const;
export const ACCESS_CODE_LENGTH = 8;

/** "/custom-orders/{orderNumber}", where a user sees one order. */
export function orderPath(orderNumber: number): string {
  return `/custom-orders/${orderNumber}`;
}

/** The path of an order link: /order/{accessCode}. */
export function orderLinkPath(accessCode: string): string {
  return `/order/${accessCode}`;
}

/** "Free" when the rate is 0, rupees otherwise (en-IN). */
export function formatRate(rupees: number): string {
  if (!(rupees > 0)) return "Free";
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 2 }).format(rupees);
}

/** Phone numbers as the product checks them elsewhere: 5+ characters of digits and "+". */
export function isValidPhone(phone: string): boolean {
  return phone.replace(/[^\d+]/g, "").length >= 5;
}
