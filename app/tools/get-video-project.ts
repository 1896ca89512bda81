import { z } from "zod";
import { projectIdArg, projectOut } from "~/tools/shapes.server";
import { defineTool } from "~/tools/types";
import { projectView } from "~/tools/views.server";

export const getVideoProject = defineTool({
  name: "get_video_project",
  title: "Get video project",
  description:
    "One of your video projects with its scenes (in play order, with signed links to their images and clips), its product image, its final video and its latest compile.",
  inputSchema: z.object({ projectId: projectIdArg }),
  outputSchema: z.object({ project: projectOut }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  failure: "Failed to get video project",
  async handler(actor, input, ctx) {
    const view = await projectView(actor, input.projectId, ctx);
    return { data: { project: view.data }, links: view.links };
  },
});
