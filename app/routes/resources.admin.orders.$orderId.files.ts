// POST /resources/admin/orders/{orderId}/files?role=admin|delivery[&deliver=1]: the JSON door the
// order dialog's scripts post their multipart forms to (real upload progress). Staff only: the
// session is checked here and every rule again in the core. The plain post goes to the dialog's
// own action; both read it with order-forms.server.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getOptionalUser, isAdminUser } from "~/models/access";
import { outcomeJson, parseRole, submitStaffFiles } from "./order-forms.server";

const refuse = (status: number, error: string) => outcomeJson({ ok: false, status, error, values: {} });

export function loader() {
  return refuse(405, "Use POST to upload files.");
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return refuse(405, "Use POST to upload files.");
  const user = await getOptionalUser(request);
  if (!user) return refuse(401, "Please sign in.");
  if (!isAdminUser(user)) return refuse(403, "You don't have permission to access this page.");
  const orderId = params.orderId ?? "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderId)) return refuse(404, "Order not found");
  const url = new URL(request.url);
  let role: "admin" | "delivery";
  try {
    role = parseRole(url.searchParams.get("role"));
  } catch {
    return refuse(400, "Choose where the files go.");
  }
  const deliver = url.searchParams.get("deliver") === "1";
  const back = `/admin/orders/${orderId}?section=${role === "delivery" ? "delivery" : "media"}`;
  return outcomeJson(await submitStaffFiles(request, user, orderId, { role, deliver, back }));
}
