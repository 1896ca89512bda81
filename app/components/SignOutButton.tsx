// Sign out: a plain form POST to /auth/logout, so it works without JavaScript. With
// JavaScript the button first shows "Signing out..." and submits after SIGN_OUT_DELAY_MS
// (1.5 s, docs/product.md#navigation-shell).
import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/ui/Icon";
import { Spinner } from "~/components/ui/Spinner";
import { cx } from "~/components/ui/cx";
import { SIGN_OUT_DELAY_MS } from "~/utils/constants";

export function SignOutButton({
  className,
  collapsedOnDesktop = false,
}: {
  className?: string;
  /** Collapsed desktop sidebar: icon only, the label stays for screen readers. */
  collapsedOnDesktop?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setPending(true);
    // form.submit() skips this handler and does the same plain POST as without JavaScript.
    timer.current = setTimeout(() => form.submit(), SIGN_OUT_DELAY_MS);
  }

  const label = pending ? "Signing out..." : "Sign out";
  return (
    <form method="post" action="/auth/logout" onSubmit={onSubmit} className={className}>
      <button
        type="submit"
        disabled={pending}
        title={collapsedOnDesktop ? label : undefined}
        className={cx(
          "flex h-9 w-full items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-wait disabled:opacity-70",
          collapsedOnDesktop && "md:mx-auto md:size-8 md:justify-center md:px-0",
        )}
      >
        {pending ? <Spinner /> : <Icon name="logout" className="size-4" />}
        <span className={collapsedOnDesktop ? "md:sr-only" : undefined} aria-live="polite">
          {label}
        </span>
      </button>
    </form>
  );
}
