// The MCP tool server end to end (docs/product.md#mcp-server): the SDK's own Client against the
// real /mcp door of the app's server (Streamable HTTP) and against `npm run mcp`'s entry (stdio),
// with the real workflows running the generation and the compile on the local providers.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromUser } from "~/models/access";
import { createApiToken, revokeApiToken } from "~/models/access";
import { getBalance } from "~/models/billing/credits.server";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { prisma } from "~/utils/db.server";
import { callAgentFunction } from "../../agents/execute.server";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { productPhoto } from "../providers/fixtures";
import { newCustomer, startPipeline, type PipelineEnv } from "./pipeline-helpers";

let pipeline: PipelineEnv;
let live: LiveServer;
let owner: { id: string };
let ownerToken: string;
let otherToken: string;
const clients: Client[] = [];

async function connect(token: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "reelforge-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${live.url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}`, ...headers } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

type Call = { result: CallToolResult; progress: { progress: number; total?: number; message?: string }[] };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Call> {
  const progress: Call["progress"] = [];
  const result = (await client.callTool({ name, arguments: args }, CallToolResultSchema, {
    onprogress: (p) => progress.push(p),
    timeout: 120_000,
    resetTimeoutOnProgress: true,
  })) as CallToolResult;
  return { result, progress };
}

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

function data<T = any>(result: CallToolResult): T {
  expect(result.isError, textOf(result)).toBeFalsy();
  // The same JSON as text, for clients that read no structured content.
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

beforeAll(async () => {
  pipeline = await startPipeline({ timeScale: 0.01 });
  live = await startLiveServer({ mcp: { pollMs: 100 } });
  owner = await newCustomer(100);
  const other = await newCustomer(100);
  ownerToken = (await createApiToken(actorFromUser({ id: owner.id, isAdmin: false }, "web"), { name: "test client" })).token;
  otherToken = (await createApiToken(actorFromUser({ id: other.id, isAdmin: false }, "web"), { name: "other" })).token;
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await live?.close();
  await pipeline?.close();
});

describe("MCP over Streamable HTTP", () => {
  it("builds a project from a product image to a downloaded mp4, with progress, charged once, and deletes it", async () => {
    const client = await connect(ownerToken);
    const tools = (await client.listTools()).tools;
    const names = tools.map((t) => t.name);
    for (const name of [
      "create_video_project",
      "get_video_project",
      "update_video_project",
      "list_video_projects",
      "delete_video_project",
      "add_scene",
      "generate_image_prompt",
      "generate_scene_description",
      "generate_scene_image",
      "generate_scene_script",
      "generate_scene_video",
      "compile_video",
      "upload_product_image",
      "read_product_page",
      "estimate_cost",
      "get_compile_status",
      "list_voices",
      "list_styles",
    ]) {
      expect(names).toContain(name);
    }
    const del = tools.find((t) => t.name === "delete_video_project")!;
    expect(del.annotations?.destructiveHint).toBe(true);
    expect(tools.find((t) => t.name === "get_video_project")!.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((t) => t.name === "compile_video")!.outputSchema).toBeTruthy();

    const created = data((await call(client, "create_video_project", { name: "MCP ad", description: "Made by a client" })).result);
    const projectId = created.project.id as string;
    expect(created.project.status).toBe("draft");

    const photo = await productPhoto({ width: 320, height: 320 });
    const upload = await call(client, "upload_product_image", { projectId, filename: "bottle.png", fileData: photo.toString("base64") });
    const uploaded = data(upload.result);
    expect(uploaded.mimeType).toMatch(/^image\//);
    const imageLink = upload.result.content.find((c) => c.type === "resource_link") as { uri: string } | undefined;
    expect(imageLink?.uri).toContain("/files/signed/");
    const imageRes = await fetch(imageLink!.uri);
    expect(imageRes.status).toBe(200);
    expect(Buffer.from(await imageRes.arrayBuffer()).equals(photo)).toBe(true);

    const scene = data(
      (await call(client, "add_scene", { projectId, name: "Hook", voiceOverText: "Meet the bottle that keeps water cold all day." })).result,
    ).scene;
    expect(scene.order).toBe(1);

    // Generation steps one by one, with progress while the workflow runs.
    const prompt = data((await call(client, "generate_image_prompt", { projectId, sceneId: scene.id })).result);
    expect(prompt.status).toBe("completed");
    expect(prompt.scene.imagePrompt).toBeTruthy();
    const balanceBefore = await getBalance(owner.id);
    const image = await call(client, "generate_scene_image", { projectId, sceneId: scene.id });
    const generated = data(image.result);
    expect(generated.status).toBe("completed");
    expect(generated.steps).toEqual(["image"]);
    expect(generated.scene.imageUrl).toContain("/files/signed/");
    expect(image.progress.length).toBeGreaterThan(0);
    expect(image.progress.at(-1)!.progress).toBe(100);
    expect(await getBalance(owner.id)).toBeCloseTo(balanceBefore - generated.credits, 2);

    const estimate = data((await call(client, "estimate_cost", { projectId, work: "compile" })).result);
    expect(estimate.credits).toBeGreaterThan(2);
    expect(estimate.blocked).toBeNull();

    const key = randomUUID();
    const before = await getBalance(owner.id);
    const compiled = await call(client, "compile_video", { projectId, outputFormat: "mp4", idempotencyKey: key });
    const job = data(compiled.result);
    expect(job.status).toBe("completed");
    expect(job.credits).toBe(estimate.credits);
    expect(compiled.progress.length).toBeGreaterThan(1);
    const percents = compiled.progress.map((p) => p.progress);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(percents.at(-1)).toBe(100);
    expect(await getBalance(owner.id)).toBeCloseTo(before - estimate.credits, 2);

    // The video through its signed link: a real mp4.
    const videoLink = compiled.result.content.find((c) => c.type === "resource_link") as { uri: string; mimeType?: string };
    expect(videoLink.mimeType).toBe("video/mp4");
    const res = await fetch(videoLink.uri);
    expect(res.status).toBe(200);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "mcp-video-")), "video.mp4");
    await fs.writeFile(file, Buffer.from(await res.arrayBuffer()));
    const probe = await probeMedia(file);
    expect(probe.durationSec).toBeGreaterThan(0.5);
    expect(probe.streams.map((st) => `${st.type}:${st.codec}`)).toEqual(expect.arrayContaining(["video:h264", "audio:aac"]));
    // A link with a changed signature is refused.
    expect((await fetch(videoLink.uri.replace(/signature=./, "signature=A"))).status).toBe(404);

    // The same request again: the first job, nothing charged.
    const again = data((await call(client, "compile_video", { projectId, outputFormat: "mp4", idempotencyKey: key, wait: false })).result);
    expect(again.duplicate).toBe(true);
    expect(again.jobId).toBe(job.jobId);
    expect(await getBalance(owner.id)).toBeCloseTo(before - estimate.credits, 2);

    const status = data((await call(client, "get_compile_status", { jobId: job.jobId })).result);
    expect(status.status).toBe("completed");

    // Projects are resources too.
    const resource = await client.readResource({ uri: `reelforge://projects/${projectId}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text).id).toBe(projectId);

    // Another user's token sees nothing of it.
    const stranger = await connect(otherToken);
    const peek = await call(stranger, "get_video_project", { projectId });
    expect(peek.result.isError).toBe(true);
    expect(textOf(peek.result)).toBe("Failed to get video project: Project not found");
    expect(data((await call(stranger, "list_video_projects", {})).result).projects).toEqual([]);
    expect((await call(stranger, "delete_video_project", { projectId })).result.isError).toBe(true);

    const deleted = data((await call(client, "delete_video_project", { projectId })).result);
    expect(deleted.deleted).toBe(true);
    expect(textOf((await call(client, "get_video_project", { projectId })).result)).toBe("Failed to get video project: Project not found");
    expect(await prisma.project.count({ where: { id: projectId } })).toBe(0);
  }, 180_000);

  it("edits, divides and deletes scenes; a retry with the same key answers the first result; the voice-over comes as a link; the agents endpoint takes the server's own signed link", async () => {
    const client = await connect(ownerToken);
    const tools = (await client.listTools()).tools;
    const hints = (name: string) => tools.find((t) => t.name === name)?.annotations;
    expect(hints("update_scene")).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints("delete_scene")).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints("divide_script")).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });

    const projectId = data((await call(client, "create_video_project", { name: "Scene tools" })).result).project.id as string;
    const photo = await productPhoto({ width: 240, height: 240 });
    const upload = await call(client, "upload_product_image", { projectId, filename: "bottle.png", fileData: photo.toString("base64") });
    const imageLink = (upload.result.content.find((c) => c.type === "resource_link") as { uri: string }).uri;
    const a = data((await call(client, "add_scene", { projectId, name: "A", voiceOverText: "First words." })).result).scene;
    const b = data((await call(client, "add_scene", { projectId, name: "B", voiceOverText: "Cold water all day." })).result).scene;
    expect([a.order, b.order]).toEqual([1, 2]);

    // update_scene: replaces the fields given, keeps the others; no field is a clear refusal.
    const updated = data((await call(client, "update_scene", { projectId, sceneId: b.id, name: "B2", script: "Cold water, all day long." })).result);
    expect(updated.scene).toMatchObject({ name: "B2", script: "Cold water, all day long.", voiceOverText: "Cold water all day." });
    expect(updated.changed).toEqual(["name", "script"]);
    const none = await call(client, "update_scene", { projectId, sceneId: b.id });
    expect(none.result.isError).toBe(true);
    expect(textOf(none.result)).toBe("Failed to update scene: Give at least one of name, description, script, voiceOverText or imagePrompt");

    // The same idempotencyKey again: the first result, marked duplicate, charged once.
    const key = randomUUID();
    const before = await getBalance(owner.id);
    const first = data((await call(client, "generate_image_prompt", { projectId, sceneId: b.id, idempotencyKey: key })).result);
    expect(first).toMatchObject({ status: "completed", duplicate: false });
    const retry = await call(client, "generate_image_prompt", { projectId, sceneId: b.id, idempotencyKey: key });
    const again = data(retry.result);
    expect(again).toMatchObject({ status: "completed", duplicate: true, requestId: first.requestId, credits: first.credits });
    expect(await getBalance(owner.id)).toBeCloseTo(before - first.credits, 2);

    // The voice-over comes back as a resource link, like the image and the clip.
    const voice = await call(client, "generate_scene_voiceover", { projectId, sceneId: b.id });
    expect(data(voice.result).status).toBe("completed");
    const voiceLink = voice.result.content.find((c) => c.type === "resource_link") as { uri: string; mimeType?: string } | undefined;
    expect(voiceLink?.uri).toContain("/files/signed/");
    expect(voiceLink?.mimeType).toMatch(/^audio\//);
    expect((await fetch(voiceLink!.uri)).status).toBe(200);

    // The agents endpoint takes upload_product_image's signed link (resolved to the stored object, not fetched).
    const analysis = (await callAgentFunction(live.url, ownerToken, {
      function: "analyze_product_image",
      parameters: { projectId, sceneId: b.id, imageUrl: imageLink },
    })) as { imageUrl: string; analysis: unknown };
    expect(analysis.imageUrl).toMatch(/^\/resources\/files\//);
    expect(analysis.analysis).toBeTruthy();
    // Another user's token cannot use it, and a forged signature names nothing.
    await expect(
      callAgentFunction(live.url, otherToken, { function: "analyze_product_image", parameters: { projectId, sceneId: b.id, imageUrl: imageLink } }),
    ).rejects.toThrow(/not found/i);
    await expect(
      callAgentFunction(live.url, ownerToken, {
        function: "analyze_product_image",
        parameters: { projectId, sceneId: b.id, imageUrl: imageLink.replace(/signature=(.)/, (_m, c: string) => `signature=${c === "A" ? "B" : "A"}`) },
      }),
    ).rejects.toThrow();

    // delete_scene: another user's token changes nothing; the owner's deletes it and B moves up to 1.
    const stranger = await connect(otherToken);
    expect((await call(stranger, "delete_scene", { projectId, sceneId: a.id })).result.isError).toBe(true);
    const deleted = data((await call(client, "delete_scene", { projectId, sceneId: a.id })).result);
    expect(deleted).toMatchObject({ deleted: true, sceneId: a.id });
    const after = data((await call(client, "get_video_project", { projectId })).result).project;
    expect(after.scenes.map((s: { id: string; order: number }) => [s.id, s.order])).toEqual([[b.id, 1]]);

    // divide_script: the script's scenes replace the project's, numbered from 1, each with an image prompt.
    const divided = data(
      (
        await call(client, "divide_script", {
          projectId,
          script: "Scene 1: Meet the bottle. Scene 2: It keeps water cold all day. Scene 3: Order yours today.",
        })
      ).result,
    );
    const orders = divided.scenes.map((s: { order: number }) => s.order);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders).toEqual(orders.map((_: number, i: number) => i + 1));
    expect(divided.scenes.every((s: { imagePrompt: string | null }) => Boolean(s.imagePrompt))).toBe(true);
    expect(await prisma.scene.count({ where: { id: b.id } })).toBe(0);
    expect((await call(client, "divide_script", { projectId: "nope" })).result.isError).toBe(true);
    await call(client, "delete_video_project", { projectId });
  }, 180_000);

  it("answers bad arguments with tool errors carrying the catalogue's messages", async () => {
    const client = await connect(ownerToken);
    const cases: [string, Record<string, unknown>, string][] = [
      ["create_video_project", {}, "Failed to create video project: name is required"],
      ["create_video_project", { name: "   " }, "Failed to create video project: name is required"],
      ["get_video_project", {}, "Failed to get video project: projectId is required"],
      ["add_scene", { projectId: "p1" }, "Failed to add scene: Scene name is required"],
      ["generate_scene_image", { projectId: "p1" }, "Failed to generate image: sceneId is required"],
      [
        "generate_scene_image",
        { projectId: "p1", sceneId: "s1", productShotVersion: "v9" },
        "Failed to generate image: Product shot version must be v1, v2 or v3",
      ],
      ["compile_video", {}, "Failed to compile video: projectId is required"],
      ["compile_video", { projectId: "p1", outputFormat: "avi" }, "Failed to compile video: Output format must be mp4 or webm"],
      ["list_video_projects", { status: "archived" }, "Failed to load projects: Status must be draft, in_progress, completed, failed or all"],
      ["create_video_project", { name: "x", aspectRatio: "2:1" }, "Failed to create video project: Aspect ratio must be 16:9, 9:16, 1:1 or 4:3"],
      ["upload_product_image", { projectId: "p1" }, "Failed to upload product image: filename is required"],
      ["no_such_tool", {}, "Tool no_such_tool not found"],
    ];
    for (const [name, args, message] of cases) {
      const { result } = await call(client, name, args);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(result)).toBe(message);
    }
    // The product's rule from the core, before anything is charged.
    const project = data((await call(client, "create_video_project", { name: "No image" })).result).project;
    const scene = data((await call(client, "add_scene", { projectId: project.id, name: "One", imagePrompt: "x", voiceOverText: "Hello there." })).result).scene;
    const before = await getBalance(owner.id);
    const blocked = await call(client, "generate_scene_image", { projectId: project.id, sceneId: scene.id });
    expect(textOf(blocked.result)).toBe("Failed to generate image: Upload a product image first to generate scene variations.");
    expect(await getBalance(owner.id)).toBe(before);
    // The description is written from the scene's own words, free.
    const described = data((await call(client, "generate_scene_description", { projectId: project.id, sceneId: scene.id })).result).scene;
    expect(described.description).toContain("Hello there.");
    expect(await getBalance(owner.id)).toBe(before);
    // A URL into the server's own network is refused before anything is fetched.
    const internal = await call(client, "upload_product_image", { projectId: project.id, filename: "x.png", url: `${live.url}/favicon.ico` });
    expect(textOf(internal.result)).toBe("Failed to upload product image: The URL points to a private or local network address");
  }, 60_000);
});

describe("long work over MCP", () => {
  it("answers at once with wait: false, follows with get_compile_status, and keeps paid work going when the client cancels", async () => {
    const client = await connect(ownerToken);
    const project = data((await call(client, "create_video_project", { name: "No wait" })).result).project;
    expect(textOf((await call(client, "compile_video", { projectId: project.id })).result)).toBe("Failed to compile video: There are no scenes to compile");
    await call(client, "upload_product_image", {
      projectId: project.id,
      filename: "p.jpg",
      fileData: (await productPhoto({ width: 200, height: 200 })).toString("base64"),
    });
    data((await call(client, "add_scene", { projectId: project.id, name: "Only", voiceOverText: "Short and sweet." })).result);

    const before = await getBalance(owner.id);
    const started = Date.now();
    const queued = data((await call(client, "compile_video", { projectId: project.id, wait: false })).result);
    expect(["queued", "rendering"]).toContain(queued.status);
    expect(queued.videoUrl).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await getBalance(owner.id)).toBeCloseTo(before - queued.credits, 2);

    // A waiting compile the client cancels at its first progress: the call ends, the compile does not.
    const key = randomUUID();
    const project2 = data((await call(client, "create_video_project", { name: "Cancelled wait" })).result).project;
    await call(client, "upload_product_image", {
      projectId: project2.id,
      filename: "p.jpg",
      fileData: (await productPhoto({ width: 200, height: 200 })).toString("base64"),
    });
    data((await call(client, "add_scene", { projectId: project2.id, name: "Only", voiceOverText: "Cancel me not." })).result);
    const cancel = new AbortController();
    const pending = client.callTool({ name: "compile_video", arguments: { projectId: project2.id, idempotencyKey: key } }, CallToolResultSchema, {
      signal: cancel.signal,
      onprogress: () => cancel.abort(),
    });
    await expect(pending).rejects.toThrow();
    const balanceAfterCancel = await getBalance(owner.id);

    for (const [projectId, jobId] of [
      [project.id, queued.jobId],
      [project2.id, null],
    ] as const) {
      let status: any = null;
      for (let i = 0; i < 200; i++) {
        status = data((await call(client, "get_compile_status", jobId ? { jobId } : { projectId })).result);
        if (status.status === "completed" || status.status === "failed") break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status.status).toBe("completed");
      expect(status.videoUrl).toContain("/files/signed/");
    }
    // The cancelled call's compile was charged once; asking again with its key charges nothing.
    const again = data((await call(client, "compile_video", { projectId: project2.id, idempotencyKey: key })).result);
    expect(again.duplicate).toBe(true);
    expect(again.status).toBe("completed");
    expect(await getBalance(owner.id)).toBeCloseTo(balanceAfterCancel, 2);
  }, 180_000);
});

describe("the /mcp door", () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  };
  const post = (headers: Record<string, string>) =>
    fetch(`${live.url}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(initialize),
    });

  it("refuses a missing or unknown token with 401 and WWW-Authenticate", async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer /);
    const wrong = await post({ Authorization: "Bearer rf_pat_nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("refuses a revoked token", async () => {
    const actor = actorFromUser({ id: owner.id, isAdmin: false }, "web");
    const { token, item } = await createApiToken(actor, { name: "to revoke" });
    expect((await post({ Authorization: `Bearer ${token}` })).status).toBe(200);
    await revokeApiToken(actor, item.id);
    expect((await post({ Authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it("refuses a foreign Origin with 403 and accepts none or its own", async () => {
    expect((await post({ Authorization: `Bearer ${ownerToken}`, Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ Authorization: `Bearer ${ownerToken}`, Origin: live.url })).status).toBe(200);
    expect((await post({ Authorization: `Bearer ${ownerToken}` })).status).toBe(200);
  });

  it("limits the requests of one token per minute", async () => {
    const actor = actorFromUser({ id: owner.id, isAdmin: false }, "web");
    const { token } = await createApiToken(actor, { name: "busy" });
    process.env.MCP_RATE_LIMIT_PER_MINUTE = "3";
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await post({ Authorization: `Bearer ${token}` })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Another token has its own budget.
      const fresh = await createApiToken(actor, { name: "calm" });
      expect((await post({ Authorization: `Bearer ${fresh.token}` })).status).toBe(200);
    } finally {
      delete process.env.MCP_RATE_LIMIT_PER_MINUTE;
    }
  });
});

describe("MCP over stdio (npm run mcp)", () => {
  it("lists the tools and works on the token user's projects, with a token from npm run token", async () => {
    const require = createRequire(import.meta.url);
    const root = path.resolve(import.meta.dirname, "../..");
    const email = (await prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).email!;
    const made = spawnSync(process.execPath, [require.resolve("tsx/cli"), "scripts/token.ts", "--email", email.toUpperCase(), "--name", "stdio test"], {
      cwd: root,
      env: process.env,
      encoding: "utf8",
    });
    expect(made.status, made.stderr).toBe(0);
    const stdioToken = made.stdout.trim();
    expect(stdioToken).toMatch(/^rf_pat_/);
    expect(made.stderr).toContain('Created token "stdio test"');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [require.resolve("tsx/cli"), path.join(root, "server/mcp-stdio.ts")],
      cwd: root,
      env: { ...(process.env as Record<string, string>), REELFORGE_API_TOKEN: stdioToken, APP_URL: live.url, MCP_POLL_MS: "100" },
      stderr: "pipe",
    });
    const client = new Client({ name: "reelforge-stdio-test", version: "1.0.0" });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => console.error(`stdio server stderr so far:\n${stderr}`), 60_000);
    await client.connect(transport);
    clearTimeout(timer);
    clients.push(client);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("compile_video");
    const project = data((await call(client, "create_video_project", { name: "Over stdio" })).result).project;
    expect(await prisma.project.findUnique({ where: { id: project.id }, select: { userId: true } })).toEqual({ userId: owner.id });
    const scene = data((await call(client, "add_scene", { projectId: project.id, name: "One", voiceOverText: "A cold drink on a hot day." })).result).scene;
    const prompt = await call(client, "generate_image_prompt", { projectId: project.id, sceneId: scene.id });
    expect(data(prompt.result).scene.imagePrompt).toBeTruthy();
    expect(textOf((await call(client, "get_video_project", {})).result)).toBe("Failed to get video project: projectId is required");
    expect(data((await call(client, "delete_video_project", { projectId: project.id })).result).deleted).toBe(true);
  }, 90_000);
});
