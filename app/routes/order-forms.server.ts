// Reading the upload forms of custom orders (route-only helper): a user's request, an order
// through a link, and staff files. Each is a multipart body whose files stream into the order's
// folder as they arrive; the same function serves the page's action (a plain post without
// JavaScript) and the JSON door its script posts to with real upload progress
// (docs/decisions/182-order-uploads-with-progress.md). The rules are the core's.
import { z } from "zod";
import { actorFromUser, isNotFound, type SessionUser } from "~/models/access";
import { FILES_FIELD, ORDER_MAX_FILES, ORDER_MESSAGES, orderPath, ORDER_REMARK_MAX } from "~/models/orders/custom-order-rules";
import {
  createCustomOrder,
  discardOrderFiles,
  isOrderError,
  newOrderId,
  OrderError,
  orderUploadTarget,
  type OrderFileInput,
  addOrderMedia,
  deliverOrder,
  normalizeDeliveryUrl,
  staffUploadTarget,
  checkOrderLink,
  placeLinkOrder,
} from "~/models/orders";
import { parseMultipartUpload, type UploadFormResult, removeFiles, type UploadTarget } from "~/models/files";
import { field, parseFields } from "~/utils/form-fields";
import { assertFormContentType, inputError, isMultipart, readFormData } from "~/utils/forms.server";

export type FormOutcome = { ok: true; redirectTo: string; message: string } | { ok: false; status: number; error: string; values: Record<string, string> };

function valuesOf(fields: FormData, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = fields.get(name);
    if (typeof v === "string") out[name] = v.slice(0, 5000);
  }
  return out;
}

/**
 * The files of the post and its text fields. A urlencoded post (no files at all) is read as a
 * form; anything that is not a form is refused (415). Files passed as references ("filesRef")
 * are not taken: order files are always uploaded with the order.
 */
async function readUpload(request: Request, target: UploadTarget): Promise<UploadFormResult> {
  if (!isMultipart(request)) {
    assertFormContentType(request);
    return { ok: true, fields: await readFormData(request), files: [] };
  }
  const form = await parseMultipartUpload(request, { [FILES_FIELD]: { ...target, maxFiles: ORDER_MAX_FILES } });
  if (!form.ok) return form;
  const refs = new Set(form.fields.getAll(`${FILES_FIELD}Ref`).map(String));
  return { ...form, files: form.files.filter((f) => !refs.has(f.ref)) };
}

function uploadFailure(form: Extract<UploadFormResult, { ok: false }>, names: readonly string[]): FormOutcome {
  return { ok: false, status: form.status, error: form.status >= 500 ? ORDER_MESSAGES.storage : form.error, values: valuesOf(form.fields, names) };
}

function failure(error: unknown, fields: FormData, names: readonly string[], fallback: string): FormOutcome {
  const values = valuesOf(fields, names);
  if (isOrderError(error)) return { ok: false, status: error.status, error: error.message, values };
  if (isNotFound(error)) return { ok: false, status: 404, error: error.message, values };
  console.error("order form failed", error);
  return { ok: false, status: 500, error: fallback, values };
}

/**
 * Reads a body that is refused before it is used, so the answer reaches the client (a body left
 * unread makes the server drop the connection); past `maxBytes` it gives up and cancels.
 */
async function drainBody(request: Request, maxBytes = 256 * 1024 * 1024): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
  } catch {
    // The client went away: nothing left to answer.
  }
}

const remarkSchema = z.object({ remark: field.optional(field.text({ max: ORDER_REMARK_MAX, label: "The remark" })) });

// ───────────────────────────── a user's request ─────────────────────────────

export async function submitOrderRequest(request: Request, user: SessionUser): Promise<FormOutcome> {
  const actor = actorFromUser(user, "web");
  const orderId = newOrderId();
  const form = await readUpload(request, orderUploadTarget(orderId, user.id));
  if (!form.ok) return uploadFailure(form, ["remark"]);
  const parsed = parseFields(remarkSchema, form.fields);
  if (!parsed.ok) {
    await removeFiles(form.files);
    return { ok: false, status: 400, error: parsed.formError, values: valuesOf(form.fields, ["remark"]) };
  }
  try {
    const order = await createCustomOrder(actor, { orderId, remark: parsed.data.remark, files: form.files as OrderFileInput[] });
    return { ok: true, redirectTo: orderPath(order.orderNumber), message: ORDER_MESSAGES.submitted };
  } catch (error) {
    return failure(error, form.fields, ["remark"], ORDER_MESSAGES.submitFailed);
  }
}

// ───────────────────────────── an order through a link ─────────────────────────────

const GUEST_FIELDS = ["name", "email", "phone", "remark"] as const;
const linkSchema = z.object({
  name: field.optional(field.line({ max: 200, label: "Your name" })),
  email: field.optional(field.line({ max: 254, label: "Your e-mail" })),
  phone: field.optional(field.line({ max: 32, label: "Your phone number" })),
  remark: field.optional(field.text({ max: ORDER_REMARK_MAX, label: "The remark" })),
});

export async function submitLinkOrder(request: Request, user: SessionUser | null, accessCode: string): Promise<FormOutcome> {
  const check = await checkOrderLink(accessCode);
  if (!check.ok) {
    // Nothing is stored for a link that takes no orders.
    await drainBody(request);
    return { ok: false, status: check.status, error: check.message, values: {} };
  }
  const actor = user ? actorFromUser(user, "web") : null;
  const orderId = newOrderId();
  const form = await readUpload(request, orderUploadTarget(orderId, user?.id ?? null));
  if (!form.ok) return uploadFailure(form, GUEST_FIELDS);
  const parsed = parseFields(linkSchema, form.fields);
  if (!parsed.ok) {
    await removeFiles(form.files);
    return { ok: false, status: 400, error: parsed.formError, values: valuesOf(form.fields, GUEST_FIELDS) };
  }
  try {
    const order = await placeLinkOrder(actor, accessCode, {
      orderId,
      guest: { name: parsed.data.name, email: parsed.data.email, phone: parsed.data.phone },
      remark: parsed.data.remark,
      files: form.files as OrderFileInput[],
    });
    const next = order.payable ? `/payment?orderId=${encodeURIComponent(order.id)}` : `/order/${accessCode}?placed=${order.orderNumber}`;
    return { ok: true, redirectTo: next, message: ORDER_MESSAGES.submitted };
  } catch (error) {
    return failure(error, form.fields, GUEST_FIELDS, ORDER_MESSAGES.submitFailed);
  }
}

// ───────────────────────────── staff files ─────────────────────────────

const roleSchema = z.enum(["admin", "delivery"], { error: "Choose where the files go." });
const deliverySchema = z.object({
  deliveryUrl: field.optional(field.line({ max: 2000, label: "The delivery URL" })),
  deliveryMessage: field.optional(field.text({ max: 5000, label: "The delivery message" })),
});
const DELIVERY_FIELDS = ["deliveryUrl", "deliveryMessage"] as const;

/**
 * Staff add files to an order: Media (role admin), or Delivery (role delivery), where `deliver`
 * also delivers the order with the form's URL and message once the files are attached.
 */
export async function submitStaffFiles(
  request: Request,
  user: SessionUser,
  orderId: string,
  opts: { role: "admin" | "delivery"; deliver: boolean; back: string },
): Promise<FormOutcome> {
  const actor = actorFromUser(user, "admin");
  const deliver = opts.role === "delivery" && opts.deliver;
  let target: UploadTarget;
  try {
    target = await staffUploadTarget(actor, orderId, opts.role);
  } catch (error) {
    await drainBody(request);
    return failure(error, new FormData(), [], deliver ? ORDER_MESSAGES.deliverFailed : ORDER_MESSAGES.uploadFailed("the files"));
  }
  const form = await readUpload(request, target);
  if (!form.ok) return uploadFailure(form, DELIVERY_FIELDS);
  const files = form.files as OrderFileInput[];
  const parsed = parseFields(deliverySchema, form.fields);
  let attached = false;
  try {
    if (!parsed.ok) throw new OrderError(400, parsed.formError);
    // A bad URL is refused before anything is attached.
    if (deliver) normalizeDeliveryUrl(parsed.data.deliveryUrl);
    if (files.length > 0 || !deliver) await addOrderMedia(actor, orderId, files, opts.role);
    attached = true;
    if (!deliver) return { ok: true, redirectTo: opts.back, message: ORDER_MESSAGES.mediaUploaded };
    await deliverOrder(actor, orderId, { deliveryUrl: parsed.data.deliveryUrl, deliveryMessage: parsed.data.deliveryMessage });
    return { ok: true, redirectTo: opts.back, message: ORDER_MESSAGES.delivered };
  } catch (error) {
    // Files already attached stay (the order shows them under Delivery); the others go.
    if (!attached) await discardOrderFiles(orderId, files);
    const names =
      files
        .map((f) => f.originalName)
        .filter(Boolean)
        .join(", ") || "the files";
    return failure(error, form.fields, DELIVERY_FIELDS, deliver ? ORDER_MESSAGES.deliverFailed : ORDER_MESSAGES.uploadFailed(names));
  }
}

/** role=admin|delivery from the address; anything else is a 400. */
export function parseRole(value: string | null): "admin" | "delivery" {
  const parsed = roleSchema.safeParse(value);
  if (!parsed.success) throw inputError("Choose where the files go.", 400);
  return parsed.data;
}

/** The JSON answer of an upload door (the script shows the error or follows redirectTo). */
export function outcomeJson(outcome: FormOutcome): Response {
  const body = outcome.ok ? { ok: true, redirectTo: outcome.redirectTo, message: outcome.message } : { ok: false, error: outcome.error };
  return new Response(JSON.stringify(body), {
    status: outcome.ok ? 200 : outcome.status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
