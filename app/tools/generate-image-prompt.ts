import { z } from "zod";
import { defineTool } from "~/tools/types";
import { generationInput, generationOut, runGeneration } from "~/tools/generate.server";

export const generateImagePrompt = defineTool({
  name: "generate_image_prompt",
  title: "Generate image prompt",
  description:
    "Writes the scene's image prompt (what its picture shows) from its script, description or title. Costs 0.1 credits. Use estimate_cost first to see the price; a retry with the same idempotencyKey never charges twice.",
  inputSchema: z.object(generationInput),
  outputSchema: generationOut,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  failure: "Failed to generate image prompt",
  handler: (actor, input, ctx) => runGeneration(actor, "image prompt", input, ctx),
});
