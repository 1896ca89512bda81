import { z } from "zod";
import { getProjectWorkspace, describeScene } from "~/models/projects";
import { projectIdArg, sceneIdArg, sceneOf, sceneOut } from "~/tools/shapes.server";
import { defineTool, ToolError } from "~/tools/types";

export const generateSceneDescription = defineTool({
  name: "generate_scene_description",
  title: "Generate scene description",
  description: "Writes a short description of the scene from its own words (script, voice-over text, image prompt or title) and saves it. Free.",
  inputSchema: z.object({ projectId: projectIdArg, sceneId: sceneIdArg }),
  outputSchema: z.object({ scene: sceneOut }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  failure: "Failed to generate description",
  async handler(actor, input, ctx) {
    await describeScene(actor, input.projectId, input.sceneId);
    const ws = await getProjectWorkspace(actor, input.projectId);
    const row = ws.scenes.find((s) => s.id === input.sceneId);
    if (!row) throw new ToolError("The scene no longer exists");
    return { data: { scene: await sceneOf(actor, row, ctx) } };
  },
});
