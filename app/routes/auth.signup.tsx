// /auth/signup (docs/product.md#accounts-and-sign-in): "Create Account", Google, "Continue with
// Phone Number" (two steps: phone, then code) and e-mail + password. One action, chosen by the
// form's intent.
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
import { PhoneSignIn, type PhoneStepResult } from "~/components/auth/PhoneSignIn";
import { buttonClasses } from "~/components/ui/Button";
import {
  AUTH_MESSAGES,
  authenticateWithPassword,
  authPageBase,
  clientIp,
  PHONE_MESSAGES,
  requestPhoneCode,
  signInAndRedirect,
  verifyPhoneCode,
} from "~/models/access";
import { field, pickErrors } from "~/utils/form-fields";
import { readForm, readQuery, withoutBody } from "~/utils/forms.server";
import { env } from "~/utils/env.server";
import { outboxOpenToClient } from "~/utils/conveniences.server";
import { activeSmsProvider } from "~/utils/sms/index.server";

export const meta: MetaFunction = () => [{ title: "Create account — Reelforge" }];

/** An unknown method shows the e-mail form. */
const signupQuery = z.object({ method: z.enum(["email", "phone"]).catch("email") });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { url, page } = await authPageBase(request);
  return {
    ...page,
    method: readQuery(url, signupQuery).method,
    // Only to a visitor who could open the outbox (this machine, outside production; ADR 120).
    outboxHint: activeSmsProvider() === "outbox" && outboxOpenToClient(env(), clientIp(context)) ? "/dev/outbox" : null,
    showcase: await listShowcaseVideosSafely(),
  };
}

type ActionResult = PasswordFormResult | PhoneStepResult | { intent: "unknown"; error: string };

const statusFor: Record<string, number> = {
  invalid_phone: 400,
  code_required: 400,
  invalid_code: 400,
  expired: 400,
  too_many_attempts: 429,
  rate_limited_phone: 429,
  rate_limited_ip: 429,
  send_failed: 502,
};

const email = field.optional(field.line({ max: 1000, message: AUTH_MESSAGES.invalidEmail }));
// Hashed, never stored or shown: any characters; the length rule is the core's.
const password = field.optional(z.string({ error: AUTH_MESSAGES.passwordTooShort }).max(1024, { error: AUTH_MESSAGES.passwordTooLong }));
const phone = field.optional(field.line({ max: 64, message: PHONE_MESSAGES.invalidPhone }));
const redirectTo = field.redirectTo();
const signupForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("signup"), email, password, redirectTo }),
    z.object({ intent: z.literal("send-code"), phone, fromStep: z.string().optional(), redirectTo }),
    z.object({ intent: z.literal("verify-code"), phone, code: field.optional(field.line({ max: 32, message: PHONE_MESSAGES.invalidCode })), redirectTo }),
  ],
  { error: PHONE_MESSAGES.unexpected },
);

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await readForm(request, signupForm);
  if (!parsed.ok) {
    const intent = parsed.form.get("intent");
    const rawPhone = String(parsed.form.get("phone") ?? "").slice(0, 64);
    const body: ActionResult =
      intent === "signup"
        ? { intent, formError: parsed.formError, fieldErrors: pickErrors(parsed.fieldErrors, ["email", "password"]), email: "" }
        : intent === "send-code" || intent === "verify-code"
          ? { intent, step: intent === "verify-code" && !parsed.fieldErrors.phone ? "code" : "phone", phone: rawPhone, error: parsed.formError, sentTo: null }
          : { intent: "unknown", error: PHONE_MESSAGES.unexpected };
    return data(body, { status: 400 });
  }
  const input = parsed.data;

  if (input.intent === "signup") {
    const result = await authenticateWithPassword(withoutBody(request), "signup", parsed.form);
    if (!result.ok) {
      const body: ActionResult = {
        intent: "signup",
        formError: result.formError,
        fieldErrors: result.fieldErrors,
        email: (input.email ?? "").slice(0, 254),
      };
      return data(body, { status: result.status });
    }
    return signInAndRedirect(request, result.userId, input.redirectTo);
  }

  const { intent, redirectTo } = input;
  const rawPhone = input.phone ?? "";
  try {
    if (input.intent === "send-code") {
      const sent = await requestPhoneCode({ phone: rawPhone, ip: clientIp(context) });
      if (sent.ok) {
        const body: ActionResult = { intent, step: "code", phone: sent.phone, error: null, sentTo: sent.phone };
        return data(body);
      }
      // A failed resend keeps the visitor on the code step (unless the number itself is wrong).
      const step = input.fromStep === "code" && sent.code !== "invalid_phone" ? "code" : "phone";
      const body: ActionResult = { intent, step, phone: rawPhone, error: sent.message, sentTo: null };
      return data(body, { status: statusFor[sent.code] ?? 400 });
    }
    const verified = await verifyPhoneCode({ phone: rawPhone, code: input.code ?? "" });
    if (verified.ok) return signInAndRedirect(request, verified.userId, redirectTo);
    const step = verified.code === "invalid_phone" ? "phone" : "code";
    const body: ActionResult = { intent, step, phone: rawPhone, error: verified.message, sentTo: null };
    return data(body, { status: statusFor[verified.code] ?? 400 });
  } catch (error) {
    console.error("phone sign-in failed", error);
    const body: ActionResult = {
      intent,
      step: intent === "verify-code" ? "code" : "phone",
      phone: rawPhone,
      error: PHONE_MESSAGES.unexpected,
      sentTo: null,
    };
    return data(body, { status: 500 });
  }
}

export default function SignupPage() {
  const { redirectTo, google, error, method, outboxHint, passwordMinLength, showcase } = useLoaderData<typeof loader>();
  const result = (useActionData<typeof action>() as unknown as ActionResult | undefined) ?? null;
  const phoneResult = result && (result.intent === "send-code" || result.intent === "verify-code") ? result : null;
  const passwordResult = result && result.intent === "signup" ? result : null;
  const showPhone = Boolean(phoneResult) || method === "phone";
  const emailHref = authHref("/auth/signup", { redirectTo });
  const phoneHref = authHref("/auth/signup", { method: "phone", redirectTo });
  const loginHref = authHref("/auth/login", { redirectTo });

  return (
    <AuthLayout title="Create Account" subtitle="Start turning scripts into video ads." showcase={<ShowcaseCarousel videos={showcase} />}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {result?.intent === "unknown" ? <FormMessage tone="error">{result.error}</FormMessage> : null}
      <div className="space-y-3">
        <GoogleButton label="Sign up with Google" google={google} from="signup" redirectTo={redirectTo} />
        {google.enabled ? <InAppBrowserNotice /> : null}
      </div>
      <Divider />
      {showPhone ? (
        <PhoneSignIn result={phoneResult} redirectTo={redirectTo} outboxHint={outboxHint} backHref={emailHref} phoneHref={phoneHref} />
      ) : (
        <>
          <Link to={phoneHref} className={buttonClasses("secondary", "lg", "w-full")}>
            <PhoneIcon />
            Continue with Phone Number
          </Link>
          <Divider label="or sign up with email" />
          <PasswordForm
            mode="signup"
            result={passwordResult}
            redirectTo={redirectTo}
            passwordMinLength={passwordMinLength}
            extra={
              passwordResult?.fieldErrors.email?.startsWith("An account") ? (
                <Link to={loginHref} className="ml-1 font-medium text-brand-700 underline">
                  Go to sign in
                </Link>
              ) : null
            }
          />
        </>
      )}
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to={loginHref} className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="6" y="2" width="12" height="20" rx="2.5" />
      <path d="M11 18h2" strokeLinecap="round" />
    </svg>
  );
}
