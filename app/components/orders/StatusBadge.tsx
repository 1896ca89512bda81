import { orderStatusBadge } from "~/models/orders/custom-order-rules";
import { Badge } from "~/components/ui/Badge";

/** An order's status in the colours of docs/product.md#custom-orders. */
export function StatusBadge({ status }: { status: string }) {
  const badge = orderStatusBadge(status);
  return (
    <Badge className={badge.className} data-status={status}>
      {badge.label}
    </Badge>
  );
}
