// A language model's copy, through structured output, checked against the copy rules (issue 24 §2,
// docs/decisions/320-copy-a-person-would-write.md): an OpenAI-compatible server started by this
// test answers each task with a tool call; the fields that keep the rules come through, a field that
// breaks them ("Bag Gym Office", "It is light", an end card repeating the captions) falls back to
// the local planner's version.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatModel, parseTaskRequest, runCheckedPlannerTask, runLocalTask, runPlannerTask } from "~/providers/llm/index.server";
import { planAdStructure } from "~/providers/llm/planner/ad-structure";
import { copyProblems } from "~/providers/llm/planner/copy-rules";

const SCRIPT =
  "Tired of soggy salads by lunchtime? Meet CrispBox. It is light. It fits in your bag, from the gym to the office. Its sealed dressing pod keeps your greens crisp for hours. Order CrispBox today and get free shipping across India.";

/** What the fake model changes in the local planner's answer, per task. */
let edit: (task: string, result: Record<string, unknown>) => Record<string, unknown> = (_t, r) => r;
let server: http.Server;
let baseURL: string;

beforeAll(async () => {
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
      const answer = edit(request.task, runLocalTask(request.task, request.input) as Record<string, unknown>);
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
                tool_calls: [{ id: "call_1", type: "function", function: { name, arguments: JSON.stringify(answer) } }],
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
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const model = () => createChatModel({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: baseURL, OPENAI_MODEL: "test-model", LLM_MAX_RETRIES: "0" });

describe("a model's scene titles", () => {
  it("keeps a title that is a phrase of the script and replaces one gathered from different clauses", async () => {
    edit = (task, r) => {
      if (task !== "divide_script") return r;
      const scenes = (r.scenes as Array<{ title: string }>).map((s, i) => ({ ...s, title: i === 0 ? "Bag Gym Office" : "From the gym to the office" }));
      return { ...r, scenes };
    };
    const m = await model();
    const unchecked = await runPlannerTask(m, "divide_script", { script: SCRIPT });
    expect(unchecked.scenes[0].title).toBe("Bag Gym Office");
    const replaced: string[] = [];
    const checked = await runCheckedPlannerTask(m, "divide_script", { script: SCRIPT }, { onReplaced: (r) => replaced.push(...r) });
    const local = runLocalTask("divide_script", { script: SCRIPT });
    expect(checked.scenes[0].title).toBe(local.scenes[0].title);
    expect(checked.scenes[0].title).not.toBe("Bag Gym Office");
    expect(replaced[0]).toMatch(/^scenes\.0\.title: .*phrase of the script/);
    // The model's own phrase, a run of the script's words, comes through.
    expect(checked.scenes.slice(1).every((s) => s.title === "From the gym to the office")).toBe(true);
  });
});

describe("a model's SEO title and hashtags", () => {
  it("keeps rule-keeping hashtags, replaces a title of gathered words", async () => {
    edit = (task, r) => (task === "seo_metadata" ? { ...r, title: "CrispBox: Bag & Gym & Office", hashtags: ["#CrispBox", "#salad", "#lunchBox"] } : r);
    const m = await model();
    const checked = await runCheckedPlannerTask(m, "seo_metadata", { script: SCRIPT }, { onReplaced: () => undefined });
    const local = runLocalTask("seo_metadata", { script: SCRIPT });
    expect(checked.title).toBe(local.title);
    expect(copyProblems("seoTitle", checked.title, { script: SCRIPT, product: "CrispBox" })).toEqual([]);
    expect(checked.hashtags).toEqual(["#CrispBox", "#salad", "#lunchBox"]);
  });

  it("replaces hashtags that break the rules (too many, stop words, duplicates)", async () => {
    edit = (task, r) =>
      task === "seo_metadata" ? { ...r, title: "CrispBox: Keeps Your Greens Crisp", hashtags: ["#CrispBox", "#the", "#crispbox", "#a", "#b", "#c", "#d"] } : r;
    const m = await model();
    const replaced: string[] = [];
    const checked = await runCheckedPlannerTask(m, "seo_metadata", { script: SCRIPT }, { onReplaced: (r) => replaced.push(...r) });
    expect(checked.title).toBe("CrispBox: Keeps Your Greens Crisp");
    expect(checked.hashtags).toEqual(runLocalTask("seo_metadata", { script: SCRIPT }).hashtags);
    expect(replaced.join(" ")).toMatch(/hashtags: has 7 tags/);
  });
});

describe("a model's ad words (hook, call-outs, end card)", () => {
  const scenes = runLocalTask("divide_script", { script: SCRIPT }).scenes.map((s) => s.voiceOverText);

  it("keeps a hook from the opening, replaces 'It is light' and an end card that repeats the captions", async () => {
    edit = (task, r) =>
      task === "ad_copy" ? { ...r, hook: "Soggy salads by lunchtime?", callouts: scenes.map(() => "It is light"), endCard: "Order CrispBox today" } : r;
    const m = await model();
    const replaced: string[] = [];
    const checked = await runCheckedPlannerTask(m, "ad_copy", { scenes }, { onReplaced: (r) => replaced.push(...r) });
    const local = runLocalTask("ad_copy", { scenes });
    expect(checked.hook).toBe("Soggy salads by lunchtime?");
    expect(checked.callouts).toEqual(local.callouts);
    for (const c of checked.callouts) expect(c).not.toBe("It is light");
    expect(checked.endCard).toBe(local.endCard);
    expect(checked.endCard).not.toBe("Order CrispBox today");
    expect(replaced.some((r) => /^callouts\.\d+: .*pronoun and a copula/.test(r))).toBe(true);
    expect(replaced.some((r) => /^endCard: .*repeats the captions/.test(r))).toBe(true);
  });

  it("is what the ad plan draws: a model's words where they keep the rules, the local planner's elsewhere", () => {
    const local = planAdStructure({ scenes, style: "Product Showcase" });
    const plan = planAdStructure({
      scenes,
      style: "Product Showcase",
      copy: { hook: "Soggy salads by lunchtime?", callouts: scenes.map(() => "It is light"), endCard: "Order CrispBox today" },
    });
    expect(plan.shots[0].headline).toBe("Soggy salads by lunchtime?");
    expect(plan.callToAction).toBe(local.callToAction);
    expect(plan.shots.map((s) => s.headline).slice(1)).toEqual(local.shots.map((s) => s.headline).slice(1));
  });
});
