// furl: PayU (or the sandbox gateway) posts the signed response here when a payment fails.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { handleGatewayCallback } from "~/models/billing";

export const action = ({ request }: ActionFunctionArgs) => handleGatewayCallback(request, "failure");

export const loader = () => redirect("/plans");
