// /payment (open): the summary card of docs/product.md#the-payment-page. Proceed asks the server to
// create a pending transaction and answers with the gateway's checkout form, which submits itself
// (and shows a button without JavaScript). Plans need a signed-in user; a custom order
// (?orderId=) can also be paid by its guest.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Await, Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Suspense, useEffect, useRef } from "react";
import { z } from "zod";
import {
  DISCOUNT_MESSAGES,
  formatINR,
  getOrderPaymentOutcome,
  initiatePayment,
  PAYMENT_MESSAGES,
  type PaymentProblem,
  type PaymentRequest,
  PROBLEM_MESSAGE,
  resolvePaymentSummary,
  type SummaryResult,
} from "~/models/billing";
import { OrderPaymentDone } from "~/components/plans/OrderPaymentDone";
import { PaymentOutcome } from "~/components/plans/PaymentOutcome";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { Spinner } from "~/components/ui/Spinner";
import { actorFromUser, getOptionalUser } from "~/models/access";
import { field } from "~/utils/form-fields";
import { readForm, readQuery } from "~/utils/forms.server";
import { isValidCheckoutForm, type CheckoutForm } from "~/utils/payu/checkout";

export const meta: MetaFunction = () => [{ title: "Payment — Reelforge" }];

const REDIRECT_DELAY_S = 2;

type DetailsView =
  | {
      ok: true;
      kind: "plan" | "order";
      planName: string;
      amount: number;
      originalAmount: number;
      orderId: string | null;
      discountPercentage: number | null;
      discountNotice: { title: string; description: string } | null;
    }
  | { ok: false; problem: PaymentProblem; message: string; redirectTo: string | null };

function problemRedirect(problem: PaymentProblem, here: string): string | null {
  switch (problem) {
    case "order_load_failed":
      return "/";
    case "invalid_details":
      return "/plans";
    case "login_required":
      return `/auth/login?redirectTo=${encodeURIComponent(here)}`;
    default:
      return null;
  }
}

function detailsView(result: SummaryResult, here: string): DetailsView {
  if (!result.ok) return { ok: false, problem: result.problem, message: PROBLEM_MESSAGE[result.problem], redirectTo: problemRedirect(result.problem, here) };
  const s = result.summary;
  return {
    ok: true,
    kind: s.kind,
    planName: s.planName,
    amount: s.amount,
    originalAmount: s.originalAmount,
    orderId: s.kind === "order" ? s.orderId : null,
    discountPercentage: s.kind === "plan" ? (s.discount?.percentage ?? null) : null,
    discountNotice: s.kind === "plan" && s.discountError ? DISCOUNT_MESSAGES[s.discountError] : null,
  };
}

/** What to pay for: the same fields in the page's query and in Proceed's form. */
const paymentFields = {
  plan: field.optional(field.line({ max: 64, label: "The plan" })),
  code: field.optional(field.line({ max: 64, label: "The discount code" })),
  orderId: field.optional(field.token("The order id")),
};
const paymentQuery = z.object({ ...paymentFields, payment: z.string().optional(), txnid: field.optional(field.token("The transaction id")) });
const paymentForm = z.object(paymentFields);

function paymentRequest(user: PaymentRequest["user"], fields: z.output<typeof paymentForm>): PaymentRequest {
  const str = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  return { user, planName: str(fields.plan), discountCode: str(fields.code), orderId: fields.orderId ?? null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const query = readQuery(url, paymentQuery);
  const orderId = query.orderId ?? null;

  // Back from the gateway for a custom order: show the stored outcome. A paid order (or a
  // payment that came after it was paid) gets its own page: nothing is left to pay.
  const txnid = query.txnid;
  const outcome = query.payment && txnid && orderId ? await getOrderPaymentOutcome(txnid, orderId, user ? actorFromUser(user, "web") : null) : null;
  if (outcome && (outcome.state === "success" || outcome.state === "refund")) return { outcome, details: null, cancelHref: "/" };

  const details = resolvePaymentSummary(paymentRequest(user, query)).then((r) => detailsView(r, here));
  // A client-side navigation streams the details behind "Loading payment details..."; a
  // document request (also without JavaScript) gets them whole.
  const clientFetch = request.headers.get("Sec-Fetch-Dest") === "empty";
  return { outcome, details: clientFetch ? details : await details, cancelHref: orderId ? "/" : "/plans" };
}

type ActionData = { ok: true; checkout: CheckoutForm } | { ok: false; title: string; message: string; redirectTo: string | null };

export async function action({ request }: ActionFunctionArgs): Promise<ActionData> {
  const parsed = await readForm(request, paymentForm);
  if (!parsed.ok) {
    const refused: ActionData = { ok: false, title: PAYMENT_MESSAGES.paymentErrorTitle, message: parsed.formError, redirectTo: null };
    // Remix unwraps data(): the page shows the refusal like any other.
    return data(refused, { status: 400 }) as unknown as ActionData;
  }
  const user = await getOptionalUser(request);
  const url = new URL(request.url);
  try {
    const result = await initiatePayment(paymentRequest(user, parsed.data), { request });
    if (result.ok) return { ok: true, checkout: result.checkout };
    if (result.problem === "payment_error") return { ok: false, title: result.title, message: result.message, redirectTo: null };
    return {
      ok: false,
      title: PAYMENT_MESSAGES.paymentErrorTitle,
      message: PROBLEM_MESSAGE[result.problem],
      redirectTo: problemRedirect(result.problem, url.pathname + url.search),
    };
  } catch (error) {
    console.error("payment initiation failed", error);
    return { ok: false, title: PAYMENT_MESSAGES.paymentErrorTitle, message: PAYMENT_MESSAGES.initiateFailed, redirectTo: null };
  }
}

export default function PaymentRoute() {
  const { outcome, details, cancelHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  if (outcome && details === null) {
    return (
      <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-8 sm:py-12">
        <OrderPaymentDone outcome={outcome} />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-8 sm:py-12">
      {outcome ? <PaymentOutcome state={outcome.state} order txnid={outcome.txnid} /> : null}
      <section aria-labelledby="payment-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="payment-title" className="text-xl font-bold text-slate-900">
          Complete Your Payment
        </h1>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Icon name="shield" className="size-4 text-green-600" />
          Secure payment processing with PayU
        </p>
        {actionData?.ok ? (
          <CheckoutRedirect checkout={actionData.checkout} />
        ) : details === null ? (
          <div className="mt-6">
            <Link to={cancelHref} className={buttonClasses("secondary", "md")}>
              Return to Home
            </Link>
          </div>
        ) : (
          <Suspense
            fallback={
              <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-600">
                <Spinner /> Loading payment details...
              </p>
            }
          >
            <Await resolve={details} errorElement={<Problem message={PAYMENT_MESSAGES.orderLoadFailed} redirectTo="/" />}>
              {(resolved) => {
                const d = resolved as DetailsView;
                return d.ok ? (
                  <Summary details={d} cancelHref={cancelHref} error={actionData && !actionData.ok ? actionData : null} />
                ) : (
                  <Problem message={d.message} redirectTo={d.redirectTo} cancelHref={cancelHref} />
                );
              }}
            </Await>
          </Suspense>
        )}
      </section>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Summary({
  details,
  cancelHref,
  error,
}: {
  details: Extract<DetailsView, { ok: true }>;
  cancelHref: string;
  error: { title: string; message: string; redirectTo: string | null } | null;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post" && navigation.formAction?.startsWith("/payment");
  const params = new URLSearchParams(location.search);
  return (
    <>
      {details.discountNotice ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <span className="font-semibold">{details.discountNotice.title}</span> {details.discountNotice.description}
        </p>
      ) : null}
      <dl className="mt-4 divide-y divide-slate-100 border-y border-slate-100" data-testid="payment-summary">
        <Row label="Plan">{details.planName}</Row>
        <Row label="Amount">
          {details.amount !== details.originalAmount ? (
            <s className="mr-2 font-normal text-slate-500">
              <span className="sr-only">Original price </span>
              {formatINR(details.originalAmount)}
            </s>
          ) : null}
          <span data-testid="payment-amount">{formatINR(details.amount)}</span>
          {details.discountPercentage ? (
            <span className="block text-xs font-normal text-green-700">{details.discountPercentage}% discount applied!</span>
          ) : null}
        </Row>
        {details.orderId ? <Row label="Order ID">{details.orderId}</Row> : null}
      </dl>
      {error ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{error.title}</p>
          <p>{error.message}</p>
          {error.redirectTo ? (
            <Link to={error.redirectTo} className="mt-1 inline-block font-medium underline">
              Continue
            </Link>
          ) : null}
        </div>
      ) : null}
      <Form method="post" className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {details.kind === "plan" ? (
          <>
            <input type="hidden" name="plan" value={details.planName} />
            {details.discountPercentage && params.get("code") ? <input type="hidden" name="code" value={params.get("code") ?? ""} /> : null}
          </>
        ) : (
          <input type="hidden" name="orderId" value={details.orderId ?? ""} />
        )}
        <Link to={cancelHref} className={buttonClasses("secondary", "md")}>
          Cancel
        </Link>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? "Processing..." : "Proceed to Payment"}
        </Button>
      </Form>
    </>
  );
}

/** A message, then the redirect of docs/product.md#the-payment-page (a meta refresh without JavaScript, a timer with it). */
function Problem({ message, redirectTo, cancelHref }: { message: string; redirectTo: string | null; cancelHref?: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!redirectTo) return;
    const t = setTimeout(() => navigate(redirectTo, { replace: true }), REDIRECT_DELAY_S * 1000);
    return () => clearTimeout(t);
  }, [navigate, redirectTo]);
  return (
    <div className="mt-6">
      {redirectTo ? <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_S};url=${redirectTo}`} /> : null}
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="payment-problem">
        {message}
      </p>
      <div className="mt-4 flex gap-3">
        {redirectTo ? (
          <Link to={redirectTo} className={buttonClasses("primary", "md")}>
            Continue
          </Link>
        ) : null}
        {cancelHref && cancelHref !== redirectTo ? (
          <Link to={cancelHref} className={buttonClasses("secondary", "md")}>
            Cancel
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The gateway's form: submitted by script at once, or by the buyer without JavaScript. */
function CheckoutRedirect({ checkout }: { checkout: CheckoutForm }) {
  const formRef = useRef<HTMLFormElement>(null);
  const valid = isValidCheckoutForm(checkout);
  useEffect(() => {
    if (valid) formRef.current?.submit();
  }, [valid, checkout]);
  if (!valid) {
    return (
      <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        {PAYMENT_MESSAGES.invalidForm}
      </p>
    );
  }
  const gatewayName = checkout.provider === "sandbox" ? "the sandbox payment gateway" : "PayU";
  return (
    <form ref={formRef} method="post" action={checkout.action} className="mt-6" data-testid="checkout-form">
      {checkout.fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Redirecting you to {gatewayName}...
      </p>
      <Button type="submit" className="mt-4 w-full">
        Continue to payment
      </Button>
    </form>
  );
}
