// The canvas agent tool as one of the assistant's tools (docs/product.md#assistant): a thin
// door over runCanvasToolAction, which charges 0.2 credits per action and refunds failures.
import type { Actor } from "~/models/access";
import { canvasToolInput, runCanvasToolAction } from "~/models/assistant";
import { CANVAS_AGENT_TOOL } from "~/tools/names";
import type { AgentTool } from "./types";

export function canvasAgentTool(actor: Actor): AgentTool {
  return {
    name: CANVAS_AGENT_TOOL,
    description:
      "Works on a canvas scene: action updateDescription (content), generateImagePrompt, generateImage (productShotVersion v1|v2, aspectRatio 16:9|9:16|1:1), generateVideo, createScene (content = description) or updateScene (sceneId, updateType, content). Each action costs 0.2 credits, refunded if it fails; generation is also charged at its step price.",
    schema: canvasToolInput,
    async run(input, ctx) {
      const result = await runCanvasToolAction(actor, input, { clientRequestId: ctx.idempotencyKey });
      return result.success ? { ok: true, data: result } : { ok: false, message: result.error };
    },
  };
}
