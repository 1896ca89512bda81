// Fault: a hosted provider that never answers (issue 15 §3). The voice is the OpenAI speech
// adapter pointed at a local HTTP server that accepts requests and never replies. Its time-out
// (VOICE_TIMEOUT_MS) and the executor's retry back-off (retryBaseMs × timeScale, WORKFLOW_TIME_SCALE
// in a deployment) are small here: each scene's voice-over is tried SCENE_ASSETS_RETRIES + 1
// times with growing pauses, then the Create Video request fails with the reason and its 20
// credits are refunded exactly once. Runs on a database of its own (its executor must not take
// other files' runs).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const scratch = await vi.hoisted(async () => (await import("../support/scratch-database")).useScratchDatabase("timeout"));

import { getBalance } from "~/models/billing/credits.server";
import { createVideoRequest } from "~/models/stories/video-requests.server";
import { prisma } from "~/utils/db.server";
import { SCENE_ASSETS_RETRIES } from "../../inngest/functions/scene-assets.ts";
import { newCustomer, startPipeline, uploadProductPhoto, type PipelineEnv } from "./pipeline-helpers";
import { waitFor } from "./workflows-helpers";
import { webActor } from "../support/web-actor";

const TIMEOUT_MS = 300;
let env: PipelineEnv;
let silent: http.Server;
const calls: { at: number; text: string }[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  // A server that reads the request and never answers (sockets are closed at the end).
  silent = http.createServer((req) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => calls.push({ at: Date.now(), text: (JSON.parse(body) as { input: string }).input }));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, {
    VOICE_PROVIDER: "openai",
    VOICE_API_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    VOICE_API_KEY: "sk-test",
    VOICE_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  // Retry back-off 1 s, 2 s ... scaled by 0.1: 100 ms, 200 ms.
  env = await startPipeline({ timeScale: 0.1 });
}, 120_000);
afterAll(async () => {
  for (const k of ["VOICE_PROVIDER", "VOICE_API_URL", "VOICE_API_KEY", "VOICE_TIMEOUT_MS"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await env?.close();
  silent?.closeAllConnections();
  await new Promise((r) => silent?.close(r));
  await prisma.$disconnect();
  await scratch.drop();
});

describe("a hosted provider timing out", () => {
  it("is retried with back-off, then the request fails with the reason and is refunded once", async () => {
    const user = await newCustomer(100);
    const result = await createVideoRequest(webActor(user.id), {
      script: "Scene 1: Meet Aurora, the serum for a morning glow.",
      voiceId: 2,
      storyTypeId: 1,
      requestId: randomUUID(),
      productImageRef: (await uploadProductPhoto(user.id)).ref,
    });
    if (!result.ok) throw new Error(result.message);
    expect(await getBalance(user.id)).toBe(80);

    const story = await waitFor(
      async () => {
        const s = await prisma.story.findUnique({ where: { id: result.storyId } });
        return s?.status === "ready" || s?.status === "failed" ? s : null;
      },
      "the story to end",
      90_000,
    );
    expect(story.status).toBe("failed");
    expect(story.errorMessage).toBe("Failed while voice-over: openai-tts did not answer within 0.3 s");

    // Every voice-over was tried 1 + SCENE_ASSETS_RETRIES times, each try after the time-out and a growing pause.
    const byText = new Map<string, typeof calls>();
    for (const c of calls) byText.set(c.text, [...(byText.get(c.text) ?? []), c]);
    expect(byText.size).toBeGreaterThan(0);
    for (const tries of byText.values()) {
      expect(tries).toHaveLength(SCENE_ASSETS_RETRIES + 1);
      const gaps = tries.slice(1).map((t, i) => t.at - tries[i].at);
      expect(gaps[0]).toBeGreaterThanOrEqual(TIMEOUT_MS + 80);
      for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(TIMEOUT_MS + 80 * 2 ** i);
    }

    // Charged once, refunded once, told once.
    const ledger = await waitFor(async () => {
      const e = await prisma.creditLedgerEntry.findMany({
        where: { userId: user.id, reason: { in: ["video_charge", "refund"] } },
        orderBy: { createdAt: "asc" },
      });
      return e.length >= 2 ? e : null;
    }, "the refund");
    expect(ledger.map((e) => [e.reason, Number(e.delta), e.reference])).toEqual([
      ["video_charge", -20, `story:${result.storyId}`],
      ["refund", 20, `story:${result.storyId}`],
    ]);
    expect(await getBalance(user.id)).toBe(100);
    const notes = await waitFor(async () => {
      const n = await prisma.notification.findMany({ where: { userId: user.id, type: "video_failed" } });
      return n.length ? n : null;
    }, "the failure notification");
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain("openai-tts did not answer within 0.3 s");
  });
});
