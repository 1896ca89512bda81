// Reading what a client sends: the one way every action reads its form and every loader its
// query (docs/decisions/115-reading-forms-and-queries.md). Transport-level only: the body must
// be a form (415 otherwise), readable (400) and not too large (413); the fields then go through
// a schema of form-fields.ts types, so bad input is refused at the door with a message instead
// of failing in PostgreSQL. Normalising text (Unicode forms, invisible characters) and the
// domain's own rules belong to the core.
import type { z } from "zod";
import { INPUT_MESSAGES, parseFields, type Parsed } from "~/utils/form-fields";

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

/**
 * The request's body, at most `maxBytes` of it: a body declared or found larger is refused with
 * 413 as soon as that is known (not read to its end), one that breaks off with 400.
 */
export async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
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
