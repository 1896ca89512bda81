// POST /resources/upload/:bucket — multipart, one file in field "file"; answers JSON
// {ok, id, bucket, key, ref, url, contentType, size, originalName} or {ok: false, error}.
// Context (sceneId, kind, projectId, purpose, orderId) and, for admins, ownerId come in the query.
// The file is streamed into storage as it arrives, so XMLHttpRequest progress is real.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { actorFromUser, getOptionalUser } from "~/models/access";
import { field, parseFields } from "~/utils/form-fields";
import { isBucketName } from "~/utils/storage/buckets";
import { authorizeUpload, handleUploadRequest, uploadJson } from "~/models/files";

const context = (label: string) => field.optional(field.token(label));
const uploadQuery = z.object({
  sceneId: context("The scene id"),
  kind: context("The kind"),
  projectId: context("The project id"),
  purpose: context("The purpose"),
  orderId: context("The order id"),
  prefix: context("The prefix"),
  ownerId: field.optional(field.cuid("The owner id")),
});

export async function loader() {
  return uploadJson({ ok: false, error: "Use POST to upload a file." }, 405);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return uploadJson({ ok: false, error: "Use POST to upload a file." }, 405);
  const bucket = params.bucket;
  if (!isBucketName(bucket)) return uploadJson({ ok: false, error: "Unknown storage bucket." }, 404);
  const user = await getOptionalUser(request);
  if (!user) return uploadJson({ ok: false, error: "Please sign in to upload files." }, 401);
  // The context names parts of the storage key and database ids: tokens only (ADR 115).
  const url = new URL(request.url);
  const query = parseFields(uploadQuery, url.searchParams);
  if (!query.ok) return uploadJson({ ok: false, error: query.formError }, 400);
  const decision = await authorizeUpload(actorFromUser(user, "web"), bucket, url.searchParams);
  if (!decision.ok) return uploadJson({ ok: false, error: decision.error }, decision.status);
  return handleUploadRequest(request, decision.target);
}
