// GET/HEAD /files/signed/:bucket/*?expires=…&signature=… — a stored file through a signed,
// expiring link (the MCP tools' resource links, docs/decisions/161-signed-file-links.md): no
// session needed; a missing, wrong or expired signature is the same 404 as a missing file.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveStoredFile, verifySignedLink } from "~/models/files";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const bucket = params.bucket ?? "";
  const key = params["*"] ?? "";
  const url = new URL(request.url);
  if (!verifySignedLink(bucket, key, url.searchParams.get("expires"), url.searchParams.get("signature"))) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
    });
  }
  return serveStoredFile(request, bucket, key, { signedLink: true });
}
