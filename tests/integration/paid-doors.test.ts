// One charging path (docs/decisions/280-one-charging-path.md): every kind of paid work — scene
// steps, a compile, a chat message, a canvas tool action, Create Video, a variant, a custom
// order — leaves a work_charges row with the price list's price, and its ledger charge; a failed
// story's row is refunded once. Without the workflow engine: only the charge is looked at.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCanvasToolAction } from "~/models/assistant/canvas-agent-tool.server";
import { openChatSession, sendChatMessage } from "~/models/assistant/chat.server";
import { requestCompile } from "~/models/compile/compile-jobs.server";
import { priceOf, PRICES } from "~/models/billing";
import { getBalance } from "~/models/billing/credits.server";
import { createCustomOrder, newOrderId, orderUploadTarget } from "~/models/orders/custom-orders.server";
import { createProjectForStory } from "~/models/projects/project.server";
import { requestSceneGeneration } from "~/models/generation/scene-generation.server";
import { storeFile } from "~/models/files/stored-files.server";
import { requestStoryVariants } from "~/models/stories/story-variants.server";
import { createVideoRequest, refundVideoRequest } from "~/models/stories/video-requests.server";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { png } from "../fixtures/storage-media";
import { actorOf, newCustomer, projectWithScenes, TWO_SCENES } from "./pipeline-helpers";
import { useTempStorage } from "./storage-helpers";

let storage: Awaited<ReturnType<typeof useTempStorage>>;
const noSend = { send: async () => undefined };

beforeAll(async () => {
  storage = await useTempStorage();
  await seedReferenceData();
});
afterAll(async () => {
  await storage?.cleanup();
});

const chargesOf = (userId: string, work: string) => prisma.workCharge.findMany({ where: { userId, work }, orderBy: { createdAt: "asc" } });
const credits = (rows: { credits: unknown }[]) => rows.reduce((sum, r) => sum + Math.round(Number(r.credits) * 100), 0) / 100;

describe("every paid door leaves a work-charge row", () => {
  it("scene steps, compile, chat message and canvas tool action", async () => {
    const user = await newCustomer(200);
    const actor = actorOf(user.id);
    const project = await projectWithScenes(user.id);
    const [first, second] = project.scenes;

    const steps = await requestSceneGeneration(actor, { projectId: project.id, sceneId: first.id, step: "image prompt", regenerate: true });
    if (!steps.ok) throw new Error(`scene steps refused: ${JSON.stringify(steps)}`);
    const stepRows = await chargesOf(user.id, "scene_step");
    expect(stepRows.length).toBeGreaterThan(0);
    expect(credits(stepRows)).toBe(steps.credits);

    const compile = await requestCompile(actor, { projectId: project.id });
    if (!compile.ok) throw new Error(`compile refused: ${JSON.stringify(compile)}`);
    expect(await chargesOf(user.id, "compile")).toMatchObject([{ credits: expect.anything(), status: "charged" }]);
    expect(Number((await chargesOf(user.id, "compile"))[0].credits)).toBe(priceOf({ work: "compile" }));

    const session = await openChatSession(actor, { projectId: project.id });
    const sent = await sendChatMessage(actor, { sessionId: session.id, content: "Make the first scene brighter" });
    if (!sent.ok) throw new Error(`chat refused: ${JSON.stringify(sent)}`);
    const chatRows = await chargesOf(user.id, "chat_message");
    expect(chatRows).toHaveLength(1);
    expect(Number(chatRows[0].credits)).toBe(PRICES.chatMessage);

    const tool = await runCanvasToolAction(actor, {
      action: "updateScene",
      projectId: project.id,
      sceneId: second.id,
      updateType: "voiceOverText",
      content: "Glow all day.",
    });
    expect(tool.success).toBe(true);
    const toolRows = await chargesOf(user.id, "canvas_tool_action");
    expect(toolRows).toHaveLength(1);
    expect(Number(toolRows[0].credits)).toBe(PRICES.canvasToolAction);
  });

  it("Create Video: a row in the story's batch, refunded once when the video fails", async () => {
    const user = await newCustomer(50);
    const actor = actorOf(user.id);
    const made = await createVideoRequest(actor, { script: "Meet Aurora, the serum for a morning glow.", requestId: randomUUID() }, noSend);
    if (!made.ok) throw new Error(made.message);
    const rows = await chargesOf(user.id, "video");
    expect(rows).toMatchObject([{ batchId: `story:${made.storyId}`, status: "charged", ledgerReference: `story:${made.storyId}` }]);
    expect(Number(rows[0].credits)).toBe(priceOf({ work: "video" }));
    expect(await getBalance(user.id)).toBe(50 - PRICES.video);

    await Promise.all([refundVideoRequest(actor, made.storyId, "It failed"), refundVideoRequest(actor, made.storyId, "It failed")]);
    expect((await chargesOf(user.id, "video")).map((r) => r.status)).toEqual(["refunded"]);
    expect(await prisma.creditLedgerEntry.count({ where: { userId: user.id, reason: "refund", reference: `story:${made.storyId}` } })).toBe(1);
    expect(await getBalance(user.id)).toBe(50);
  });

  it("variants: a row per variant story, at the quoted price", async () => {
    const user = await newCustomer(100);
    const actor = actorOf(user.id);
    const made = await createVideoRequest(actor, { script: "Meet Aurora, the serum for a morning glow.", aspectRatio: "9:16" }, noSend);
    if (!made.ok) throw new Error(made.message);
    // A finished original without running the pipeline: its project and the ready status.
    await createProjectForStory(actor, made.storyId, {
      title: "Aurora",
      fullScript: TWO_SCENES.map((s) => s.script).join("\n\n"),
      voiceId: 1,
      aspectRatio: "9:16",
      scenes: TWO_SCENES,
    });
    await prisma.story.update({ where: { id: made.storyId }, data: { status: "ready" } });

    const variants = await requestStoryVariants(actor, { storyId: made.storyId, variants: [{ aspectRatio: "16:9" }, { aspectRatio: "1:1" }] }, noSend);
    if (!variants.ok) throw new Error(`variants refused: ${JSON.stringify(variants)}`);
    const rows = await chargesOf(user.id, "story_variant");
    expect(rows.map((r) => r.batchId)).toEqual(variants.storyIds.map((id) => `story:${id}`));
    expect(credits(rows)).toBe(variants.credits);
  });

  it("custom orders: a row in the order's batch, with the order's ledger reference", async () => {
    const user = await newCustomer(30);
    const actor = actorOf(user.id);
    const orderId = newOrderId();
    const file = await storeFile({ ...orderUploadTarget(orderId, user.id), body: png(), originalName: "photo.png" });
    const order = await createCustomOrder(actor, { orderId, remark: "A reel", files: [file] });
    expect(await chargesOf(user.id, "custom_order")).toMatchObject([{ batchId: order.id, status: "charged", ledgerReference: order.id }]);
    expect(Number((await chargesOf(user.id, "custom_order"))[0].credits)).toBe(priceOf({ work: "custom_order" }));
    expect(await getBalance(user.id)).toBe(30 - PRICES.customOrder);
  });
});
