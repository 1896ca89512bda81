// surl: PayU (or the sandbox gateway) posts the signed response here after a payment.
// A cross-site POST without our session cookie: everything comes from the transaction row.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { handleGatewayCallback } from "~/models/billing";

export const action = ({ request }: ActionFunctionArgs) => handleGatewayCallback(request, "success");

export const loader = () => redirect("/plans");
