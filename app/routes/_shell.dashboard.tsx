// /dashboard: signed-in only; the dashboard itself lives at "/".
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/access";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw redirect("/");
}
