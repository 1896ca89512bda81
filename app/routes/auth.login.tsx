// /auth/login (docs/product.md#accounts-and-sign-in): "Welcome Back", Google, e-mail + password,
// link to sign up.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuthLayout, Divider } from "~/components/auth/AuthLayout";
import { ShowcaseCarousel } from "~/components/showcase/ShowcaseCarousel";
import { listShowcaseVideosSafely } from "~/models/stories";
import { FormMessage } from "~/components/auth/FormMessage";
import { GoogleButton } from "~/components/auth/GoogleButton";
import { InAppBrowserNotice } from "~/components/auth/InAppBrowserNotice";
import { authHref } from "~/components/auth/links";
import { PasswordForm, type PasswordFormResult } from "~/components/auth/PasswordForm";
import { AUTH_MESSAGES, authenticateWithPassword, authPageBase, clientIp, signInAndRedirect } from "~/models/access";
import { field, pickErrors } from "~/utils/form-fields";
import { readForm, withoutBody } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Sign in — Reelforge" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { page } = await authPageBase(request);
  return { ...page, showcase: await listShowcaseVideosSafely() };
}

const loginForm = z.object({
  email: field.optional(field.line({ max: 1000, message: AUTH_MESSAGES.invalidEmail })),
  // Hashed, never stored or shown: any characters, only bounded.
  password: field.optional(z.string({ error: AUTH_MESSAGES.passwordRequired }).max(1024, { error: AUTH_MESSAGES.invalidCredentials })),
  redirectTo: field.redirectTo(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await readForm(request, loginForm);
  if (!parsed.ok) {
    const body: PasswordFormResult = {
      intent: "login",
      formError: parsed.formError,
      fieldErrors: pickErrors(parsed.fieldErrors, ["email", "password"]),
      email: "",
    };
    return data(body, { status: 400 });
  }
  const result = await authenticateWithPassword(withoutBody(request), "login", parsed.form, clientIp(context));
  if (!result.ok) {
    const body: PasswordFormResult = {
      intent: "login",
      formError: result.formError,
      fieldErrors: result.fieldErrors,
      email: (parsed.data.email ?? "").slice(0, 254),
    };
    return data(body, { status: result.status });
  }
  return signInAndRedirect(request, result.userId, parsed.data.redirectTo);
}

export default function LoginPage() {
  const { redirectTo, google, error, passwordMinLength, showcase } = useLoaderData<typeof loader>();
  const result = (useActionData<typeof action>() as unknown as PasswordFormResult | undefined) ?? null;
  return (
    <AuthLayout title="Welcome Back" subtitle="Sign in to keep creating videos." showcase={<ShowcaseCarousel videos={showcase} />}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="space-y-3">
        <GoogleButton label="Continue with Google" google={google} from="login" redirectTo={redirectTo} />
        {google.enabled ? <InAppBrowserNotice /> : null}
      </div>
      <Divider label="or sign in with email" />
      <PasswordForm mode="login" result={result} redirectTo={redirectTo} passwordMinLength={passwordMinLength} />
      <div className="space-y-2 text-center text-sm text-slate-600">
        <p>
          Don't have an account?{" "}
          <Link to={authHref("/auth/signup", { redirectTo })} className="font-medium text-brand-700 hover:underline">
            Sign up
          </Link>
        </p>
        <p>
          Signed up with your phone?{" "}
          <Link to={authHref("/auth/signup", { method: "phone", redirectTo })} className="font-medium text-brand-700 hover:underline">
            Continue with Phone Number
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
