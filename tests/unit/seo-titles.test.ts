// Titles and hashtags a person would post (issue 14 §5, docs/decisions/199-titles-and-hashtags.md):
// the product's name and its benefit within 60 characters; hashtags from the product, its category
// and the script's topics, never stop words, number words, moods or one-letter tags.
import { describe, expect, it } from "vitest";
import { findBenefit, findCategory, findProduct, seoMetadata } from "~/providers/llm/planner/seo";

// The kind of script that gave "Tired, Soggy & Salads" and #hint #zero #separate.
const SALAD =
  "Tired of soggy salads by noon? Meet CrispJar, the salad jar that keeps dressing separate until you shake it. Zero leaks, zero soggy leaves, just a hint of crunch in every bite. The glass jar is dishwasher safe and fits in any bag. Pack your salad in the morning and enjoy it fresh at lunch. Get CrispJar today.";
const NO_NAME =
  "Tired of soggy salads? This lunch box keeps the dressing separate. Zero mess, zero soggy leaves, just a hint of lemon. Salads stay crisp until lunch.";
const BAD_TAGS = ["#hint", "#zero", "#separate", "#tired", "#soggy", "#noon", "#shake", "#just", "#every"];

describe("SEO title", () => {
  it("is the product name plus its benefit, within 60 characters", () => {
    const seo = seoMetadata(SALAD);
    expect(seo.title).toBe("CrispJar Salad Jar: Keeps Dressing Separate");
    expect(seo.title.length).toBeLessThanOrEqual(60);
    expect(seo.title).not.toMatch(/Tired|Soggy/);
  });

  it("never lists the hook's moods: without a product name, the thing the script sells leads", () => {
    const seo = seoMetadata(NO_NAME);
    expect(seo.title).not.toBe("Tired, Soggy & Salads");
    expect(seo.title).not.toMatch(/Tired|Soggy/);
    expect(seo.title).toBe("Lunch Box: Keeps the Dressing Separate");
  });

  it("takes a given product name and cuts to the limit", () => {
    const seo = seoMetadata(SALAD, { product: "CrispJar", maxTitleLength: 30 });
    expect(seo.title.length).toBeLessThanOrEqual(30);
    expect(seo.title.startsWith("CrispJar")).toBe(true);
  });

  it("finds the product, its category and its benefit in the script", () => {
    expect(findProduct(SALAD)).toBe("CrispJar");
    expect(findProduct("Meet Aurora, the steel bottle that keeps water ice cold all day.")).toBe("Aurora");
    expect(findCategory(SALAD, "CrispJar")).toBe("salad jar");
    expect(findBenefit(SALAD, "CrispJar")).toBe("keeps dressing separate");
    // A run of the script's words (ADR 320): the determiner stays.
    expect(findBenefit("Its sealed pod keeps your greens crisp for hours.", "")).toBe("keeps your greens crisp");
  });
});

describe("hashtags", () => {
  it.each([
    ["a named product", SALAD],
    ["an unnamed product", NO_NAME],
  ])("for %s are real words from the product and its category", (_, script) => {
    const tags = seoMetadata(script).hashtags;
    // 3-6 tags (ADR 320).
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(6);
    for (const bad of BAD_TAGS) expect(tags.map((t) => t.toLowerCase())).not.toContain(bad);
    // #ad, the platforms' own disclosure tag, is the one short tag (a format tag, when few are found).
    for (const tag of tags) if (tag !== "#ad") expect(tag).toMatch(/^#[\p{L}\p{N}]{3,}$/u);
  });

  it("lead with the product and its category", () => {
    const tags = seoMetadata(SALAD).hashtags;
    expect(tags.slice(0, 3)).toEqual(["#CrispJar", "#SaladJar", "#jar"]);
    expect(tags).toContain("#salad");
    expect(seoMetadata(NO_NAME).hashtags[0]).toBe("#LunchBox");
  });

  // Words that are no topic of the product: verbs ("rings an alarm", "snaps shut", "nothing
  // spills"), what it does away with ("no more jarring rings", "zero mess"), the first word of
  // compound adjectives ("leak proof", "ice cold"), and a category's word on its own when the
  // script never says it alone (#bank of "power bank", #box of "lunch box").
  it.each([
    [
      "Your phone dies by noon? Meet ChargeMate, the power bank that charges your phone three times over. It fits in your pocket and rings an alarm when it is left behind. Get ChargeMate now.",
      ["#rings", "#alarm", "#bank", "#power", "#behind"],
      ["#ChargeMate", "#PowerBank", "#phone"],
    ],
    [
      "Still hitting snooze five times? Meet WakeLight, the sunrise alarm clock that wakes you gently with light. No more jarring rings, just a calm glow that brightens your room. It also plays soft nature sounds. Order WakeLight today.",
      ["#rings", "#jarring"],
      ["#WakeLight", "#AlarmClock"],
    ],
    [
      "Meet CrispBox. Its sealed dressing pod keeps your greens crisp for hours. The leak proof lid snaps shut, so nothing spills in your bag. It is dishwasher safe. Order CrispBox today.",
      ["#snaps", "#shut", "#spills", "#leak", "#dishwasher"],
      ["#CrispBox", "#greens", "#lid"],
    ],
    [
      "Meet Aurora, the bottle that keeps water ice cold all day. Double walls and a leak proof cap, ready for the gym.",
      ["#ice", "#leak"],
      ["#Aurora", "#bottle", "#water"],
    ],
    [NO_NAME, ["#box", "#mess"], ["#LunchBox"]],
  ])("leave out words that are no topic: %s", (script, bad, good) => {
    const tags = seoMetadata(script).hashtags;
    for (const t of bad) expect(tags, tags.join(" ")).not.toContain(t);
    for (const t of good) expect(tags, tags.join(" ")).toContain(t);
  });
});
