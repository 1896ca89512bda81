import { useFetcher } from "@remix-run/react";
import { useEffect, useId } from "react";
import { Button } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import type { AppliedCode, DiscountActionData } from "./types";

export const DISCOUNT_FETCHER_KEY = "apply-discount";

/**
 * The discount code input and Apply. Posts to the /plans action (a plain form POST without
 * JavaScript; a fetcher with it), which checks the code on the server.
 */
export function DiscountCodeForm({
  result,
  applied,
  onResult,
}: {
  /** Result of the last Apply (fetcher or, without JavaScript, the page's action data). */
  result: DiscountActionData | undefined;
  applied: AppliedCode | null;
  onResult: (data: DiscountActionData) => void;
}) {
  const fetcher = useFetcher<DiscountActionData>({ key: DISCOUNT_FETCHER_KEY });
  const inputId = useId();
  const messageId = useId();
  const busy = fetcher.state !== "idle";
  const shown = fetcher.data ?? result;

  useEffect(() => {
    if (fetcher.data) onResult(fetcher.data);
  }, [fetcher.data, onResult]);

  return (
    <div className="w-full max-w-md">
      <fetcher.Form method="post" action="/plans" className="flex gap-2" aria-describedby={shown ? messageId : undefined}>
        <input type="hidden" name="intent" value="apply-discount" />
        <label htmlFor={inputId} className="sr-only">
          Discount code
        </label>
        <input
          id={inputId}
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Enter discount code"
          defaultValue={result?.code ?? applied?.code ?? ""}
          aria-invalid={shown && !shown.ok ? true : undefined}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm uppercase placeholder:normal-case focus-visible:border-brand-500"
        />
        <Button type="submit" variant="secondary" disabled={busy} aria-disabled={busy}>
          {busy ? "Applying..." : "Apply"}
        </Button>
      </fetcher.Form>
      <div id={messageId} aria-live="polite" className="mt-2 min-h-5 text-sm">
        {shown && !busy ? (
          <p className={cx(shown.ok ? "text-green-700" : "text-red-700")} data-testid="discount-message">
            <span className="font-semibold">{shown.title}</span> <span>{shown.description}</span>
          </p>
        ) : null}
      </div>
      {applied ? (
        <p className="text-sm font-semibold text-green-600" data-testid="discount-applied">
          {applied.percentage}% discount applied!
        </p>
      ) : null}
    </div>
  );
}
