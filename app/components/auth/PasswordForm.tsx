// E-mail + password form for sign-in and sign-up. A plain POST to the page's own action;
// with JavaScript the button shows a pending label and the first invalid field gets focus.
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/Button";
import { Spinner } from "~/components/ui/Spinner";
import { FormMessage } from "./FormMessage";
import { TextField } from "./TextField";

export type PasswordFormResult = {
  intent: "login" | "signup";
  formError: string | null;
  fieldErrors: Partial<Record<"email" | "password", string>>;
  email: string;
};

export function PasswordForm({
  mode,
  result,
  redirectTo,
  passwordMinLength,
  extra,
}: {
  mode: "login" | "signup";
  result: PasswordFormResult | null;
  redirectTo: string | null;
  passwordMinLength: number;
  /** Shown under the form error (e.g. a "Sign in instead" link). */
  extra?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === mode;
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const fieldErrors = result?.fieldErrors ?? {};

  useEffect(() => {
    if (!result) return;
    if (result.fieldErrors.email) emailRef.current?.focus();
    else if (result.fieldErrors.password || result.formError) passwordRef.current?.focus();
  }, [result]);

  const showFormError = result?.formError && !fieldErrors.email && !fieldErrors.password;
  const idle = mode === "login" ? "Sign in" : "Create account";
  const busy = mode === "login" ? "Signing in..." : "Creating account...";

  return (
    <Form method="post" className="space-y-4" noValidate aria-describedby={showFormError ? `${mode}-error` : undefined}>
      <input type="hidden" name="intent" value={mode} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {showFormError ? (
        <FormMessage tone="error" id={`${mode}-error`}>
          {result?.formError}
          {extra}
        </FormMessage>
      ) : null}
      <TextField
        ref={emailRef}
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={result?.email ?? ""}
        error={fieldErrors.email}
        id={`${mode}-email`}
      />
      {fieldErrors.email && extra ? <div className="-mt-2 text-sm">{extra}</div> : null}
      <TextField
        ref={passwordRef}
        name="password"
        type="password"
        label="Password"
        autoComplete={mode === "login" ? "current-password" : "new-password"}
        required
        minLength={mode === "signup" ? passwordMinLength : undefined}
        hint={mode === "signup" ? `At least ${passwordMinLength} characters` : undefined}
        error={fieldErrors.password}
        id={`${mode}-password`}
      />
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={pending} aria-live="polite">
        {pending ? <Spinner /> : null}
        {pending ? busy : idle}
      </Button>
    </Form>
  );
}
