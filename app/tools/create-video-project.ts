import { z } from "zod";
import { captionInputFromTool, captionToolInput, rememberCaptionChoice } from "~/models/captions";
import { createProject } from "~/models/projects";
import { voiceExists } from "~/models/generation";
import { aspectRatioArg, renderableAspect } from "~/tools/shapes.server";
import { defineTool, ToolError } from "~/tools/types";
import { projectView } from "~/tools/views.server";
import { projectOut } from "~/tools/shapes.server";
import { styleByName } from "~/tools/options.server";

export const createVideoProject = defineTool({
  name: "create_video_project",
  title: "Create video project",
  description:
    "Creates a new video project (status draft) owned by you. Then upload a product image (upload_product_image), add scenes (add_scene), generate their assets and compile_video. captionStyle, captionSize and captionPosition set the caption look of your videos (remembered; compile_video uses it unless told otherwise).",
  inputSchema: z.object({
    name: z
      .string({ error: (i) => (i.input === undefined ? "name is required" : "name must be text") })
      .trim()
      .min(1, "name is required")
      .max(200, "name can be at most 200 characters")
      .describe("The project's name"),
    description: z.string({ error: "description must be text" }).max(20_000).optional(),
    aspectRatio: aspectRatioArg,
    style: z.string({ error: "style must be text" }).max(100).optional().describe("A style name from list_styles"),
    voiceId: z.number({ error: "voiceId must be a number" }).int().positive().optional().describe("A voice id from list_voices"),
    // The caption look for this user's videos (ADR 350): remembered, and used by compile_video.
    ...captionToolInput,
  }),
  outputSchema: z.object({ project: projectOut }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  failure: "Failed to create video project",
  async handler(actor, input, ctx) {
    const style = input.style ? await styleByName(input.style) : null;
    if (input.voiceId !== undefined && !(await voiceExists(input.voiceId))) throw new ToolError("Unknown voiceId: see list_voices");
    const project = await createProject(actor, {
      title: input.name,
      description: input.description ?? null,
      aspectRatio: renderableAspect(input.aspectRatio) ?? null,
      style,
      voiceId: input.voiceId ?? null,
    });
    await rememberCaptionChoice(actor, captionInputFromTool(input));
    const view = await projectView(actor, project.id, ctx);
    return { data: { project: view.data }, links: view.links };
  },
});
