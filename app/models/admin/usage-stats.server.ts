// The admin area's Usage Stats (docs/product.md#admin-area): six figures, each one COUNT or SUM
// in the database (no rows are loaded), asked of the modules that own the tables.
import { assertStaff } from "~/models/access/permissions.server";
import { ACTIVE_USER_DAYS } from "~/models/messaging/admin-messages";
import type { Actor } from "~/models/access/actor.server";
import { customOrderTotals } from "~/models/orders/custom-orders.server";
import { countImageJobs } from "~/models/generation/image-jobs.server";
import { countProfiles } from "~/models/access/profile.server";
import { countVideoJobs } from "~/models/stories/video-jobs.server";

export { ACTIVE_USER_DAYS };

export type UsageStats = {
  totalProfiles: number;
  activeUsers: number;
  imageJobs: number;
  videoJobs: number;
  pendingOrders: number;
  /** The credits used by all custom orders, with 2 decimals ("1234.50"). */
  totalCreditsUsed: string;
};

export async function usageStats(actor: Actor, now = new Date()): Promise<UsageStats> {
  assertStaff(actor);
  const activeSince = new Date(now.getTime() - ACTIVE_USER_DAYS * 24 * 60 * 60 * 1000);
  const [totalProfiles, activeUsers, imageJobs, videoJobs, orders] = await Promise.all([
    countProfiles(),
    countProfiles({ updatedSince: activeSince }),
    countImageJobs(),
    countVideoJobs(),
    customOrderTotals(),
  ]);
  return { totalProfiles, activeUsers, imageJobs, videoJobs, pendingOrders: orders.pending, totalCreditsUsed: orders.creditsUsed };
}
