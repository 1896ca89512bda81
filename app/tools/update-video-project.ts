import { z } from "zod";
import { setProjectStatus, updateProject, type ProjectUpdate } from "~/models/projects";
import { voiceExists } from "~/models/generation";
import { styleByName } from "~/tools/options.server";
import { aspectRatioArg, projectIdArg, projectOut, renderableAspect } from "~/tools/shapes.server";
import { defineTool, ToolError } from "~/tools/types";
import { projectView } from "~/tools/views.server";

export const updateVideoProject = defineTool({
  name: "update_video_project",
  title: "Update video project",
  description:
    "Changes a project's name, description, full script, aspect ratio, style or voice, or its status (draft → in_progress → completed or failed; completed or failed → in_progress). Fields left out stay as they are.",
  inputSchema: z.object({
    projectId: projectIdArg,
    name: z.string({ error: "name must be text" }).max(200, "name can be at most 200 characters").optional(),
    description: z.string({ error: "description must be text" }).max(20_000).nullable().optional(),
    fullScript: z.string({ error: "fullScript must be text" }).max(20_000).nullable().optional(),
    aspectRatio: aspectRatioArg,
    style: z.string({ error: "style must be text" }).max(100).optional(),
    voiceId: z.number({ error: "voiceId must be a number" }).int().positive().optional(),
    status: z.enum(["draft", "in_progress", "completed", "failed"], { error: "Status must be draft, in_progress, completed or failed" }).optional(),
  }),
  outputSchema: z.object({ project: projectOut }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  failure: "Failed to update video project",
  async handler(actor, input, ctx) {
    const data: ProjectUpdate = {};
    if (input.name !== undefined) data.title = input.name;
    if (input.description !== undefined) data.description = input.description;
    if (input.fullScript !== undefined) data.fullScript = input.fullScript;
    const aspect = renderableAspect(input.aspectRatio);
    if (aspect) data.aspectRatio = aspect;
    if (input.style !== undefined) data.style = await styleByName(input.style);
    if (input.voiceId !== undefined) {
      if (!(await voiceExists(input.voiceId))) throw new ToolError("Unknown voiceId: see list_voices");
      data.voiceId = input.voiceId;
    }
    if (Object.keys(data).length > 0) await updateProject(actor, input.projectId, data);
    if (input.status && !(await setProjectStatus(actor, input.projectId, input.status))) {
      throw new ToolError(`The project's status cannot become ${input.status} now`);
    }
    const view = await projectView(actor, input.projectId, ctx);
    return { data: { project: view.data }, links: view.links };
  },
});
