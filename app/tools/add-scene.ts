import { z } from "zod";
import { getProjectWorkspace, addScene as addSceneToProject } from "~/models/projects";
import { projectIdArg, sceneOf, sceneOut } from "~/tools/shapes.server";
import { defineTool, ToolError } from "~/tools/types";

export const addScene = defineTool({
  name: "add_scene",
  title: "Add scene",
  description:
    "Adds a scene to a project. Scenes are numbered 1, 2, 3 ... in play order: without `order` the scene goes last; with `order` it goes to that position and the scenes from there move down by one. Give it a script or voice-over text so its assets can be generated. Free.",
  inputSchema: z.object({
    projectId: projectIdArg,
    name: z
      .string({ error: (i) => (i.input === undefined ? "Scene name is required" : "Scene name must be text") })
      .trim()
      .min(1, "Scene name is required")
      .max(200, "Scene name can be at most 200 characters"),
    description: z.string({ error: "description must be text" }).max(20_000).optional(),
    order: z
      .number({ error: "order must be a number" })
      .int("order must be a whole number")
      .min(1, "order must be a whole number from 1")
      .optional()
      .describe("Position from 1; left out: last"),
    script: z.string({ error: "script must be text" }).max(20_000).optional().describe("What the scene says on screen"),
    voiceOverText: z.string({ error: "voiceOverText must be text" }).max(20_000).optional().describe("The words spoken over the scene"),
    imagePrompt: z.string({ error: "imagePrompt must be text" }).max(20_000).optional().describe("What the scene's picture shows"),
  }),
  outputSchema: z.object({ scene: sceneOut }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  failure: "Failed to add scene",
  async handler(actor, input, ctx) {
    const row = await addSceneToProject(
      actor,
      input.projectId,
      {
        title: input.name,
        description: input.description ?? null,
        script: input.script ?? null,
        voiceOverText: input.voiceOverText ?? null,
        imagePrompt: input.imagePrompt ?? null,
      },
      { requireTitle: true, order: input.order ?? null },
    );
    const ws = await getProjectWorkspace(actor, input.projectId);
    const scene = ws.scenes.find((s) => s.id === row.id);
    if (!scene) throw new ToolError("Failed to add scene or scene data missing from response");
    return { data: { scene: await sceneOf(actor, scene, ctx) } };
  },
});
