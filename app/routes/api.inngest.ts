// /api/inngest: the Inngest serve endpoint (GET introspection, PUT sync, POST run a step).
// Called by Inngest Cloud, a self-hosted Inngest server, or the embedded executor; every
// execution request must carry a valid signature (see inngest/client.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { inputError } from "~/utils/forms.server";
import { inngestHandler } from "../../inngest/serve.server";

export const loader = (args: LoaderFunctionArgs) => inngestHandler(args);

/**
 * The SDK parses a body as JSON and fails with a 500 when it is not: a body that is not JSON is
 * refused here first (the protocol's sync request has an empty body).
 */
export async function action(args: ActionFunctionArgs) {
  const text = await args.request.clone().text();
  if (text.trim()) {
    try {
      JSON.parse(text);
    } catch {
      throw inputError("The workflow endpoint takes a JSON body.", 400);
    }
  }
  return inngestHandler(args);
}
