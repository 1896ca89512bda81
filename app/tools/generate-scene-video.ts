import { z } from "zod";
import { defineTool } from "~/tools/types";
import { generationInput, generationOut, runGeneration } from "~/tools/generate.server";

export const generateSceneVideo = defineTool({
  name: "generate_scene_video",
  title: "Generate scene video",
  description:
    "Makes the scene's clip from its image (with camera motion) and its voice-over. Needs a scene image (generate_scene_image). Costs 2 credits. Use estimate_cost first to see the price; a retry with the same idempotencyKey never charges twice.",
  inputSchema: z.object(generationInput),
  outputSchema: generationOut,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  failure: "Failed to generate video",
  handler: (actor, input, ctx) => runGeneration(actor, "video", input, ctx),
});
