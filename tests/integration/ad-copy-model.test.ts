// The ad's words from a language model in Create Video (ADR 377) against a real PostgreSQL and an
// OpenAI-compatible server started by this test: without a model nothing is stored (the local
// planner's words); with one, the ad_copy answer is checked by the copy rules (a breaking call-out
// is the local planner's), stored once on the project (a second run asks nothing), and is what the
// scenes' shots draw.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planProjectAdCopy } from "~/models/generation";
import { adSceneTexts, storedAdCopy } from "~/models/generation/ad-copy.server";
import { adPlan } from "~/models/generation/scene-shots.server";
import { createProject, getProjectWithScenes } from "~/models/projects/project.server";
import { parseTaskRequest, runLocalTask } from "~/providers/llm/index.server";
import { seedReferenceData } from "../../prisma/seed";
import { newUser, useTempStorage } from "./storage-helpers";
import { webActor } from "../support/web-actor";

const SCENES = [
  "Tired of soggy salads by lunchtime? Meet CrispBox.",
  "It is light. Its sealed dressing pod keeps your greens crisp for hours.",
  "The leak proof lid snaps shut, so nothing spills in your bag.",
  "Order CrispBox today and get free shipping across India.",
];

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let server: http.Server;
let baseURL: string;
const asked: string[] = [];
const saved: Record<string, string | undefined> = {};
const ENV = ["LLM_PROVIDER", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "LLM_MAX_RETRIES"] as const;

/** The model's answer: the local planner's, with its own hook, a call-out that breaks the rules and a phrase call-out. */
function answer(task: string, input: unknown): Record<string, unknown> {
  const local = runLocalTask(task as "ad_copy", input as { scenes: string[] }) as Record<string, unknown>;
  if (task !== "ad_copy") return local;
  return { ...local, hook: "Tired of soggy salads?", callouts: ["", "It is light", "The leak proof lid snaps shut", ""], endCard: "Order CrispBox now" };
}

beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
  for (const k of ENV) saved[k] = process.env[k];
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }>; tool_choice?: { function?: { name?: string } } };
      const request = parseTaskRequest(String(body.messages.find((m) => m.role === "user")?.content ?? ""));
      if (!request) {
        res.writeHead(400, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "no task" } }));
      }
      asked.push(request.task);
      const name = body.tool_choice?.function?.name ?? request.task;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: "test-model",
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content: null,
                tool_calls: [{ id: "call_1", type: "function", function: { name, arguments: JSON.stringify(answer(request.task, request.input)) } }],
              },
              finish_reason: "tool_calls",
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await storage.cleanup();
});

async function adProject() {
  const { user } = await newUser();
  const actor = webActor(user.id);
  const project = await createProject(actor, {
    title: "CrispBox",
    style: "Product Showcase",
    scenes: SCENES.map((text, i) => ({ title: `Scene ${i + 1}`, script: text, voiceOverText: text })),
  });
  return { actor, projectId: project.id };
}

/** The shots' words as the scene image step plans them (scene-shots.server.ts adPlan). */
async function planOf(actor: Awaited<ReturnType<typeof adProject>>["actor"], projectId: string) {
  const project = await getProjectWithScenes(actor, projectId);
  const { scenes, ...rest } = project;
  return adPlan({ actor, scene: scenes[0], project: rest, style: project.style, sceneTexts: adSceneTexts(scenes), photos: [], sceneIndex: 0 });
}

describe("the ad's words in Create Video", () => {
  it("without a language model: nothing is stored and the shots carry the local planner's words", async () => {
    process.env.LLM_PROVIDER = "local";
    const { actor, projectId } = await adProject();
    const before = asked.length;
    expect(await planProjectAdCopy(actor, projectId)).toEqual({ source: "local", copy: null, replaced: [] });
    expect(asked.length).toBe(before);
    expect(storedAdCopy(await getProjectWithScenes(actor, projectId))).toBeNull();
    const local = runLocalTask("ad_copy", { scenes: SCENES, style: "Product Showcase" });
    const plan = await planOf(actor, projectId);
    expect(plan.shots[0].headline).toBe(local.hook);
    expect(plan.callToAction).toBe(local.endCard);
  });

  it("with a model: its words, checked by the copy rules, stored once and drawn by the shots", async () => {
    delete process.env.LLM_PROVIDER;
    Object.assign(process.env, { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: baseURL, OPENAI_MODEL: "test-model", LLM_MAX_RETRIES: "0" });
    const { actor, projectId } = await adProject();
    const before = asked.length;
    const planned = await planProjectAdCopy(actor, projectId);
    expect(asked.slice(before)).toEqual(["ad_copy"]);
    expect(planned.source).toBe("model");
    const local = runLocalTask("ad_copy", { scenes: SCENES, style: "Product Showcase" });
    expect(planned.copy).toMatchObject({ hook: "Tired of soggy salads?", endCard: "Order CrispBox now" });
    // "It is light" breaks the rules: the local planner's call-out for that scene.
    expect(planned.copy!.callouts[1]).toBe(local.callouts[1]);
    expect(planned.copy!.callouts[2]).toBe("The leak proof lid snaps shut");
    expect(planned.replaced.join(" ")).toMatch(/^callouts\.1: /);
    expect(storedAdCopy(await getProjectWithScenes(actor, projectId))).toEqual(planned.copy);

    // Once per video: a second run (a re-delivered step) asks nothing and keeps the stored words.
    expect(await planProjectAdCopy(actor, projectId)).toEqual({ source: "model", copy: planned.copy, replaced: [] });
    expect(asked.length).toBe(before + 1);

    const plan = await planOf(actor, projectId);
    expect(plan.shots[0].headline).toBe("Tired of soggy salads?");
    expect(plan.callToAction).toBe("Order CrispBox now");
    expect(plan.shots.map((s) => s.headline)).not.toContain("It is light");
  });

  it("a model that fails leaves the local planner's words (the video is still made)", async () => {
    delete process.env.LLM_PROVIDER;
    Object.assign(process.env, { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_MODEL: "test-model", LLM_MAX_RETRIES: "0" });
    const { actor, projectId } = await adProject();
    const planned = await planProjectAdCopy(actor, projectId);
    expect(planned).toEqual({ source: "local", copy: null, replaced: [] });
    expect(storedAdCopy(await getProjectWithScenes(actor, projectId))).toBeNull();
  });
});
