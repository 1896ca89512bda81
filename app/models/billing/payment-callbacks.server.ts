// Door for the gateway's surl/furl posts: read the form, hand it to the payments core, send
// the browser on to the page that shows the stored outcome (303, so a reload does not re-post).
// A body that is not a readable form, or whose txnid or fields cannot be ours (control
// characters, absurd sizes), is answered 4xx before the core looks anything up: nothing is
// granted and nothing is stored (the fields are kept as JSON on the transaction).
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { processGatewayCallback } from "./gateway-callbacks.server";
import { field } from "~/utils/form-fields";
import { inputError, readForm } from "~/utils/forms.server";

const callbackForm = z
  .record(field.line({ max: 100, label: "A field name" }), field.text({ max: 10_000, label: "A field" }))
  .and(z.object({ txnid: field.token("The transaction id") }));

export async function handleGatewayCallback(request: Request, endpoint: "success" | "failure"): Promise<Response> {
  if (request.method !== "POST") return redirect("/plans", 303);
  const parsed = await readForm(request, callbackForm);
  if (!parsed.ok) throw inputError(`The payment response could not be read: ${parsed.formError}`, 400);
  const outcome = await processGatewayCallback(parsed.data, endpoint);
  return redirect(outcome.redirectTo, 303);
}
