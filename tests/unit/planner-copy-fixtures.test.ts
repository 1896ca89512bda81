// Copy a person would write (issue 24 §2 and §7, docs/decisions/320-copy-a-person-would-write.md):
// the local planner runs on every script of tests/fixtures/planner-scripts/ and each field it
// writes (scene titles, hook, call-outs, end card, SEO title, hashtags) keeps the rules of
// app/providers/llm/planner/copy-rules.ts, plus the shape each fixture expects.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AD_STYLES, planAdStructure } from "~/providers/llm/planner/ad-structure";
import { copyProblems, copyTokens, hashtagProblems, isContiguousPhrase } from "~/providers/llm/planner/copy-rules";
import { displayText } from "~/providers/llm/planner/copy-writer";
import { runLocalTask } from "~/providers/llm/planner/tasks";
import { splitSentences } from "~/providers/llm/planner/text";

type Fixture = {
  name: string;
  shape: string;
  script: string;
  expect: {
    product?: string;
    hook?: "question";
    scenes?: number;
    minScenes?: number;
    endCardHas?: "offer";
    notTitles?: string[];
    notCallouts?: string[];
    devanagari?: boolean;
    emoji?: boolean;
    allCaps?: boolean;
    noUrl?: boolean;
  };
};

const DIR = path.resolve(import.meta.dirname, "../fixtures/planner-scripts");
const FIXTURES: Fixture[] = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(path.join(DIR, f), "utf8")) as Fixture);

const EMOJI = /\p{Extended_Pictographic}/u;
const CTA = /\b(?:shop|order|buy|get|grab|try|book|download|join|visit|subscribe|make|fix|meet)\b/i;

function plan(f: Fixture) {
  const divided = runLocalTask("divide_script", { script: f.script });
  const captions = divided.scenes.map((s) => s.voiceOverText);
  const spoken = captions.join(" ");
  const seo = runLocalTask("seo_metadata", { script: spoken });
  return { divided, captions, spoken, seo };
}

describe("planner fixtures", () => {
  it("hold at least 25 scripts of different shapes", () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(FIXTURES.map((f) => f.shape)).size).toBe(FIXTURES.length);
  });
});

describe.each(FIXTURES.map((f) => [f.name, f] as const))("copy for the %s script", (_, f) => {
  const { divided, captions, spoken, seo } = plan(f);
  const product = f.expect.product ?? "";

  it("divides into scenes of the expected number", () => {
    if (f.expect.scenes) expect(divided.scenes).toHaveLength(f.expect.scenes);
    if (f.expect.minScenes) expect(divided.scenes.length).toBeGreaterThanOrEqual(f.expect.minScenes);
    expect(divided.scenes.length).toBeGreaterThan(0);
  });

  it("titles every scene with a phrase of that scene, keeping the rules", () => {
    for (const scene of divided.scenes) {
      expect(copyProblems("sceneTitle", scene.title, { script: f.script }), scene.title).toEqual([]);
      // A marker's own title ("Scene 2: The fix") is the script's too; otherwise a run of the scene's words.
      expect(isContiguousPhrase(scene.title, scene.script) || isContiguousPhrase(scene.title, f.script), scene.title).toBe(true);
      expect(scene.title).not.toMatch(/^Scene \d+$/);
    }
    for (const bad of f.expect.notTitles ?? []) expect(divided.scenes.map((s) => s.title)).not.toContain(bad);
  });

  it.each(AD_STYLES)("in %s: a hook from the opening, call-outs that claim something, an end card that is no caption", (style) => {
    const ad = planAdStructure({ scenes: captions, style });
    if (product) expect(ad.product.toLowerCase()).toBe(product.toLowerCase());
    const ctx = { script: f.script, product: ad.product };
    // The hook: a phrase of the first two sentences (the question itself when it opens), or "Meet <Product>".
    const hook = ad.shots[0].headline;
    expect(copyProblems("hook", hook, ctx), hook).toEqual([]);
    const opening = splitSentences(displayText(f.script)).slice(0, 2).join(" ");
    expect(isContiguousPhrase(hook, opening) || hook === `Meet ${ad.product}`, hook).toBe(true);
    if (f.expect.hook === "question") expect(hook).toMatch(/\?$/);
    for (const shot of ad.shots.slice(1, -1)) {
      if (!shot.headline) continue;
      expect(copyProblems("callout", shot.headline, ctx), shot.headline).toEqual([]);
      for (const bad of f.expect.notCallouts ?? []) expect(shot.headline).not.toBe(bad);
    }
    if (ad.shots.length > 1) {
      const end = ad.shots[ad.shots.length - 1].headline;
      expect(end).toBe(ad.callToAction);
      expect(copyProblems("endCard", end, { ...ctx, captions: captions[captions.length - 1] }), end).toEqual([]);
      expect((ad.product && end.includes(ad.product)) || CTA.test(end), end).toBe(true);
      if (f.expect.endCardHas === "offer") expect(end).toMatch(/[₹$%]/);
    }
    const texts = [hook, ...ad.shots.map((s) => s.headline)];
    if (f.expect.emoji) for (const t of texts) expect(t).not.toMatch(EMOJI);
    if (f.expect.noUrl) for (const t of texts) expect(t).not.toMatch(/https?:|\.com|www\./i);
    if (f.expect.allCaps) for (const t of texts) expect(t).not.toMatch(/\b[A-Z]{5,}\b/);
    if (f.expect.devanagari) expect(hook).toMatch(/\p{Script=Devanagari}/u);
  });

  it("writes an SEO title from the product and its stated benefit, or a phrase of the script", () => {
    expect(copyProblems("seoTitle", seo.title, { script: spoken, product: product || undefined }), seo.title).toEqual([]);
    expect(seo.title.length).toBeLessThanOrEqual(60);
    if (product) expect(seo.title.toLowerCase()).toContain(product.toLowerCase());
    if (f.expect.emoji) expect(seo.title).not.toMatch(EMOJI);
  });

  it("tags it with 3-6 hashtags from the product and the script's nouns", () => {
    expect(hashtagProblems(seo.hashtags, { script: spoken, product }), seo.hashtags.join(" ")).toEqual([]);
    if (product) expect(seo.hashtags.map((t) => t.toLowerCase())).toContain(`#${product.replace(/\s+/g, "").toLowerCase()}`);
    const FORMAT = new Set(["#reels", "#ad", "#shortvideo"]);
    // Every other tag is made of words the script says.
    const words = new Set(copyTokens(`${spoken} ${f.script}`));
    for (const tag of seo.hashtags) {
      if (FORMAT.has(tag.toLowerCase()) || (product && tag.toLowerCase() === `#${product.replace(/\s+/g, "").toLowerCase()}`)) continue;
      const parts = tag
        .slice(1)
        .split(/(?=\p{Lu})/u)
        .map((p) => p.toLowerCase());
      for (const p of parts)
        expect(
          [...words].some((w) => w === p || w.startsWith(p)),
          `${tag}: ${p}`,
        ).toBe(true);
    }
  });
});

describe("the rules refuse machine-made copy", () => {
  const script = "Meet CrispBox. It is light. It fits in your bag, from the gym to the office. Order CrispBox today.";
  it.each([
    ["sceneTitle", "Bag Gym Office", "words gathered from different phrases"],
    ["sceneTitle", "Fans Switched Pack", "not a phrase of the script"],
    ["callout", "It is light", "a pronoun and a copula"],
    ["callout", "Fits in your", "a dangling function word"],
    ["hook", "This jar…", "an ellipsis"],
    ["endCard", "Order CrispBox today", "the caption under it"],
    ["seoTitle", "CrispBox: Bag & Gym", "gathered topics"],
  ] as const)("%s %j (%s)", (field, text, _why) => {
    expect(copyProblems(field, text, { script, product: "CrispBox", captions: "Order CrispBox today." }).length).toBeGreaterThan(0);
  });

  it("keeps a phrase cut at its boundaries and a template around the product", () => {
    const ctx = { script, product: "CrispBox", captions: "Order CrispBox today." };
    expect(copyProblems("sceneTitle", "From the gym to the office", ctx)).toEqual([]);
    expect(copyProblems("endCard", "Order CrispBox now", ctx)).toEqual([]);
    expect(copyProblems("hook", "Meet CrispBox", ctx)).toEqual([]);
  });
});
