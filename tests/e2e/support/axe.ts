// axe-core on the page as it is now: WCAG 2.0/2.1/2.2 A and AA and axe's best practices
// (docs/decisions/235-accessibility-checks-in-e2e.md). A serious or critical violation fails the
// test (softly: the test goes on, so one run lists every screen's problems); each is printed with
// its rule id, impact, help text and the selectors of the elements it was found on.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

export type AxeProblem = { id: string; impact: string; help: string; targets: string[] };

/** The serious and critical violations on the page (or inside `include`, a selector). */
export async function axeProblems(page: Page, include?: string): Promise<AxeProblem[]> {
  // Only violations are reported back (passes and incomplete results stay summary-only): faster.
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ""))
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      // The selector, then axe's first reason (for contrast: the ratio and the two colours).
      targets: v.nodes.map((n) => `${n.target.map(String).join(" >> ")}  (${(n.failureSummary ?? "").split("\n")[1]?.trim() ?? ""})`),
    }));
}

export function formatProblems(screen: string, problems: AxeProblem[]): string {
  const lines = problems.flatMap((p) => [
    `  [${p.impact}] ${p.id}: ${p.help}`,
    ...p.targets.slice(0, 8).map((t) => `      at ${t}`),
    ...(p.targets.length > 8 ? [`      … and ${p.targets.length - 8} more`] : []),
  ]);
  return `${screen}: ${problems.length} serious/critical accessibility violation(s)\n${lines.join("\n")}`;
}

/** Checks the page with axe; every serious or critical violation is a (soft) failure named after `screen`. */
export async function expectAccessible(page: Page, screen: string, include?: string): Promise<void> {
  const problems = await axeProblems(page, include);
  if (problems.length > 0) console.log(formatProblems(screen, problems));
  expect.soft(problems.length === 0 ? "" : formatProblems(screen, problems), `axe: ${screen}`).toBe("");
}
