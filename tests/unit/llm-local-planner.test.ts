// The local planner through LangChain's chat-model interface: invoke, bindTools -> tool_calls,
// a tool round trip, withStructuredOutput and the shared task format.
import { type AIMessage, AIMessageChunk, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  LocalPlannerChatModel,
  buildTaskMessages,
  contextBlock,
  divideScript,
  plannerSchemas,
  runPlannerTask,
  taskRequestContent,
} from "~/providers/llm/index.server";

const scenes = [
  { id: "s1", sceneOrder: 1, title: "Hook" },
  { id: "s2", sceneOrder: 2, title: "Reveal" },
];
const system = new SystemMessage(`You are the assistant.\n\n${contextBlock({ projectId: "p1", scenes })}`);

const projectTool = (name: string, schema: z.ZodObject) =>
  tool(async (args) => JSON.stringify({ success: true, message: `${name} ran with ${JSON.stringify(args)}` }), { name, description: name, schema });
const generateImage = projectTool("generate_scene_image", z.object({ projectId: z.string(), sceneId: z.string() }));
const compile = projectTool("compile_video", z.object({ projectId: z.string(), outputFormat: z.enum(["mp4", "webm"]) }));

describe("LocalPlannerChatModel", () => {
  const model = new LocalPlannerChatModel();

  it("is a LangChain chat model that labels itself as the local planner", async () => {
    expect(model._llmType()).toBe("local-planner");
    expect(model.providerInfo).toMatchObject({ id: "local-planner", label: "Local planner" });
    const reply = await model.invoke("what can you do?");
    expect(reply).toBeInstanceOf(AIMessageChunk);
    expect(reply.content).toMatch(/^I'm the local planner/);
    expect(reply.tool_calls ?? []).toEqual([]);
  });

  it("answers a clear command with a tool call when tools are bound", async () => {
    const bound = model.bindTools([generateImage, compile]);
    const reply = (await bound.invoke([system, new HumanMessage("Generate the image for scene 2")])) as AIMessage;
    expect(reply.tool_calls).toHaveLength(1);
    expect(reply.tool_calls![0]).toMatchObject({ name: "generate_scene_image", args: { projectId: "p1", sceneId: "s2" }, type: "tool_call" });
    expect(reply.tool_calls![0].id).toMatch(/^call_/);
    expect(reply.content).toBe("Generating the image for scene 2.");

    const webm = (await bound.invoke([system, new HumanMessage("compile as webm")])) as AIMessage;
    expect(webm.tool_calls![0]).toMatchObject({ name: "compile_video", args: { projectId: "p1", outputFormat: "webm" } });
  });

  it("completes a tool round trip and reports failures plainly", async () => {
    const bound = model.bindTools([generateImage]);
    const messages = [system, new HumanMessage("generate the image for scene 1")];
    const call = (await bound.invoke(messages)) as AIMessage;
    const result = await generateImage.invoke(call.tool_calls![0]);
    const done = await bound.invoke([...messages, call, result]);
    expect(done.tool_calls ?? []).toEqual([]);
    expect(done.content).toBe('generate_scene_image finished: generate_scene_image ran with {"projectId":"p1","sceneId":"s1"}');

    const failed = new ToolMessage({
      content: JSON.stringify({ success: false, error: "Upload a product image first to generate scene variations." }),
      tool_call_id: call.tool_calls![0].id!,
      name: "generate_scene_image",
    });
    const sorry = await bound.invoke([...messages, call, failed]);
    expect(sorry.content).toBe("generate_scene_image failed: Upload a product image first to generate scene variations.");
  });

  it("does not pretend to act without tools, and asks when something is missing", async () => {
    const noTools = await model.invoke([system, new HumanMessage("generate the image for scene 2")]);
    expect(noTools.content).toMatch(/no tools are connected .* nothing was run/);
    const bound = model.bindTools([generateImage]);
    const unclear = (await bound.invoke([system, new HumanMessage("generate the image for scene 7")])) as AIMessage;
    expect(unclear.tool_calls ?? []).toEqual([]);
    expect(unclear.content).toBe("There is no scene 7; this project has 2 scenes.");
    const unknown = (await bound.invoke([system, new HumanMessage("sing me a song")])) as AIMessage;
    expect(unknown.content).toMatch(/can't act on "sing me a song".*did not run anything/);
    const off = (await model
      .bindTools([generateImage], { tool_choice: "none" })
      .invoke([system, new HumanMessage("generate the image for scene 2")])) as AIMessage;
    expect(off.tool_calls ?? []).toEqual([]);
  });

  it("takes the project context from call options or the constructor too", async () => {
    const withCtx = new LocalPlannerChatModel({ context: { projectId: "p9", scenes: [{ id: "only", sceneOrder: 1 }] } });
    const reply = (await withCtx.bindTools([generateImage]).invoke("generate the image")) as AIMessage;
    expect(reply.tool_calls![0].args).toEqual({ projectId: "p9", sceneId: "only" });
    const override = (await model
      .bindTools([generateImage])
      .invoke("generate the image for scene 1", { plannerContext: { projectId: "p2", scenes: [{ id: "x1" }] } })) as AIMessage;
    expect(override.tool_calls![0].args).toEqual({ projectId: "p2", sceneId: "x1" });
  });

  it("answers structured task requests with the planner's algorithms", async () => {
    const script = "Cold coffee again?\n\nThe ThermoMug keeps coffee hot for six hours. Take it to work, to the gym, anywhere.";
    const divided = await runPlannerTask(model, "divide_script", { script });
    expect(divided).toEqual(divideScript(script));

    const structured = model.withStructuredOutput(plannerSchemas.image_prompt.output, { name: "image_prompt" });
    const prompt = await structured.invoke(
      buildTaskMessages("image_prompt", { sceneText: "A runner on a mountain trail at sunrise", product: "TrailFuel Gel", style: "cinematic" }),
    );
    expect(prompt.prompt).toContain("TrailFuel Gel");
    expect(prompt.prompt).toContain("cinematic style");

    // Without a bound tool the result comes back as JSON text.
    const plain = await model.invoke([new HumanMessage(taskRequestContent("voice_over", { text: "[SFX: pop] Hello & welcome!", maxSeconds: 4 }))]);
    expect(JSON.parse(String(plain.content))).toEqual({ text: "Hello and welcome!", wordCount: 3, estimatedSeconds: 1.2, trimmed: false });
  });

  it("explains an invalid structured request instead of throwing", async () => {
    const reply = await model.invoke([new HumanMessage('```json\n{"task":"divide_script","input":{"script":""}}\n```')]);
    expect(reply.content).toMatch(/^The divide_script request is not valid: script:/);
  });

  it("streams (one chunk) like any chat model", async () => {
    const chunks: string[] = [];
    for await (const chunk of await model.stream([system, new HumanMessage("analyze the project")])) chunks.push(String(chunk.content));
    expect(chunks.join("")).toContain("analyze_project_requirements");
  });
});
