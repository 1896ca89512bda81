// A local render of a compile job, as a durable workflow of its own: one step runs the
// renderer in this process and writes its progress and heartbeat to the compile_jobs row, which
// the compile workflow polls (inngest/functions/compile.ts). The work is in
// app/models/compile-render.server.ts (runLocalRender); a render whose job was given up or taken
// over (a newer token) stops. The run acts as the user its event names (ADR 130, ADR 140).
import { actorForWorkflow } from "~/models/actor.server";
import { runLocalRender } from "~/models/compile-render.server";
import { inngest } from "../client.ts";
import { projectRenderRequested } from "../events.ts";
import { stopIfNotFound } from "./scene-assets.ts";

export const renderFunction = inngest.createFunction(
  { id: "render-compile-job", name: "Render a compile job", retries: 2, triggers: [projectRenderRequested] },
  async ({ event, step }) => {
    const { compileJobId, userId, token } = event.data;
    const outcome = await step.run("render", async () => {
      const actor = await actorForWorkflow(userId).catch(stopIfNotFound);
      return runLocalRender(actor, compileJobId, token).catch(stopIfNotFound);
    });
    return { compileJobId, outcome };
  },
);
