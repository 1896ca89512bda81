// /custom-orders (open; docs/product.md#custom-orders): the signed-in user's orders, newest first,
// with Create New Order (?new=1, the index route's dialog) and View (/custom-orders/{orderNumber},
// the details dialog). Anonymous visitors are asked to sign in.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { formatOrderCredits } from "~/components/orders/format";
import { Time } from "~/components/time/TimeZone";
import { StatusBadge } from "~/components/orders/StatusBadge";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { ButtonLink } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { actorFromUser, getOptionalUser } from "~/models/access";
import { balanceOf } from "~/models/billing";
import { ORDER_MESSAGES } from "~/models/orders/custom-order-rules";
import { listMyOrders } from "~/models/orders";

export const meta: MetaFunction = () => [{ title: "Custom Orders — Reelforge" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return { signedIn: false as const, orders: [], credits: null };
  const actor = actorFromUser(user, "web");
  const [orders, credits] = await Promise.all([listMyOrders(actor), balanceOf(actor)]);
  return { signedIn: true as const, orders, credits };
}

export default function CustomOrdersPage() {
  const { signedIn, orders } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 md:py-8">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <Icon name="arrow-right" className="size-4 rotate-180" />
        Back to Home
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Custom Orders</h1>
        {signedIn ? (
          <ButtonLink to="/custom-orders?new=1" preventScrollReset data-testid="create-order">
            Create New Order
          </ButtonLink>
        ) : null}
      </div>
      {!signedIn ? (
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-700">
          <p>{ORDER_MESSAGES.signInToOrder}</p>
          <ButtonLink to="/auth/login?redirectTo=%2Fcustom-orders" className="mt-4">
            Login
          </ButtonLink>
        </div>
      ) : orders.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">{ORDER_MESSAGES.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[34rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Date
                </th>
                <th scope="col" className="px-3 py-2">
                  Order Type
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Credits
                </th>
                <th scope="col" className="px-3 py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {orders.map((order) => (
                <tr key={order.id} data-testid="my-order-row">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Time value={order.createdAt} format="date" />
                  </td>
                  <td className="px-3 py-2">
                    <span className="font-medium text-slate-900">{order.orderType}</span>
                    <span className="block text-xs text-slate-500">#order-{order.orderNumber}</span>
                    {order.guest ? (
                      <span className="block text-xs text-slate-500">
                        {order.guest.name}
                        {order.guest.email ? ` · e-mail ${order.guest.email}` : ""}
                        {order.guest.phoneNumber ? ` · phone ${order.guest.phoneNumber}` : ""}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={order.status} />
                  </td>
                  <td className="px-3 py-2">{formatOrderCredits(order.creditsUsed)}</td>
                  <td className="px-3 py-2">
                    <ButtonLink
                      to={`/custom-orders/${order.orderNumber}`}
                      variant="secondary"
                      size="sm"
                      preventScrollReset
                      aria-label={`View order ${order.orderNumber}`}
                    >
                      View
                    </ButtonLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
