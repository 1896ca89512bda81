// "Continue with Google" / "Sign up with Google": a plain form POST to /auth/google, which
// answers with a redirect to Google. reloadDocument: the browser follows that cross-site
// redirect itself. When Google is not configured the button is disabled and says why.
import { Form } from "@remix-run/react";
import { useState } from "react";
import { buttonClasses } from "~/components/ui/Button";
import { Spinner } from "~/components/ui/Spinner";

export type GoogleState = { enabled: boolean; disabledReason: string | null };

export function GoogleButton({ label, google, from, redirectTo }: { label: string; google: GoogleState; from: "login" | "signup"; redirectTo: string | null }) {
  const [pending, setPending] = useState(false);
  const reasonId = `google-disabled-${from}`;
  return (
    <Form method="post" action="/auth/google" reloadDocument onSubmit={() => setPending(true)} className="space-y-2">
      <input type="hidden" name="from" value={from} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button
        type="submit"
        disabled={!google.enabled || pending}
        aria-describedby={google.enabled ? undefined : reasonId}
        className={buttonClasses("secondary", "lg", "w-full")}
      >
        {pending ? <Spinner /> : <GoogleLogo />}
        {label}
      </button>
      {google.enabled ? null : (
        <p id={reasonId} className="text-center text-xs text-slate-500">
          {google.disabledReason}
        </p>
      )}
    </Form>
  );
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path fill="#4285F4" d="M22.5 12.27c0-.79-.07-1.54-.2-2.27H12v4.3h5.9a5.05 5.05 0 0 1-2.2 3.31v2.75h3.56c2.08-1.92 3.24-4.74 3.24-8.09z" />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.75c-.98.66-2.24 1.06-3.72 1.06-2.86 0-5.29-1.93-6.15-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.85 14.12a6.6 6.6 0 0 1 0-4.24V7.04H2.18a11 11 0 0 0 0 9.92l3.67-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.04l3.67 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
