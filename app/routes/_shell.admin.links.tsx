// /admin/links, the Order Links tab (docs/product.md#admin-area): links newest first with their
// active toggle; Create Link (?create=1) and Share (?share={id}) are dialogs in the address, so
// they work without JavaScript. Every action is the core's, which refuses non-admins.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { RouteDialog } from "~/components/orders/RouteDialog";
import { ShareLink } from "~/components/orders/ShareLink";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Time } from "~/components/time/TimeZone";
import { Button, ButtonLink } from "~/components/ui/Button";
import { actorFromUser, isNotFound, requireAdmin } from "~/models/access";
import { formatRate, LINK_DEFAULTS, LINK_LIMITS, LINK_MESSAGES, orderLinkPath } from "~/models/orders/custom-order-rules";
import { isOrderError, createOrderLink, listOrderLinks, setOrderLinkActive, type OrderLinkRow } from "~/models/orders";
import { dayInZone, timeZoneOf, wallClockInZone } from "~/utils/dates";
import { appUrl } from "~/utils/env.server";
import { field } from "~/utils/form-fields";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";

/** today: the earliest expiry day in the admin's zone (the date input's min). */
type LinksData = { links: OrderLinkRow[]; origin: string; error: string | null; today: string };

export async function loader({ request }: LoaderFunctionArgs): Promise<LinksData> {
  const user = await requireAdmin(request);
  const origin = appUrl(request);
  const today = dayInZone(new Date(), timeZoneOf(request));
  try {
    return { links: await listOrderLinks(actorFromUser(user, "admin")), origin, error: null, today };
  } catch (error) {
    console.error("[admin] loading order links failed", error);
    return { links: [], origin, error: LINK_MESSAGES.loadFailed, today };
  }
}

const number = (label: string) => field.optional(field.line({ max: 20, label }));
const linkForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("create"),
      title: field.optional(field.line({ max: LINK_LIMITS.titleMax, label: "The title" })),
      description: field.optional(field.text({ max: LINK_LIMITS.descriptionMax, label: "The description" })),
      customRate: number("The rate"),
      creditsAmount: number("The credits"),
      expiryDate: field.optional(field.line({ max: 40, label: "The expiry date" })),
      requirePhone: field.checkbox(),
      requirePhoneSent: field.checkbox(),
    }),
    z.object({ intent: z.literal("toggle"), linkId: field.cuid("The link id"), active: z.enum(["true", "false"], { error: "Choose active or inactive." }) }),
  ],
  { error: "Unknown action." },
);

type ActionData = { error: string; values?: Record<string, string> };

function toNumber(value: string | undefined, message: string): number | null {
  if (value === undefined) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(value.trim())) throw new Error(message);
  return Number(value.trim());
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const parsed = await readForm(request, linkForm);
  if (!parsed.ok) return data<ActionData>({ error: parsed.formError }, { status: 400 });
  const actor = actorFromUser(user, "admin");
  const flash = async (title: string) => ({ "Set-Cookie": await setFlash({ kind: "success", title }) });
  if (parsed.data.intent === "toggle") {
    try {
      await setOrderLinkActive(actor, parsed.data.linkId, parsed.data.active === "true");
    } catch (error) {
      if (isNotFound(error)) return data<ActionData>({ error: "Order link not found" }, { status: 404 });
      throw error;
    }
    return redirect("/admin/links", { headers: await flash(parsed.data.active === "true" ? LINK_MESSAGES.activated : LINK_MESSAGES.deactivated) });
  }
  const f = parsed.data;
  const values = Object.fromEntries(
    ["title", "description", "customRate", "creditsAmount", "expiryDate"].map((k) => [k, String((f as Record<string, unknown>)[k] ?? "")]),
  );
  try {
    const customRate = toNumber(f.customRate, LINK_MESSAGES.rateInvalid);
    const creditsAmount = toNumber(f.creditsAmount, LINK_MESSAGES.creditsInvalid);
    let expiryDate: Date | null = null;
    if (f.expiryDate) {
      // A date (the end of that day) or a date and time from the picker, in the admin's zone (ADR 267).
      expiryDate = wallClockInZone(f.expiryDate, timeZoneOf(request));
      if (!expiryDate) throw new Error(LINK_MESSAGES.expiryInvalid);
    }
    const link = await createOrderLink(actor, {
      title: f.title ?? "",
      description: f.description,
      customRate,
      creditsAmount,
      expiryDate,
      // A form without the field (an old client) keeps the default: on.
      requirePhone: f.requirePhoneSent ? f.requirePhone : LINK_DEFAULTS.requirePhone,
    });
    return redirect(`/admin/links?share=${link.id}`, { headers: await flash(LINK_MESSAGES.created) });
  } catch (error) {
    if (isOrderError(error)) return data<ActionData>({ error: error.message, values }, { status: error.status });
    if (error instanceof Error && Object.values(LINK_MESSAGES).includes(error.message as never))
      return data<ActionData>({ error: error.message, values }, { status: 400 });
    throw error;
  }
}

export default function AdminLinksTab() {
  const { links, origin, error, today } = useLoaderData<LinksData>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const creating = params.get("create") === "1" || Boolean(actionData?.values);
  const shareId = params.get("share");
  const sharing = shareId ? links.find((l) => l.id === shareId) : null;
  const [title, setTitle] = useState(actionData?.values?.title ?? "");
  const busy = navigation.state === "submitting";

  return (
    <section aria-labelledby="links-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="links-heading" className="text-lg font-semibold text-slate-900">
          Order Links
        </h2>
        <ButtonLink to="/admin/links?create=1" preventScrollReset data-testid="create-link">
          Create Link
        </ButtonLink>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {actionData?.error && !creating ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}
      {!error && links.length === 0 ? <p className="py-6 text-center text-sm text-slate-600">No order links yet.</p> : null}
      {links.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Title
                </th>
                <th scope="col" className="px-3 py-2">
                  Rate
                </th>
                <th scope="col" className="px-3 py-2">
                  Credits
                </th>
                <th scope="col" className="px-3 py-2">
                  Expires
                </th>
                <th scope="col" className="px-3 py-2">
                  Orders
                </th>
                <th scope="col" className="px-3 py-2">
                  Active
                </th>
                <th scope="col" className="relative px-3 py-2">
                  <span className="sr-only">Share</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {links.map((link) => (
                <tr key={link.id} data-testid="link-row" data-code={link.accessCode}>
                  <td className="px-3 py-2">
                    <span className="font-medium text-slate-900">{link.title}</span>
                    <span className="block font-mono text-xs text-slate-500">{link.accessCode}</span>
                  </td>
                  <td className="px-3 py-2">{formatRate(link.customRate)}</td>
                  <td className="px-3 py-2">{link.creditsAmount}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{link.expiryDate ? <Time value={link.expiryDate} /> : "Never"}</td>
                  <td className="px-3 py-2">{link.orders}</td>
                  <td className="px-3 py-2">
                    {link.expired ? (
                      <span className="rounded-full bg-red-100 px-2.5 py-1 text-xs font-medium text-red-800" data-testid="link-expired">
                        Expired
                      </span>
                    ) : (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="toggle" />
                        <input type="hidden" name="linkId" value={link.id} />
                        <input type="hidden" name="active" value={link.isActive ? "false" : "true"} />
                        <button
                          type="submit"
                          role="switch"
                          aria-checked={link.isActive}
                          aria-label={`${link.title}: ${link.isActive ? "active" : "inactive"}`}
                          className={
                            link.isActive
                              ? "rounded-full bg-green-100 px-2.5 py-1 text-xs font-medium text-green-800"
                              : "rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600"
                          }
                        >
                          {link.isActive ? "Active" : "Inactive"}
                        </button>
                      </Form>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <ButtonLink to={`/admin/links?share=${link.id}`} variant="secondary" size="sm" preventScrollReset>
                      Share
                    </ButtonLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {creating ? (
        <RouteDialog title="Create Order Link" closeTo="/admin/links" testId="create-link-dialog">
          <Form method="post" action="/admin/links?create=1" preventScrollReset className="space-y-3">
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="requirePhoneSent" value="1" />
            <label className="block text-sm">
              <span className="font-medium text-slate-800">Title</span>
              <input
                name="title"
                required
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                maxLength={LINK_LIMITS.titleMax}
                className="mt-1 block h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
              />
            </label>
            <label className="block text-sm">
              <span className="font-medium text-slate-800">Description</span>
              <textarea
                name="description"
                rows={3}
                defaultValue={actionData?.values?.description ?? ""}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              />
            </label>
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="block text-sm">
                <span className="font-medium text-slate-800">Rate (₹)</span>
                <input
                  name="customRate"
                  type="number"
                  min={0}
                  step="0.01"
                  defaultValue={actionData?.values?.customRate || LINK_DEFAULTS.customRate}
                  className="mt-1 block h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
                />
              </label>
              <label className="block text-sm">
                <span className="font-medium text-slate-800">Credits</span>
                <input
                  name="creditsAmount"
                  type="number"
                  min={1}
                  step={1}
                  defaultValue={actionData?.values?.creditsAmount || LINK_DEFAULTS.creditsAmount}
                  className="mt-1 block h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
                />
              </label>
            </div>
            <label className="block text-sm">
              <span className="font-medium text-slate-800">Expiry date (optional)</span>
              <input
                name="expiryDate"
                type="date"
                min={today}
                defaultValue={actionData?.values?.expiryDate ?? ""}
                className="mt-1 block h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
              />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input name="requirePhone" type="checkbox" defaultChecked={LINK_DEFAULTS.requirePhone} className="size-4" />
              <span className="text-slate-800">Require phone number</span>
            </label>
            {actionData?.error ? (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                {actionData.error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <ButtonLink to="/admin/links" variant="secondary" preventScrollReset>
                Cancel
              </ButtonLink>
              {/* Disabled while the title is empty once the script runs; the server refuses it too. */}
              <Button type="submit" disabled={busy || (title.trim() === "" && typeof window !== "undefined")}>
                {busy ? "Creating..." : "Create Link"}
              </Button>
            </div>
          </Form>
        </RouteDialog>
      ) : null}

      {sharing ? (
        <RouteDialog title="Share Order Link" closeTo="/admin/links" testId="share-link-dialog">
          <p className="mb-3 text-sm text-slate-600">
            {sharing.title} · {formatRate(sharing.customRate)}
          </p>
          <ShareLink url={`${origin}${orderLinkPath(sharing.accessCode)}`} title={sharing.title} />
        </RouteDialog>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
