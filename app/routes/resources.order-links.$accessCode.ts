// POST /resources/order-links/{accessCode}: the order page's script posts its multipart form here
// (XMLHttpRequest, real upload progress); JSON {ok, redirectTo, message} or {ok: false, error}.
// Open to guests, like the page; the plain post goes to the page's action.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/models/access";
import { outcomeJson, submitLinkOrder } from "./order-forms.server";

export function loader() {
  return outcomeJson({ ok: false, status: 405, error: "Use POST to place an order.", values: {} });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return outcomeJson({ ok: false, status: 405, error: "Use POST to place an order.", values: {} });
  const user = await getOptionalUser(request);
  return outcomeJson(await submitLinkOrder(request, user, params.accessCode ?? ""));
}
