// The question an MCP client's sign-in ends with (docs/product.md#mcp-oauth): who asks, where
// the answer goes, what it may do, Allow or Deny. A plain form post (works without JavaScript);
// the answer is a redirect to the client's own address, so the document reloads.
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";

export type ConsentRequest = {
  id: string;
  clientName: string | null;
  redirectTarget: string;
  signedInAs: string;
  access: string;
};

export function ConsentForm({ request }: { request: ConsentRequest }) {
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        <strong className="font-semibold text-slate-900">{request.clientName ?? "An application"}</strong> wants to connect to your Reelforge account{" "}
        <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{request.signedInAs}</strong>.
      </p>
      <dl className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
        <div>
          <dt className="font-medium text-slate-900">If you allow, it will be able to</dt>
          <dd className="mt-1 text-slate-700">{request.access}.</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Your answer goes to</dt>
          <dd className="mt-1 font-mono text-slate-700 [overflow-wrap:anywhere]">{request.redirectTarget}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-500">
        The name above is what the application calls itself. Allow only an application you are connecting yourself, right now.
      </p>
      <Form method="post" reloadDocument className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <input type="hidden" name="request" value={request.id} />
        <Button type="submit" name="decision" value="deny" variant="secondary">
          Deny
        </Button>
        <Button type="submit" name="decision" value="allow">
          Allow
        </Button>
      </Form>
    </div>
  );
}
