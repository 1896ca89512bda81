// GET/HEAD /resources/files/:bucket/* — a stored file, with access checks (private files only to
// their owner and admins, 404 to everyone else), validators, caching and byte ranges.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveStoredFile } from "~/models/files";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return serveStoredFile(request, params.bucket ?? "", params["*"] ?? "");
}
