// /order/{accessCode}: ordering through a shared link (open; docs/product.md#custom-orders). A
// guest gives a name, e-mail and (when the link asks) a phone; a signed-in user orders as
// themself. Files and a remark go with the order. A free link's order is placed at once (the
// page then says so); a paid link continues to /payment?orderId=…, and the order is pending only
// once paid. An unknown, inactive or expired link shows why it takes no orders.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PublicLayout } from "~/components/landing/PublicLayout";
import { UploadForm } from "~/components/orders/UploadForm";
import { Button } from "~/components/ui/Button";
import { getOptionalUser } from "~/models/access";
import { FILES_FIELD, formatRate, LINK_MESSAGES, ORDER_MAX_FILES, ORDER_MESSAGES } from "~/models/orders/custom-order-rules";
import { checkOrderLink } from "~/models/orders";
import { submitLinkOrder } from "./order-forms.server";

export const meta: MetaFunction = () => [{ title: "Order a video — Reelforge" }];

type PageData = {
  link: Awaited<ReturnType<typeof checkOrderLink>> extends infer C ? (C extends { ok: true; link: infer L } ? L : never) | null : never;
  problem: string | null;
  placed: number | null;
  signedInAs: string | null;
  accessCode: string;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const accessCode = params.accessCode ?? "";
  const user = await getOptionalUser(request);
  const check = await checkOrderLink(accessCode);
  const placedRaw = new URL(request.url).searchParams.get("placed");
  const placed = placedRaw && /^[0-9]{1,10}$/.test(placedRaw) ? Number(placedRaw) : null;
  const signedInAs = user ? (user.username ?? user.email ?? "your account") : null;
  if (!check.ok) return data<PageData>({ link: null, problem: check.message, placed: null, signedInAs, accessCode: "" }, { status: check.status });
  return data<PageData>({ link: check.link, problem: null, placed, signedInAs, accessCode: check.link.accessCode });
}

type ActionData = { error: string; values: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await getOptionalUser(request);
  const outcome = await submitLinkOrder(request, user, params.accessCode ?? "");
  if (outcome.ok) return redirect(outcome.redirectTo, 303);
  return data<ActionData>({ error: outcome.error, values: outcome.values }, { status: outcome.status });
}

const input = "mt-1 block h-10 w-full rounded-md border border-slate-300 px-3 text-sm";

export default function OrderLinkPage() {
  const { link, problem, placed, signedInAs, accessCode } = useLoaderData<PageData>();
  const actionData = useActionData<ActionData>();
  const values = actionData?.values ?? {};
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6">
        {!link ? (
          <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-center">
            <h1 className="text-xl font-semibold text-slate-900">Order a video</h1>
            <p className="mt-2 text-sm text-slate-700" data-testid="link-problem">
              {problem}
            </p>
          </div>
        ) : placed ? (
          <div className="rounded-xl border border-green-200 bg-green-50 p-6 text-center" data-testid="order-placed">
            <h1 className="text-xl font-semibold text-green-900">{ORDER_MESSAGES.submitted}</h1>
            <p className="mt-2 text-sm text-green-800">
              Order #order-{placed}. {LINK_MESSAGES.placed}
            </p>
          </div>
        ) : (
          <div className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{link.title}</h1>
            {link.description ? <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{link.description}</p> : null}
            <p className="mt-3 text-sm font-medium text-slate-900" data-testid="link-rate">
              Price: {formatRate(link.customRate)}
            </p>
            <UploadForm
              action={`/order/${accessCode}`}
              xhrAction={`/resources/order-links/${accessCode}`}
              requireFilesMessage={ORDER_MESSAGES.noFiles}
              className="mt-5 space-y-4"
              testId="link-order-form"
            >
              {({ uploading }) => (
                <>
                  {signedInAs ? (
                    <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">Ordering as {signedInAs}.</p>
                  ) : (
                    <>
                      <label className="block text-sm">
                        <span className="font-medium text-slate-800">Name</span>
                        <input name="name" required autoComplete="name" defaultValue={values.name ?? ""} className={input} />
                      </label>
                      <label className="block text-sm">
                        <span className="font-medium text-slate-800">E-mail</span>
                        <input name="email" type="email" required autoComplete="email" defaultValue={values.email ?? ""} className={input} />
                      </label>
                      <label className="block text-sm">
                        <span className="font-medium text-slate-800">Phone{link.requirePhone ? "" : " (optional)"}</span>
                        <input name="phone" type="tel" required={link.requirePhone} autoComplete="tel" defaultValue={values.phone ?? ""} className={input} />
                      </label>
                    </>
                  )}
                  <label className="block text-sm">
                    <span className="font-medium text-slate-800">Images or videos</span>
                    <input name={FILES_FIELD} type="file" multiple accept="image/*,video/*" className="mt-1 block w-full text-sm" />
                    <span className="mt-1 block text-xs text-slate-500">Up to {ORDER_MAX_FILES} files.</span>
                  </label>
                  <label className="block text-sm">
                    <span className="font-medium text-slate-800">Remark</span>
                    <textarea
                      name="remark"
                      rows={4}
                      defaultValue={values.remark ?? ""}
                      className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                    />
                  </label>
                  {actionData?.error ? (
                    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                      {actionData.error}
                    </p>
                  ) : null}
                  <Button type="submit" className="w-full" disabled={uploading}>
                    {uploading ? "Submitting..." : link.customRate > 0 ? "Continue to payment" : "Place order"}
                  </Button>
                </>
              )}
            </UploadForm>
          </div>
        )}
      </div>
    </PublicLayout>
  );
}
