import { z } from "zod";
import { getProjectWorkspace, editScene, type SceneTextEdit } from "~/models/projects";
import { projectIdArg, sceneIdArg, sceneOf, sceneOut } from "~/tools/shapes.server";
import { defineTool, ToolError } from "~/tools/types";

const text = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(20_000, `${name} can be at most 20000 characters`)
    .nullable()
    .optional();

export const updateScene = defineTool({
  name: "update_scene",
  title: "Update scene",
  description:
    "Replaces a scene's name, description, script, voice-over text or image prompt (null or empty text clears a field; fields left out stay as they are). The assets made from a changed field become stale and are made again on the next generation or compile. Free.",
  inputSchema: z
    .object({
      projectId: projectIdArg,
      sceneId: sceneIdArg,
      name: z.string({ error: "name must be text" }).max(200, "name can be at most 200 characters").optional(),
      description: text("description"),
      script: text("script"),
      voiceOverText: text("voiceOverText"),
      imagePrompt: text("imagePrompt"),
    })
    .refine((v) => ["name", "description", "script", "voiceOverText", "imagePrompt"].some((k) => v[k as keyof typeof v] !== undefined), {
      message: "Give at least one of name, description, script, voiceOverText or imagePrompt",
    }),
  outputSchema: z.object({ scene: sceneOut, changed: z.array(z.string()).describe("The fields given") }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  failure: "Failed to update scene",
  async handler(actor, input, ctx) {
    const edit: SceneTextEdit = {};
    if (input.name !== undefined) edit.title = input.name;
    for (const field of ["description", "script", "voiceOverText", "imagePrompt"] as const) if (input[field] !== undefined) edit[field] = input[field];
    await editScene(actor, input.projectId, input.sceneId, edit);
    const ws = await getProjectWorkspace(actor, input.projectId);
    const row = ws.scenes.find((s) => s.id === input.sceneId);
    if (!row) throw new ToolError("The scene no longer exists");
    return { data: { scene: await sceneOf(actor, row, ctx), changed: Object.keys(edit).map((k) => (k === "title" ? "name" : k)) } };
  },
});
