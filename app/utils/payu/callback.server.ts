// Door for the gateway's surl/furl posts: parse the form, hand it to the payments core, send
// the browser on to the page that shows the stored outcome (303, so a reload does not re-post).
import { redirect } from "@remix-run/node";
import { processGatewayCallback } from "~/models/payments.server";

export async function handleGatewayCallback(request: Request, endpoint: "success" | "failure"): Promise<Response> {
  if (request.method !== "POST") return redirect("/plans", 303);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return redirect("/plans?payment=error", 303);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  const outcome = await processGatewayCallback(fields, endpoint);
  return redirect(outcome.redirectTo, 303);
}
