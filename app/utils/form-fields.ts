// The field types and the parsing every door's form and query go through (docs/decisions/
// 115-reading-forms-and-queries.md): text that refuses NUL and other control characters,
// bounded ids (int4 for integer ids, cuid/uuid/token formats for string ids), and the errors
// by field for the page to show. Client-safe (route modules declare their schemas at the top
// level, which reaches the browser bundle; built once there, since a zod schema costs more to build
// than to run, about 0.1 ms a request); reading the request is forms.server.ts.
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
  /**
   * An image or video generation job's id: a Prisma cuid, or the `job` + 22 hex digits a workflow
   * names its job with (fixed per piece of work, so a retried step updates the same job).
   */
  jobId: (label = "The job id") =>
    z.string({ error: `${label} is required.` }).regex(/^(?:c[0-9a-z]{24}|job[0-9a-f]{22})$/, { error: `${label} is not valid.` }),
  /** An opaque token we issued (a payment txnid, a link code): letters, digits, "-" and "_". */
  token: (label = "The id", max = 64) =>
    z.string({ error: `${label} is required.` }).regex(new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`), { error: `${label} is not valid.` }),
  /** A UUID (request ids made by randomUUID). */
  uuid: (label = "The id") =>
    z.string({ error: `${label} is required.` }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: `${label} is not valid.` }),
  /** Where to go next (a navigation parameter): a same-site path, "/" for an unsafe one, null when not sent. */
  redirectTo: () =>
    z
      .unknown()
      .optional()
      .transform((v) => (typeof v === "string" && v ? safeRedirect(v) : null)),
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
