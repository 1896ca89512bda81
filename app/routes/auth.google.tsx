// POST /auth/google starts Google sign-in (redirect to Google's consent page). Errors go back
// to the page the button was on (?error=...), so a plain form post never ends on a bare error.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { authHref } from "~/components/auth/links";
import { z } from "zod";
import { beginGoogleSignIn, googleSignInState } from "~/models/access";
import { field } from "~/utils/form-fields";
import { inputError, readForm } from "~/utils/forms.server";

export const loader = () => redirect("/auth/login");

/** Where the button was (an unknown value reads as the sign-in page) and where to go afterwards. */
const googleForm = z.object({ from: z.enum(["login", "signup"]).catch("login"), redirectTo: field.redirectTo() });

export async function action({ request }: ActionFunctionArgs) {
  const parsed = await readForm(request, googleForm);
  // Both fields fall back to defaults: only a body that is not a form is refused (by readForm).
  if (!parsed.ok) throw inputError(parsed.formError, 400);
  const back = parsed.data.from === "signup" ? "/auth/signup" : "/auth/login";
  const redirectTo = parsed.data.redirectTo;
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
