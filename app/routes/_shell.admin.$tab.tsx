// Tabs of the admin dashboard that have no screen of their own yet (each gets its own route
// module, _shell.admin.<tab>.tsx, which takes precedence over this one). Unknown tabs are a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_TABS } from "~/components/admin/admin-tabs";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { requireAdmin } from "~/models/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const tab = ADMIN_TABS.find((candidate) => candidate.value === params.tab);
  if (!tab) throw new Response("Not Found", { status: 404 });
  return { label: tab.label };
}

export default function AdminTabPending() {
  const { label } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="admin-tab-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="admin-tab-heading" className="text-lg font-semibold text-slate-900">
        {label}
      </h2>
      <p className="mt-2 text-sm text-slate-600">This section is not available yet.</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
