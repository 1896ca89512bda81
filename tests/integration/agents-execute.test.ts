// POST /api/agents/execute on the real server (docs/product.md#assistant): each of the nine
// agent functions for the token's user, an unknown function, a bad token, another user's project.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken, revokeApiToken } from "~/models/access";
import { getBalance } from "~/models/billing/credits.server";
import { prisma } from "~/utils/db.server";
import { callAgentFunction } from "../../agents/execute.server";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { actorOf, newCustomer, projectWithScenes, startPipeline, storeProductPhoto, type PipelineEnv } from "./pipeline-helpers";

let pipeline: PipelineEnv;
let live: LiveServer;
let owner: { id: string };
let ownerToken: string;
let otherToken: string;
let projectId: string;
let sceneIds: string[];
let photo: string;

async function execute(token: string | null, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${live.url}/api/agents/execute`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as { success: boolean; data?: any; error?: string } };
}

beforeAll(async () => {
  pipeline = await startPipeline({ timeScale: 0.01 });
  live = await startLiveServer();
  owner = await newCustomer(50);
  const other = await newCustomer(50);
  ownerToken = (await createApiToken(actorOf(owner.id), { name: "agents" })).token;
  otherToken = (await createApiToken(actorOf(other.id), { name: "other" })).token;
  photo = await storeProductPhoto(owner.id);
  const project = await projectWithScenes(owner.id, { productImage: photo });
  projectId = project.id;
  sceneIds = project.scenes.map((s) => s.id);
}, 60_000);

afterAll(async () => {
  await live?.close();
  await pipeline?.close();
});

describe("POST /api/agents/execute.server", () => {
  it("runs each agent function for the token's user", async () => {
    const [first, second] = sceneIds;
    const analysis = await execute(ownerToken, {
      function: "analyze_project_requirements",
      parameters: { projectId, context: "What is missing?" },
      context: {},
    });
    expect(analysis.status).toBe(200);
    expect(analysis.json.success).toBe(true);
    expect(analysis.json.data.analysis.scenes).toHaveLength(2);

    const sequence = await execute(ownerToken, { function: "optimize_scene_sequence", parameters: { projectId } });
    expect(sequence.json.success).toBe(true);
    expect([...sequence.json.data.proposedOrder].sort()).toEqual([...sceneIds].sort());

    const enhanced = await execute(ownerToken, { function: "enhance_scene_descriptions", parameters: { projectId, sceneId: first } });
    expect(enhanced.json.success).toBe(true);
    // A proposal beside the current description: nothing is saved until the user accepts it.
    const current = (await prisma.scene.findUniqueOrThrow({ where: { id: first } })).description;
    expect(enhanced.json.data).toMatchObject({ previous: current, saved: false });
    expect(enhanced.json.data.description).toBeTruthy();
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: first } })).description).toBe(current);

    // The scene may come from the context, like the editor sends it.
    const suggestions = await execute(ownerToken, { function: "suggest_scene_improvements", parameters: { projectId }, context: { sceneId: second } });
    expect(suggestions.json.success).toBe(true);

    const image = await execute(ownerToken, { function: "analyze_product_image", parameters: { projectId, sceneId: first, imageUrl: photo } });
    expect(image.json.success, image.json.error).toBe(true);
    expect(image.json.data.analysis).toBeTruthy();

    const prompt = await execute(ownerToken, {
      function: "generate_optimized_prompt",
      parameters: { projectId, sceneId: first, userPrompt: "the serum on a marble shelf", imageAnalysis: image.json.data.analysis },
    });
    expect(prompt.json.success, prompt.json.error).toBe(true);
    expect(typeof prompt.json.data.optimizedPrompt).toBe("string");
    expect(prompt.json.data.optimizedPrompt.length).toBeGreaterThan(10);

    // Not ready to compile yet: there is no image to render.
    const early = await execute(ownerToken, { function: "generate_video_config", parameters: { projectId, outputFormat: "webm" } });
    expect(early.status).toBe(400);
    expect(early.json).toEqual({ success: false, error: "Scene 1 has no image or video" });

    const before = await getBalance(owner.id);
    const prepared = await execute(ownerToken, { function: "prepare_scenes_for_compilation", parameters: { projectId } });
    expect(prepared.json.success, prepared.json.error).toBe(true);
    expect(prepared.json.data.scenes.map((s: { status: string }) => s.status)).toEqual(["started", "started"]);
    expect(await getBalance(owner.id)).toBeCloseTo(before - prepared.json.data.credits, 2);
    // Asked again while that work runs: its steps are paid for and under way, nothing is charged again.
    const again = await execute(ownerToken, { function: "prepare_scenes_for_compilation", parameters: { projectId } });
    expect(again.json.success, again.json.error).toBe(true);
    expect(again.json.data.scenes.map((s: { status: string }) => s.status)).toEqual(["in_progress", "in_progress"]);
    expect(again.json.data.credits).toBe(0);
    expect(await getBalance(owner.id)).toBeCloseTo(before - prepared.json.data.credits, 2);
    // The workflows make the assets; then the configuration is there.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await prisma.scene.count({ where: { projectId, videoUrl: { not: null } } })) < 2)
      await new Promise((r) => setTimeout(r, 200));
    const config = await execute(ownerToken, { function: "generate_video_config", parameters: { projectId, outputFormat: "webm" } });
    expect(config.json.success, config.json.error).toBe(true);
    expect(config.json.data.configuration).toMatchObject({
      outputFormat: "webm",
      scenes: [
        { sceneId: first, visual: "clip" },
        { sceneId: second, visual: "clip" },
      ],
    });
    expect(JSON.stringify(config.json.data)).not.toContain(".data");

    const layout = await execute(ownerToken, { function: "optimize_canvas_layout", parameters: { projectId, currentLayout: { nodes: [] } } });
    expect(layout.json.success).toBe(true);
    expect(layout.json.data.optimizedLayout.nodes.length).toBeGreaterThanOrEqual(3);

    // The small client reads data the same way.
    const viaClient = (await callAgentFunction(live.url, ownerToken, { function: "optimize_scene_sequence", parameters: { projectId } })) as {
      proposedOrder: string[];
    };
    expect(viaClient.proposedOrder).toHaveLength(2);
  }, 120_000);

  it("answers an unknown function with the catalogue's message", async () => {
    const res = await execute(ownerToken, { function: "make_it_viral", parameters: { projectId } });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ success: false, error: "Function make_it_viral not found" });
    await expect(callAgentFunction(live.url, ownerToken, { function: "make_it_viral" })).rejects.toThrow("Function make_it_viral not found");
  });

  it("refuses a missing, unknown or revoked token with 401 and WWW-Authenticate", async () => {
    const none = await execute(null, { function: "optimize_scene_sequence", parameters: { projectId } });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    const bad = await execute("rf_pat_not-a-real-token", { function: "optimize_scene_sequence", parameters: { projectId } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const revoked = await createApiToken(actorOf(owner.id), { name: "soon revoked" });
    await revokeApiToken(actorOf(owner.id), revoked.item.id);
    expect((await execute(revoked.token, { function: "optimize_scene_sequence", parameters: { projectId } })).status).toBe(401);
    // A plain HTTP failure reads "Agent SDK request failed: {status text}" in the client.
    await expect(
      callAgentFunction(
        live.url,
        ownerToken,
        { function: "optimize_scene_sequence" },
        async () => new Response("gateway down", { status: 502, statusText: "Bad Gateway" }),
      ),
    ).rejects.toThrow("Agent SDK request failed: Bad Gateway");
  });

  it("shows another user nothing of this user's project and changes nothing", async () => {
    const description = (await prisma.scene.findUniqueOrThrow({ where: { id: sceneIds[0] } })).description;
    for (const [fn, parameters] of [
      ["analyze_project_requirements", { projectId }],
      ["enhance_scene_descriptions", { projectId, sceneId: sceneIds[0] }],
      ["prepare_scenes_for_compilation", { projectId }],
      ["optimize_canvas_layout", { projectId }],
    ] as const) {
      const res = await execute(otherToken, { function: fn, parameters });
      expect(res.status, fn).toBe(404);
      expect(res.json.success).toBe(false);
      expect(res.json.error).toMatch(/not found$/);
    }
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: sceneIds[0] } })).description).toBe(description);
  });

  it("refuses bad bodies with 4xx", async () => {
    expect((await execute(ownerToken, { parameters: {} })).json).toEqual({ success: false, error: "function is required" });
    const res = await fetch(`${live.url}/api/agents/execute`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json" },
      body: "{oops",
    });
    expect(res.status).toBe(400);
    const missing = await execute(ownerToken, { function: "enhance_scene_descriptions", parameters: { projectId } });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("sceneId is required");
  });
});
