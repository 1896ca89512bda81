// The generate_* tools: one step of a scene's assets (image prompt, image, script, video)
// through the core's requestSceneGeneration — priced, charged and refunded exactly as in the
// editors — then, unless `wait: false`, waiting for the workflow with progress.
import { z } from "zod";
import type { Actor } from "~/models/access";
import { EDITOR_MESSAGES } from "~/models/projects/editor-rules";
import { getProjectWorkspace, findSceneOfProject } from "~/models/projects";
import type { SceneAssetStep } from "~/models/generation/scene-asset-steps";
import { requestSceneGeneration } from "~/models/generation";
import { idempotencyKeyArg, projectIdArg, sceneIdArg, sceneOf, sceneOut, signed, toLink } from "~/tools/shapes.server";
import { ToolError, type ToolContext, type ToolLink } from "~/tools/types";
import { waitForGeneration } from "~/tools/wait.server";

export const generationInput = {
  projectId: projectIdArg,
  sceneId: sceneIdArg,
  regenerate: z.boolean({ error: "regenerate must be true or false" }).default(false).describe("Make it again even when it is up to date"),
  wait: z
    .boolean({ error: "wait must be true or false" })
    .default(true)
    .describe("Wait for the result, with progress (default). false: answer at once with the request id; follow with get_video_project"),
  idempotencyKey: idempotencyKeyArg,
};

export const generationOut = z.object({
  requestId: z.string().describe("The generation request's id"),
  projectId: z.string(),
  sceneId: z.string(),
  steps: z.array(z.string()),
  credits: z.number().describe("Credits charged (refunded if it fails)"),
  balance: z.number().nullable(),
  duplicate: z.boolean().describe("true: this idempotencyKey was used before, nothing new was charged"),
  status: z.enum(["running", "completed", "failed"]),
  progress: z.number(),
  scene: sceneOut,
});

export type GenerationOptions = { productShotVersion?: "v1" | "v2" };

export async function runGeneration(
  actor: Actor,
  step: SceneAssetStep,
  input: { projectId: string; sceneId: string; regenerate: boolean; wait: boolean; idempotencyKey?: string },
  ctx: ToolContext,
  opts: GenerationOptions = {},
): Promise<{ data: z.output<typeof generationOut>; links: ToolLink[] }> {
  const result = await requestSceneGeneration(actor, {
    projectId: input.projectId,
    sceneId: input.sceneId,
    step,
    regenerate: input.regenerate,
    productShotVersion: opts.productShotVersion,
    clientRequestId: input.idempotencyKey ?? null,
  });
  if (!result.ok) throw new ToolError(result.message);
  let status: "running" | "completed" | "failed" = "running";
  let progress = 0;
  if (input.wait) {
    const state = await waitForGeneration(actor, { projectId: input.projectId, sceneId: input.sceneId }, result.batchId, ctx);
    progress = state.total ? Math.round((state.done / state.total) * 100) : 100;
    if (state.finished) {
      const failed = state.steps.find((s) => s.state === "refunded" && s.note !== EDITOR_MESSAGES.nothingToGenerate);
      if (failed) {
        const scene = await findSceneOfProject(actor, input.projectId, input.sceneId);
        throw new ToolError(`${scene.errorMessage || failed.note} (the ${result.credits} credits were refunded)`);
      }
      status = "completed";
    }
  }
  const ws = await getProjectWorkspace(actor, input.projectId);
  const row = ws.scenes.find((s) => s.id === input.sceneId);
  if (!row) throw new ToolError("The scene no longer exists");
  const scene = await sceneOf(actor, row, ctx);
  const links: ToolLink[] = [];
  // The file the step made, as a resource link: the image, the voice-over or the clip.
  const made = {
    image: [row.imageUrl, "The scene image"],
    "voice-over": [row.voiceOverUrl, "The scene voice-over"],
    video: [row.videoUrl, "The scene clip"],
  } as const;
  if (status === "completed" && (step === "image" || step === "voice-over" || step === "video")) {
    const [fileUrl, description] = made[step];
    const link = toLink(await signed(actor, fileUrl, ctx), description);
    if (link) links.push(link);
  }
  return {
    data: {
      requestId: result.batchId,
      projectId: input.projectId,
      sceneId: input.sceneId,
      steps: result.steps,
      credits: result.credits,
      balance: result.balance,
      duplicate: result.duplicate,
      status,
      progress,
      scene,
    },
    links,
  };
}
