// /plans "Choose Your Plan" (open): plans, discount code, transaction history, and the outcome
// of a payment when the gateway sends the browser back here.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PaymentOutcomeState } from "~/models/payment-messages";
import { PlansContent, type PlansOutcome } from "~/components/plans/PlansContent";
import type { DiscountActionData, TransactionRowData } from "~/components/plans/types";
import { DISCOUNT_MESSAGES, discountAppliedMessage } from "~/models/payment-messages";
import { checkDiscountCode, normalizeDiscountCode } from "~/models/discounts.server";
import { getPaymentResult, listSuccessfulTransactions } from "~/models/payments.server";
import { listPlans } from "~/models/plans.server";
import { getOptionalUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Plans & Billing — Reelforge" }];

/** A client-side navigation (fetch) may stream the history; a document request gets it whole. */
function isClientFetch(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "empty";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const url = new URL(request.url);
  const plans = await listPlans();

  let outcome: PlansOutcome = null;
  const payment = url.searchParams.get("payment");
  if (payment === "error") {
    outcome = { state: "error" };
  } else if (payment) {
    const result = await getPaymentResult(url.searchParams.get("txnid") ?? "", user?.id ?? null);
    if (result && !result.customOrderId) {
      outcome = { state: result.state satisfies PaymentOutcomeState, credits: result.credits, planName: result.planName, txnid: result.txnid };
    }
  }

  const history = user ? listSuccessfulTransactions(user.id) : null;
  return { plans, outcome, transactions: history && !isClientFetch(request) ? await history : history };
}

export async function action({ request }: ActionFunctionArgs): Promise<DiscountActionData> {
  const form = await request.formData();
  if (form.get("intent") !== "apply-discount") throw new Response("Unknown action", { status: 400 });
  const user = await getOptionalUser(request);
  const code = normalizeDiscountCode(form.get("code"));
  const check = await checkDiscountCode(user?.id ?? null, code);
  if (check.ok) {
    const { percentage } = check.discount;
    return { intent: "apply-discount", ok: true, code: check.discount.code, percentage, ...discountAppliedMessage(percentage) };
  }
  return { intent: "apply-discount", ok: false, code, error: check.error, ...DISCOUNT_MESSAGES[check.error] };
}

export default function PlansRoute() {
  const { plans, outcome, transactions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <PlansContent
      plans={plans}
      transactions={transactions as TransactionRowData[] | Promise<TransactionRowData[]> | null}
      discountResult={actionData}
      outcome={outcome}
    />
  );
}
