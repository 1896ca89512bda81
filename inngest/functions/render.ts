// A local render of a compile job, as a durable workflow of its own: one step runs the
// renderer in this process and writes its progress and heartbeat to the compile_jobs row, which
// the compile workflow polls (inngest/functions/compile.ts); when it ends it says so with an
// event, so the compile polls at once. The work is in
// app/models/compile/compile-render.server.ts (runLocalRender); a render whose job was given up or taken
// over (a newer token) stops. The run acts as the user its event names (ADR 130, ADR 140).
// A render whose ffmpeg was killed is tried again; after the last try the job fails with the
// reason, which the compile's poll turns into a failed, refunded compile (ADR 230).
import { actorForWorkflow, isNotFound } from "~/models/access";
import { failRender, runLocalRender } from "~/models/compile";
import { inngest } from "../client.ts";
import { projectRenderFinished, projectRenderRequested } from "~/models/workflows/events";
import { errorMessageOf, stopIfNotFound } from "./scene-assets.ts";

export const renderFunction = inngest.createFunction(
  {
    id: "render-compile-job",
    name: "Render a compile job",
    retries: 2,
    triggers: [projectRenderRequested],
    onFailure: async ({ event, error, step }) => {
      const { compileJobId, projectId, userId, token } = event.data.event.data;
      await step.run("fail-render", async () => {
        try {
          // Only the render holding the job's token fails it (a newer one is left alone).
          return { failed: await failRender(await actorForWorkflow(userId), compileJobId, token, errorMessageOf(error)) };
        } catch (e) {
          if (isNotFound(e)) return { failed: false };
          throw e;
        }
      });
      await step.sendEvent("report-finished", projectRenderFinished.create({ projectId, compileJobId }));
    },
  },
  async ({ event, step }) => {
    const { compileJobId, projectId, userId, token } = event.data;
    const outcome = await step.run("render", async () => {
      const actor = await actorForWorkflow(userId).catch(stopIfNotFound);
      return runLocalRender(actor, compileJobId, token).catch(stopIfNotFound);
    });
    // The compile workflow waits for this (at most one poll interval) before it polls the job.
    await step.sendEvent("report-finished", projectRenderFinished.create({ projectId, compileJobId }));
    return { compileJobId, outcome };
  },
);
