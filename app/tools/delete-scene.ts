import { z } from "zod";
import { deleteScene as deleteSceneOfProject } from "~/models/projects";
import { projectIdArg, sceneIdArg } from "~/tools/shapes.server";
import { defineTool } from "~/tools/types";

export const deleteScene = defineTool({
  name: "delete_scene",
  title: "Delete scene",
  description:
    "Deletes one scene of a project for good, with its image, voice-over, clip and earlier versions; the scenes after it move up one place. Its work still under way is stopped and refunded. This cannot be undone. Free.",
  inputSchema: z.object({ projectId: projectIdArg, sceneId: sceneIdArg }),
  outputSchema: z.object({ deleted: z.boolean(), projectId: z.string(), sceneId: z.string(), filesRemoved: z.number(), creditsRefunded: z.number() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  failure: "Failed to delete scene",
  async handler(actor, input) {
    const result = await deleteSceneOfProject(actor, input.projectId, input.sceneId);
    return { data: { deleted: true, projectId: input.projectId, sceneId: input.sceneId, filesRemoved: result.filesRemoved, creditsRefunded: result.refunded } };
  },
});
