// /admin/stats: the Usage Stats figures (docs/product.md#admin-area), each a COUNT or SUM in the
// database (usage-stats.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPanel, EmptyState } from "~/components/admin/AdminPanel";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { actorFromUser, requireAdmin } from "~/models/access";
import { ACTIVE_USER_DAYS, USAGE_STATS_MESSAGES } from "~/models/messaging/admin-messages";
import { usageStats, type UsageStats } from "~/models/admin";

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "admin");
  try {
    return { stats: await usageStats(actor), error: null as string | null };
  } catch (error) {
    console.error("admin stats: load failed", error);
    return { stats: null as UsageStats | null, error: USAGE_STATS_MESSAGES.loadFailed };
  }
}

const number = new Intl.NumberFormat("en-IN");

export default function AdminStatsTab() {
  const { stats, error } = useLoaderData<typeof loader>();
  const figures = stats
    ? [
        { label: "Total Users", value: number.format(stats.totalProfiles), note: "Profiles" },
        { label: "Active Users", value: number.format(stats.activeUsers), note: `Profile updated in the last ${ACTIVE_USER_DAYS} days` },
        { label: "Image Generations", value: number.format(stats.imageJobs), note: "Image generation jobs" },
        { label: "Video Generations", value: number.format(stats.videoJobs), note: "Video generation jobs" },
        { label: "Pending Orders", value: number.format(stats.pendingOrders), note: "Custom orders waiting" },
        { label: "Total Credits Used", value: stats.totalCreditsUsed, note: "Across custom orders" },
      ]
    : [];
  return (
    <AdminPanel title="Usage Stats">
      {error ? <EmptyState tone="error">{error}</EmptyState> : null}
      <dl className="grid grid-cols-1 gap-3 min-[390px]:grid-cols-2 lg:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg border border-slate-200 p-4">
            <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{f.value}</dd>
            <dd className="mt-1 text-xs text-slate-500">{f.note}</dd>
          </div>
        ))}
      </dl>
    </AdminPanel>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
