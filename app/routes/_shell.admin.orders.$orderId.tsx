// /admin/orders/{orderId}: the order's detail dialog over the Orders tab, with three sections in
// the address (?section=details|media|delivery): Order Details (remark, credits, dates, admin
// notes and status, saved together), Media (files and legacy images, a larger preview, delete
// after confirmation, upload more with progress) and Delivery (URL, message, files; Deliver).
// Every action is the core's, which refuses non-admins (docs/product.md#admin-area).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { formatOrderCredits } from "~/components/orders/format";
import { Time } from "~/components/time/TimeZone";
import { OrderFiles } from "~/components/orders/OrderFiles";
import { RouteDialog } from "~/components/orders/RouteDialog";
import { StatusBadge } from "~/components/orders/StatusBadge";
import { UploadForm } from "~/components/orders/UploadForm";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Button, ButtonLink } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { actorFromUser, isNotFound, requireAdmin } from "~/models/access";
import { ADMIN_NOTES_MAX, ADMIN_ORDER_STATUSES, FILES_FIELD, ORDER_MESSAGES } from "~/models/orders/custom-order-rules";
import { deleteOrderMedia, getOrderForStaff, updateOrderStatus, isOrderError } from "~/models/orders";
import { field } from "~/utils/form-fields";
import { setFlash } from "~/utils/flash.server";
import { isMultipart, readForm } from "~/utils/forms.server";
import { listSearch } from "./_shell.admin.orders";
import { parseRole, submitStaffFiles } from "./order-forms.server";

const SECTIONS = [
  { value: "details", label: "Order Details" },
  { value: "media", label: "Media" },
  { value: "delivery", label: "Delivery" },
] as const;
type Section = (typeof SECTIONS)[number]["value"];

function sectionOf(value: string | null): Section {
  return SECTIONS.some((s) => s.value === value) ? (value as Section) : "details";
}

function orderIdOf(params: { orderId?: string }): string {
  const id = params.orderId ?? "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const orderId = orderIdOf(params);
  try {
    return { order: await getOrderForStaff(actorFromUser(user, "admin"), orderId) };
  } catch (error) {
    if (isNotFound(error)) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

const orderForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("update-status"),
      status: z.enum(ADMIN_ORDER_STATUSES, { error: "Choose a status." }),
      adminNotes: field.optional(field.text({ max: ADMIN_NOTES_MAX, label: "Admin notes" })),
    }),
    z.object({
      intent: z.literal("delete-media"),
      mediaId: field.cuid("The media id"),
      confirmed: z.literal("yes", { error: "Please confirm the deletion." }),
    }),
  ],
  { error: "Unknown action." },
);

type ActionData = { error: string; values?: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const orderId = orderIdOf(params);
  const url = new URL(request.url);
  const here = (section: Section) => `/admin/orders/${orderId}${withSection(listSearch(url.searchParams), section)}`;
  const done = async (to: string, title: string) => redirect(to, { headers: { "Set-Cookie": await setFlash({ kind: "success", title }) } });

  if (isMultipart(request)) {
    const role = parseRole(url.searchParams.get("role"));
    const deliver = url.searchParams.get("deliver") === "1";
    const back = here(role === "delivery" ? "delivery" : "media");
    const outcome = await submitStaffFiles(request, user, orderId, { role, deliver, back });
    if (outcome.ok) return done(outcome.redirectTo, outcome.message);
    return data<ActionData>({ error: outcome.error, values: outcome.values }, { status: outcome.status });
  }

  const parsed = await readForm(request, orderForm);
  if (!parsed.ok) return data<ActionData>({ error: parsed.formError }, { status: 400 });
  const actor = actorFromUser(user, "admin");
  try {
    if (parsed.data.intent === "update-status") {
      await updateOrderStatus(actor, orderId, { status: parsed.data.status, adminNotes: parsed.data.adminNotes });
      return done(here("details"), ORDER_MESSAGES.updated);
    }
    await deleteOrderMedia(actor, orderId, parsed.data.mediaId);
    return done(here("media"), ORDER_MESSAGES.mediaDeleted);
  } catch (error) {
    const fallback = parsed.data.intent === "update-status" ? ORDER_MESSAGES.updateFailed : ORDER_MESSAGES.deleteMediaFailed;
    if (isNotFound(error)) return data<ActionData>({ error: fallback }, { status: 404 });
    if (isOrderError(error)) return data<ActionData>({ error: error.status >= 500 ? fallback : error.message }, { status: error.status });
    console.error("[admin] order action failed", error);
    return data<ActionData>({ error: fallback }, { status: 500 });
  }
}

function withSection(search: string, section: Section, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  params.set("section", section);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return `?${params.toString()}`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default function AdminOrderDialog() {
  const { order } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const section = sectionOf(params.get("section"));
  const list = listSearch(params);
  const base = `/admin/orders/${order.id}`;
  const busy = navigation.state === "submitting";
  const previewId = params.get("preview");
  const confirmId = params.get("confirm");
  const allMedia: OrderMediaView[] = [...order.media, ...order.deliveryFiles];
  const preview = previewId ? (allMedia.find((m) => m.id === previewId) ?? null) : null;
  const confirming = confirmId ? (allMedia.find((m) => m.id === confirmId) ?? null) : null;

  return (
    <RouteDialog title={`Order #order-${order.orderNumber}`} closeTo={`/admin/orders${list}`} wide testId="admin-order-dialog">
      <nav aria-label="Order sections" className="mb-4 overflow-x-auto">
        <ul className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          {SECTIONS.map((s) => (
            <li key={s.value}>
              <Link
                to={`${base}${withSection(list, s.value)}`}
                preventScrollReset
                replace
                aria-current={s.value === section ? "page" : undefined}
                className={cx("tab", s.value === section && "tab-current")}
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {actionData?.error ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}

      {section === "details" ? <OrderDetails order={order} base={base} list={list} busy={busy} /> : null}
      {section === "media" ? <OrderMedia order={order} base={base} list={list} busy={busy} preview={preview} confirming={confirming} /> : null}
      {section === "delivery" ? <OrderDelivery order={order} base={base} list={list} values={actionData?.values} /> : null}
    </RouteDialog>
  );
}

type OrderView = ReturnType<typeof useLoaderData<typeof loader>>["order"];
type OrderMediaView = OrderView["media"][number] | OrderView["deliveryFiles"][number];
/** What every section needs: the order, the dialog's address and the list's search to keep. */
type SectionProps = { order: OrderView; base: string; list: string };

/** The details section: who ordered what, and the status and notes staff set. */
function OrderDetails({ order, base, list, busy }: SectionProps & { busy: boolean }) {
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-100">
        <Row label="Customer">{order.customer ?? "Unknown"}</Row>
        {order.guest ? (
          <Row label="Guest">
            {order.guest.name}
            {order.guest.email ? ` · e-mail ${order.guest.email}` : ""}
            {order.guest.phoneNumber ? ` · phone ${order.guest.phoneNumber}` : ""}
          </Row>
        ) : null}
        <Row label="Type">{order.orderType}</Row>
        <Row label="Status">
          <StatusBadge status={order.status} />
        </Row>
        <Row label="Client remark">
          <span className="whitespace-pre-line">{order.remark ?? "—"}</span>
        </Row>
        <Row label="Credits used">{formatOrderCredits(order.creditsUsed)}</Row>
        <Row label="Created">
          <Time value={order.createdAt} />
        </Row>
        <Row label="Updated">
          <Time value={order.updatedAt} />
        </Row>
        <Row label="Delivered">
          <Time value={order.deliveredAt} />
        </Row>
      </dl>
      <Form method="post" action={`${base}${withSection(list, "details")}`} preventScrollReset className="space-y-3" data-testid="status-form">
        <input type="hidden" name="intent" value="update-status" />
        <label className="block text-sm">
          <span className="font-medium text-slate-800">Status</span>
          <select
            name="status"
            defaultValue={(ADMIN_ORDER_STATUSES as readonly string[]).includes(order.status) ? order.status : "pending"}
            className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            {ADMIN_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          <span className="font-medium text-slate-800">Admin notes</span>
          <textarea
            name="adminNotes"
            rows={4}
            defaultValue={order.adminNotes ?? ""}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** The media section: the order's files with a preview, deleting one after a confirmation, and staff uploads. */
function OrderMedia({
  order,
  base,
  list,
  busy,
  preview,
  confirming,
}: SectionProps & { busy: boolean; preview: OrderMediaView | null; confirming: OrderMediaView | null }) {
  const allMedia: OrderMediaView[] = [...order.media, ...order.deliveryFiles];
  return (
    <div className="space-y-4">
      {preview ? <MediaPreview media={preview} closeTo={`${base}${withSection(list, "media")}`} /> : null}
      {confirming ? (
        <Form
          method="post"
          action={`${base}${withSection(list, "media")}`}
          preventScrollReset
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm"
          data-testid="confirm-delete"
        >
          <p className="font-medium text-red-800">Delete {confirming.name}? The file is removed from storage.</p>
          <input type="hidden" name="intent" value="delete-media" />
          <input type="hidden" name="mediaId" value={confirming.id} />
          <input type="hidden" name="confirmed" value="yes" />
          <div className="mt-3 flex gap-2">
            <Button type="submit" variant="danger" size="sm" disabled={busy}>
              Delete
            </Button>
            <ButtonLink to={`${base}${withSection(list, "media")}`} variant="secondary" size="sm" preventScrollReset replace>
              Cancel
            </ButtonLink>
          </div>
        </Form>
      ) : null}
      {allMedia.length === 0 && order.legacyImages.length === 0 ? <p className="text-sm text-slate-500">No media for this order.</p> : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="order-media">
        {allMedia.map((m) => (
          <MediaTile key={m.id} media={m} base={base} list={list} />
        ))}
        {order.legacyImages.map((img) => (
          <li key={img.id} className="overflow-hidden rounded-lg border border-slate-200">
            <a href={img.url} target="_blank" rel="noreferrer" className="block aspect-video bg-slate-100">
              <img src={img.url} alt="Legacy order" loading="lazy" className="size-full object-cover" />
            </a>
            <p className="px-2 py-1.5 text-xs text-slate-500">Legacy image</p>
          </li>
        ))}
      </ul>
      <UploadForm
        action={`${base}${withSection(list, "media", { role: "admin" })}`}
        xhrAction={`/resources/admin/orders/${order.id}/files?role=admin`}
        requireFilesMessage={ORDER_MESSAGES.noFiles}
        className="rounded-lg border border-dashed border-slate-300 p-3"
        testId="media-upload"
      >
        {({ uploading }) => (
          <div className="flex flex-wrap items-end gap-3">
            <label className="min-w-0 flex-1 text-sm">
              <span className="font-medium text-slate-800">Upload images or videos</span>
              <input name={FILES_FIELD} type="file" multiple accept="image/*,video/*" className="mt-1 block w-full text-sm" />
            </label>
            <Button type="submit" variant="secondary" disabled={uploading}>
              {uploading ? "Uploading..." : "Upload"}
            </Button>
          </div>
        )}
      </UploadForm>
    </div>
  );
}

/** One of the order's files in the media grid: opens its preview, or asks before deleting it. */
function MediaTile({ media: m, base, list }: { media: OrderMediaView; base: string; list: string }) {
  return (
    <li className="overflow-hidden rounded-lg border border-slate-200">
      <Link to={`${base}${withSection(list, "media", { preview: m.id })}`} preventScrollReset replace className="block aspect-video bg-slate-100">
        {m.mediaType === "image" ? (
          <img src={m.thumbnailUrl ?? m.url} alt={m.name} loading="lazy" className="size-full object-cover" />
        ) : (
          <video src={m.url} preload="metadata" muted className="size-full object-cover" aria-label={m.name} />
        )}
      </Link>
      <div className="flex items-center justify-between gap-2 px-2 py-1.5 text-xs">
        <span className="truncate" title={m.name}>
          {m.name}
          {m.role === "delivery" ? <span className="ml-1 text-purple-700">(delivery)</span> : null}
        </span>
        <Link
          to={`${base}${withSection(list, "media", { confirm: m.id })}`}
          preventScrollReset
          replace
          className="shrink-0 font-medium text-red-700"
          aria-label={`Delete ${m.name}`}
        >
          Delete
        </Link>
      </div>
    </li>
  );
}

/** A file shown large, with a link that closes the preview. */
function MediaPreview({ media, closeTo }: { media: OrderMediaView; closeTo: string }) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-slate-50 p-2" aria-label="Preview">
      {media.mediaType === "video" ? (
        <video src={media.url} controls className="mx-auto max-h-[60vh]" />
      ) : (
        <img src={media.url} alt={media.name} className="mx-auto max-h-[60vh] object-contain" />
      )}
      <figcaption className="mt-2 flex items-center justify-between text-xs text-slate-600">
        {media.name}
        <Link to={closeTo} preventScrollReset replace className="font-medium text-brand-700">
          Close preview
        </Link>
      </figcaption>
    </figure>
  );
}

/** The delivery section: what was delivered, or the form that delivers (a URL, a message, files). */
function OrderDelivery({ order, base, list, values }: SectionProps & { values?: { deliveryUrl?: string; deliveryMessage?: string } }) {
  return order.deliveredAt ? (
    <div className="space-y-3 text-sm" data-testid="delivered">
      <p className="rounded-md bg-purple-50 px-3 py-2 text-purple-800">
        Delivered <Time value={order.deliveredAt} />. {ORDER_MESSAGES.alreadyDelivered}
      </p>
      <dl className="divide-y divide-slate-100">
        <Row label="Delivery URL">{order.deliveryUrl ?? "—"}</Row>
        <Row label="Message">
          <span className="whitespace-pre-line">{order.deliveryMessage ?? "—"}</span>
        </Row>
      </dl>
      <OrderFiles files={order.deliveryFiles} download empty="No delivery files." />
    </div>
  ) : (
    <div className="space-y-4">
      <OrderFiles files={order.deliveryFiles} empty="No delivery files yet." />
      <UploadForm
        action={`${base}${withSection(list, "delivery", { role: "delivery", deliver: "1" })}`}
        xhrAction={`/resources/admin/orders/${order.id}/files?role=delivery&deliver=1`}
        className="space-y-3"
        testId="delivery-form"
      >
        {({ uploading }) => (
          <>
            <label className="block text-sm">
              <span className="font-medium text-slate-800">Delivery URL</span>
              <input
                name="deliveryUrl"
                type="url"
                defaultValue={values?.deliveryUrl ?? ""}
                placeholder="https://"
                className="mt-1 block h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
              />
            </label>
            <label className="block text-sm">
              <span className="font-medium text-slate-800">Delivery message</span>
              <textarea
                name="deliveryMessage"
                rows={3}
                defaultValue={values?.deliveryMessage ?? ""}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              />
            </label>
            <label className="block text-sm">
              <span className="font-medium text-slate-800">Delivery files</span>
              <input name={FILES_FIELD} type="file" multiple accept="image/*,video/*" className="mt-1 block w-full text-sm" />
            </label>
            <div className="flex justify-end">
              <Button type="submit" disabled={uploading}>
                {uploading ? "Delivering..." : "Deliver"}
              </Button>
            </div>
          </>
        )}
      </UploadForm>
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
