// The admin dashboard's frame: heading, Refresh Data and the tabs; each tab is a nested route
// (app/routes/_shell.admin.<tab>.tsx) with its own loader and action, all behind requireAdmin.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Outlet, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { AdminTabs } from "~/components/admin/AdminTabs";
import { ADMIN_MESSAGES } from "~/components/admin/admin-tabs";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Button } from "~/components/ui/Button";
import { requireAdmin } from "~/models/access";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard — Reelforge" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const location = useLocation();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current && revalidator.state === "idle") {
      asked.current = false;
      toast.success(ADMIN_MESSAGES.refreshed);
    }
  }, [revalidator.state]);
  const busy = revalidator.state !== "idle" || navigation.state === "loading";
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Admin Dashboard</h1>
        {/* Without JavaScript the button reloads the current tab (a GET to the same address). */}
        <Form
          method="get"
          action={location.pathname}
          onSubmit={(event) => {
            event.preventDefault();
            asked.current = true;
            revalidator.revalidate();
          }}
        >
          <Button type="submit" variant="secondary" disabled={busy}>
            Refresh Data
          </Button>
        </Form>
      </div>
      <AdminTabs />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
