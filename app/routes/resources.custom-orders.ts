// POST /resources/custom-orders: the Custom Order Request dialog's script posts its multipart
// form here (XMLHttpRequest, real upload progress); JSON {ok, redirectTo, message} or
// {ok: false, error}. The plain post goes to the page's action; both read it with order-forms.server.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/models/access";
import { outcomeJson, submitOrderRequest } from "./order-forms.server";

export function loader() {
  return outcomeJson({ ok: false, status: 405, error: "Use POST to submit an order.", values: {} });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return outcomeJson({ ok: false, status: 405, error: "Use POST to submit an order.", values: {} });
  const user = await getOptionalUser(request);
  if (!user) return outcomeJson({ ok: false, status: 401, error: "Please sign in to place a custom order.", values: {} });
  return outcomeJson(await submitOrderRequest(request, user));
}
