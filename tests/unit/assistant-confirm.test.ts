// The assistant's loop with the local planner and stand-in tools (the chat core and the project
// read are in memory here; tests/integration/assistant-chat.test.ts runs it on PostgreSQL):
// free calls run, paid and destructive calls are held with their price for a confirmation
// (ADR 256), a free request runs nothing, and a confirmed plan runs in the pipeline's order.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.hoisted(() => {
  process.env.DATABASE_URL ??= "postgresql://unused:unused@127.0.0.1:1/unused";
});

type Row = { id: string; content: string; status: string; tasks: unknown[]; command: unknown; replyToId: string | null };
const rows = new Map<string, Row>();
const view = (r: Row) => ({ ...r, role: "assistant", selectedTool: null, agentType: null, clientRequestId: null, createdAt: new Date(0).toISOString() });

vi.mock("~/models/assistant/chat.server", () => ({
  chatHistory: async () => [],
  recordChatProgress: async (_a: unknown, id: string, p: { content?: string; tasks?: unknown[] }) => {
    const r = rows.get(id)!;
    Object.assign(r, p.content !== undefined ? { content: p.content } : {}, p.tasks ? { tasks: p.tasks } : {});
    return view(r);
  },
  finishChatReply: async (_a: unknown, id: string, o: { content?: string; tasks?: { status: string }[]; command?: unknown; failed?: { reply: string } }) => {
    const r = rows.get(id)!;
    r.tasks = o.tasks ?? r.tasks;
    r.content = o.failed ? o.failed.reply : (o.content ?? r.content);
    r.command = o.command ?? null;
    r.status = o.failed || (r.tasks as { status: string }[]).some((t) => t.status === "error") ? "error" : "completed";
    return view(r);
  },
}));
vi.mock("~/models/projects/project-workspace.server", () => ({
  getProjectWorkspace: async () => ({
    project: { id: "p1", title: "Glow Serum VPM Ad" },
    scenes: [{ id: "s1", sceneOrder: 1, title: "Hook", imagePrompt: "x", imageUrl: "/i", script: "s", voiceOverText: "v", voiceOverUrl: "/v", videoUrl: "/m" }],
  }),
}));
vi.mock("~/models/projects/cost-estimates.server", () => ({ estimateCost: async () => ({ credits: 2, lines: [], blocked: null, balance: 10, enough: true }) }));

const { runAssistant, runConfirmedPlan } = await import("../../agents/assistant");
const { LocalPlannerChatModel } = await import("~/providers/llm/index.server");

function tools(ran: string[]) {
  const tool = (name: string, data: (args: Record<string, unknown>) => unknown = () => ({})) => ({
    name,
    description: name,
    schema: z
      .object({
        projectId: z.string().optional(),
        sceneId: z.string().optional(),
        name: z.string().optional(),
        description: z.string().optional(),
        idempotencyKey: z.string().optional(),
      })
      .passthrough(),
    run: async (args: unknown) => {
      ran.push(name);
      return { ok: true as const, data: data(args as Record<string, unknown>) };
    },
  });
  return [
    tool("add_scene", () => ({ scene: { id: "new-scene" } })),
    ...[
      "generate_image_prompt",
      "generate_scene_image",
      "generate_scene_script",
      "generate_scene_voiceover",
      "generate_scene_video",
      "compile_video",
      "delete_scene",
      "analyze_project_requirements",
    ].map((n) => tool(n)),
  ];
}

async function ask(text: string) {
  const id = `r${rows.size + 1}`;
  rows.set(id, { id, content: "", status: "thinking", tasks: [], command: null, replyToId: null });
  const ran: string[] = [];
  const reply = await runAssistant({
    actor: { id: "u1", isAdmin: false, door: "web" } as never,
    model: new LocalPlannerChatModel(),
    tools: tools(ran),
    sessionId: "sess",
    projectId: "p1",
    reply: view(rows.get(id)!) as never,
    userText: text,
    origin: "http://localhost",
  });
  return { reply, ran };
}

describe("the assistant holds paid work for a confirmation", () => {
  it("runs the free add_scene, then holds the five steps (voice-over before video) with their price", async () => {
    const { reply, ran } = await ask("Add a scene about the serum on a beach and generate its assets");
    expect(ran).toEqual(["add_scene"]);
    expect(reply.status).toBe("completed");
    expect(reply.command).toMatchObject({ type: "confirm", credits: 3.6 });
    const calls = reply.command!.calls!;
    expect(calls.map((c) => c.name)).toEqual([
      "generate_image_prompt",
      "generate_scene_image",
      "generate_scene_script",
      "generate_scene_voiceover",
      "generate_scene_video",
    ]);
    expect(calls.every((c) => c.args.sceneId === "new-scene")).toBe(true);
    expect(reply.content).toContain("will cost 3.6 credits");

    const runId = "run1";
    rows.set(runId, { id: runId, content: "", status: "working", tasks: [], command: null, replyToId: null });
    const ran2: string[] = [];
    const done = await runConfirmedPlan({
      actor: { id: "u1", isAdmin: false, door: "web" } as never,
      tools: tools(ran2),
      reply: view(rows.get(runId)!) as never,
      askedId: reply.id,
      calls,
      origin: "http://localhost",
    });
    expect(ran2).toEqual(["generate_image_prompt", "generate_scene_image", "generate_scene_script", "generate_scene_voiceover", "generate_scene_video"]);
    expect(done.status).toBe("completed");
  });

  it("runs nothing for a free request and answers honestly", async () => {
    const { reply, ran } = await ask("Make the ad more fun");
    expect(ran).toEqual([]);
    expect(reply.command).toBeNull();
    expect(reply.content).toMatch(/did not run anything/);
  });

  it("holds a compile (priced by the estimate) and a deletion; runs a free analysis at once", async () => {
    const compile = await ask("Render the final video");
    expect(compile.ran).toEqual([]);
    expect(compile.reply.command).toMatchObject({ type: "confirm", credits: 2, calls: [{ name: "compile_video" }] });
    const del = await ask("Delete scene 1");
    expect(del.ran).toEqual([]);
    expect(del.reply.command).toMatchObject({ type: "confirm", credits: 0, calls: [{ name: "delete_scene", destructive: expect.any(String) }] });
    const free = await ask("Analyze the project");
    expect(free.ran).toEqual(["analyze_project_requirements"]);
    expect(free.reply.command).toBeNull();
  });
});
