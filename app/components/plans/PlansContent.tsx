// "Choose Your Plan" (docs/product.md#plans): used by /plans and by the Plans tab of /settings.
import { AppLink } from "~/components/ui/AppLink";
import { useCallback, useState } from "react";
import { Icon } from "~/components/ui/Icon";
import { DiscountCodeForm } from "./DiscountCodeForm";
import { PaymentOutcome } from "./PaymentOutcome";
import { PlanCard } from "./PlanCard";
import { TransactionHistory } from "./TransactionHistory";
import type { PaymentOutcomeState } from "~/models/billing/payment-messages";
import type { AppliedCode, DiscountActionData, PlanCardData, TransactionRowData } from "./types";

export type PlansOutcome = { state: PaymentOutcomeState; credits?: number; planName?: string | null; txnid?: string | null } | null;

export function PlansContent({
  plans,
  transactions,
  discountResult,
  outcome,
  embedded = false,
}: {
  plans: PlanCardData[];
  /** null for signed-out visitors (no history to show). */
  transactions: TransactionRowData[] | Promise<TransactionRowData[]> | null;
  discountResult?: DiscountActionData;
  outcome?: PlansOutcome;
  /** Inside /settings: no back button, smaller heading. */
  embedded?: boolean;
}) {
  const [applied, setApplied] = useState<AppliedCode | null>(discountResult?.ok ? { code: discountResult.code, percentage: discountResult.percentage } : null);
  // A failed Apply keeps the code applied before it (applied after a successful check,
  // docs/product.md#discount-codes).
  const onResult = useCallback((data: DiscountActionData) => {
    if (data.ok) setApplied({ code: data.code, percentage: data.percentage });
  }, []);

  return (
    <div className={embedded ? "" : "mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:py-10"}>
      {embedded ? null : (
        <AppLink to="/" className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900">
          <Icon name="arrow-right" className="size-4 rotate-180" />
          Back
        </AppLink>
      )}
      {outcome ? (
        <div className="mt-4">
          <PaymentOutcome state={outcome.state} credits={outcome.credits} planName={outcome.planName} txnid={outcome.txnid} />
        </div>
      ) : null}
      <div className="mt-4 text-center">
        {embedded ? (
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Choose Your Plan</h2>
        ) : (
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Choose Your Plan</h1>
        )}
        <p className="mt-2 text-sm text-slate-600">One-time credit packs. Each video costs 20 credits.</p>
      </div>

      <div className="mt-6 flex flex-col items-center gap-4">
        <div role="group" aria-label="Billing" className="inline-flex rounded-full bg-slate-100 p-1">
          <button type="button" aria-pressed="true" className="rounded-full bg-white px-5 py-1.5 text-sm font-medium text-slate-900 shadow-sm">
            One-time
          </button>
        </div>
        <DiscountCodeForm result={discountResult} applied={applied} onResult={onResult} />
      </div>

      <div className="mx-auto mt-6 grid max-w-3xl gap-6 sm:grid-cols-2">
        {plans.map((plan, i) => (
          <PlanCard key={plan.id} plan={plan} applied={applied} featured={i === plans.length - 1 && plans.length > 1} />
        ))}
      </div>

      {transactions ? <TransactionHistory transactions={transactions} /> : null}
    </div>
  );
}
