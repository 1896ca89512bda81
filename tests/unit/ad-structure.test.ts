import { describe, expect, it } from "vitest";
import { AD_STYLES, adStyleOf, hookText, planAdStructure, scriptCallToAction } from "~/providers/llm/planner/ad-structure";

const THREE = [
  "Tired of soggy salads by lunchtime? Meet CrispBox.",
  "Its sealed dressing pod keeps your greens crisp for hours. It is leak proof and dishwasher safe.",
  "Order CrispBox today and get free shipping across India.",
];
const SIX = [
  "Lunch at your desk again? Meet CrispBox.",
  "The sealed pod keeps dressing apart from the leaves.",
  "So your greens stay crisp for hours.",
  "It is leak proof, so your bag stays clean.",
  "And it goes straight in the dishwasher.",
  "CrispBox makes lunch something to look forward to.",
];

describe("ad structure (hook, body, end card per Style)", () => {
  it.each(AD_STYLES)("%s: hook first, end card last, no two neighbours share a shot or a move", (style) => {
    for (const scenes of [THREE, SIX]) {
      const plan = planAdStructure({ scenes, style });
      expect(plan.style).toBe(style);
      expect(plan.shots).toHaveLength(scenes.length);
      expect(plan.shots[0].beat).toBe("hook");
      expect(plan.shots[0].headline.length).toBeGreaterThan(0);
      const last = plan.shots[plan.shots.length - 1];
      expect(last.beat).toBe("end");
      expect(last.shot).toBe("end-card");
      expect(last.headline).toBe(plan.callToAction);
      for (let i = 1; i < plan.shots.length; i++) {
        expect(plan.shots[i].shot).not.toBe(plan.shots[i - 1].shot);
        expect(plan.shots[i].motion).not.toBe(plan.shots[i - 1].motion);
      }
    }
  });

  it("gives the five Styles five different shot sequences, for 3 and for 6 scenes", () => {
    for (const scenes of [THREE, SIX]) {
      const sequences = AD_STYLES.map((style) =>
        planAdStructure({ scenes, style })
          .shots.map((s) => s.shot)
          .join(","),
      );
      expect(new Set(sequences).size).toBe(AD_STYLES.length);
    }
  });

  it("finds the product and keeps the script's own call to action", () => {
    const plan = planAdStructure({ scenes: THREE, style: "Product Showcase" });
    expect(plan.product).toBe("CrispBox");
    // The end card says the call to action without repeating the caption under it ("Order CrispBox today and get free shipping", ADR 320).
    expect(plan.callToAction).toBe("Order CrispBox now");
    expect(scriptCallToAction("It keeps greens crisp.")).toBe("");
    const six = planAdStructure({ scenes: SIX, style: "Unboxing" });
    expect(six.callToAction).toBe("Get your CrispBox");
  });

  it("writes a short hook from the first sentence", () => {
    expect(hookText(THREE[0])).toBe("Tired of soggy salads by lunchtime?");
    // Too long for a hook: its best phrase, cut at a phrase boundary (ADR 320).
    expect(hookText("This jar, which we designed over two long summers in Pune, keeps salads crisp.")).toBe("Keeps salads crisp");
  });

  it("maps style names, with Product Showcase as the default", () => {
    expect(adStyleOf("Problem / Solution")).toBe("Problem / Solution");
    expect(adStyleOf("UGC Testimonial")).toBe("UGC Testimonial");
    expect(adStyleOf(null)).toBe("Product Showcase");
  });

  it("makes a single scene an end card that still carries the hook", () => {
    const plan = planAdStructure({ scenes: ["Meet CrispBox, the salad jar that keeps greens crisp."], style: "Lifestyle" });
    expect(plan.shots).toEqual([expect.objectContaining({ beat: "hook", shot: "end-card" })]);
  });
});

describe("call-outs", () => {
  it("say the scene's benefit, not a sentence cut off mid-phrase", async () => {
    const { calloutText } = await import("~/providers/llm/planner/ad-structure");
    // A run of the script's words, its determiner kept (ADR 320).
    expect(calloutText(THREE[1], "CrispBox")).toBe("Keeps your greens crisp");
    expect(calloutText("It is light.")).toBe("");
    expect(calloutText("Its sealed dressing pod and the lid are glass.")).not.toMatch(/\b(the|and|your)$/);
  });
});
