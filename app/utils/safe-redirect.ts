// Where a sign-in or a form may send the browser next: only somewhere on this site
// (docs/decisions/116-same-origin-redirects.md).
//
// The target is resolved as a URL against an origin and must keep that origin. Before that,
// control characters (TAB, CR, LF included) and backslashes are refused anywhere in it:
// browsers drop TAB/CR/LF and read "\" as "/" while resolving, so "/\t/evil.example" or
// "/\evil.example" would become "//evil.example" in the browser even though it looks like a
// path here, and CR/LF would not fit in a Location header at all. The answer is the resolved
// path, query and fragment, percent-encoded, so it is always a valid header value.
const BASE = new URL("https://app.invalid");
const REFUSED = /[\u0000-\u001f\u007f\\]/;
const MAX_LENGTH = 2048;

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to || to.length > MAX_LENGTH) return fallback;
  if (REFUSED.test(to)) return fallback;
  // Only paths: "//host" and "https://host" name another origin, "host/x" is not ours to guess.
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE.origin || url.username || url.password) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
