// A language model's copy checked against the rules (docs/decisions/320-copy-a-person-would-write.md):
// every scene title, SEO title, hashtag list, hook, call-out and end card a model writes through
// structured output is kept only when it keeps the rules of copy-rules.ts; a field that breaks
// them is replaced by the local planner's version of that field. Pure and deterministic.
import { adCopy } from "./ad-structure";
import { copyProblems, hashtagProblems } from "./copy-rules";
import { titleFromText } from "./copy-writer";
import { findProduct, seoMetadata } from "./seo";
import type { PlannerTask, PlannerTaskInput, PlannerTaskOutput } from "./tasks";
import { cleanForSpeech } from "./voice-over";

export type CheckedCopy<T extends PlannerTask> = {
  output: PlannerTaskOutput<T>;
  /** The fields replaced by the local planner's version, each with why ("scenes.1.title: is not a phrase of the script"). */
  replaced: string[];
};

/** The tasks whose answers carry copy: scene titles, SEO title and hashtags, the ad's words. */
export const COPY_TASKS = ["divide_script", "seo_metadata", "ad_copy"] as const satisfies readonly PlannerTask[];

export function enforceCopyRules<T extends PlannerTask>(task: T, input: PlannerTaskInput<T>, output: PlannerTaskOutput<T>): CheckedCopy<T> {
  const replaced: string[] = [];
  const note = (field: string, problems: string[]) => replaced.push(`${field}: ${problems.join("; ")}`);
  if (task === "divide_script") {
    const { script } = input as PlannerTaskInput<"divide_script">;
    const out = output as PlannerTaskOutput<"divide_script">;
    const product = findProduct(cleanForSpeech(script));
    const scenes = out.scenes.map((scene, i) => {
      const problems = copyProblems("sceneTitle", scene.title, { script });
      if (!problems.length) return scene;
      note(`scenes.${i}.title`, problems);
      return { ...scene, title: titleFromText(scene.script || scene.voiceOverText, product) || `Scene ${scene.order}` };
    });
    return { output: { ...out, scenes } as PlannerTaskOutput<T>, replaced };
  }
  if (task === "seo_metadata") {
    const { script, product, maxTitleLength, maxHashtags } = input as PlannerTaskInput<"seo_metadata">;
    const out = output as PlannerTaskOutput<"seo_metadata">;
    let local: ReturnType<typeof seoMetadata> | null = null;
    const fallback = () => (local ??= seoMetadata(script, { product, maxTitleLength, maxHashtags }));
    const named = product?.trim() || fallback().hashtags[0]?.slice(1) || "";
    const titleProblems = copyProblems("seoTitle", out.title, { script, product: product?.trim() || findProduct(cleanForSpeech(script)) });
    if (maxTitleLength && out.title.length > maxTitleLength) titleProblems.push(`is longer than ${maxTitleLength} characters`);
    if (titleProblems.length) note("title", titleProblems);
    const tagProblems = hashtagProblems(out.hashtags, { script, product: named });
    if (tagProblems.length) note("hashtags", tagProblems);
    return {
      output: {
        ...out,
        title: titleProblems.length ? fallback().title : out.title,
        hashtags: tagProblems.length ? fallback().hashtags : out.hashtags,
      } as PlannerTaskOutput<T>,
      replaced,
    };
  }
  if (task === "ad_copy") {
    const i = input as PlannerTaskInput<"ad_copy">;
    const out = output as PlannerTaskOutput<"ad_copy">;
    const local = adCopy(i);
    const script = i.scenes.join(" ");
    const product = i.product?.trim() || local.product;
    const ctx = { script, product };
    const keep = (field: string, kind: "hook" | "callout" | "endCard", text: string, fallbackText: string, captions?: string) => {
      if (kind === "callout" && text === "") return "";
      const problems = copyProblems(kind, text, { ...ctx, captions });
      if (!problems.length) return text;
      note(field, problems);
      return fallbackText;
    };
    const last = i.scenes.length - 1;
    return {
      output: {
        product,
        hook: keep("hook", "hook", out.hook, local.hook),
        callouts: i.scenes.map((_, k) => keep(`callouts.${k}`, "callout", out.callouts[k] ?? "", local.callouts[k] ?? "")),
        endCard: keep("endCard", "endCard", out.endCard, local.endCard, i.scenes[last]),
      } as PlannerTaskOutput<T>,
      replaced,
    };
  }
  return { output, replaced };
}
