// The end card holds 2-3 s (issue 24 item 1): a Create Video ad's last scene says its call to action
// and no more; a longer last scene gives its last sentence to a scene of its own.
import { describe, expect, it } from "vitest";
import { divideScript } from "~/providers/llm/planner/divide-script";
import { endCardOnItsOwn, END_CARD_SCENE_MAX_SECONDS } from "~/models/stories/end-card-scene";

const WALK =
  "Tired of soggy salads by lunchtime? CrispBox keeps your greens crisp for eight hours. Two chambers keep the dressing apart until you shake. It fits every bag and never leaks. Order CrispBox now.";

describe("endCardOnItsOwn", () => {
  it("gives a long last scene's call to action a scene of its own, the words unchanged", () => {
    const divided = divideScript(WALK).scenes;
    expect(divided).toHaveLength(2);
    const scenes = endCardOnItsOwn(divided);
    expect(scenes).toHaveLength(3);
    expect(scenes.at(-1)).toMatchObject({ order: 3, script: "Order CrispBox now.", voiceOverText: "Order CrispBox now.", wordCount: 3 });
    expect(scenes.at(-1)!.estimatedSeconds).toBeLessThanOrEqual(END_CARD_SCENE_MAX_SECONDS);
    expect(scenes[1].script).toBe("Two chambers keep the dressing apart until you shake. It fits every bag and never leaks.");
    // Nothing lost, nothing added.
    expect(scenes.map((s) => s.script).join(" ")).toBe(divided.map((s) => s.script).join(" "));
    expect(scenes.map((s) => s.voiceOverText).join(" ")).toBe(divided.map((s) => s.voiceOverText).join(" "));
    expect(scenes[0]).toBe(divided[0]);
  });

  it("leaves a short last scene, a one-sentence last scene, a long last sentence and a one-scene ad as they are", () => {
    const base = { order: 1, title: "T", description: "D" };
    const scene = (text: string, order = 1) => ({
      ...base,
      order,
      script: text,
      voiceOverText: text,
      wordCount: text.split(" ").length,
      estimatedSeconds: text.split(" ").length / 2.5,
    });
    const hook = scene("Tired of warm water by lunchtime?");
    expect(endCardOnItsOwn([hook, scene("Keeps it cold. Order now.", 2)])).toHaveLength(2);
    expect(endCardOnItsOwn([hook, scene("Order yours today and get free shipping across the whole of India this week.", 2)])).toHaveLength(2);
    const longCta = scene("It keeps drinks cold all day. Order yours today and get free shipping across the whole of India this week.", 2);
    expect(endCardOnItsOwn([hook, longCta])).toHaveLength(2);
    expect(endCardOnItsOwn([scene("It keeps drinks cold all day long at the gym. Order yours today.")])).toHaveLength(1);
  });
});
