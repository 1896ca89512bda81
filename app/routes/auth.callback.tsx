// /auth/callback (docs/product.md#google): "Completing login...", then on to / (or the page the
// visitor came from) after 500 ms. With an OAuth code the Google exchange runs here on the server
// first, so there is no client-side reload step (ADR 011). On failure: "Authentication
// failed. Please try again." and back to /auth/login after 2 s. Without JavaScript a
// <noscript> meta refresh does the same (whole seconds only).
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { Spinner } from "~/components/ui/Spinner";
import { z } from "zod";
import { AUTH_MESSAGES, completeGoogleSignIn, getOptionalUser } from "~/models/access";
import { field } from "~/utils/form-fields";
import { readQuery } from "~/utils/forms.server";
import { CALLBACK_REDIRECT_MS, CALLBACK_RELOAD_MS } from "~/utils/constants";

export const meta: MetaFunction = () => [{ title: "Signing in — Reelforge" }, { name: "robots", content: "noindex" }];

type CallbackState =
  | { status: "success"; redirectTo: string; message: string; detail: null }
  | { status: "error"; redirectTo: "/auth/login"; message: string; detail: string | null };

const noStore = { "Cache-Control": "no-store" };

/** Where a signed-in visitor goes on: a same-site path (see safe-redirect.ts), else home. */
const callbackQuery = z.object({ redirectTo: field.redirectTo() });

// The page carries a fresh sign-in: no cache may keep it.
export const headers: HeadersFunction = () => noStore;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const oauth = ["code", "state", "error"].some((key) => url.searchParams.has(key));
  const failure = (detail: string | null): CallbackState => ({
    status: "error",
    redirectTo: "/auth/login",
    message: AUTH_MESSAGES.callbackFailed,
    detail,
  });

  if (oauth) {
    const result = await completeGoogleSignIn(request);
    if (!result.ok) return data(failure(result.detail), { status: 401, headers: noStore });
    const state: CallbackState = { status: "success", redirectTo: result.redirectTo, message: "Completing login...", detail: null };
    return data(state, { headers: { ...noStore, "Set-Cookie": result.setCookie } });
  }

  // No code: the visitor is either signed in already (go on) or not (nothing to complete).
  if (await getOptionalUser(request)) {
    const state: CallbackState = {
      status: "success",
      redirectTo: readQuery(url, callbackQuery).redirectTo ?? "/",
      message: "Completing login...",
      detail: null,
    };
    return data(state, { headers: noStore });
  }
  return data(failure(null), { status: 401, headers: noStore });
}

export default function AuthCallback() {
  // Cast: the loader answers with data(), whose typing depends on the single-fetch type flag.
  const state = useLoaderData<typeof loader>() as unknown as CallbackState;
  const delay = state.status === "success" ? CALLBACK_REDIRECT_MS : CALLBACK_RELOAD_MS;

  useEffect(() => {
    // A full page load, so every loader (the shell's user, credits) sees the new session.
    const timer = setTimeout(() => window.location.replace(state.redirectTo), delay);
    return () => clearTimeout(timer);
  }, [state.redirectTo, delay]);

  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <noscript>
        <meta httpEquiv="refresh" content={`${Math.max(1, Math.round(delay / 1000))};url=${state.redirectTo}`} />
      </noscript>
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        {state.status === "success" ? (
          <div className="flex flex-col items-center gap-3 text-slate-700" role="status" aria-live="polite">
            <Spinner className="size-8 text-brand-600" />
            <p className="text-base font-medium">{state.message}</p>
            <a href={state.redirectTo} className="text-sm text-slate-500 underline">
              Continue
            </a>
          </div>
        ) : (
          <div className="space-y-3" role="alert">
            <p className="text-base font-semibold text-red-700">{state.message}</p>
            {state.detail ? <p className="text-sm text-slate-600">{state.detail}</p> : null}
            <p className="text-sm text-slate-500">
              Returning to{" "}
              <a href="/auth/login" className="font-medium text-brand-700 underline">
                sign in
              </a>
              …
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
