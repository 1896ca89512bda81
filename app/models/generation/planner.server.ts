// The planner tasks the pipeline runs (divide a script, write an image prompt or a voice-over,
// SEO metadata), on the configured chat model: a hosted model when one is set, else the local
// planner (docs/decisions/060-local-planner.md).
import { getChatModel, runPlannerTask, type PlannerTask, type PlannerTaskInput, type PlannerTaskOutput } from "~/providers/llm/index.server";

export async function planTask<T extends PlannerTask>(task: T, input: PlannerTaskInput<T>): Promise<PlannerTaskOutput<T>> {
  return runPlannerTask(await getChatModel(), task, input);
}
