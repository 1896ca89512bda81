import { z } from "zod";
import { getProjectWorkspace, divideProjectScript } from "~/models/projects";
import { projectIdArg, sceneOf, sceneOut } from "~/tools/shapes.server";
import { defineTool } from "~/tools/types";

export const divideScript = defineTool({
  name: "divide_script",
  title: "Divide script into scenes",
  description:
    "Divides the project's full script (or `script`, saved as the full script first) into scenes of 4-8 seconds (\"Scene N:\" markers are respected) and writes an image prompt for each. The new scenes REPLACE all of the project's scenes, with their files. Free.",
  inputSchema: z.object({
    projectId: projectIdArg,
    script: z
      .string({ error: "script must be text" })
      .max(20_000, "script can be at most 20000 characters")
      .optional()
      .describe("Replaces the project's full script first"),
  }),
  outputSchema: z.object({
    scenes: z.array(sceneOut),
    imagePrompts: z.object({ successful: z.number(), processed: z.number() }),
    message: z.string(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  failure: "Failed to divide script",
  async handler(actor, input, ctx) {
    const division = await divideProjectScript(actor, input.projectId, { script: input.script });
    const ws = await getProjectWorkspace(actor, input.projectId);
    const ids = new Set(division.scenes.map((s) => s.id));
    const scenes = await Promise.all(ws.scenes.filter((s) => ids.has(s.id)).map((s) => sceneOf(actor, s, ctx)));
    return { data: { scenes, imagePrompts: division.imagePrompts, message: division.messages.join(". ") } };
  },
});
