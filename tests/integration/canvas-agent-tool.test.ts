// The canvas agent tool (docs/product.md#assistant, ADR 193): 0.2 credits per action through the
// ledger, nothing charged for input it refuses, refunded once when the action fails.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { runCanvasToolAction } from "~/models/assistant/canvas-agent-tool.server";
import { getBalance } from "~/models/billing/credits.server";
import { prisma } from "~/utils/db.server";
import { actorOf, newCustomer, projectWithScenes } from "./pipeline-helpers";

let user: { id: string };
let projectId: string;
let sceneId: string;

beforeAll(async () => {
  user = await newCustomer(5);
  const project = await projectWithScenes(user.id);
  projectId = project.id;
  sceneId = project.scenes[0].id;
});

async function toolCharges() {
  return prisma.workCharge.findMany({ where: { userId: user.id, work: "canvas_tool_action" }, orderBy: { createdAt: "asc" } });
}

describe("canvas agent tool", () => {
  it("refuses updateScene without sceneId and updateType, and an unknown action, charging nothing", async () => {
    const actor = actorOf(user.id);
    expect(await runCanvasToolAction(actor, { action: "updateScene", projectId, content: "x" })).toEqual({
      success: false,
      action: "updateScene",
      error: "sceneId and updateType are required for updateScene action",
      credits: 0,
    });
    expect(await runCanvasToolAction(actor, { action: "dance", projectId })).toMatchObject({ success: false, error: "Unsupported action: dance" });
    expect(await runCanvasToolAction(actor, { action: "generateImage", projectId, sceneId, aspectRatio: "4:3" })).toMatchObject({ success: false });
    expect(await toolCharges()).toHaveLength(0);
    expect(await getBalance(user.id)).toBe(5);
  });

  it("charges 0.2 credits for an action that is done, once per request id", async () => {
    const actor = actorOf(user.id);
    const key = randomUUID();
    const done = await runCanvasToolAction(
      actor,
      { action: "updateScene", projectId, sceneId, updateType: "voiceOverText", content: "Glow all day." },
      { clientRequestId: key },
    );
    expect(done).toMatchObject({ success: true, action: "updateScene", credits: 0.2 });
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: sceneId } })).voiceOverText).toBe("Glow all day.");
    const again = await runCanvasToolAction(
      actor,
      { action: "updateScene", projectId, sceneId, updateType: "voiceOverText", content: "Glow all day." },
      { clientRequestId: key },
    );
    expect(again).toMatchObject({ success: true, data: { duplicate: true } });
    const created = await runCanvasToolAction(actor, { action: "createScene", projectId, content: "The serum on a marble shelf" });
    expect(created.success).toBe(true);
    expect(await getBalance(user.id)).toBe(4.6);
    expect((await toolCharges()).map((c) => c.status)).toEqual(["completed", "completed"]);
  });

  it("refunds the action when it fails", async () => {
    const actor = actorOf(user.id);
    const before = await getBalance(user.id);
    const failed = await runCanvasToolAction(actor, { action: "updateScene", projectId, sceneId, updateType: "image", content: "https://evil.example/x.png" });
    expect(failed.success).toBe(false);
    expect(failed.success ? "" : failed.error).toMatch(/^Canvas operation failed: /);
    expect(await getBalance(user.id)).toBe(before);
    expect((await toolCharges()).at(-1)!.status).toBe("refunded");
    // Another user's project: not found, nothing charged or changed.
    const stranger = await newCustomer(1);
    const peek = await runCanvasToolAction(actorOf(stranger.id), { action: "updateDescription", projectId, sceneId, content: "hijacked" });
    expect(peek).toMatchObject({ success: false, error: "Project not found" });
    expect(await prisma.workCharge.count({ where: { userId: stranger.id } })).toBe(0);
    expect(await getBalance(stranger.id)).toBe(1);
    expect((await prisma.scene.findUniqueOrThrow({ where: { id: sceneId } })).description).not.toBe("hijacked");
  });
});
