// The generate_scene_description tool's text (app/models/projects/scene-description.server.ts).
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATABASE_URL ??= "postgresql://unit@127.0.0.1:1/unit";
let describeSceneText: typeof import("~/models/projects/scene-description.server").describeSceneText;
beforeAll(async () => {
  ({ describeSceneText } = await import("~/models/projects/scene-description.server"));
});

type SceneText = { script: string | null; voiceOverText: string | null; title: string; imagePrompt: string | null };
const scene = (over: Partial<SceneText>): SceneText => ({ script: null, voiceOverText: null, title: "", imagePrompt: null, ...over });

describe("describeSceneText", () => {
  it("leads with the scene's first sentences and names what it focuses on", () => {
    const text = describeSceneText(
      scene({ script: "The steel bottle keeps water cold for a full day. Hikers love the steel bottle. It fits every bag. Buy now." }),
    );
    expect(text).toMatch(/^The steel bottle keeps water cold for a full day\. Hikers love the steel bottle\. Focus: /);
    expect(text).toContain("steel bottle");
  });

  it("falls back to the voice-over text, the image prompt, then the title", () => {
    expect(describeSceneText(scene({ voiceOverText: "Cold water, all day." }))).toContain("Cold water, all day.");
    expect(describeSceneText(scene({ title: "Unboxing" }))).toContain("Unboxing");
  });

  it("is null without any text, and caps long sentences", () => {
    expect(describeSceneText(scene({ title: "   " }))).toBeNull();
    const long = describeSceneText(scene({ script: `${"word ".repeat(100)}end.` }))!;
    expect(long.split("…")[0].split(/\s+/).length).toBeLessThanOrEqual(40);
  });
});
