import { z } from "zod";
import { setMainProjectImage, storeProjectUpload } from "~/models/projects";
import { fetchPublicUrl } from "~/utils/public-fetch.server";
import { MAX_BYTES } from "~/utils/storage/media-types";
import { decodeBase64, projectIdArg, signed, toLink } from "~/tools/shapes.server";
import { defineTool, ToolError, type ToolLink } from "~/tools/types";

const MAX_IMAGE_BYTES = MAX_BYTES.image;
/** Base64 of the largest image, with room for a data: prefix and line breaks. */
const MAX_BASE64_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 4096;

export const uploadProductImage = defineTool({
  name: "upload_product_image",
  title: "Upload product image",
  description:
    "Sets the project's product image (what its scene pictures are made from): the file's bytes as base64 in `fileData`, an http(s) `url` the server downloads, or a `ref` read_product_page returned (\"product-photos/<key>\"). JPEG, PNG, WebP, GIF or AVIF, at most 15 MB; the type is read from the bytes. Replaces the current one. Free.",
  inputSchema: z
    .object({
      projectId: projectIdArg,
      filename: z
        .string({ error: (i) => (i.input === undefined ? "filename is required" : "filename must be text") })
        .trim()
        .min(1, "filename is required")
        .max(200, "filename can be at most 200 characters"),
      fileData: z.string({ error: "fileData must be base64 text" }).max(MAX_BASE64_CHARS, "The image is larger than 15 MB").optional(),
      url: z.string({ error: "url must be text" }).max(2048, "url is too long").optional().describe("An http(s) address of the image on the public internet"),
      ref: z
        .string({ error: "ref must be text" })
        .max(512, "ref is too long")
        .optional()
        .describe('A picture read_product_page stored for you: one of its photoRefs, "product-photos/<key>"'),
    })
    .refine((v) => [v.fileData, v.url, v.ref].filter(Boolean).length === 1, { message: "Give one of fileData (base64), url or ref" }),
  outputSchema: z.object({
    projectId: z.string(),
    imageUrl: z.string().describe("Signed, expiring download link of the stored image"),
    mimeType: z.string(),
    size: z.number(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  failure: "Failed to upload product image",
  async handler(actor, input, ctx) {
    if (input.ref) {
      // The core checks that the ref is the project owner's own image (media references, ADR 131).
      const project = await setMainProjectImage(actor, input.projectId, input.ref.trim());
      const link = await signed(actor, project.mainProductImageUrl, ctx);
      if (!link) throw new ToolError("Failed to get public URL after upload.");
      const links = [toLink(link, "The project's product image")].filter((l): l is ToolLink => l !== null);
      return { data: { projectId: input.projectId, imageUrl: link.url, mimeType: link.mimeType, size: link.size }, links };
    }
    const bytes = input.fileData
      ? decodeBase64(input.fileData)
      : (await fetchPublicUrl(input.url ?? "", { maxBytes: MAX_IMAGE_BYTES, timeoutMs: 20_000, signal: ctx.signal })).bytes;
    if (bytes.length > MAX_IMAGE_BYTES) throw new ToolError("The image is larger than 15 MB");
    const stored = await storeProjectUpload(actor, input.projectId, { purpose: "main", body: bytes, originalName: input.filename });
    if (stored.kind !== "image") throw new ToolError("The file is not an image");
    await setMainProjectImage(actor, input.projectId, stored.ref);
    const link = await signed(actor, stored.url, ctx);
    if (!link) throw new ToolError("Failed to get public URL after upload.");
    const links = [toLink(link, "The project's product image")].filter((l): l is ToolLink => l !== null);
    return { data: { projectId: input.projectId, imageUrl: link.url, mimeType: stored.contentType, size: stored.size }, links };
  },
});
