// "API Tokens" of Profile Settings (docs/product.md#mcp-server): personal access tokens for MCP
// clients. Create one with a name (its secret is shown once, right after), see each token's
// start, creation and last use, and revoke it. Plain forms: works without JavaScript.
import { Form, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { Button } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import type { ApiTokenRow, ApiTokensActionData } from "./types";

export function ApiTokens({ tokens, result }: { tokens: ApiTokenRow[]; result: ApiTokensActionData | undefined }) {
  const nameId = useId();
  const messageId = useId();
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-token";
  const created = result?.intent === "create-token" && result.ok ? result : undefined;

  return (
    <section aria-labelledby="api-tokens-heading" className="mt-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="api-tokens-heading" className="text-lg font-semibold text-slate-900">
        API Tokens
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Personal access tokens let an MCP client (an AI assistant or agent) work on your video projects as you, with your credits. Keep them secret; revoke a
        token you no longer use.
      </p>

      {created ? (
        <div className="mt-4 rounded-xl border border-green-200 bg-green-50 p-4" role="status" aria-live="polite">
          <p className="text-sm font-medium text-green-900">Token &quot;{created.name}&quot; created. Copy it now: it is shown only once.</p>
          <label className="mt-2 block text-xs font-medium text-green-900" htmlFor={`${nameId}-secret`}>
            Your new token
          </label>
          <input
            id={`${nameId}-secret`}
            readOnly
            value={created.token}
            data-testid="new-api-token"
            className="mt-1 w-full rounded-lg border border-green-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : null}

      <Form method="post" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" aria-describedby={messageId}>
        <input type="hidden" name="intent" value="create-token" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={nameId} className="text-sm font-medium text-slate-800">
            Token name
          </label>
          <input
            id={nameId}
            name="name"
            type="text"
            required
            maxLength={100}
            placeholder="e.g. Claude Desktop"
            defaultValue={result?.intent === "create-token" && !result.ok ? result.value : ""}
            aria-invalid={result?.intent === "create-token" && !result.ok ? true : undefined}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:border-brand-500"
          />
        </div>
        <Button type="submit" disabled={creating}>
          {creating ? "Creating..." : "Create Token"}
        </Button>
      </Form>
      <p id={messageId} role="status" aria-live="polite" className={cx("mt-2 min-h-5 text-sm", result && !result.ok ? "text-red-700" : "text-green-700")}>
        {result && !created ? result.message : null}
      </p>

      {tokens.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No tokens yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Your tokens">
          {tokens.map((t) => (
            <li key={t.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">
                  {t.name} <span className="font-mono text-xs text-slate-500">{t.prefix}…</span>
                </p>
                <p className="text-xs text-slate-500">
                  Created {t.created} · {t.lastUsed ? `Last used ${t.lastUsed}` : "Never used"}
                  {t.revoked ? ` · Revoked ${t.revoked}` : ""}
                </p>
              </div>
              {t.revoked ? (
                <span className="text-xs font-medium text-slate-500">Revoked</span>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-token" />
                  <input type="hidden" name="tokenId" value={t.id} />
                  <Button type="submit" variant="secondary" aria-label={`Revoke token ${t.name}`}>
                    Revoke
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
