// Events of the pipeline's housekeeping (kept apart from the function modules so the server's
// start-up code can send them without loading every workflow).
import { eventType } from "inngest";
import { z } from "zod";

/** Render the development showcase videos (auth_showcase_videos is empty). */
export const showcaseSeedRequested = eventType("showcase/seed.requested", {
  schema: z.object({ reason: z.string().optional() }),
});
