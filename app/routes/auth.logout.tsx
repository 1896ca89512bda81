// POST /auth/logout ends the session on the server (the row is deleted) and clears the cookie.
// A GET never signs out (a link or an image could trigger it); it just goes home.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyCurrentSession } from "~/utils/session.server";

export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/", { status: 303, headers: { "Set-Cookie": await destroyCurrentSession(request) } });
}
