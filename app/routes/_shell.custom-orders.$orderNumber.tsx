import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";

export const meta: MetaFunction = () => [{ title: "Custom Order — Reelforge" }];

// Open route (docs/product.md#routes-and-access); the order view that arrives later checks who may
// see the order.
export function loader({ params }: LoaderFunctionArgs) {
  return { orderNumber: params.orderNumber ?? "" };
}

export default function CustomOrder() {
  const { orderNumber } = useLoaderData<typeof loader>();
  return (
    <ComingSoon title="Custom Order" icon="film" back={{ to: "/custom-orders", label: "Back to Custom Orders" }}>
      <p>
        The view of order <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{orderNumber}</code> arrives here
        soon: its status, the files you sent, and the finished video when staff deliver it.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
