// The planner tasks the pipeline runs (divide a script, write an image prompt or a voice-over,
// SEO metadata), on the configured chat model: a hosted model when one is set, else the local
// planner (docs/decisions/060-local-planner.md). A model's scene titles, SEO title, hashtags and
// ad words are checked against the copy rules; a field that breaks them is the local planner's
// (docs/decisions/320-copy-a-person-would-write.md).
import { getChatModel, runCheckedPlannerTask, type PlannerTask, type PlannerTaskInput, type PlannerTaskOutput } from "~/providers/llm/index.server";

export async function planTask<T extends PlannerTask>(task: T, input: PlannerTaskInput<T>): Promise<PlannerTaskOutput<T>> {
  return runCheckedPlannerTask(await getChatModel(), task, input);
}
