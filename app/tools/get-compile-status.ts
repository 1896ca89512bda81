import { z } from "zod";
import { getCompileJob, latestCompileJob } from "~/models/compile";
import { compileOut, idArg } from "~/tools/shapes.server";
import { defineTool, ToolError } from "~/tools/types";
import { compileView } from "~/tools/views.server";

export const getCompileStatus = defineTool({
  name: "get_compile_status",
  title: "Get compile status",
  description:
    "The state of a compile (queued, rendering, completed or failed), its percent and message, and when completed a signed download link of the video. Give the jobId from compile_video, or a projectId for its latest compile.",
  inputSchema: z
    .object({ jobId: idArg("jobId").optional(), projectId: idArg("projectId").optional() })
    .refine((v) => v.jobId || v.projectId, { message: "jobId or projectId is required" }),
  outputSchema: compileOut,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  failure: "Failed to get compile status",
  async handler(actor, input, ctx) {
    const job = input.jobId ? await getCompileJob(actor, input.jobId) : await latestCompileJob(actor, input.projectId ?? "");
    if (!job) throw new ToolError("This project has not been compiled yet");
    if (input.projectId && job.projectId !== input.projectId) throw new ToolError("Compile job not found");
    return compileView(actor, job, ctx);
  },
});
