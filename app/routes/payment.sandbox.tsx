// /payment/sandbox: the local stand-in for PayU's hosted payment page (ADR 050). It receives
// the same form post, says plainly that it is a sandbox, and lets the buyer choose the outcome;
// the answer is posted to surl/furl with a correctly computed reverse hash.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { formatINR } from "~/models/billing";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { z } from "zod";
import { appUrl } from "~/utils/env.server";
import { field } from "~/utils/form-fields";
import { readForm } from "~/utils/forms.server";
import { gatewayConfig } from "~/utils/payu/config.server";
import { prepareSandboxCheckout, type SandboxCheckout, type SandboxForm } from "~/utils/payu/sandbox.server";

export const meta: MetaFunction = () => [{ title: "Sandbox payment gateway — Reelforge" }, { name: "robots", content: "noindex" }];

function sandboxConfig(request: Request) {
  const config = gatewayConfig("sandbox", request);
  if (!config) throw new Response("Not Found", { status: 404 });
  return config;
}

export async function loader({ request }: LoaderFunctionArgs) {
  sandboxConfig(request);
  return null;
}

/** PayU's checkout fields, whatever their names: single lines of bounded text. */
const checkoutForm = z.record(field.line({ max: 100, label: "A field name" }), field.line({ max: 2000, label: "A field" }));

export async function action({ request }: ActionFunctionArgs) {
  const config = sandboxConfig(request);
  const parsed = await readForm(request, checkoutForm);
  if (!parsed.ok) {
    const refused: SandboxCheckout = { ok: false, error: `The payment request could not be read: ${parsed.formError}` };
    return data(refused, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const checkout = prepareSandboxCheckout(parsed.data, config, new URL(appUrl(request)).origin);
  return data(checkout, { status: checkout.ok ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export default function SandboxGateway() {
  const checkout = useActionData<typeof action>() as SandboxCheckout | undefined;
  return (
    <main className="min-h-dvh bg-amber-50/60 px-4 py-8 sm:py-12">
      <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
        <div role="note" className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-100 p-4 text-amber-950" data-testid="sandbox-banner">
          <p className="flex items-center gap-2 text-sm font-bold uppercase tracking-wide">
            <Icon name="info" className="size-4" /> Sandbox payment gateway
          </p>
          <p className="mt-1 text-sm">
            This is Reelforge&apos;s built-in test gateway, standing in for PayU while no PayU account is configured. No card is charged and no money moves.
            Choose how the payment should end.
          </p>
        </div>
        <section aria-labelledby="sandbox-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 id="sandbox-title" className="text-xl font-bold text-slate-900">
            Sandbox checkout
          </h1>
          {!checkout ? (
            <div className="mt-4 text-sm text-slate-600">
              <p>No payment is in progress. Start a purchase from the plans page.</p>
              <Link to="/plans" className={buttonClasses("primary", "md", "mt-4")}>
                Go to Plans
              </Link>
            </div>
          ) : !checkout.ok ? (
            <div className="mt-4">
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="sandbox-error">
                {checkout.error}
              </p>
              <Link to="/plans" className={buttonClasses("secondary", "md", "mt-4")}>
                Back to Plans
              </Link>
            </div>
          ) : (
            <>
              <dl className="mt-4 divide-y divide-slate-100 border-y border-slate-100 text-sm">
                <Row label="Product">{checkout.order.productinfo}</Row>
                <Row label="Amount">
                  <span data-testid="sandbox-amount">{formatINR(Number(checkout.order.amount))}</span>
                </Row>
                <Row label="Paying as">
                  {checkout.order.firstname}
                  {checkout.order.email ? <span className="block text-xs text-slate-500">{checkout.order.email}</span> : null}
                </Row>
                <Row label="Transaction ID">
                  <span className="font-mono text-xs">{checkout.order.txnid}</span>
                </Row>
              </dl>
              <div className="mt-6 flex flex-col gap-3">
                <Answer form={checkout.success} label="Simulate successful payment" variant="primary" testId="sandbox-success" />
                <Answer form={checkout.failure} label="Simulate failed payment" variant="danger" testId="sandbox-failure" />
              </div>
            </>
          )}
        </section>
      </div>
    </main>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** A plain form to surl/furl: works the same with and without JavaScript. */
function Answer({ form, label, variant, testId }: { form: SandboxForm; label: string; variant: "primary" | "danger"; testId: string }) {
  return (
    <form method="post" action={form.action}>
      {form.fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} size="lg" className="w-full" data-testid={testId}>
        {label}
      </Button>
    </form>
  );
}
