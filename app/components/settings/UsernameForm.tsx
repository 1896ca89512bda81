// "New Username" and "Update Profile" (docs/product.md#profile-settings). The rules run on the
// server.
import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { Button } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import type { SettingsActionData } from "./types";

export function UsernameForm({ current, result }: { current: string | null; result: Extract<SettingsActionData, { intent: "username" }> | undefined }) {
  const fetcher = useFetcher<SettingsActionData>({ key: "settings-username" });
  const inputId = useId();
  const messageId = useId();
  const busy = fetcher.state !== "idle";
  const latest = (fetcher.data?.intent === "username" ? fetcher.data : undefined) ?? result;

  return (
    <fetcher.Form method="post" className="flex flex-col gap-3" aria-describedby={messageId}>
      <input type="hidden" name="intent" value="username" />
      <p className="text-sm text-slate-600" data-testid="current-username">
        {current ? `Current username: ${current}` : "No username set"}
      </p>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        New Username
      </label>
      <input
        id={inputId}
        name="username"
        type="text"
        autoComplete="username"
        defaultValue={latest && !latest.ok ? latest.value : ""}
        key={latest?.ok ? latest.username : "form"}
        aria-invalid={latest && !latest.ok ? true : undefined}
        aria-describedby={messageId}
        className="h-10 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:border-brand-500"
      />
      <p id={messageId} role="status" aria-live="polite" className={cx("min-h-5 text-sm", latest?.ok ? "text-green-700" : "text-red-700")}>
        {latest && !busy ? latest.message : null}
      </p>
      <Button type="submit" className="self-start" disabled={busy}>
        {busy ? "Updating..." : "Update Profile"}
      </Button>
    </fetcher.Form>
  );
}
