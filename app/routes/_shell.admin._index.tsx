import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_ADMIN_TAB } from "~/components/admin/admin-tabs";
import { requireAdmin } from "~/models/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(`/admin/${DEFAULT_ADMIN_TAB}`);
}
