// One list of the canvas agent tool's actions and update types (issue 22): the tool's input and the
// local planner both take them from app/tools/names.ts, so every canvas call the planner makes is
// one the tool accepts, and the tool refuses what is not on the list.
import { describe, expect, it, vi } from "vitest";
import { routeCommand } from "~/providers/llm/planner";
import { CANVAS_AGENT_TOOL, CANVAS_TOOL_ACTIONS, CANVAS_UPDATE_TYPES } from "~/tools/names";

vi.hoisted(() => {
  // The canvas tool's module imports the core, which makes its database client on import; nothing connects.
  process.env.DATABASE_URL ??= "postgresql://unused:unused@127.0.0.1:1/unused";
});

const { canvasToolInput } = await import("~/models/assistant");

const ctx = {
  projectId: "p1",
  availableTools: [CANVAS_AGENT_TOOL],
  scenes: [
    { id: "s1", sceneOrder: 1, title: "Hook" },
    { id: "s2", sceneOrder: 2, title: "Reveal", imagePrompt: "x" },
  ],
};

describe("canvas agent tool names", () => {
  it.each([
    ["add a scene about the serum on a bathroom shelf at sunrise", "createScene"],
    ["generate the image for scene 2", "generateImage"],
    ["make the image prompt for the first scene", "generateImagePrompt"],
    ["generate the video for scene 2", "generateVideo"],
    ["set the voice-over text of scene 2 to: Order yours today.", "updateScene"],
  ])("the planner's call for %s is one the tool accepts (%s)", (command, action) => {
    const r = routeCommand(command, ctx);
    expect(r).toMatchObject({ kind: "tool", tool: CANVAS_AGENT_TOOL, args: { action } });
    if (r.kind !== "tool") return;
    expect(canvasToolInput.safeParse(r.args).success).toBe(true);
  });

  it("the tool's input takes every listed action and update type, and nothing else", () => {
    for (const action of CANVAS_TOOL_ACTIONS) expect(canvasToolInput.safeParse({ action, projectId: "p1" }).success).toBe(true);
    for (const updateType of CANVAS_UPDATE_TYPES)
      expect(canvasToolInput.safeParse({ action: "updateScene", projectId: "p1", sceneId: "s1", updateType }).success).toBe(true);
    expect(canvasToolInput.safeParse({ action: "dance", projectId: "p1" }).success).toBe(false);
    expect(canvasToolInput.safeParse({ action: "updateScene", projectId: "p1", sceneId: "s1", updateType: "title" }).success).toBe(false);
  });
});
