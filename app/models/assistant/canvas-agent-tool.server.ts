// The canvas agent tool (docs/product.md#assistant): one tool with an `action` that the
// assistant uses on a canvas project — updateDescription, generateImagePrompt, generateImage,
// generateVideo, createScene, updateScene. Each action costs 0.2 credits (prices.ts), charged
// through the ledger before it runs and refunded, once, when it fails. Generation started by an
// action is charged at its own step price like from any other door (docs/decisions/193-canvas-agent-tool-pricing.md).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Actor } from "~/models/access/actor.server";
import { isNotFound } from "~/models/access/actor.server";
import { isMediaRefError } from "~/models/files/media-refs.server";
import { chargeForWork, formatCredits, PRICES, refundWorkCharge, settleWorkCharge } from "~/models/billing";
import { requestSceneGeneration } from "~/models/generation/scene-generation.server";
import { requireProject } from "~/models/projects/project.server";
import { addScene, editScene, findSceneOfProject, SceneInputError, updateScene, type SceneTextField } from "~/models/projects/scenes.server";
import { CANVAS_TOOL_ACTIONS, CANVAS_UPDATE_TYPES, type CanvasToolAction, type CanvasUpdateType } from "~/tools/names";

export const CANVAS_TOOL_MESSAGES = {
  updateSceneNeeds: "sceneId and updateType are required for updateScene action",
  sceneNeeded: (action: string) => `sceneId is required for ${action} action`,
  contentNeeded: (action: string) => `content is required for ${action} action`,
  unsupported: (action: string) => `Unsupported action: ${action}`,
} as const;

export const canvasToolInput = z.object({
  action: z.enum(CANVAS_TOOL_ACTIONS, { error: (i) => CANVAS_TOOL_MESSAGES.unsupported(String(i.input)) }),
  projectId: z.string().min(1).max(64),
  sceneId: z.string().min(1).max(64).optional(),
  updateType: z.enum(CANVAS_UPDATE_TYPES).optional(),
  content: z.string().max(20_000).optional(),
  /** Accepted for compatibility: every action goes through the core either way. */
  useMcp: z.boolean().optional(),
  productShotVersion: z.enum(["v1", "v2"]).optional(),
  aspectRatio: z.enum(["16:9", "9:16", "1:1"]).optional(),
});
export type CanvasToolInput = z.infer<typeof canvasToolInput>;

export type CanvasToolResult =
  | { success: true; action: CanvasToolAction; message: string; credits: number; data: Record<string, unknown> }
  | { success: false; action: string; error: string; credits: 0 };

const TEXT_UPDATES: Partial<Record<CanvasUpdateType, SceneTextField>> = {
  script: "script",
  imagePrompt: "imagePrompt",
  description: "description",
  voiceOverText: "voiceOverText",
};
const MEDIA_UPDATES = {
  image: "imageUrl",
  productImage: "productImageUrl",
  video: "videoUrl",
  voiceOver: "voiceOverUrl",
  backgroundMusic: "backgroundMusicUrl",
} as const;

class ActionRefused extends Error {}

/** Input problems the action refuses before anything is charged. */
function precheck(input: CanvasToolInput): string | null {
  switch (input.action) {
    case "updateScene":
      return input.sceneId && input.updateType ? null : CANVAS_TOOL_MESSAGES.updateSceneNeeds;
    case "createScene":
      return null;
    case "updateDescription":
      if (!input.sceneId) return CANVAS_TOOL_MESSAGES.sceneNeeded(input.action);
      return input.content?.trim() ? null : CANVAS_TOOL_MESSAGES.contentNeeded(input.action);
    default:
      return input.sceneId ? null : CANVAS_TOOL_MESSAGES.sceneNeeded(input.action);
  }
}

async function perform(actor: Actor, input: CanvasToolInput): Promise<{ message: string; data: Record<string, unknown> }> {
  const { projectId } = input;
  const sceneId = input.sceneId ?? "";
  const generate = async (step: "image prompt" | "image" | "video") => {
    const result = await requestSceneGeneration(actor, { projectId, sceneId, step, productShotVersion: input.productShotVersion });
    if (!result.ok) throw new ActionRefused(result.message);
    return {
      message: `${step === "image prompt" ? "Image prompt" : step === "image" ? "Image" : "Video"} generation started`,
      data: { batchId: result.batchId, steps: result.steps, credits: result.credits },
    };
  };
  switch (input.action) {
    case "createScene": {
      const scene = await addScene(actor, projectId, { description: input.content?.trim() || null });
      return { message: "Scene created", data: { sceneId: scene.id, sceneOrder: scene.sceneOrder } };
    }
    case "updateDescription": {
      await editScene(actor, projectId, sceneId, { description: input.content ?? "" });
      return { message: "description updated successfully", data: { sceneId } };
    }
    case "updateScene": {
      const type = input.updateType!;
      const text = TEXT_UPDATES[type];
      if (text) await editScene(actor, projectId, sceneId, { [text]: input.content ?? "" });
      else await updateScene(actor, projectId, sceneId, { [MEDIA_UPDATES[type as keyof typeof MEDIA_UPDATES]]: input.content?.trim() || null });
      return { message: `${type} updated successfully`, data: { sceneId, updateType: type } };
    }
    case "generateImagePrompt":
      return generate("image prompt");
    case "generateImage":
      return generate("image");
    case "generateVideo":
      return generate("video");
  }
}

/**
 * Runs one canvas agent tool action as the actor: checks the input, charges 0.2 credits, does
 * the work through the core, and refunds the charge when the work fails. `clientRequestId`
 * makes a retried call charge once.
 */
export async function runCanvasToolAction(actor: Actor, raw: unknown, opts: { clientRequestId?: string | null } = {}): Promise<CanvasToolResult> {
  const parsed = canvasToolInput.safeParse(raw);
  const actionName = typeof (raw as { action?: unknown } | null)?.action === "string" ? String((raw as { action: string }).action) : "";
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const message =
      first?.path[0] === "action" ? CANVAS_TOOL_MESSAGES.unsupported(actionName) : `${first?.path.join(".") || "input"}: ${first?.message ?? "invalid"}`;
    return { success: false, action: actionName, error: message, credits: 0 };
  }
  const input = parsed.data;
  const refused = precheck(input);
  if (refused) return { success: false, action: input.action, error: refused, credits: 0 };

  // Another user's project or scene is not found, and nothing is charged for it.
  try {
    await requireProject(actor, input.projectId);
    if (input.sceneId) await findSceneOfProject(actor, input.projectId, input.sceneId);
  } catch (error) {
    if (isNotFound(error)) return { success: false, action: input.action, error: error.message, credits: 0 };
    throw error;
  }

  const price = PRICES.canvasToolAction;
  const charge = await chargeForWork(actor, "canvas_tool_action", price, {
    batchId: `canvas_${randomUUID()}`,
    projectId: input.projectId,
    clientRequestId: opts.clientRequestId ? `canvas:${opts.clientRequestId}` : null,
  });
  if (!charge.ok) return { success: false, action: input.action, error: charge.message, credits: 0 };
  const chargeId = charge.charges[0].id;
  if (charge.duplicate) {
    // A retried call: the first one's outcome, nothing charged or done again.
    const first = charge.charges[0];
    return first.status === "refunded"
      ? { success: false, action: input.action, error: `Canvas operation failed: ${first.note ?? "an earlier attempt failed"}`, credits: 0 }
      : { success: true, action: input.action, message: "Already done", credits: price, data: { duplicate: true } };
  }
  try {
    const done = await perform(actor, input);
    await settleWorkCharge(actor, chargeId);
    return { success: true, action: input.action, message: done.message, credits: price, data: { ...done.data, charged: formatCredits(price) } };
  } catch (error) {
    const known = error instanceof ActionRefused || error instanceof SceneInputError || isNotFound(error) || isMediaRefError(error);
    const reason = known ? (error as Error).message : "An error occurred";
    if (!known) console.error("[canvas tool]", error);
    await refundWorkCharge(actor, chargeId, `Canvas operation failed: ${reason}`);
    return { success: false, action: input.action, error: `Canvas operation failed: ${reason}`, credits: 0 };
  }
}
