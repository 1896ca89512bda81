// A compile job's rules, without the database: formats, the poll budget, the product's compile
// messages, what counts as active, and the plan fixed at the request (ADR 250). compile-jobs.server.ts
// re-exports all of it.
import { z } from "zod";
import type { CompileJob, Prisma } from "~/generated/prisma/client";
import type { CompileStatus } from "~/generated/prisma/enums";
import { SCENE_ASSET_STEPS, type SceneAssetStep } from "~/models/generation/scene-asset-steps";
import type { RenderFormat } from "~/providers/render/types";

export type CompileJobRow = CompileJob;

export const COMPILE_FORMATS = ["mp4", "webm"] as const satisfies readonly RenderFormat[];
export const DEFAULT_COMPILE_FORMAT: RenderFormat = "mp4";

/** Poll every 3 s; stop after 20 polls without progress (ADR 101). */
export const COMPILE_POLL_INTERVAL = "3s";
export const COMPILE_MAX_POLLS = 20;
/** A render that keeps making progress is still stopped after this many polls (30 min). */
export const COMPILE_MAX_TOTAL_POLLS = 600;

/** The product's compile messages, exact texts (docs/product.md#compile). */
export const COMPILE_MESSAGES = {
  start: "Starting video compilation...",
  preparing: "Preparing scenes for compilation...",
  config: "Generating optimal video configuration...",
  creatingJson2Video: "Creating video project with json2video service...",
  processingFirst: "Processing video... This may take a few minutes",
  processing: (status: string) => `Processing video... Status: ${status}`,
  complete: "Video compilation complete!",
  failed: "Video compilation failed",
  failedInService: "Video compilation failed in json2video service",
  timeout: "Video compilation timed out. Please check project status later.",
  compilationError: (message: string) => `Compilation error: ${message}`,
  noScenes: "There are no scenes to compile",
  busy: "This project is already being compiled",
  stalled: (minutes: number) =>
    `Video compilation stopped: it made no progress for ${minutes} minutes. The credits for the work it did not do were refunded; please try again.`,
} as const;

export function creatingMessage(provider: { name: string; label: string }): string {
  return provider.name === "json2video" ? COMPILE_MESSAGES.creatingJson2Video : `Creating video project with the ${provider.label}...`;
}

export function isCompileFormat(value: unknown): value is RenderFormat {
  return typeof value === "string" && (COMPILE_FORMATS as readonly string[]).includes(value);
}

export function formatOf(job: Pick<CompileJobRow, "format">): RenderFormat {
  return isCompileFormat(job.format) ? job.format : DEFAULT_COMPILE_FORMAT;
}

export const ACTIVE_COMPILE: readonly CompileStatus[] = ["queued", "rendering"];

export function isActive(job: Pick<CompileJobRow, "status">): boolean {
  return ACTIVE_COMPILE.includes(job.status);
}

// ───────────────────────────── the plan fixed at the request (ADR 250) ─────────────────────────────

/**
 * What a compile was asked and paid for, stored on its job when it is requested: the scenes it
 * renders (the project's scenes at that moment, in order) and, for each scene it prepares first,
 * the steps charged for it. The workflow prepares exactly this and renders exactly these scenes;
 * scenes added later are not part of this compile.
 */
export type CompileScenePlan = {
  sceneIds: string[];
  prepare: { sceneId: string; steps: SceneAssetStep[] }[];
  /**
   * Create Video's compile (ADR 380): by scene id, the motion planned for a scene whose clip is
   * made after the video is Ready (generation/scene-motion-plan.server.ts; the stored shape of
   * scene-motion.server.ts SceneMotion). The render draws those scenes from their still with it.
   */
  motions?: Record<string, Prisma.JsonObject>;
};

const scenePlanSchema = z.object({
  sceneIds: z.array(z.string()),
  prepare: z.array(z.object({ sceneId: z.string(), steps: z.array(z.enum(SCENE_ASSET_STEPS)) })),
  motions: z
    .record(
      z.string(),
      z.custom<Prisma.JsonObject>((v) => typeof v === "object" && v !== null && !Array.isArray(v)),
    )
    .optional(),
});

/** The job's plan; null for a compile without one (Create Video's: covered by its 20 credits). */
export function scenePlanOf(job: Pick<CompileJobRow, "scenePlan">): CompileScenePlan | null {
  if (job.scenePlan === null || job.scenePlan === undefined) return null;
  const parsed = scenePlanSchema.safeParse(job.scenePlan);
  return parsed.success ? parsed.data : null;
}

/**
 * The charge batch of one scene's steps in a compile: each scene its own request, which the
 * scene-assets workflow settles step by step and refunds from the step that failed, exactly as
 * for the editors' Generate Assets. The compile's own price is the batch named by the job id.
 */
export function compileSceneBatchId(jobId: string, sceneId: string): string {
  return `${jobId}:${sceneId}`;
}

/** "1 scene added after this compile was requested is not in this video; compile again to include it." */
export function addedScenesNotice(added: number): string {
  return added === 1
    ? "1 scene added after this compile was requested is not in this video; compile again to include it."
    : `${added} scenes added after this compile was requested are not in this video; compile again to include them.`;
}
