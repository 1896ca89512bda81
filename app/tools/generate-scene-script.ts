import { z } from "zod";
import { defineTool } from "~/tools/types";
import { generationInput, generationOut, runGeneration } from "~/tools/generate.server";

export const generateSceneScript = defineTool({
  name: "generate_scene_script",
  title: "Generate scene script",
  description:
    "Writes the scene's on-screen script and its voice-over text from what it has (script, description or title). Costs 0.1 credits. Use estimate_cost first to see the price; a retry with the same idempotencyKey never charges twice.",
  inputSchema: z.object(generationInput),
  outputSchema: generationOut,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  failure: "Failed to generate script",
  handler: (actor, input, ctx) => runGeneration(actor, "script", input, ctx),
});
