// A project and a compile job as the tools return them, with signed links for their files.
import type { z } from "zod";
import type { Actor } from "~/models/access";
import type { CompileJobRow } from "~/models/compile";
import { getProjectWorkspace } from "~/models/projects";
import { type compileOut, linkOut, type projectOut, sceneOf, signed, summaryOf, toLink } from "~/tools/shapes.server";
import type { ToolContext, ToolLink } from "~/tools/types";

export async function compileView(actor: Actor, job: CompileJobRow, ctx: Pick<ToolContext, "origin">) {
  const video = job.status === "completed" ? await signed(actor, job.videoUrl, ctx) : null;
  const data: z.output<typeof compileOut> = {
    jobId: job.id,
    projectId: job.projectId,
    status: job.status,
    progress: job.progress,
    message: job.message,
    errorMessage: job.errorMessage,
    notice: job.notice,
    format: job.format,
    videoUrl: video?.url ?? null,
    videoUrlExpiresAt: video?.expiresAt.toISOString() ?? null,
  };
  const links = [toLink(video, "The compiled video (signed link, expires)")].filter((l): l is ToolLink => l !== null);
  return { data, links };
}

/** The project the actor may work on, with its scenes, files and latest compile. NotFoundError otherwise. */
export async function projectView(actor: Actor, projectId: string, ctx: Pick<ToolContext, "origin">) {
  const ws = await getProjectWorkspace(actor, projectId);
  const p = ws.project;
  const [image, video, scenes, compile] = await Promise.all([
    signed(actor, p.mainProductImageUrl, ctx),
    signed(actor, p.finalVideoUrl, ctx),
    Promise.all(ws.scenes.map((s) => sceneOf(actor, s, ctx))),
    ws.latestCompile ? compileView(actor, ws.latestCompile, ctx) : null,
  ]);
  const data: z.output<typeof projectOut> = {
    ...summaryOf(p, ws.scenes.length),
    aspectRatio: p.aspectRatio,
    style: p.style,
    voiceId: p.voiceId,
    fullScript: p.fullScript,
    mainProductImage: linkOut(image),
    finalVideo: linkOut(video),
    scenes,
    latestCompile: compile?.data ?? null,
  };
  const links = [toLink(image, "The project's product image"), toLink(video, "The project's compiled video")].filter((l): l is ToolLink => l !== null);
  return { data, links };
}
