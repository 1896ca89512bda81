import { z } from "zod";
import { listStoryTypes } from "~/models/stories";
import { defineTool } from "~/tools/types";

export const listStyles = defineTool({
  name: "list_styles",
  title: "List styles",
  description:
    "The styles a project can take (the palette of its pictures and the mood of its music): `style` for create_video_project / update_video_project.",
  inputSchema: z.object({}),
  outputSchema: z.object({ styles: z.array(z.object({ id: z.number(), name: z.string() })) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  failure: "Failed to load styles",
  async handler() {
    return { data: { styles: await listStoryTypes() } };
  },
});
