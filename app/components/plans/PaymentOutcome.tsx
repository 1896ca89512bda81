import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/Icon";
import { paymentOutcomeMessage, type PaymentOutcomeState } from "~/models/billing/payment-messages";

/** The banner shown when the browser comes back from the payment gateway. */
export function PaymentOutcome({
  state,
  credits,
  planName,
  order,
  txnid,
}: {
  state: PaymentOutcomeState;
  credits?: number;
  planName?: string | null;
  order?: boolean;
  txnid?: string | null;
}) {
  const { title, description } = paymentOutcomeMessage(state, { credits, planName, order });
  const good = state === "success";
  const waiting = state === "pending";
  return (
    <div
      role={good || waiting ? "status" : "alert"}
      data-testid="payment-outcome"
      data-state={state}
      className={cx(
        "flex items-start gap-3 rounded-xl border p-4 text-sm",
        good && "border-green-200 bg-green-50 text-green-900",
        waiting && "border-amber-200 bg-amber-50 text-amber-900",
        !good && !waiting && "border-red-200 bg-red-50 text-red-900",
      )}
    >
      <Icon name={good ? "check" : waiting ? "clock" : "info"} className="mt-0.5" />
      <div>
        <p className="font-semibold">{title}</p>
        <p>{description}</p>
        {txnid ? <p className="mt-1 text-xs opacity-80">Transaction ID: {txnid}</p> : null}
      </div>
    </div>
  );
}
