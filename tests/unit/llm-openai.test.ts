// The chat-model factory, and ChatOpenAI against a local OpenAI-compatible HTTP server
// (POST /v1/chat/completions) started by this test: plain answers, a tool-call round trip with
// bindTools, structured planner tasks, error answers, retries and time-outs.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { HumanMessage, SystemMessage, type AIMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ChatModelConfigError,
  LOCAL_PLANNER_INFO,
  LlamaCppChatModel,
  LocalPlannerChatModel,
  chatProviderInfo,
  chatProviderStatus,
  createChatModel,
  getChatModel,
  loadNodeLlamaCpp,
  parseTaskRequest,
  resolveChatConfig,
  runLocalTask,
  runPlannerTask,
} from "~/providers/llm/index.server";

type ChatRequest = {
  model: string;
  messages: Array<{
    role: string;
    content: string | null;
    tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
    tool_call_id?: string;
  }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters: Record<string, unknown> } }>;
  tool_choice?: unknown;
  temperature?: number;
};
type Recorded = { path: string; authorization: string | undefined; body: ChatRequest };
type Handler = (req: Recorded, res: http.ServerResponse) => void;

let server: http.Server;
let baseURL: string;
let requests: Recorded[] = [];
let handler: Handler;

function completion(message: Record<string, unknown>, finish = "stop") {
  return {
    id: `chatcmpl-${requests.length}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "test-model",
    choices: [{ index: 0, message: { role: "assistant", content: null, ...message }, finish_reason: finish }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const recorded: Recorded = { path: req.url ?? "", authorization: req.headers.authorization, body: raw ? JSON.parse(raw) : {} };
      requests.push(recorded);
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") return json(res, 404, { error: { message: "not found" } });
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  handler = (_req, res) => json(res, 200, completion({ content: "Hello from the test server." }));
});

const openaiEnv = (extra: Record<string, string> = {}) => ({
  OPENAI_API_KEY: "sk-test-123",
  OPENAI_BASE_URL: baseURL,
  OPENAI_MODEL: "test-model",
  LLM_MAX_RETRIES: "0",
  ...extra,
});

describe("createChatModel / resolveChatConfig", () => {
  it("defaults to the local planner and says so", async () => {
    expect(resolveChatConfig({})).toEqual({ provider: "local-planner" });
    const model = await createChatModel({});
    expect(model).toBeInstanceOf(LocalPlannerChatModel);
    expect(model.providerInfo).toEqual(LOCAL_PLANNER_INFO);
    expect(model.providerInfo?.label).toBe("Local planner");
    expect(chatProviderInfo({ provider: "local-planner" }).id).toBe("local-planner");
    // Empty values count as unset.
    expect(resolveChatConfig({ OPENAI_API_KEY: "  " }).provider).toBe("local-planner");
  });

  it("picks ChatOpenAI when OPENAI_API_KEY is set, with base URL and model", async () => {
    expect(resolveChatConfig({ OPENAI_API_KEY: "sk-x" })).toMatchObject({ provider: "openai", model: "gpt-4o-mini", maxRetries: 2 });
    const model = await createChatModel(openaiEnv());
    expect(model).toBeInstanceOf(ChatOpenAI);
    expect((model as ChatOpenAI).model).toBe("test-model");
    expect(model.providerInfo).toMatchObject({ id: "openai-compatible", model: "test-model", baseUrl: new URL(baseURL).origin });
    expect(JSON.stringify(model.providerInfo)).not.toContain("sk-test-123");
    expect(chatProviderInfo(resolveChatConfig({ OPENAI_API_KEY: "sk-x" }))).toMatchObject({ id: "openai", label: "OpenAI" });
  });

  it("rejects incomplete or invalid settings with clear messages", async () => {
    expect(() => resolveChatConfig({ LLM_PROVIDER: "openai" })).toThrow(ChatModelConfigError);
    expect(() => resolveChatConfig({ OPENAI_API_KEY: "x", OPENAI_BASE_URL: "not a url" })).toThrow(/OPENAI_BASE_URL/);
    expect(() => resolveChatConfig({ LLM_PROVIDER: "llama-cpp" })).toThrow(/LLAMA_MODEL_PATH/);
    expect(() => resolveChatConfig({ LLM_PROVIDER: "mystery" })).toThrow(/LLM_PROVIDER/);
    // Read again for each set of values (the last one is kept): a change shows at once, a bad value throws every time.
    expect(resolveChatConfig({ OPENAI_API_KEY: "sk-x", OPENAI_MODEL: "m1" })).toMatchObject({ provider: "openai", model: "m1" });
    expect(resolveChatConfig({ OPENAI_API_KEY: "sk-x", OPENAI_MODEL: "m2" })).toMatchObject({ provider: "openai", model: "m2" });
    expect(resolveChatConfig({ OPENAI_API_KEY: "sk-x", OPENAI_MODEL: "m2", UNRELATED: "y" })).toMatchObject({ model: "m2" });
    expect(() => resolveChatConfig({ LLM_PROVIDER: "mystery" })).toThrow(/LLM_PROVIDER/);
    expect(resolveChatConfig({})).toEqual({ provider: "local-planner" });
    await expect(createChatModel({ LLM_PROVIDER: "llama-cpp", LLAMA_MODEL_PATH: "/nonexistent/model.gguf" })).rejects.toThrow(/does not exist/);
    // A keyless local server (Ollama, llama.cpp server) is fine with a base URL alone.
    expect(resolveChatConfig({ LLM_PROVIDER: "openai", OPENAI_BASE_URL: baseURL })).toMatchObject({ provider: "openai", baseURL });
  });

  it("loads node-llama-cpp only when it is installed, and says how to install it otherwise", async () => {
    const env = { LLM_PROVIDER: "llama-cpp", LLAMA_MODEL_PATH: import.meta.filename };
    expect(chatProviderInfo(resolveChatConfig(env))).toMatchObject({ id: "llama-cpp", model: "llm-openai.test.ts" });
    if (await loadNodeLlamaCpp()) {
      expect(await createChatModel(env)).toBeInstanceOf(LlamaCppChatModel);
    } else {
      await expect(createChatModel(env)).rejects.toThrow(/npm install --no-save node-llama-cpp@3\.22\.1 @node-llama-cpp\/linux-x64@3\.22\.1 --omit=optional/);
    }
  });
});

describe("getChatModel / chatProviderStatus (the app's chat model)", () => {
  it("serves the configured provider and reports it", async () => {
    expect(await chatProviderStatus({})).toMatchObject({
      capability: "chat",
      id: "local-planner",
      label: "Local planner",
      local: true,
      requested: "local-planner",
    });
    const env = openaiEnv();
    expect(await getChatModel(env)).toBeInstanceOf(ChatOpenAI);
    expect(await getChatModel(env)).toBe(await getChatModel(env));
    const status = await chatProviderStatus(env);
    expect(status).toMatchObject({ id: "openai-compatible", local: false, requested: "openai", model: "test-model" });
    expect(status.problem).toBeUndefined();
  });

  it("falls back to the local planner with the problem stated instead of failing", async () => {
    const env = { LLM_PROVIDER: "llama-cpp", LLAMA_MODEL_PATH: "/nonexistent/model.gguf" };
    expect(await getChatModel(env)).toBeInstanceOf(LocalPlannerChatModel);
    const status = await chatProviderStatus(env);
    expect(status).toMatchObject({ id: "local-planner", local: true, requested: "llama-cpp" });
    expect(status.problem).toMatch(/LLAMA_MODEL_PATH does not exist: \/nonexistent\/model\.gguf Using the local planner\./);
  });
});

describe("ChatOpenAI against a local OpenAI-compatible server", () => {
  it("sends the model, key and messages and reads the answer", async () => {
    const model = await createChatModel(openaiEnv());
    const answer = await model.invoke([new SystemMessage("Be brief."), new HumanMessage("Say hello")]);
    expect(answer.content).toBe("Hello from the test server.");
    expect(requests).toHaveLength(1);
    expect(requests[0].authorization).toBe("Bearer sk-test-123");
    expect(requests[0].body.model).toBe("test-model");
    expect(requests[0].body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Say hello" },
    ]);
  });

  it("does a tool-call round trip with bindTools", async () => {
    handler = (req, res) => {
      const last = req.body.messages[req.body.messages.length - 1];
      if (last.role === "tool") return json(res, 200, completion({ content: `Done: ${last.content}` }));
      const fn = req.body.tools?.[0]?.function;
      json(
        res,
        200,
        completion(
          { tool_calls: [{ id: "call_abc", type: "function", function: { name: fn?.name, arguments: JSON.stringify({ projectId: "p1", sceneId: "s2" }) } }] },
          "tool_calls",
        ),
      );
    };
    const generateImage = tool(async ({ sceneId }) => `image generated for ${sceneId}`, {
      name: "generate_scene_image",
      description: "Generate the image of a scene",
      schema: z.object({ projectId: z.string(), sceneId: z.string() }),
    });
    const model = await createChatModel(openaiEnv());
    const withTools = model.bindTools!([generateImage]);
    const messages = [new HumanMessage("generate the image for scene 2")];
    const first = (await withTools.invoke(messages)) as AIMessage;
    expect(first.tool_calls).toEqual([{ id: "call_abc", name: "generate_scene_image", args: { projectId: "p1", sceneId: "s2" }, type: "tool_call" }]);
    expect(requests[0].body.tools).toEqual([
      {
        type: "function",
        function: expect.objectContaining({
          name: "generate_scene_image",
          description: "Generate the image of a scene",
          parameters: expect.objectContaining({ type: "object", required: ["projectId", "sceneId"] }),
        }),
      },
    ]);
    const toolMessage = await generateImage.invoke(first.tool_calls![0]);
    const second = await withTools.invoke([...messages, first, toolMessage]);
    expect(second.content).toBe("Done: image generated for s2");
    const sent = requests[1].body.messages;
    expect(sent[1]).toMatchObject({ role: "assistant", tool_calls: [{ id: "call_abc", function: { name: "generate_scene_image" } }] });
    expect(sent[2]).toMatchObject({ role: "tool", content: "image generated for s2", tool_call_id: "call_abc" });
  });

  it("runs a planner task as structured output (the server answers with the forced tool)", async () => {
    // This server plays an LLM that follows our task format: it reads the JSON block and answers
    // through the forced function, computing the result with the local planner.
    handler = (req, res) => {
      const user = req.body.messages.find((m) => m.role === "user")!;
      const request = parseTaskRequest(String(user.content));
      if (!request) return json(res, 400, { error: { message: "no task" } });
      const forced = (req.body.tool_choice as { function?: { name?: string } })?.function?.name;
      const result = runLocalTask(request.task, request.input);
      json(
        res,
        200,
        completion({ tool_calls: [{ id: "call_1", type: "function", function: { name: forced, arguments: JSON.stringify(result) } }] }, "tool_calls"),
      );
    };
    const model = await createChatModel(openaiEnv());
    const seo = await runPlannerTask(model, "seo_metadata", {
      script: "Cold coffee again? The ThermoMug keeps coffee hot for six hours. Hot coffee, anywhere.",
      product: "ThermoMug",
    });
    expect(seo.title.startsWith("ThermoMug")).toBe(true);
    expect(seo.hashtags[0]).toBe("#ThermoMug");
    expect(requests[0].body.tools?.[0].function.name).toBe("seo_metadata");
    expect(requests[0].body.tool_choice).toEqual({ type: "function", function: { name: "seo_metadata" } });
  });

  it("surfaces an error answer from the server", async () => {
    handler = (_req, res) =>
      json(res, 404, { error: { message: "The model `test-model` does not exist", type: "invalid_request_error", code: "model_not_found" } });
    const model = await createChatModel(openaiEnv());
    await expect(model.invoke("hi")).rejects.toThrow(/does not exist/);
    expect(requests).toHaveLength(1);
  });

  it("retries a server error (2 retries) and then succeeds", async () => {
    let calls = 0;
    handler = (_req, res) =>
      ++calls === 1 ? json(res, 500, { error: { message: "overloaded" } }) : json(res, 200, completion({ content: "second time lucky" }));
    const model = await createChatModel(openaiEnv({ LLM_MAX_RETRIES: "2" }));
    expect((await model.invoke("hi")).content).toBe("second time lucky");
    expect(requests).toHaveLength(2);
  });

  it("gives up after the time-out", async () => {
    handler = () => {
      // never answers
    };
    const model = await createChatModel(openaiEnv({ LLM_TIMEOUT_MS: "300" }));
    const started = Date.now();
    await expect(model.invoke("hi")).rejects.toThrow(/time/i);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
