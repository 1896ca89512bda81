// /admin/orders, the Custom Orders tab (docs/product.md#admin-area): a status filter and every
// order, newest first, 24 a page ("Load more" beyond, a plain link), with the customer's username
// or the guest's name. A row opens the detail dialog, /admin/orders/{orderId} (nested route).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { formatOrderCredits } from "~/components/orders/format";
import { Time } from "~/components/time/TimeZone";
import { StatusBadge } from "~/components/orders/StatusBadge";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { AppLink } from "~/components/ui/AppLink";
import { Button } from "~/components/ui/Button";
import { LoadMore, withPage } from "~/components/ui/LoadMore";
import { actorFromUser, requireAdmin } from "~/models/access";
import { ADMIN_ORDER_STATUSES, ORDER_MESSAGES, type OrderStatusValue } from "~/models/orders/custom-order-rules";
import { listOrdersForStaff } from "~/models/orders";
import { readQuery } from "~/utils/forms.server";

const listQuery = z.object({
  status: z
    .enum([...ADMIN_ORDER_STATUSES, "awaiting_payment", "all"])
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const query = readQuery(request, listQuery);
  const status = query.status && query.status !== "all" ? (query.status as OrderStatusValue) : null;
  try {
    const page = await listOrdersForStaff(actorFromUser(user, "admin"), { status, page: query.page ?? 1 });
    return { ...page, status: status ?? "all", error: null };
  } catch (error) {
    console.error("[admin] loading orders failed", error);
    return { rows: [], page: 1, hasMore: false, status: status ?? "all", error: ORDER_MESSAGES.loadFailed };
  }
}

/** The list's own query (filter, page), kept on the dialog's links so closing it returns here. */
export function listSearch(params: URLSearchParams): string {
  const keep = new URLSearchParams();
  for (const name of ["status", "page"]) {
    const v = params.get(name);
    if (v) keep.set(name, v);
  }
  const s = keep.toString();
  return s ? `?${s}` : "";
}

const STATUS_LABEL: Record<string, string> = { in_progress: "In progress", awaiting_payment: "Awaiting payment" };

export default function AdminOrdersTab() {
  const { rows, page, hasMore, status, error } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const search = listSearch(params);
  const pageLink = (p: number) => withPage("/admin/orders", search, p);
  return (
    <section aria-labelledby="orders-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="orders-heading" className="text-lg font-semibold text-slate-900">
          Custom Orders
        </h2>
        <Form method="get" className="flex items-end gap-2" preventScrollReset>
          <label className="text-sm">
            <span className="block text-xs font-medium text-slate-600">Status</span>
            <select
              name="status"
              defaultValue={status}
              className="mt-1 h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
              data-testid="status-filter"
            >
              <option value="all">All</option>
              {[...ADMIN_ORDER_STATUSES, "awaiting_payment"].map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s] ?? s[0].toUpperCase() + s.slice(1)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary" size="sm">
            Filter
          </Button>
        </Form>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No orders found.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Date
                </th>
                <th scope="col" className="px-3 py-2">
                  Customer
                </th>
                <th scope="col" className="px-3 py-2">
                  Type
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Credits
                </th>
                <th scope="col" className="px-3 py-2">
                  Delivered
                </th>
                <th scope="col" className="relative px-3 py-2">
                  <span className="sr-only">Open</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} data-testid="admin-order-row" data-order-number={row.orderNumber}>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Time value={row.createdAt} format="date" />
                  </td>
                  <td className="px-3 py-2">
                    {row.customer ?? "Unknown"}
                    {row.isGuest ? <span className="ml-1 rounded bg-slate-100 px-1.5 text-xs text-slate-600">Guest</span> : null}
                  </td>
                  <td className="px-3 py-2">
                    {row.orderType}
                    <span className="block text-xs text-slate-500">#order-{row.orderNumber}</span>
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={row.status} />
                  </td>
                  <td className="px-3 py-2">{formatOrderCredits(row.creditsUsed)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Time value={row.deliveredAt} format="date" />
                  </td>
                  <td className="px-3 py-2">
                    <AppLink
                      to={`/admin/orders/${row.id}${search}`}
                      preventScrollReset
                      className="font-medium text-brand-700 hover:underline"
                      aria-label={`Open order ${row.orderNumber}`}
                    >
                      Open
                    </AppLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore page={page} hasMore={hasMore} hrefOf={pageLink} />
      <Outlet />
    </section>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
