// /oauth/consent?request=… (docs/product.md#mcp-oauth): an MCP client's authorization request
// (server/oauth.ts sends the browser here from /authorize) waits for the signed-in user's
// Allow or Deny; the answer redirects to the client with a code or error=access_denied.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { FormMessage } from "~/components/auth/FormMessage";
import { ConsentForm, type ConsentRequest } from "~/components/oauth/ConsentForm";
import { actorFromUser, decideAuthorization, getPendingAuthorization, isNotFound, MCP_ACCESS_DESCRIPTION, requireUser } from "~/models/access";
import { field } from "~/utils/form-fields";
import { inputError, readForm, readQuery } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Connect an application — Reelforge" }];

const EXPIRED = "This sign-in request has expired or was already answered. Start connecting again from your application.";

type ConsentData = { consent: ConsentRequest; error: null } | { consent: null; error: string };

const consentQuery = z.object({ request: field.optional(field.token("The request", 100)) });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { request: requestId } = readQuery(request, consentQuery);
  const headers = { "Cache-Control": "no-store" };
  if (!requestId) return data({ consent: null, error: EXPIRED }, { status: 404, headers });
  try {
    const pending = await getPendingAuthorization(actorFromUser(user, "web"), requestId);
    const consent: ConsentRequest = {
      id: pending.id,
      clientName: pending.clientName,
      redirectTarget: pending.redirectTarget,
      signedInAs: user.email ?? user.phone ?? user.username ?? "you",
      access: MCP_ACCESS_DESCRIPTION,
    };
    return data({ consent, error: null }, { headers });
  } catch (error) {
    if (isNotFound(error)) return data({ consent: null, error: EXPIRED }, { status: 404, headers });
    throw error;
  }
}

const consentForm = z.object({
  request: field.token("The request", 100),
  decision: z.enum(["allow", "deny"], { error: "Choose Allow or Deny." }),
});

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = await readForm(request, consentForm);
  if (!parsed.ok) throw inputError(parsed.formError, 400);
  try {
    const { redirectTo } = await decideAuthorization(actorFromUser(user, "web"), parsed.data.request, parsed.data.decision === "allow");
    return redirect(redirectTo, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isNotFound(error)) throw inputError(EXPIRED, 404);
    throw error;
  }
}

export default function ConsentPage() {
  // data() with a status: the loader's type is the init wrapper, not what arrives.
  const { consent, error } = useLoaderData<typeof loader>() as unknown as ConsentData;
  return (
    <AuthLayout title="Connect an application" subtitle="An application is asking to use Reelforge for you.">
      {consent ? <ConsentForm request={consent} /> : <FormMessage tone="error">{error}</FormMessage>}
    </AuthLayout>
  );
}
