// Input pieces, output shapes and serializers the tools share: ids, the seed's enums with their
// messages, the video project and scene as the tools return them (docs/product.md#mcp-server),
// and signed links for their files.
import { z } from "zod";
import type { Actor } from "~/models/access";
import type { ProjectRow, WorkspaceScene } from "~/models/projects";
import { signFileLink } from "~/models/files";
import { ToolError, type ToolContext, type ToolLink } from "~/tools/types";

/** A required id argument ("projectId is required"). */
export function idArg(name: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} is not a valid id`)
    .describe(`The ${name.replace(/Id$/, "")}'s id`);
}

export const projectIdArg = idArg("projectId");
export const sceneIdArg = idArg("sceneId");

/** The client's idempotency key: the same key again returns the first call's result and charges nothing. */
export const idempotencyKeyArg = z
  .string({ error: "idempotencyKey must be text" })
  .trim()
  .min(8, "idempotencyKey must be 8 to 200 characters")
  .max(200, "idempotencyKey must be 8 to 200 characters")
  .optional()
  .describe("Any unique string (a UUID) for this request: a retry with the same key never charges twice");

/** Seed enums (docs/product.md#tools-and-agents). */
export const PRODUCT_SHOT_VERSIONS = ["v1", "v2", "v3"] as const;
export const TOOL_ASPECT_RATIOS = ["16:9", "9:16", "1:1", "4:3"] as const;
export const OUTPUT_FORMATS = ["mp4", "webm"] as const;
export const STATUS_FILTERS = ["draft", "in_progress", "completed", "failed", "all"] as const;

export const productShotVersionArg = z
  .enum(PRODUCT_SHOT_VERSIONS, { error: "Product shot version must be v1, v2 or v3" })
  .optional()
  .describe("Product shot layout: v1 packshot (default), v2 editorial");
export const aspectRatioArg = z
  .enum(TOOL_ASPECT_RATIOS, { error: "Aspect ratio must be 16:9, 9:16, 1:1 or 4:3" })
  .optional()
  .describe("Frame of the video: 9:16 (default), 16:9 or 1:1");
export const outputFormatArg = z
  .enum(OUTPUT_FORMATS, { error: "Output format must be mp4 or webm" })
  .default("mp4")
  .describe("mp4 (H.264/AAC, default) or webm (VP9/Opus)");

/** The frames this server renders; 4:3 and v3 are in the tool enums but not made (ADR 160). */
export function renderableAspect(aspect: (typeof TOOL_ASPECT_RATIOS)[number] | undefined): "16:9" | "9:16" | "1:1" | undefined {
  if (aspect === "4:3") throw new ToolError("Aspect ratio 4:3 is not available: choose 9:16, 16:9 or 1:1");
  return aspect;
}
export function renderableShot(version: (typeof PRODUCT_SHOT_VERSIONS)[number] | undefined): "v1" | "v2" | undefined {
  if (version === "v3") throw new ToolError("Product shot version v3 is not available: choose v1 or v2");
  return version;
}

const link = z.object({ url: z.string(), mimeType: z.string(), expiresAt: z.string() }).nullable();

export const sceneOut = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(["pending", "in_progress", "completed"]),
  order: z.number(),
  script: z.string().nullable(),
  voiceOverText: z.string().nullable(),
  imagePrompt: z.string().nullable(),
  imageUrl: z.string().nullable().describe("Signed, expiring download link of the scene image"),
  videoUrl: z.string().nullable().describe("Signed, expiring download link of the scene clip"),
  hasVoiceOver: z.boolean(),
  readyToCompile: z.boolean(),
  progressStep: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const projectSummaryOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(["draft", "in_progress", "completed", "failed"]),
  sceneCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const compileOut = z.object({
  jobId: z.string(),
  projectId: z.string(),
  status: z.enum(["queued", "rendering", "completed", "failed"]),
  progress: z.number().describe("Percent done, 0-100"),
  message: z.string().nullable(),
  errorMessage: z.string().nullable(),
  notice: z.string().nullable().describe("What was refunded and kept when it failed, or which scenes added after the request are not in the video"),
  format: z.string(),
  videoUrl: z.string().nullable().describe("Signed, expiring download link of the compiled video"),
  videoUrlExpiresAt: z.string().nullable(),
});

export const projectOut = projectSummaryOut.extend({
  aspectRatio: z.string(),
  style: z.string().nullable(),
  voiceId: z.number().nullable(),
  fullScript: z.string().nullable(),
  mainProductImage: link.describe("The product image (signed link)"),
  finalVideo: link.describe("The compiled video (signed link)"),
  scenes: z.array(sceneOut),
  latestCompile: compileOut.nullable(),
});

/** Signs `fileUrl` for the actor, or null when there is no file (or it is gone). */
export async function signed(actor: Actor, fileUrl: string | null | undefined, ctx: Pick<ToolContext, "origin">) {
  if (!fileUrl) return null;
  try {
    return await signFileLink(actor, fileUrl, { origin: ctx.origin });
  } catch {
    return null;
  }
}

export function toLink(s: Awaited<ReturnType<typeof signed>>, description: string): ToolLink | null {
  return s ? { uri: s.url, name: s.name, mimeType: s.mimeType, description, size: s.size } : null;
}

export function linkOut(s: Awaited<ReturnType<typeof signed>>) {
  return s ? { url: s.url, mimeType: s.mimeType, expiresAt: s.expiresAt.toISOString() } : null;
}

export function summaryOf(p: ProjectRow & { _count?: { scenes: number } }, sceneCount?: number): z.output<typeof projectSummaryOut> {
  return {
    id: p.id,
    name: p.title,
    description: p.description,
    status: p.status,
    sceneCount: sceneCount ?? p._count?.scenes ?? 0,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function sceneOf(actor: Actor, s: WorkspaceScene, ctx: Pick<ToolContext, "origin">): Promise<z.output<typeof sceneOut>> {
  const [image, video] = await Promise.all([signed(actor, s.imageUrl, ctx), signed(actor, s.videoUrl, ctx)]);
  return {
    id: s.id,
    projectId: s.projectId,
    name: s.title,
    description: s.description,
    status: s.status,
    order: s.sceneOrder,
    script: s.script,
    voiceOverText: s.voiceOverText,
    imagePrompt: s.imagePrompt,
    imageUrl: image?.url ?? null,
    videoUrl: video?.url ?? null,
    hasVoiceOver: Boolean(s.voiceOverUrl),
    readyToCompile: s.ready,
    progressStep: s.progressStep ?? null,
    errorMessage: s.errorMessage ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** A file's bytes sent inline by a client: base64 (standard or URL-safe, a data: prefix and line breaks allowed). */
export function decodeBase64(raw: string): Buffer {
  const text = raw.replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/i, "").replace(/\s+/g, "");
  if (!text || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) throw new ToolError("fileData must be the file's bytes in base64");
  const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (bytes.length === 0) throw new ToolError("fileData must be the file's bytes in base64");
  return bytes;
}
