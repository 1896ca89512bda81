// The outcome page of an order's payment once nothing is left to pay (ADR 266): the result in
// the page's heading, the order number, the amount and transaction ID, what happens next, and
// how to follow up. A member follows the order on its page; a guest (no account) hears from
// staff at the e-mail given, and can contact us quoting the order number.
import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/Icon";
import { orderLinkPath, orderPath } from "~/models/orders/custom-order-rules";
import { orderNextSteps, orderReference, paymentOutcomeMessage, type OrderPaymentOutcome } from "~/models/billing/payment-messages";
import { formatINR } from "~/models/billing/pricing";

export function OrderPaymentDone({ outcome }: { outcome: OrderPaymentOutcome }) {
  const good = outcome.state === "success";
  const { title, description } = paymentOutcomeMessage(outcome.state, { order: true });
  const steps = good ? orderNextSteps(outcome) : [];
  return (
    <section
      aria-labelledby="order-payment-title"
      data-testid="payment-outcome"
      data-state={outcome.state}
      className={cx("rounded-2xl border bg-white p-6 shadow-sm", good ? "border-green-200" : "border-red-200")}
    >
      <h1 id="order-payment-title" className={cx("flex items-center gap-2 text-xl font-bold", good ? "text-green-900" : "text-red-900")}>
        <Icon name={good ? "check" : "info"} className="size-5" />
        {title}
      </h1>
      <p role={good ? "status" : "alert"} className="mt-2 text-sm text-slate-700">
        {description}
      </p>
      <dl className="mt-4 divide-y divide-slate-100 border-y border-slate-100 text-sm">
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-500">Order number</dt>
          <dd className="font-medium text-slate-900" data-testid="order-number">
            {orderReference(outcome.orderNumber)}
          </dd>
        </div>
        {outcome.title ? (
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-500">Order</dt>
            <dd className="text-right font-medium text-slate-900">{outcome.title}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-500">Amount</dt>
          <dd className="font-medium text-slate-900">{formatINR(outcome.amount)}</dd>
        </div>
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-500">Transaction ID</dt>
          <dd className="break-all text-right font-mono text-xs text-slate-900">{outcome.txnid}</dd>
        </div>
      </dl>
      {steps.length > 0 ? (
        <div className="mt-4">
          <h2 className="text-sm font-semibold text-slate-900">What happens next</h2>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="order-next-steps">
            {steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        {!outcome.guest ? (
          <Link to={orderPath(outcome.orderNumber)} className={buttonClasses("primary", "md")}>
            View your order
          </Link>
        ) : null}
        <Link to="/contact" className={buttonClasses(outcome.guest ? "primary" : "secondary", "md")}>
          Contact us
        </Link>
        {outcome.guest && outcome.accessCode ? (
          <Link to={orderLinkPath(outcome.accessCode)} className={buttonClasses("secondary", "md")}>
            Place another order
          </Link>
        ) : null}
      </div>
    </section>
  );
}
