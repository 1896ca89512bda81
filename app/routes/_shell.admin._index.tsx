import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_ADMIN_TAB } from "~/components/admin/admin-tabs";
import { requireAdmin } from "~/models/access";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(`/admin/${DEFAULT_ADMIN_TAB}`);
}

// A component makes this a page route, not a resource route: refusals then render inside the
// admin frame's error boundary (Access Denied) instead of as bare text.
export default function AdminIndex() {
  return null;
}
