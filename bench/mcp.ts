// `npm run bench -- --mcp` (issue 15 §1d): tool-call latency over Streamable HTTP (/mcp with a
// personal access token: list_video_projects, get_video_project), and the assistant chat's first
// streamed event with the local planner (POST /resources/assistant, Accept: text/event-stream),
// against the production server process. Writes bench/results/mcp-latest.json.
import os from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { percentile } from "./load";
import { flagValue, machineInfo, SHARED_MACHINE_NOTE, startBenchApp, writeResult } from "./pages";

const r1 = (n: number) => Math.round(n * 10) / 10;
const summary = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return { calls: s.length, p50Ms: r1(percentile(s, 50)), p95Ms: r1(percentile(s, 95)), maxMs: r1(s[s.length - 1] ?? NaN) };
};

export async function runMcpBench(): Promise<{ pass: boolean }> {
  const loadAtStart = os.loadavg();
  const calls = Number(flagValue("mcp-calls") ?? 100);
  const chats = Number(flagValue("chat-messages") ?? 10);
  // Latency, not the per-token rate limit (120 a minute by default), is measured here.
  const { db, app, data } = await startBenchApp("mcp", { env: { MCP_RATE_LIMIT_PER_MINUTE: "100000" } });
  try {
    // The editors and the MCP project tools are the admin's (ADR 130); the chat charges credits.
    const admin = await data.newAccount("admin", { admin: true, credits: 100 });
    const projectId = await data.benchProject(admin, 5);
    for (let i = 0; i < 9; i++) await data.benchProject(admin, 3);
    const token = await data.benchToken(admin);

    const client = new Client({ name: "reelforge-bench", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    const timeTool = async (name: string, args: Record<string, unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < calls + 5; i++) {
        const t = performance.now();
        const r = await client.callTool({ name, arguments: args });
        if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content).slice(0, 300)}`);
        if (i >= 5) times.push(performance.now() - t);
      }
      return summary(times);
    };
    const list = await timeTool("list_video_projects", {});
    const get = await timeTool("get_video_project", { projectId });
    await client.close();

    // The chat: the first event on the wire (start: the message is saved and charged), the first
    // streamed piece of the answer (delta or reply), and the end (done).
    const state = (await (await fetch(`${app.url}/resources/assistant?projectId=${projectId}`, { headers: { cookie: admin.cookie } })).json()) as {
      sessionId: string;
      provider?: unknown;
    };
    const firstEvent: number[] = [];
    const firstToken: number[] = [];
    const done: number[] = [];
    for (let i = 0; i < chats; i++) {
      const t = performance.now();
      const res = await fetch(`${app.url}/resources/assistant`, {
        method: "POST",
        headers: { cookie: admin.cookie, accept: "text/event-stream", origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "send", sessionId: state.sessionId, message: "How many scenes does this project have?" }),
      });
      if (!res.ok || !res.body) throw new Error(`assistant answered ${res.status}: ${await res.text()}`);
      let buffer = "";
      let sawToken = false;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (!firstEvent[i]) firstEvent[i] = performance.now() - t;
        buffer += Buffer.from(chunk).toString();
        const events = [...buffer.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
        if (events.includes("refused")) throw new Error(`assistant refused: ${buffer.slice(0, 300)}`);
        if (!sawToken && events.some((e) => e === "delta" || e === "reply")) {
          firstToken.push(performance.now() - t);
          sawToken = true;
        }
      }
      done.push(performance.now() - t);
    }
    const result = {
      date: new Date().toISOString(),
      machine: machineInfo(loadAtStart),
      note: SHARED_MACHINE_NOTE,
      setup:
        "Production server process on loopback; one client, one call at a time, after 5 warm-up calls per tool; the per-token rate limit raised (MCP_RATE_LIMIT_PER_MINUTE) so it does not refuse the bench; MCP over Streamable HTTP with a personal access token (the SDK's client); the chat with the local planner (no LLM keys).",
      mcp: { list_video_projects: { ...list, projects: 10 }, get_video_project: { ...get, scenes: 5 } },
      assistantChat: {
        provider: state.provider ?? null,
        messages: chats,
        firstEvent: summary(firstEvent),
        firstStreamedToken: summary(firstToken),
        done: summary(done),
      },
    };
    writeResult("mcp-latest.json", result);
    console.log(
      `MCP list_video_projects: p50 ${list.p50Ms} ms, p95 ${list.p95Ms} ms; get_video_project: p50 ${get.p50Ms} ms, p95 ${get.p95Ms} ms (${calls} calls each)`,
    );
    console.log(
      `Assistant chat (local planner): first event p50 ${result.assistantChat.firstEvent.p50Ms} ms, first streamed token p50 ${result.assistantChat.firstStreamedToken.p50Ms} ms / p95 ${result.assistantChat.firstStreamedToken.p95Ms} ms, done p50 ${result.assistantChat.done.p50Ms} ms`,
    );
    return { pass: true };
  } finally {
    await app.stop();
    await db.close();
  }
}
