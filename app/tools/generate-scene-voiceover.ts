import { z } from "zod";
import { defineTool } from "~/tools/types";
import { generationInput, generationOut, runGeneration } from "~/tools/generate.server";

export const generateSceneVoiceover = defineTool({
  name: "generate_scene_voiceover",
  title: "Generate scene voice-over",
  description:
    "Speaks the scene's voice-over text in the project's voice. Costs 0.4 credits. Use estimate_cost first to see the price; a retry with the same idempotencyKey never charges twice.",
  inputSchema: z.object(generationInput),
  outputSchema: generationOut,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  failure: "Failed to generate voice-over",
  handler: (actor, input, ctx) => runGeneration(actor, "voice-over", input, ctx),
});
