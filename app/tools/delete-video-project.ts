import { z } from "zod";
import { deleteProject } from "~/models/projects";
import { projectIdArg } from "~/tools/shapes.server";
import { defineTool } from "~/tools/types";

export const deleteVideoProject = defineTool({
  name: "delete_video_project",
  title: "Delete video project",
  description:
    "Deletes one of your projects for good: its scenes, files, compiled videos and jobs. Work still under way is stopped and refunded. This cannot be undone.",
  inputSchema: z.object({ projectId: projectIdArg }),
  outputSchema: z.object({ deleted: z.boolean(), projectId: z.string(), filesRemoved: z.number(), creditsRefunded: z.number() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  failure: "Failed to delete project",
  async handler(actor, input) {
    const result = await deleteProject(actor, input.projectId);
    return { data: { deleted: true, projectId: input.projectId, filesRemoved: result.filesRemoved, creditsRefunded: result.refunded } };
  },
});
