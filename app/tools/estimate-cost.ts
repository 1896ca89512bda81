import { z } from "zod";
import { estimateCost as estimate } from "~/models/projects";
import { projectIdArg } from "~/tools/shapes.server";
import { defineTool, ToolError } from "~/tools/types";

const WORK = {
  compile: null,
  all_steps: "all",
  image_prompt: "image prompt",
  image: "image",
  script: "script",
  voice_over: "voice-over",
  video: "video",
} as const;

export const estimateCost = defineTool({
  name: "estimate_cost",
  title: "Estimate cost",
  description:
    "What a piece of work will cost you now, in credits, before you ask for it: compile_video (work: compile, the compile plus the scene steps it must prepare) or a scene's generation step (image_prompt, image, script, voice_over, video, or all_steps). Also your balance and what would stop it.",
  inputSchema: z
    .object({
      projectId: projectIdArg,
      work: z.enum(Object.keys(WORK) as [keyof typeof WORK, ...(keyof typeof WORK)[]], {
        error: "work must be compile, all_steps, image_prompt, image, script, voice_over or video",
      }),
      sceneId: z.string({ error: "sceneId must be text" }).trim().min(1).max(64).optional().describe("Required for a scene step"),
      regenerate: z.boolean().default(false),
    })
    .refine((v) => v.work === "compile" || v.sceneId, { message: "sceneId is required for a scene step", path: ["sceneId"] }),
  outputSchema: z.object({
    credits: z.number(),
    lines: z.array(z.object({ work: z.string(), sceneId: z.string().optional(), step: z.string().optional(), credits: z.number() })),
    balance: z.number(),
    enough: z.boolean(),
    blocked: z.string().nullable().describe("What would stop it (then it is refused, or refunded), else null"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  failure: "Failed to estimate cost",
  async handler(actor, input) {
    const step = WORK[input.work];
    if (step !== null && !input.sceneId) throw new ToolError("sceneId is required for a scene step");
    const result = await estimate(actor, {
      projectId: input.projectId,
      work: step === null ? { kind: "compile" } : { kind: "scene", sceneId: input.sceneId ?? "", step, regenerate: input.regenerate },
    });
    return { data: result };
  },
});
