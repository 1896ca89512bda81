// /plans "Choose Your Plan" (open): plans, discount code, transaction history, and the outcome
// of a payment when the gateway sends the browser back here.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import {
  DISCOUNT_MESSAGES,
  discountAppliedMessage,
  getPaymentResult,
  discountFor,
  listPlans,
  listSuccessfulTransactions,
  normalizeDiscountCode,
  type PaymentOutcomeState,
} from "~/models/billing";
import { PlansContent, type PlansOutcome } from "~/components/plans/PlansContent";
import type { DiscountActionData, TransactionRowData } from "~/components/plans/types";
import { actorFromUser, getOptionalUser } from "~/models/access";
import { field } from "~/utils/form-fields";
import { inputError, readForm, readQuery } from "~/utils/forms.server";

/** ?payment= is a flag (any value but "error" means "show the outcome of txnid"). */
const plansQuery = z.object({
  payment: z.string().optional(),
  txnid: field.optional(field.token("The transaction id")),
});

export const meta: MetaFunction = () => [{ title: "Plans & Billing — Reelforge" }];

/** A client-side navigation (fetch) may stream the history; a document request gets it whole. */
function isClientFetch(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "empty";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const url = new URL(request.url);
  const plans = await listPlans();

  const { payment, txnid } = readQuery(url, plansQuery);
  let outcome: PlansOutcome = null;
  if (payment === "error") {
    outcome = { state: "error" };
  } else if (payment) {
    const result = txnid ? await getPaymentResult(txnid, user ? actorFromUser(user, "web") : null) : null;
    if (result && !result.customOrderId) {
      outcome = { state: result.state satisfies PaymentOutcomeState, credits: result.credits, planName: result.planName, txnid: result.txnid };
    }
  }

  const history = user ? listSuccessfulTransactions(actorFromUser(user, "web")) : null;
  return { plans, outcome, transactions: history && !isClientFetch(request) ? await history : history };
}

const discountForm = z.object({
  intent: z.literal("apply-discount", { error: "Unknown action." }),
  code: field.optional(field.line({ max: 64, label: "The discount code" })),
});

export async function action({ request }: ActionFunctionArgs): Promise<DiscountActionData> {
  const parsed = await readForm(request, discountForm);
  if (!parsed.ok) {
    if (parsed.form.get("intent") !== "apply-discount") throw inputError("Unknown action", 400);
    const refused: DiscountActionData = { intent: "apply-discount", ok: false, code: "", error: "invalid", ...DISCOUNT_MESSAGES.invalid };
    // Remix unwraps data(): the page receives the refusal like any other discount answer.
    return data(refused, { status: 400 }) as unknown as DiscountActionData;
  }
  const user = await getOptionalUser(request);
  const code = normalizeDiscountCode(parsed.data.code);
  const check = await discountFor(user ? actorFromUser(user, "web") : null, code);
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
