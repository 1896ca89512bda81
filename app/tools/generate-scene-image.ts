import { z } from "zod";
import { editScene } from "~/models/projects";
import { generationInput, generationOut, runGeneration } from "~/tools/generate.server";
import { productShotVersionArg, renderableShot } from "~/tools/shapes.server";
import { defineTool } from "~/tools/types";

export const generateSceneImage = defineTool({
  name: "generate_scene_image",
  title: "Generate scene image",
  description:
    "Makes the scene's picture: a product shot of the project's product image (upload_product_image first) in the project's style and aspect ratio, from the scene's image prompt (or `imagePrompt`, which is saved on the scene first). Costs 1 credit. Use estimate_cost first; a retry with the same idempotencyKey never charges twice.",
  inputSchema: z.object({
    ...generationInput,
    imagePrompt: z.string({ error: "imagePrompt must be text" }).trim().min(1).max(20_000).optional().describe("Replaces the scene's image prompt first"),
    productShotVersion: productShotVersionArg,
  }),
  outputSchema: generationOut,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  failure: "Failed to generate image",
  async handler(actor, input, ctx) {
    const productShotVersion = renderableShot(input.productShotVersion);
    if (input.imagePrompt) await editScene(actor, input.projectId, input.sceneId, { imagePrompt: input.imagePrompt });
    return runGeneration(actor, "image", input, ctx, { productShotVersion });
  },
});
