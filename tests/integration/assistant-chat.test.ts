// The assistant chat (docs/product.md#assistant): a message is charged 0.07 credits once, even
// when the browser retries it; the assistant does the work through the tool catalogue — with
// @langchain/openai against a local OpenAI-compatible server that answers with tool calls, and
// with the local planner when no model is configured — with the real workflows generating the
// scene's assets on the local providers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHAT_MESSAGES } from "~/models/assistant/chat-rules";
import { getChatSession, openChatSession, sendChatMessage } from "~/models/assistant/chat.server";
import { estimateCost } from "~/models/projects/cost-estimates.server";
import { getBalance } from "~/models/billing/credits.server";
import { parseTaskRequest, runLocalTask } from "~/providers/llm/index.server";
import { prisma } from "~/utils/db.server";
import { confirmAndRun, declinePlan, sendAndAnswer, type ChatSendEvent } from "../../agents/chat.server";

import { actorOf, newCustomer, projectWithScenes, startPipeline, storeProductPhoto, type PipelineEnv } from "./pipeline-helpers";

let pipeline: PipelineEnv;

type Body = {
  messages: Array<{ role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string }>;
  tools?: Array<{ function: { name: string } }>;
  tool_choice?: { function?: { name?: string } } | string;
  stream?: boolean;
};

/**
 * A tiny OpenAI-compatible server: it answers /v1/chat/completions by the conversation so far —
 * add_scene first, then the five generation steps of the new scene in one turn (the assistant
 * holds them for the user's confirmation), then a closing sentence — streamed as
 * chat.completion.chunk events when asked to stream. The
 * pipeline's own planner requests (a forced tool: write the image prompt, the voice-over ...)
 * reach it too, and are answered with the local planner's result for the task it was given.
 */
async function fakeOpenAI(projectId: () => string) {
  const requests: Body[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as Body;
      const forced = typeof body.tool_choice === "object" ? body.tool_choice.function?.name : undefined;
      if (forced) {
        const task = parseTaskRequest(String(body.messages.at(-1)?.content ?? ""));
        const args = task ? runLocalTask(task.task, task.input) : {};
        const message = {
          role: "assistant",
          content: null,
          tool_calls: [{ id: `call_${randomUUID().slice(0, 8)}`, type: "function", function: { name: forced, arguments: JSON.stringify(args) } }],
        };
        res.writeHead(200, { "Content-Type": "application/json" }).end(
          JSON.stringify({
            id: "planner",
            object: "chat.completion",
            created: 0,
            model: "fake-model",
            choices: [{ index: 0, message, finish_reason: "tool_calls" }],
          }),
        );
        return;
      }
      requests.push(body);
      const toolResults = body.messages.filter((m) => m.role === "tool");
      const steps = ["generate_image_prompt", "generate_scene_image", "generate_scene_script", "generate_scene_voiceover", "generate_scene_video"];
      let calls: { name: string; args: Record<string, unknown> }[] = [];
      if (toolResults.length === 0) {
        calls = [
          {
            name: "add_scene",
            args: { projectId: projectId(), name: "Beach sunset", description: "The bottle on a beach at sunset.", voiceOverText: "Cold water, warm sunsets." },
          },
        ];
      } else if (toolResults.length === 1) {
        const added = JSON.parse(toolResults[0].content ?? "{}") as { scene?: { id: string } };
        calls = steps.map((name) => ({ name, args: { projectId: projectId(), sceneId: added.scene?.id } }));
      }
      const call = calls[0] ?? null;
      const id = `chatcmpl-${randomUUID()}`;
      const base = { id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: "fake-model" };
      if (!body.stream) {
        const message = call
          ? {
              role: "assistant",
              content: null,
              tool_calls: calls.map((c) => ({
                id: `call_${randomUUID().slice(0, 8)}`,
                type: "function",
                function: { name: c.name, arguments: JSON.stringify(c.args) },
              })),
            }
          : { role: "assistant", content: "The scene is added and its assets are made." };
        res
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ ...base, object: "chat.completion", choices: [{ index: 0, message, finish_reason: call ? "tool_calls" : "stop" }] }));
        return;
      }
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      const send = (delta: unknown, finish: string | null = null) =>
        res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      if (call) {
        for (const [index, c] of calls.entries()) {
          send({
            ...(index === 0 ? { role: "assistant", content: null } : {}),
            tool_calls: [{ index, id: `call_${randomUUID().slice(0, 8)}`, type: "function", function: { name: c.name, arguments: "" } }],
          });
          const args = JSON.stringify(c.args);
          send({ tool_calls: [{ index, function: { arguments: args.slice(0, 10) } }] });
          send({ tool_calls: [{ index, function: { arguments: args.slice(10) } }] });
        }
        send({}, "tool_calls");
      } else {
        send({ role: "assistant", content: "The scene is added " });
        send({ content: "and its assets are made." });
        send({}, "stop");
      }
      res.end("data: [DONE]\n\n");
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { url, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const LLM_KEYS = ["LLM_PROVIDER", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"] as const;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const k of LLM_KEYS) {
    saved[k] = process.env[k];
    delete process.env[k];
  }
  pipeline = await startPipeline({ timeScale: 0.01 });
}, 60_000);

afterAll(async () => {
  for (const k of LLM_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await pipeline?.close();
});

async function chatFor(credits: number, opts: { productImage?: boolean } = {}) {
  const user = await newCustomer(credits);
  const actor = actorOf(user.id);
  const project = await projectWithScenes(user.id, { productImage: opts.productImage ? await storeProductPhoto(user.id) : null, scenes: [] });
  const session = await openChatSession(actor, { projectId: project.id });
  return { user, actor, project, session };
}

async function charges(userId: string) {
  return prisma.workCharge.findMany({ where: { userId, work: "chat_message" } });
}

describe("chat credits", () => {
  it("refuses a message below 0.07 credits: nothing stored, nothing charged", async () => {
    const { user, actor, session } = await chatFor(0.05);
    const events: ChatSendEvent[] = [];
    const result = await sendAndAnswer(actor, { sessionId: session.id, content: "Analyze the project", origin: "http://localhost" }, (e) => events.push(e));
    expect(result).toEqual({ ok: false, code: "insufficient_credits", message: "You need at least 0.07 credits to send a message." });
    expect(events).toEqual([{ type: "refused", code: "insufficient_credits", message: CHAT_MESSAGES.needCredits }]);
    expect(await prisma.chatMessage.count({ where: { sessionId: session.id } })).toBe(0);
    expect(await prisma.chatUsage.count({ where: { userId: user.id } })).toBe(0);
    expect(await getBalance(user.id)).toBe(0.05);
  });

  it("says so when the deduction fails, and stores nothing", async () => {
    const { user, actor, session } = await chatFor(1);
    const spy = vi.spyOn(prisma, "$transaction").mockRejectedValueOnce(new Error("connection lost"));
    try {
      const result = await sendAndAnswer(actor, { sessionId: session.id, content: "Analyze the project", origin: "http://localhost" });
      expect(result).toEqual({ ok: false, code: "deduct_failed", message: "Failed to deduct credits for chat usage" });
    } finally {
      spy.mockRestore();
    }
    expect(await prisma.chatMessage.count({ where: { sessionId: session.id } })).toBe(0);
    expect(await charges(user.id)).toHaveLength(0);
    expect(await getBalance(user.id)).toBe(1);
  });

  it("charges a retried message once, logs its usage once and answers it once", async () => {
    const { user, actor, session } = await chatFor(1);
    const clientRequestId = randomUUID();
    const send = { sessionId: session.id, content: "Analyze the project please", clientRequestId, origin: "http://localhost" };
    const [first, second] = await Promise.all([sendAndAnswer(actor, send), sendAndAnswer(actor, send)]);
    const third = await sendAndAnswer(actor, send);
    expect(first.ok && second.ok && third.ok).toBe(true);
    const replies = [first, second, third].map((r) => (r.ok ? r.reply.id : null));
    expect(new Set(replies).size).toBe(1);
    expect(await getBalance(user.id)).toBe(0.93);
    const rows = await charges(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("completed");
    const usage = await prisma.chatUsage.findMany({ where: { userId: user.id } });
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ messageContent: "Analyze the project please", wordsCount: 4, selectedTool: "analyze_project_requirements" });
    expect(Number(usage[0].creditsCharged)).toBe(0.07);
    expect(await prisma.chatMessage.count({ where: { sessionId: session.id } })).toBe(2);
    const reply = third.ok ? third.reply : null;
    expect(reply?.status).toBe("completed");
    expect(reply?.agentType).toBe("local-planner");
    expect(reply?.tasks.map((t) => [t.name, t.status])).toEqual([["analyze_project_requirements", "completed"]]);
  }, 60_000);

  it("gives the message's credits back when the assistant fails, with the seed's error texts", async () => {
    const { user, actor, session } = await chatFor(1);
    const broken = [{ name: "add_scene", description: "x", schema: (await import("zod")).z.object({}), run: async () => ({ ok: true as const, data: {} }) }];
    process.env.LLM_PROVIDER = "openai";
    process.env.OPENAI_BASE_URL = "http://127.0.0.1:9/v1"; // nothing listens there
    try {
      const events: ChatSendEvent[] = [];
      const result = await sendAndAnswer(actor, { sessionId: session.id, content: "Add a scene", origin: "http://localhost" }, (e) => events.push(e), {
        tools: broken,
        retryBaseMs: 10,
      });
      expect(result.ok && result.reply.status).toBe("error");
      expect(result.ok && result.reply.content).toBe("Sorry, I encountered an error. Please try again.");
      expect(events.at(-1)).toMatchObject({ type: "done", toast: { kind: "error" } });
    } finally {
      delete process.env.LLM_PROVIDER;
      delete process.env.OPENAI_BASE_URL;
    }
    expect(await getBalance(user.id)).toBe(1);
    expect((await charges(user.id))[0].status).toBe("refunded");
  }, 60_000);

  it("times a slow reply out with the seed's texts and refunds the message", async () => {
    const { user, actor, session } = await chatFor(1);
    const held: http.ServerResponse[] = [];
    const slow = http.createServer((_req, res) => void held.push(res)).listen(0, "127.0.0.1");
    await new Promise((r) => slow.once("listening", r));
    process.env.OPENAI_API_KEY = "test-key";
    process.env.OPENAI_BASE_URL = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1`;
    try {
      const events: ChatSendEvent[] = [];
      const result = await sendAndAnswer(actor, { sessionId: session.id, content: "Analyze the project", origin: "http://localhost" }, (e) => events.push(e), {
        timeoutMs: 500,
      });
      expect(result.ok && result.reply).toMatchObject({
        status: "error",
        content: "I'm sorry, the request took too long to process. Please try a shorter message or try again later.",
      });
      expect(events.at(-1)).toMatchObject({ type: "done", toast: { kind: "error", text: "Request timed out. Please try again with a shorter message." } });
    } finally {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      for (const res of held) res.destroy();
      await new Promise<void>((r) => slow.close(() => r()));
    }
    expect(await getBalance(user.id)).toBe(1);
  }, 30_000);
});

describe("the assistant does the work through the tool catalogue", () => {
  it("with @langchain/openai against an OpenAI-compatible server: adds a scene and generates its assets", async () => {
    const { user, actor, project, session } = await chatFor(20, { productImage: true });
    const fake = await fakeOpenAI(() => project.id);
    process.env.OPENAI_API_KEY = "test-key";
    process.env.OPENAI_BASE_URL = fake.url;
    process.env.OPENAI_MODEL = "fake-model";
    try {
      const events: ChatSendEvent[] = [];
      const result = await sendAndAnswer(
        actor,
        { sessionId: session.id, content: "Add a beach sunset scene and generate its assets", clientRequestId: randomUUID(), origin: "http://localhost" },
        (e) => events.push(e),
        { pollMs: 100 },
      );
      expect(result.ok).toBe(true);
      const reply = result.ok ? result.reply : null;
      expect(reply?.status, JSON.stringify(reply?.tasks)).toBe("completed");
      expect(reply?.agentType).toBe("openai-compatible");
      // The free step ran; the paid ones wait for the user, with their price (ADR 256).
      expect(reply?.tasks.map((t) => [t.name, t.status])).toEqual([["add_scene", "completed"]]);
      expect(reply?.tasks[0].arguments).toMatchObject({ projectId: project.id, name: "Beach sunset" });
      expect(reply?.command).toMatchObject({ type: "confirm", credits: 3.6 });
      expect(reply?.command?.calls?.map((c) => c.name)).toEqual([
        "generate_image_prompt",
        "generate_scene_image",
        "generate_scene_script",
        "generate_scene_voiceover",
        "generate_scene_video",
      ]);
      expect(reply?.content).toContain("will cost 3.6 credits");
      expect(await getBalance(user.id)).toBeCloseTo(20 - 0.07, 2);
      // The model was offered the catalogue's tools and saw each result.
      expect(fake.requests[0].tools?.map((t) => t.function.name)).toEqual(
        expect.arrayContaining([
          "add_scene",
          "generate_scene_image",
          "canvas_agent",
          "analyze_project_requirements",
          "update_scene",
          "delete_scene",
          "divide_script",
        ]),
      );
      expect(fake.requests).toHaveLength(2);
      expect(events.at(-1)).toMatchObject({ type: "done", toast: null });

      const runEvents: ChatSendEvent[] = [];
      const run = await confirmAndRun(actor, { replyId: reply!.id, origin: "http://localhost" }, (e) => runEvents.push(e), { pollMs: 100 });
      const ran = run.ok ? run.reply : null;
      expect(
        ran?.tasks.map((t) => [t.name, t.status]),
        JSON.stringify(ran?.tasks),
      ).toEqual([
        ["generate_image_prompt", "completed"],
        ["generate_scene_image", "completed"],
        ["generate_scene_script", "completed"],
        ["generate_scene_voiceover", "completed"],
        ["generate_scene_video", "completed"],
      ]);
      expect(ran?.status).toBe("completed");
      expect(runEvents.some((e) => e.type === "reply" && e.message.tasks.some((t) => t.status === "working"))).toBe(true);
      expect(runEvents.at(-1)).toMatchObject({
        type: "done",
        toast: { kind: "info", text: "AI has suggested creating media. Check the response for details." },
      });

      const scenes = await prisma.scene.findMany({ where: { projectId: project.id } });
      expect(scenes).toHaveLength(1);
      expect(scenes[0]).toMatchObject({ title: "Beach sunset" });
      expect(scenes[0].imagePrompt).toBeTruthy();
      expect(scenes[0].imageUrl).toBeTruthy();
      expect(scenes[0].script).toBeTruthy();
      expect(scenes[0].voiceOverUrl).toBeTruthy();
      expect(scenes[0].videoUrl).toBeTruthy();
      // The message once (0.07) and each step at its price, as over MCP (0.1 + 1 + 0.1 + 0.4 + 2).
      expect(await getBalance(user.id)).toBeCloseTo(20 - 0.07 - 3.6, 2);
      // A second confirm runs nothing.
      expect(await confirmAndRun(actor, { replyId: reply!.id, origin: "http://localhost" })).toMatchObject({ ok: false, code: "not_waiting" });
      expect(await getBalance(user.id)).toBeCloseTo(20 - 0.07 - 3.6, 2);
      const usage = await prisma.chatUsage.findFirstOrThrow({ where: { userId: user.id } });
      expect(usage.selectedTool).toBe("add_scene");
    } finally {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      delete process.env.OPENAI_MODEL;
      await fake.close();
    }
  }, 180_000);

  it("with the local planner (no model configured): the same command holds the paid steps for a confirmation, then makes nothing twice", async () => {
    const { user, actor, project, session } = await chatFor(20, { productImage: true });
    const result = await sendAndAnswer(
      actor,
      { sessionId: session.id, content: "Add a scene about the bottle on a beach at sunset and generate its assets", origin: "http://localhost" },
      () => {},
      { pollMs: 100 },
    );
    const reply = result.ok ? result.reply : null;
    expect(reply?.agentType).toBe("local-planner");
    expect(
      reply?.tasks.map((t) => [t.name, t.status]),
      JSON.stringify(reply?.tasks),
    ).toEqual([["add_scene", "completed"]]);
    expect(reply?.status).toBe("completed");
    expect(reply?.command?.calls?.map((c) => c.name)).toEqual([
      "generate_image_prompt",
      "generate_scene_image",
      "generate_scene_script",
      "generate_scene_voiceover",
      "generate_scene_video",
    ]);
    expect(await getBalance(user.id)).toBeCloseTo(20 - 0.07, 2);

    const run = await confirmAndRun(actor, { replyId: reply!.id, origin: "http://localhost" }, () => {}, { pollMs: 100 });
    expect(run.ok && run.reply.status, JSON.stringify(run)).toBe("completed");
    const scene = await prisma.scene.findFirstOrThrow({ where: { projectId: project.id } });
    expect(scene.sceneOrder).toBe(1);
    expect(scene.voiceOverUrl).toBeTruthy();
    expect(scene.videoUrl).toBeTruthy();
    expect(await getBalance(user.id)).toBeCloseTo(20 - 0.07 - 3.6, 2);
    // The video was made after its voice-over: the next compile makes nothing again, it only joins.
    const estimate = await estimateCost(actor, { projectId: project.id, work: { kind: "compile" } });
    expect(estimate.credits).toBe(2);
  }, 180_000);

  it("runs no paid tool for a free request, answers it honestly, and charges only the message", async () => {
    const { user, actor, project, session } = await chatFor(5, { productImage: true });
    await prisma.scene.create({ data: { projectId: project.id, title: "Hook", sceneOrder: 1, voiceOverText: "Cold water all day." } });
    const result = await sendAndAnswer(actor, { sessionId: session.id, content: "Make the ad more fun", origin: "http://localhost" });
    const reply = result.ok ? result.reply : null;
    expect(reply?.tasks).toEqual([]);
    expect(reply?.status).toBe("completed");
    expect(reply?.content).toMatch(/can't act on "Make the ad more fun".*did not run anything/);
    expect(await getBalance(user.id)).toBe(4.93);
    expect(await prisma.compileJob.count({ where: { projectId: project.id } })).toBe(0);
    expect((await charges(user.id))[0].status).toBe("completed");
  }, 60_000);

  it("holds a destructive tool too, and a cancelled plan never runs", async () => {
    const { user, actor, project, session } = await chatFor(5);
    const scene = await prisma.scene.create({ data: { projectId: project.id, title: "Hook", sceneOrder: 1 } });
    const result = await sendAndAnswer(actor, { sessionId: session.id, content: "Delete scene 1", origin: "http://localhost" });
    const reply = result.ok ? result.reply : null;
    expect(reply?.command).toMatchObject({ type: "confirm", credits: 0, calls: [{ name: "delete_scene", args: { sceneId: scene.id } }] });
    expect(await prisma.scene.count({ where: { id: scene.id } })).toBe(1);
    expect(await declinePlan(actor, reply!.id)).toMatchObject({ ok: true });
    expect(await confirmAndRun(actor, { replyId: reply!.id, origin: "http://localhost" })).toMatchObject({ ok: false, code: "not_waiting" });
    expect(await prisma.scene.count({ where: { id: scene.id } })).toBe(1);
    expect(await getBalance(user.id)).toBe(4.93);
  }, 60_000);
});

describe("the message's charge is closed exactly once on every outcome", () => {
  it("a tool that fails: the reply ends in error and the message is settled (the assistant answered)", async () => {
    const { user, actor, session } = await chatFor(1);
    const { z } = await import("zod");
    const failing = [
      {
        name: "analyze_project_requirements",
        description: "x",
        schema: z.object({ projectId: z.string() }),
        run: async () => ({ ok: false as const, message: "The analysis broke" }),
      },
    ];
    const result = await sendAndAnswer(actor, { sessionId: session.id, content: "Analyze the project", origin: "http://localhost" }, () => {}, {
      tools: failing,
    });
    const reply = result.ok ? result.reply : null;
    expect(reply?.status).toBe("error");
    expect(reply?.tasks.map((t) => [t.name, t.status, t.details])).toEqual([["analyze_project_requirements", "error", "The analysis broke"]]);
    const rows = await charges(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("completed");
    expect(await getBalance(user.id)).toBe(0.93);
  }, 60_000);

  it("a reply nobody finishes (the process stopped): refunded once when the chat is next read", async () => {
    const { user, actor, session } = await chatFor(1);
    const sent = await sendChatMessage(actor, { sessionId: session.id, content: "Analyze the project" });
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(await getBalance(user.id)).toBe(0.93);
    // Still answering (recently): left alone.
    await getChatSession(actor, session.id);
    expect((await charges(user.id))[0].status).toBe("charged");
    await prisma.$executeRaw`UPDATE "chat_messages" SET "updatedAt" = now() - interval '10 minutes' WHERE "id" = ${sent.reply.id}`;
    const { messages } = await getChatSession(actor, session.id);
    expect(messages.find((m) => m.id === sent.reply.id)).toMatchObject({ status: "error", content: CHAT_MESSAGES.timeoutReply });
    await getChatSession(actor, session.id);
    expect((await charges(user.id))[0].status).toBe("refunded");
    expect(await getBalance(user.id)).toBe(1);
  }, 60_000);
});
