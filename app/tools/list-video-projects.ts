import { z } from "zod";
import { listUserProjects } from "~/models/projects";
import { projectSummaryOut, STATUS_FILTERS, summaryOf } from "~/tools/shapes.server";
import { defineTool } from "~/tools/types";

export const listVideoProjects = defineTool({
  name: "list_video_projects",
  title: "List video projects",
  description: "Your video projects, newest first (last updated), optionally only those of one status.",
  inputSchema: z.object({
    status: z
      .enum(STATUS_FILTERS, { error: "Status must be draft, in_progress, completed, failed or all" })
      .default("all")
      .describe("draft, in_progress, completed, failed or all (default)"),
  }),
  outputSchema: z.object({ projects: z.array(projectSummaryOut) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  failure: "Failed to load projects",
  async handler(actor, input) {
    const rows = await listUserProjects(actor, { status: input.status, take: 200 });
    return { data: { projects: rows.map((p) => summaryOf(p)) } };
  },
});
