// /custom-orders/{orderNumber}: the order details dialog over the user's list (type, credits,
// remarks, delivery message, link and files, each downloadable). Only the order's customer (and
// staff) may see it; anyone else gets the not-found page. Anonymous visitors sign in first.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatOrderCredits } from "~/components/orders/format";
import { Time } from "~/components/time/TimeZone";
import { OrderFiles } from "~/components/orders/OrderFiles";
import { RouteDialog } from "~/components/orders/RouteDialog";
import { StatusBadge } from "~/components/orders/StatusBadge";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { actorFromUser, isNotFound, requireUser } from "~/models/access";
import { getMyOrder } from "~/models/orders";

export const meta: MetaFunction = () => [{ title: "Custom Order — Reelforge" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const raw = params.orderNumber ?? "";
  const orderNumber = /^[0-9]{1,10}$/.test(raw) ? Number(raw) : NaN;
  try {
    return { order: await getMyOrder(actorFromUser(user, "web"), orderNumber) };
  } catch (error) {
    if (isNotFound(error)) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default function CustomOrderDetails() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Order Details" closeTo="/custom-orders" testId="order-details-dialog">
      <dl className="divide-y divide-slate-100">
        <Row label="Order">#order-{order.orderNumber}</Row>
        <Row label="Type">{order.orderType}</Row>
        <Row label="Status">
          <StatusBadge status={order.status} />
        </Row>
        <Row label="Credits used">{formatOrderCredits(order.creditsUsed)}</Row>
        <Row label="Placed">
          <Time value={order.createdAt} />
        </Row>
        <Row label="Remarks">{order.remark ?? "—"}</Row>
        <Row label="Delivered">
          <Time value={order.deliveredAt} />
        </Row>
        <Row label="Delivery message">
          <span className="whitespace-pre-line" data-testid="delivery-message">
            {order.deliveryMessage ?? "—"}
          </span>
        </Row>
        <Row label="Delivery link">
          {order.deliveryUrl ? (
            <a href={order.deliveryUrl} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
              {order.deliveryUrl}
            </a>
          ) : (
            "—"
          )}
        </Row>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Delivered files</h3>
      <div className="mt-2" data-testid="delivered-files">
        <OrderFiles files={order.deliveredFiles} download empty="No files delivered yet." />
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Your files</h3>
      <div className="mt-2">
        <OrderFiles files={order.files} download empty="No files." />
      </div>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
