// The planner's scene order proposal, enhanced description and optimized prompt (ADR 174-176),
// and the numbering a confirmed order gets (scene-order.ts).
import { describe, expect, it } from "vitest";
import { sequenceOrders } from "~/models/projects/scene-order";
import { enhanceDescription, optimizedImagePrompt, optimizeSceneSequence, runLocalTask, sceneRole } from "~/providers/llm/planner";
import { withoutRepeatedWords } from "~/providers/llm/planner/enhance-description";

const scene = (id: string, script: string, title = "") => ({ id, title, script, voiceOverText: script });

describe("scene roles and the proposed order", () => {
  it("reads each scene's role from its words", () => {
    expect(sceneRole(scene("a", "Tired of dull skin?"))).toBe("hook");
    expect(sceneRole(scene("b", "Mornings are hard."))).toBe("problem");
    expect(sceneRole(scene("c", "Meet the serum with vitamin C."))).toBe("product");
    expect(sceneRole(scene("d", "Your skin feels smooth all day."))).toBe("benefit");
    expect(sceneRole(scene("e", "Loved by 10,000 customers."))).toBe("proof");
    expect(sceneRole(scene("f", "Shop now, link in bio."))).toBe("call to action");
    expect(sceneRole(scene("g", "A glass on a table."))).toBeNull();
    expect(sceneRole(scene("h", "The GlowUp serum on a table."), "GlowUp serum")).toBe("product");
  });

  it("puts the scenes in the ad's arc, keeps the order within a role, and a scene without a role moves with its neighbour", () => {
    const result = optimizeSceneSequence([
      { ...scene("cta", "Get yours today."), sceneOrder: 1 },
      { ...scene("meet", "Meet the serum."), sceneOrder: 2 },
      { ...scene("glass", "A glass on a table."), sceneOrder: 3 },
      { ...scene("ask", "Ever wonder why mornings drag?"), sceneOrder: 4 },
    ]);
    expect(result.scenes.map((s) => [s.sceneId, s.role, s.from, s.to])).toEqual([
      ["ask", "hook", 4, 1],
      ["meet", "product", 2, 2],
      ["glass", "other", 3, 3],
      ["cta", "call to action", 1, 4],
    ]);
    expect(result.changed).toBe(true);
    expect(optimizeSceneSequence([scene("one", "Hi")]).changed).toBe(false);
    // The same through the task registry, whose schema checks the answer.
    expect(
      runLocalTask("optimize_scene_sequence", { scenes: [scene("x", "Buy now."), scene("y", "Is your skin dull?")] }).scenes.map((s) => s.sceneId),
    ).toEqual(["y", "x"]);
  });

  it("a confirmed order is numbered from 1", () => {
    expect(sequenceOrders(3)).toEqual([1, 2, 3]);
    expect(sequenceOrders(0)).toEqual([]);
  });
});

describe("enhanced description and optimized prompt", () => {
  it("writes the description from the scene's own words, and nothing from nothing", () => {
    const out = enhanceDescription({ id: "s", title: "Morning", script: "Mornings are hard. Coffee helps." }, { product: "GlowUp Serum", style: "UGC" });
    expect(out.description).toMatch(/^authentic ugc-style smartphone photo of the product\. Mornings are hard\. Coffee helps\.$/i);
    expect(enhanceDescription({ id: "s" }).description).toBe("");
  });

  it("writes clean text: whole sentences, no repeated words, nothing from the project's title (issue 20 finding 4)", () => {
    const scene = { id: "s", title: "Glow up", script: "Your face deserves, deserves better. Dull tired skin? Meet Glow Serum. [SFX: whoosh] Order today!" };
    const out = enhanceDescription(scene, { product: "Glow Serum VPM Ad", style: "Minimal" });
    expect(out.description).not.toMatch(/VPM|\bAd\b/);
    expect(out.description).not.toMatch(/\b(\w+)[\s,]+\1\b/i);
    expect(out.description).toContain("Your face deserves better. Dull tired skin?");
    expect(out.description).not.toContain("SFX");
    expect(out.description.length).toBeLessThanOrEqual(300);
    // Every sentence after the shot is one of the scene's own, whole.
    for (const sentence of out.basedOn) expect(out.description).toContain(sentence);
    expect(withoutRepeatedWords("deserves, deserves better and and more")).toBe("deserves better and more");
  });

  it("adds what the image analysis requires to the prompt written from the user's words", () => {
    const { optimizedPrompt, fromImage } = optimizedImagePrompt({
      userPrompt: "On a kitchen counter in the morning",
      product: "GlowUp Serum",
      aspectRatio: "9:16",
      imageAnalysis: {
        lighting: "dark",
        dominantColours: [
          { name: "white", share: 0.7 },
          { name: "teal", share: 0.2 },
        ],
        background: { plain: true, name: "white" },
        subject: { position: "centred", coverage: 0.1 },
      },
    });
    expect(optimizedPrompt).toMatch(/^Professional product photo of GlowUp Serum in a kitchen/);
    expect(fromImage).toEqual([
      "palette matched to the product's teal",
      "low-key lighting that keeps the dark product readable",
      "the product cut out from its plain white studio background and placed in the scene",
      "product shown larger than in the source photo",
    ]);
    expect(optimizedImagePrompt({ userPrompt: "x" }).fromImage).toEqual([]);
  });
});
