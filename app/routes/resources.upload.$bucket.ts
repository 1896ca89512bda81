// POST /resources/upload/:bucket — multipart, one file in field "file"; answers JSON
// {ok, id, bucket, key, ref, url, contentType, size, originalName} or {ok: false, error}.
// Context (sceneId, kind, projectId, purpose, orderId) and, for admins, ownerId come in the query.
// The file is streamed into storage as it arrives, so XMLHttpRequest progress is real.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/utils/auth.server";
import { isBucketName } from "~/utils/storage/buckets";
import { authorizeUpload } from "~/models/upload-authorizers.server";
import { handleUploadRequest, uploadJson } from "~/models/uploads.server";

export async function loader() {
  return uploadJson({ ok: false, error: "Use POST to upload a file." }, 405);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return uploadJson({ ok: false, error: "Use POST to upload a file." }, 405);
  const bucket = params.bucket;
  if (!isBucketName(bucket)) return uploadJson({ ok: false, error: "Unknown storage bucket." }, 404);
  const user = await getOptionalUser(request);
  if (!user) return uploadJson({ ok: false, error: "Please sign in to upload files." }, 401);
  const decision = await authorizeUpload(user, bucket, new URL(request.url).searchParams);
  if (!decision.ok) return uploadJson({ ok: false, error: decision.error }, decision.status);
  return handleUploadRequest(request, decision.target);
}
