// Reading what a client sends: the one way every action reads its form and every loader its
// query (docs/decisions/115-reading-forms-and-queries.md). Transport-level only: the body must
// be a form (415 otherwise), readable (400) and not too large (413); each field goes through a
// zod schema whose text types refuse NUL and other control characters and whose ids are
// bounded (int4 for integer ids, cuid/uuid formats for string ids), so bad input is refused
// at the door with a message instead of failing in PostgreSQL. Normalising text (Unicode
// forms, invisible characters) and the domain's own rules belong to the core.
import { z } from "zod";
import { safeRedirect } from "~/utils/safe-redirect";

export const INPUT_MESSAGES = {
  unsupportedType: "Please send this form as application/x-www-form-urlencoded or multipart/form-data.",
  malformed: "The form data could not be read. Please submit the form again.",
  tooLarge: "The form is too large.",
  invalid: "Some of the values sent are not valid.",
  controlCharacters: "contains characters that are not allowed",
  badQuery: "The address contains a value that is not valid.",
} as const;

/** Bodies of forms without file uploads stay well below this. */
export const MAX_FORM_BYTES = 1024 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
}

export function isMultipart(request: Request): boolean {
  return mediaType(request) === "multipart/form-data";
}

/** A refusal thrown from a loader or action: the status and a plain-text message. */
export function inputError(message: string, status = 400): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** Throws 415 unless the body is declared as one of the two form encodings. */
export function assertFormContentType(request: Request): void {
  if (!FORM_TYPES.has(mediaType(request))) throw inputError(INPUT_MESSAGES.unsupportedType, 415);
}

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw inputError(INPUT_MESSAGES.tooLarge, 413);
  }
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw inputError(INPUT_MESSAGES.tooLarge, 413);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    // The client went away or sent a broken stream: nothing to answer to but a 400.
    throw inputError(INPUT_MESSAGES.malformed, 400);
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * The request's form: 415 when the body is not a form, 413 past `maxBytes`, 400 when it cannot
 * be parsed (a multipart body without its boundary or cut off). Files in a multipart body stay
 * in memory: routes that take uploads stream them with the storage upload parser instead.
 */
export async function readFormData(request: Request, opts: { maxBytes?: number } = {}): Promise<FormData> {
  assertFormContentType(request);
  const bytes = await readCapped(request, opts.maxBytes ?? MAX_FORM_BYTES);
  try {
    return await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw inputError(INPUT_MESSAGES.malformed, 400);
  }
}

/**
 * The request without its body, once readFormData has read it: for libraries that copy the
 * request they are given (remix-auth does `new Request(url, request)`, which fails on a read body).
 */
export function withoutBody(request: Request): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, signal: request.signal });
}

// ───────────────────────────── field types ─────────────────────────────

/** C0 controls and DEL; text that may span lines keeps TAB, LF and CR. */
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const INT4_MAX = 2_147_483_647;

/** `message` replaces every refusal's text (where the page already has a message for the field). */
type TextOptions = { max: number; label?: string; message?: string };

function textOf(pattern: RegExp, opts: TextOptions) {
  const label = opts.label ?? "This field";
  return z
    .string({ error: opts.message ?? `${label} must be text.` })
    .max(opts.max, { error: opts.message ?? `${label} must be at most ${opts.max} characters.` })
    .refine((v) => !pattern.test(v), { error: opts.message ?? `${label} ${INPUT_MESSAGES.controlCharacters}.` });
}

/** Values a client sends: strings (or files in a multipart body), missing when not sent. */
function blankToUndefined(value: unknown): unknown {
  return value === "" ? undefined : value;
}

export const field = {
  /** One line of text (no control characters at all). */
  line: (opts: TextOptions) => textOf(CONTROL_IN_LINE, opts),
  /** Text that may hold several lines and tabs (no other control characters). */
  text: (opts: TextOptions) => textOf(CONTROL_IN_TEXT, opts),
  /** A positive integer id of an int4 column (Story, Voice, StoryType), sent as decimal digits. */
  intId: (label = "The id", message?: string) =>
    z
      .string({ error: message ?? `${label} is required.` })
      .regex(/^[0-9]+$/, { error: message ?? `${label} must be a number.` })
      .refine((v) => v.length <= 10 && Number(v) >= 1 && Number(v) <= INT4_MAX, { error: message ?? `${label} is out of range.` })
      .transform(Number),
  /** A Prisma cuid() id (User, Notification, Announcement, jobs ...). */
  cuid: (label = "The id") => z.string({ error: `${label} is required.` }).regex(/^c[0-9a-z]{24}$/, { error: `${label} is not valid.` }),
  /** An opaque token we issued (a payment txnid, a link code): letters, digits, "-" and "_". */
  token: (label = "The id", max = 64) =>
    z.string({ error: `${label} is required.` }).regex(new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`), { error: `${label} is not valid.` }),
  /** A UUID (request ids made by randomUUID). */
  uuid: (label = "The id") => z.string({ error: `${label} is required.` }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: `${label} is not valid.` }),
  /** Where to go next (a navigation parameter): a same-site path, "/" for an unsafe one, null when not sent. */
  redirectTo: () => z.unknown().optional().transform((v) => (typeof v === "string" && v ? safeRedirect(v) : null)),
  /** A checkbox: present as "on" (or "1"/"true") when ticked. */
  checkbox: () => z.preprocess((v) => typeof v === "string" && ["on", "1", "true"].includes(v), z.boolean()),
  /** A field that may be left out or sent empty (both read as undefined). */
  optional: <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional()),
};

// ───────────────────────────── parsing ─────────────────────────────

export type FieldErrors = Record<string, string>;

export type Parsed<T> = { ok: true; data: T } | { ok: false; formError: string; fieldErrors: FieldErrors };

/** The first value of each name (as FormData.get and URLSearchParams.get read them). */
function firstValues(source: FormData | URLSearchParams): Record<string, FormDataEntryValue> {
  const out: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of source.entries()) if (!Object.hasOwn(out, name)) out[name] = value;
  return out;
}

export function errorsOf(error: z.ZodError): { formError: string; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "";
    if (!Object.hasOwn(fieldErrors, key)) fieldErrors[key] = issue.message;
  }
  return { formError: error.issues[0]?.message ?? INPUT_MESSAGES.invalid, fieldErrors };
}

/** The errors of the fields a page shows messages beside. */
export function pickErrors<K extends string>(errors: FieldErrors, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) if (Object.hasOwn(errors, key)) out[key] = errors[key];
  return out;
}

/** Parses already-read fields (a form or a query) through a schema. */
export function parseFields<S extends z.ZodType>(schema: S, source: FormData | URLSearchParams): Parsed<z.output<S>> {
  const result = schema.safeParse(firstValues(source));
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, ...errorsOf(result.error) };
}

/** Reads the request's form (see readFormData) and parses it through a schema. */
export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  opts: { maxBytes?: number } = {},
): Promise<Parsed<z.output<S>> & { form: FormData }> {
  const form = await readFormData(request, opts);
  return { ...parseFields(schema, form), form };
}

/**
 * A loader's query through a schema: parameters with a sensible default use `.catch()` in
 * their schema (an invalid value reads as the default); anything else that is invalid is
 * answered with 400 and the message.
 */
export function readQuery<S extends z.ZodType>(request: Request | URL, schema: S): z.output<S> {
  const url = request instanceof URL ? request : new URL(request.url);
  const parsed = parseFields(schema, url.searchParams);
  if (!parsed.ok) throw inputError(`${INPUT_MESSAGES.badQuery} ${parsed.formError}`, 400);
  return parsed.data;
}
