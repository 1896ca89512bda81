// The local planner runs a message's commands in order (docs/decisions/190-agents-door.md):
// "add a scene … and generate its assets" is add_scene, then the new scene's four steps.
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { LocalPlannerChatModel } from "~/providers/llm/local-planner";
import { routeCommand, splitCommands } from "~/providers/llm/planner/route-command";

const TOOLS = ["add_scene", "generate_image_prompt", "generate_scene_image", "generate_scene_script", "generate_scene_video"].map((name) => ({
  type: "function" as const,
  function: { name, description: name, parameters: { type: "object", properties: {} } },
}));

describe("compound commands", () => {
  it("splits on 'and' only before a command verb", () => {
    expect(splitCommands("Add a scene about the bottle on a beach and generate its assets")).toEqual([
      "Add a scene about the bottle on a beach",
      "generate its assets",
    ]);
    expect(splitCommands("add a scene about sun and sea")).toEqual(["add a scene about sun and sea"]);
    expect(splitCommands("Divide the script into scenes, then compile as webm")).toEqual(["Divide the script into scenes", "compile as webm"]);
  });

  it("generates every missing asset of a scene in the fixed order", () => {
    const routed = routeCommand("generate the assets for scene 1", { projectId: "p", scenes: [{ id: "s1", sceneOrder: 1, imagePrompt: "a prompt" }] });
    // The voice-over before the video, which is timed to it: a later compile makes nothing again (issue 20).
    expect(routed.kind === "tool" && routed.calls?.map((c) => c.tool)).toEqual([
      "generate_scene_image",
      "generate_scene_script",
      "generate_scene_voiceover",
      "generate_scene_video",
    ]);
  });

  it("runs one command per round, the scene just added being 'its'", async () => {
    const model = new LocalPlannerChatModel().bindTools(TOOLS);
    const human = new HumanMessage("Add a scene about the serum on a marble shelf and generate its assets");
    const first = await model.invoke([human], { plannerContext: { projectId: "p1", scenes: [] } } as never);
    expect(first.tool_calls?.map((c) => [c.name, c.args.projectId])).toEqual([["add_scene", "p1"]]);
    const added = new ToolMessage({ content: JSON.stringify({ scene: { id: "new-scene" } }), tool_call_id: first.tool_calls![0].id!, name: "add_scene" });
    const second = await model.invoke([human, new AIMessage({ content: "", tool_calls: first.tool_calls }), added], {
      plannerContext: { projectId: "p1", scenes: [] },
    } as never);
    expect(second.tool_calls?.map((c) => [c.name, c.args.sceneId])).toEqual([
      ["generate_image_prompt", "new-scene"],
      ["generate_scene_image", "new-scene"],
      ["generate_scene_script", "new-scene"],
      ["generate_scene_video", "new-scene"],
    ]);
    const results = second.tool_calls!.map((c) => new ToolMessage({ content: JSON.stringify({ status: "completed" }), tool_call_id: c.id!, name: c.name }));
    const last = await model.invoke(
      [human, new AIMessage({ content: "", tool_calls: first.tool_calls }), added, new AIMessage({ content: "", tool_calls: second.tool_calls }), ...results],
      {
        plannerContext: { projectId: "p1", scenes: [] },
      } as never,
    );
    expect(last.tool_calls ?? []).toEqual([]);
    expect(String(last.content)).toContain("generate_scene_video finished");
  });

  it("stops when a tool failed", async () => {
    const model = new LocalPlannerChatModel().bindTools(TOOLS);
    const human = new HumanMessage("Add a scene about the serum and generate its assets");
    const first = await model.invoke([human], { plannerContext: { projectId: "p1", scenes: [] } } as never);
    const failed = new ToolMessage({
      content: JSON.stringify({ success: false, error: "Failed to add scene: no" }),
      tool_call_id: first.tool_calls![0].id!,
      name: "add_scene",
      status: "error",
    });
    const next = await model.invoke([human, new AIMessage({ content: "", tool_calls: first.tool_calls }), failed], {
      plannerContext: { projectId: "p1", scenes: [] },
    } as never);
    expect(next.tool_calls ?? []).toEqual([]);
    expect(String(next.content)).toContain("add_scene failed: Failed to add scene: no");
  });
});
