// POST /auth/google starts Google sign-in (redirect to Google's consent page). Errors go back
// to the page the button was on (?error=...), so a plain form post never ends on a bare error.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { authHref } from "~/components/auth/links";
import { beginGoogleSignIn, googleSignInState, safeRedirect } from "~/utils/auth.server";

export const loader = () => redirect("/auth/login");

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = form.get("from") === "signup" ? "/auth/signup" : "/auth/login";
  const rawRedirect = form.get("redirectTo");
  const redirectTo = typeof rawRedirect === "string" && rawRedirect ? safeRedirect(rawRedirect) : null;
  if (!googleSignInState().enabled) {
    return redirect(authHref(back, { error: "google-not-configured", redirectTo }), 303);
  }
  try {
    return await beginGoogleSignIn(request, redirectTo);
  } catch (error) {
    console.error("google sign-in: could not start", error);
    return redirect(authHref(back, { error: "google", redirectTo }), 303);
  }
}
