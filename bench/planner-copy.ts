// The planner fixture set in the bench (issue 24 §7, docs/decisions/320-copy-a-person-would-write.md):
// the local planner on every script of tests/fixtures/planner-scripts/ in every Style, each field it
// writes (scene titles, hook, call-outs, end card, SEO title, hashtags) checked by the copy rules.
// The unit test tests/unit/planner-copy-fixtures.test.ts checks the same and each fixture's shape.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { AD_STYLES, planAdStructure } from "~/providers/llm/planner/ad-structure";
import { copyProblems, hashtagProblems } from "~/providers/llm/planner/copy-rules";
import { runLocalTask } from "~/providers/llm/planner/tasks";

export type PlannerCopyResult = { fixtures: number; fieldsChecked: number; failures: string[]; pass: boolean };

export function plannerCopyCheck(dir = path.resolve("tests/fixtures/planner-scripts")): PlannerCopyResult {
  const failures: string[] = [];
  let fieldsChecked = 0;
  const check = (where: string, problems: string[]) => {
    fieldsChecked++;
    if (problems.length) failures.push(`${where}: ${problems.join("; ")}`);
  };
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  for (const file of files) {
    const { name, script } = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { name: string; script: string };
    const divided = runLocalTask("divide_script", { script });
    const captions = divided.scenes.map((s) => s.voiceOverText);
    for (const s of divided.scenes) check(`${name} title "${s.title}"`, copyProblems("sceneTitle", s.title, { script }));
    for (const style of AD_STYLES) {
      const ad = planAdStructure({ scenes: captions, style });
      const ctx = { script, product: ad.product };
      check(`${name} ${style} hook "${ad.shots[0].headline}"`, copyProblems("hook", ad.shots[0].headline, ctx));
      for (const shot of ad.shots.slice(1, -1))
        if (shot.headline) check(`${name} ${style} call-out "${shot.headline}"`, copyProblems("callout", shot.headline, ctx));
      if (ad.shots.length > 1)
        check(`${name} ${style} end card "${ad.callToAction}"`, copyProblems("endCard", ad.callToAction, { ...ctx, captions: captions[captions.length - 1] }));
    }
    const spoken = captions.join(" ");
    const seo = runLocalTask("seo_metadata", { script: spoken });
    const product = planAdStructure({ scenes: captions }).product;
    check(`${name} SEO title "${seo.title}"`, copyProblems("seoTitle", seo.title, { script: spoken, product }));
    check(`${name} hashtags ${seo.hashtags.join(" ")}`, hashtagProblems(seo.hashtags, { script: spoken, product }));
  }
  return { fixtures: files.length, fieldsChecked, failures, pass: files.length >= 25 && failures.length === 0 };
}
