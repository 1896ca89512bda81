// "Connected applications" of Profile Settings (docs/product.md#mcp-oauth): the MCP clients the
// user allowed through OAuth, each with Disconnect (every token of the user for that client is
// revoked). A plain form: works without JavaScript.
import { Form, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { Button } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import type { ConnectedAppRow, ConnectedAppsActionData } from "./types";

export function ConnectedApps({ apps, result }: { apps: ConnectedAppRow[]; result: ConnectedAppsActionData | undefined }) {
  const messageId = useId();
  const navigation = useNavigation();
  const busyClient = navigation.state !== "idle" && navigation.formData?.get("intent") === "disconnect-app" ? navigation.formData.get("clientId") : null;

  return (
    <section aria-labelledby="connected-apps-heading" className="mt-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="connected-apps-heading" className="text-lg font-semibold text-slate-900">
        Connected applications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        MCP clients you allowed to act as you by signing in. Disconnect one to end its access at once; it must ask you again to come back.
      </p>
      <p id={messageId} role="status" aria-live="polite" className={cx("mt-2 min-h-5 text-sm", result && !result.ok ? "text-red-700" : "text-green-700")}>
        {result?.message ?? null}
      </p>
      {apps.length === 0 ? (
        <p className="text-sm text-slate-500">No connected applications.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your connected applications">
          {apps.map((app) => (
            <li key={app.clientId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{app.name}</p>
                <p className="break-words text-xs text-slate-500">
                  {app.redirectTarget ? `Answers go to ${app.redirectTarget} · ` : ""}
                  {app.approved ? `Allowed ${app.approved} · ` : ""}
                  Last signed in or refreshed {app.lastToken}
                </p>
              </div>
              <Form method="post" aria-describedby={messageId}>
                <input type="hidden" name="intent" value="disconnect-app" />
                <input type="hidden" name="clientId" value={app.clientId} />
                <Button type="submit" variant="secondary" disabled={busyClient === app.clientId} aria-label={`Disconnect ${app.name}`}>
                  {busyClient === app.clientId ? "Disconnecting..." : "Disconnect"}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
