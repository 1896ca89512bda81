import { z } from "zod";
import { setSceneOwnMedia } from "~/models/projects";
import { fetchPublicUrl } from "~/utils/public-fetch.server";
import { MAX_BYTES } from "~/utils/storage/media-types";
import { decodeBase64, projectIdArg, sceneIdArg, signed, toLink } from "~/tools/shapes.server";
import { defineTool, ToolError, type ToolLink } from "~/tools/types";

/** Bytes sent inline (base64); a larger clip (up to 200 MB) comes by `url`. */
const MAX_INLINE_BYTES = 50 * 1024 * 1024;
const MAX_BASE64_CHARS = Math.ceil(MAX_INLINE_BYTES / 3) * 4 + 4096;

// The brand's own photo or clip on a scene (docs/decisions/315-own-photos-and-clips.md).
export const uploadProjectMedia = defineTool({
  name: "upload_project_media",
  title: "Upload own photo or clip for a scene",
  description:
    "Makes the brand's own photo or video clip the material a scene shows: the file's bytes as base64 in `fileData` (at most 50 MB), or an http(s) `url` the server downloads (a clip up to 200 MB). Photos: JPEG, PNG, WebP, GIF or AVIF up to 15 MB, framed to the video's shape with the scene's camera move. Clips: MP4, MOV or WebM, at most 60 seconds, 240 to 4096 pixels, trimmed to the scene and muted. The type is read from the bytes. The scene's picture and video are made from it on the next generate_scene_image / generate_scene_video or compile_video. Free (no extra credits).",
  inputSchema: z
    .object({
      projectId: projectIdArg,
      sceneId: sceneIdArg,
      filename: z
        .string({ error: (i) => (i.input === undefined ? "filename is required" : "filename must be text") })
        .trim()
        .min(1, "filename is required")
        .max(200, "filename can be at most 200 characters"),
      fileData: z.string({ error: "fileData must be base64 text" }).max(MAX_BASE64_CHARS, "The file is larger than 50 MB: give its url instead").optional(),
      url: z
        .string({ error: "url must be text" })
        .max(2048, "url is too long")
        .optional()
        .describe("An http(s) address of the photo or clip on the public internet"),
    })
    .refine((v) => Boolean(v.fileData) !== Boolean(v.url), { message: "Give either fileData (base64) or url, not both" }),
  outputSchema: z.object({
    projectId: z.string(),
    sceneId: z.string(),
    kind: z.enum(["photo", "clip"]),
    mediaUrl: z.string().describe("Signed, expiring download link of the stored file"),
    mimeType: z.string(),
    size: z.number(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  failure: "Failed to upload the photo or clip",
  async handler(actor, input, ctx) {
    const bytes = input.fileData
      ? decodeBase64(input.fileData)
      : (await fetchPublicUrl(input.url ?? "", { maxBytes: MAX_BYTES.video, timeoutMs: 60_000, signal: ctx.signal })).bytes;
    const { kind, file } = await setSceneOwnMedia(actor, input.projectId, input.sceneId, { body: bytes, originalName: input.filename });
    const link = await signed(actor, file.url, ctx);
    if (!link) throw new ToolError("Failed to get public URL after upload.");
    const links = [toLink(link, kind === "clip" ? "The scene's own clip" : "The scene's own photo")].filter((l): l is ToolLink => l !== null);
    return { data: { projectId: input.projectId, sceneId: input.sceneId, kind, mediaUrl: link.url, mimeType: file.contentType, size: file.size }, links };
  },
});
