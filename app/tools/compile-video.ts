import { z } from "zod";
import { captionInputFromTool, captionToolInput } from "~/models/captions";
import { requestCompile } from "~/models/compile";
import { compileOut, idempotencyKeyArg, outputFormatArg, projectIdArg } from "~/tools/shapes.server";
import { defineTool, ToolError } from "~/tools/types";
import { compileView } from "~/tools/views.server";
import { waitForCompile } from "~/tools/wait.server";

export const compileVideo = defineTool({
  name: "compile_video",
  title: "Compile video",
  description:
    "Compiles the project's scenes into one video (mp4 or webm). Scenes not ready are prepared first (their missing assets are generated); the scenes and steps are fixed when it is asked, and scenes added later are not in this video. Costs 2 credits plus the steps it prepares: see estimate_cost. Captions: captionStyle (bold-pop, lower-third, boxed, karaoke, minimal), captionSize and captionPosition (upper, middle or lower: against the top edge, in the middle or against the bottom edge of the platform-safe area); each left out is the user's last choice (remembered from the dialog, the editors or an earlier call), else the Style's own look. Waits with progress by default and returns a signed download link; with wait: false it answers at once with the job id (then get_compile_status). If it fails, the compile and the steps that failed or never ran are refunded once, and what was made is kept (a later compile does not charge for it again); a retry with the same idempotencyKey never charges twice.",
  inputSchema: z.object({
    projectId: projectIdArg,
    outputFormat: outputFormatArg,
    wait: z
      .boolean({ error: "wait must be true or false" })
      .default(true)
      .describe("Wait for the video with progress (default); false: return the job id at once"),
    idempotencyKey: idempotencyKeyArg,
    // The caption look (ADR 350): a part left out is the user's last choice, else the Style's own.
    ...captionToolInput,
  }),
  outputSchema: compileOut.extend({
    credits: z.number().describe("Credits charged (what is not delivered is refunded once if the compile fails)"),
    balance: z.number().nullable(),
    duplicate: z.boolean(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  failure: "Failed to compile video",
  async handler(actor, input, ctx) {
    const result = await requestCompile(actor, {
      projectId: input.projectId,
      format: input.outputFormat,
      clientRequestId: input.idempotencyKey ?? null,
      captions: captionInputFromTool(input),
    });
    if (!result.ok) throw new ToolError(result.message);
    const job = input.wait ? await waitForCompile(actor, result.job.id, ctx) : result.job;
    // What failed, then what was refunded and what was kept (ADR 250).
    if (job.status === "failed")
      throw new ToolError(`Compilation error: ${job.errorMessage || job.message || "Video compilation failed"}${job.notice ? ` ${job.notice}` : ""}`);
    const view = await compileView(actor, job, ctx);
    return { data: { ...view.data, credits: result.credits, balance: result.balance, duplicate: result.duplicate }, links: view.links };
  },
});
