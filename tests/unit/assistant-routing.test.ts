// The local planner's command routing for the assistant (issue 20, Deliver 4 and 5): a paid tool
// only for a message that asks for that tool's work; a free request answered honestly with what
// it can do; a scene's assets in the pipeline's order (the voice-over before the video); and the
// scene tools update_scene, delete_scene and divide_script reachable by command.
import { describe, expect, it } from "vitest";
import { routeCommand, splitCommands } from "~/providers/llm/planner/route-command";

const ctx = {
  projectId: "p1",
  scenes: [
    { id: "s1", sceneOrder: 1, title: "Hook", imagePrompt: "x", imageUrl: "/i", script: "s", voiceOverUrl: "/v", videoUrl: "/m" },
    { id: "s2", sceneOrder: 2, title: "Reveal" },
  ],
};
const PAID = [
  "compile_video",
  "generate_scene_video",
  "generate_scene_image",
  "generate_image_prompt",
  "generate_scene_script",
  "generate_scene_voiceover",
  "prepare_scenes_for_compilation",
  "canvas_agent",
];

describe("free requests run nothing", () => {
  it.each([
    "Make the ad more fun",
    "make the video more fun",
    "Can you make the ad punchier?",
    "Make the ad better for teenagers",
    "render it more exciting",
    "sing me a song",
  ])("%s: no tool, an honest answer with suggestions", (text) => {
    for (const context of [ctx, { ...ctx, selectedSceneId: "s2" }, { projectId: "p1", scenes: [ctx.scenes[1]] }]) {
      const r = routeCommand(text, context);
      expect(r.kind, JSON.stringify(r)).not.toBe("tool");
      if (r.kind === "tool") expect(PAID).not.toContain(r.tool);
      expect(r.reply).toMatch(/did not run anything/);
      expect(r.reply).toContain("Suggest improvements for scene 2");
    }
  });

  it("still compiles when the message asks for the video itself", () => {
    for (const text of ["Render the final video", "make the video", "Produce the final ad as webm", "compile as webm", "Export the video in 16:9"]) {
      const r = routeCommand(text, ctx);
      expect(r.kind === "tool" && r.tool, text).toBe("compile_video");
    }
  });
});

describe("a scene's assets in the pipeline's order", () => {
  it("makes the voice-over before the video, so a compile does not make the video again", () => {
    const [add, assets] = splitCommands("Add a scene about the serum on a beach and generate its assets");
    expect(routeCommand(add, ctx)).toMatchObject({ kind: "tool", tool: "add_scene" });
    const r = routeCommand(assets, { ...ctx, selectedSceneId: "new-scene" });
    expect(r.kind).toBe("tool");
    if (r.kind !== "tool") return;
    expect(r.calls?.map((c) => c.tool)).toEqual([
      "generate_image_prompt",
      "generate_scene_image",
      "generate_scene_script",
      "generate_scene_voiceover",
      "generate_scene_video",
    ]);
    expect(r.calls?.every((c) => c.args.sceneId === "new-scene")).toBe(true);
  });

  it("skips what the scene has, and says when it has everything", () => {
    const partial = routeCommand("generate assets for scene 1", {
      projectId: "p1",
      scenes: [{ id: "s2", sceneOrder: 1, imagePrompt: "x", imageUrl: "/i", script: "s" }],
    });
    expect(partial.kind === "tool" && (partial.calls ?? [{ tool: partial.tool }]).map((c) => c.tool)).toEqual([
      "generate_scene_voiceover",
      "generate_scene_video",
    ]);
    expect(routeCommand("generate assets for scene 1", ctx)).toMatchObject({ kind: "clarify", reply: expect.stringContaining("a voice-over and a video") });
  });
});

describe("the scene tools", () => {
  it("update_scene takes the field itself", () => {
    expect(routeCommand("rename scene 2 to Big reveal", ctx)).toMatchObject({
      kind: "tool",
      tool: "update_scene",
      args: { projectId: "p1", sceneId: "s2", name: "Big reveal" },
    });
    expect(routeCommand("change the description of scene 1 to: A bottle on the sand.", ctx)).toMatchObject({
      tool: "update_scene",
      args: { sceneId: "s1", description: "A bottle on the sand." },
    });
  });

  it("delete_scene by number, by position word, and asks which when unclear", () => {
    expect(routeCommand("Delete scene 2", ctx)).toMatchObject({ kind: "tool", tool: "delete_scene", args: { projectId: "p1", sceneId: "s2" } });
    expect(routeCommand("remove the last scene", ctx)).toMatchObject({ tool: "delete_scene", args: { sceneId: "s2" } });
    expect(routeCommand("delete scene 7", ctx)).toMatchObject({ kind: "clarify" });
    expect(routeCommand("delete the scene", ctx)).toMatchObject({ kind: "clarify", missing: ["sceneId"] });
    expect(routeCommand("delete scene 1", {})).toMatchObject({ kind: "clarify", reply: "Please select a project first." });
  });

  it("divide_script", () => {
    expect(routeCommand("Divide the script into scenes", ctx)).toMatchObject({ kind: "tool", tool: "divide_script", args: { projectId: "p1" } });
  });

  it("read_product_page (issue 23): an address with the word page, store or shop, without a project", () => {
    expect(routeCommand("Start from my product page https://shop.example/products/flask.", {})).toMatchObject({
      kind: "tool",
      tool: "read_product_page",
      args: { url: "https://shop.example/products/flask" },
    });
    expect(routeCommand("read this store listing: http://bazaar.example/p/1?ref=x", ctx)).toMatchObject({
      tool: "read_product_page",
      args: { url: "http://bazaar.example/p/1?ref=x" },
    });
    expect(routeCommand("https://shop.example/products/flask", ctx)).not.toMatchObject({ tool: "read_product_page" });
  });
});
