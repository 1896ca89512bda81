import { z } from "zod";
import { listVoices as voices } from "~/models/generation";
import { defineTool } from "~/tools/types";

export const listVoices = defineTool({
  name: "list_voices",
  title: "List voices",
  description: "The voices a project's voice-over can use (voiceId for create_video_project / update_video_project).",
  inputSchema: z.object({}),
  outputSchema: z.object({ voices: z.array(z.object({ id: z.number(), name: z.string() })) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  failure: "Failed to load voices",
  async handler() {
    return { data: { voices: await voices() } };
  },
});
