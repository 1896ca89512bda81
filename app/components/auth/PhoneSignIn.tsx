// "Continue with Phone Number" in two steps (docs/product.md#phone): the phone number, then the
// code sent to it. Each step is a plain form POST; the step lives in the action's answer, so
// it works without JavaScript. Status: idle, loading (pending submit), error, success (redirect).
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/Button";
import { Spinner } from "~/components/ui/Spinner";
import { FormMessage } from "./FormMessage";
import { TextField } from "./TextField";

export type PhoneStepResult = {
  intent: "send-code" | "verify-code";
  step: "phone" | "code";
  phone: string;
  error: string | null;
  /** Set after a code was sent. */
  sentTo: string | null;
};

export function PhoneSignIn({
  result,
  redirectTo,
  outboxHint,
  backHref,
  phoneHref,
}: {
  result: PhoneStepResult | null;
  redirectTo: string | null;
  /** Development only: where sent codes can be read (the SMS outbox page). */
  outboxHint: string | null;
  /** Link back to the e-mail form. */
  backHref: string;
  /** Link to step 1 (a different number). */
  phoneHref: string;
}) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const step = result?.step ?? "phone";
  const codeRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!result) return;
    if (result.step === "code") codeRef.current?.focus();
    else phoneRef.current?.focus();
  }, [result]);

  const hidden = redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;

  if (step === "phone") {
    const sending = pendingIntent === "send-code";
    return (
      <section aria-labelledby="phone-title" className="space-y-4">
        <h2 id="phone-title" className="text-base font-semibold text-slate-900">
          Continue with Phone Number
        </h2>
        <p className="text-sm text-slate-600">Step 1 of 2: we text you a 6-digit code.</p>
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="send-code" />
          {hidden}
          <TextField
            ref={phoneRef}
            name="phone"
            type="tel"
            label="Phone number"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+91 98765 43210"
            required
            defaultValue={result?.phone ?? ""}
            error={result?.error}
            hint="Include your country code."
            id="phone-number"
          />
          <Button type="submit" variant="primary" size="lg" className="w-full" disabled={sending}>
            {sending ? <Spinner /> : null}
            {sending ? "Sending code..." : "Send code"}
          </Button>
        </Form>
        <p className="text-center text-sm">
          <Link to={backHref} className="font-medium text-brand-700 hover:underline">
            Use email instead
          </Link>
        </p>
      </section>
    );
  }

  const verifying = pendingIntent === "verify-code";
  const resending = pendingIntent === "send-code";
  return (
    <section aria-labelledby="code-title" className="space-y-4">
      <h2 id="code-title" className="text-base font-semibold text-slate-900">
        Enter your code
      </h2>
      {result?.error && result.intent === "send-code" ? <FormMessage tone="error">{result.error}</FormMessage> : null}
      {result?.sentTo && !result.error ? (
        <FormMessage tone="success">We sent a 6-digit code to {result.sentTo}. It expires in 10 minutes.</FormMessage>
      ) : (
        <p className="text-sm text-slate-600">Step 2 of 2: enter the code we sent to {result?.phone}.</p>
      )}
      {outboxHint ? (
        <p className="text-xs text-slate-500">
          Development server: text messages are not sent; read the code in the{" "}
          <a href={outboxHint} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
            SMS outbox
          </a>
          .
        </p>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="verify-code" />
        <input type="hidden" name="phone" value={result?.phone ?? ""} />
        {hidden}
        <TextField
          ref={codeRef}
          name="code"
          label="Verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          error={result?.intent === "verify-code" ? result.error : null}
          id="phone-code"
          className="tracking-[0.4em]"
        />
        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={verifying}>
          {verifying ? <Spinner /> : null}
          {verifying ? "Verifying..." : "Verify and continue"}
        </Button>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Form method="post">
          <input type="hidden" name="intent" value="send-code" />
          <input type="hidden" name="fromStep" value="code" />
          <input type="hidden" name="phone" value={result?.phone ?? ""} />
          {hidden}
          <button type="submit" disabled={resending} className="font-medium text-brand-700 hover:underline disabled:opacity-60">
            {resending ? "Sending..." : "Resend code"}
          </button>
        </Form>
        <Link to={phoneHref} className="font-medium text-slate-600 hover:underline">
          Use a different number
        </Link>
      </div>
    </section>
  );
}
