// /custom-orders?new=1: the Custom Order Request dialog (images or videos and a remark; 20
// credits, charged with the order by the core). The action takes the plain multipart post; the
// dialog's script posts the same form to /resources/custom-orders with upload progress.
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { useActionData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { RouteDialog } from "~/components/orders/RouteDialog";
import { UploadForm } from "~/components/orders/UploadForm";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Button, ButtonLink } from "~/components/ui/Button";
import { requireUser } from "~/models/access";
import { CUSTOM_ORDER_COST_CREDITS, FILES_FIELD, ORDER_MAX_FILES, ORDER_MESSAGES } from "~/models/orders/custom-order-rules";
import { setFlash } from "~/utils/flash.server";
import type { loader as layoutLoader } from "./_shell.custom-orders";
import { submitOrderRequest } from "./order-forms.server";

type OrderActionData = { error: string; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const outcome = await submitOrderRequest(request, user);
  if (outcome.ok) return redirect(outcome.redirectTo, { headers: { "Set-Cookie": await setFlash({ kind: "success", title: outcome.message }) } });
  return data({ error: outcome.error, values: outcome.values }, { status: outcome.status });
}

export default function CustomOrdersIndex() {
  const [params] = useSearchParams();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/_shell.custom-orders");
  const actionData = useActionData<OrderActionData>();
  const open = params.get("new") === "1" || Boolean(actionData);
  if (!open || !layout?.signedIn) return null;
  const credits = layout.credits ?? 0;
  const enough = credits >= CUSTOM_ORDER_COST_CREDITS;
  return (
    <RouteDialog title="Custom Order Request" closeTo="/custom-orders" testId="order-request-dialog">
      <p className="text-sm text-slate-600">
        Upload images or videos of your product and tell us what you want. Each custom order costs {CUSTOM_ORDER_COST_CREDITS} credits (you have {credits}).
      </p>
      {!enough ? (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {ORDER_MESSAGES.insufficientCredits}
        </p>
      ) : null}
      <UploadForm
        action="/custom-orders?index&new=1"
        xhrAction="/resources/custom-orders"
        requireFilesMessage={ORDER_MESSAGES.noFiles}
        className="mt-4 space-y-4"
        testId="order-request-form"
      >
        {({ uploading }) => (
          <>
            <div>
              <label htmlFor="order-files" className="block text-sm font-medium text-slate-800">
                Images or videos
              </label>
              <input
                id="order-files"
                name={FILES_FIELD}
                type="file"
                multiple
                accept="image/*,video/*"
                className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
              />
              <p className="mt-1 text-xs text-slate-500">Up to {ORDER_MAX_FILES} files.</p>
            </div>
            <div>
              <label htmlFor="order-remark" className="block text-sm font-medium text-slate-800">
                Remark
              </label>
              <textarea
                id="order-remark"
                name="remark"
                rows={4}
                defaultValue={actionData?.values.remark ?? ""}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                placeholder="Describe the video or images you want"
              />
            </div>
            {actionData?.error ? (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                {actionData.error}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <ButtonLink to="/custom-orders" variant="secondary" preventScrollReset>
                Cancel
              </ButtonLink>
              <Button type="submit" disabled={uploading || !enough}>
                {uploading ? "Submitting..." : `Submit Order (${CUSTOM_ORDER_COST_CREDITS} credits)`}
              </Button>
            </div>
          </>
        )}
      </UploadForm>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
