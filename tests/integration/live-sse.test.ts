// GET /resources/live: anonymous -> 401; a signed-in user's stream says "ready", then carries
// that user's events and no one else's; it ends when the client goes away or the session ends;
// and over HTTP through the compression middleware events arrive at once (no buffering).
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, describe, expect, it, vi } from "vitest";
import * as live from "~/routes/resources.live";
import { actorFromUser } from "~/models/access";
import { createProject } from "~/models/projects/project.server";
import { addScene, markSceneStep } from "~/models/projects/scenes.server";
import { markStoryProcessing } from "~/models/stories/stories.server";
import { prisma } from "~/utils/db.server";
import { localSubscriberCount, publish, stopLive, type LiveEvent } from "~/utils/live.server";
import { destroyCurrentSession } from "~/utils/session.server";
import { createRemixRequest, sendResponse } from "../../server/remix-handler";
import { get, newUser, story, TEST_SYSTEM } from "./dashboard-helpers";

afterAll(stopLive);

type Frame = { event: string; data: unknown };

/** Reads server-sent event frames from a stream. */
function frames(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(timeoutMs = 5000, comments = false): Promise<Frame | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end !== -1) {
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (raw.startsWith(":")) {
            if (comments) return { event: "comment", data: raw.slice(1).trim() };
            continue;
          }
          if (raw.startsWith("retry:")) continue;
          const event = /^event: (.*)$/m.exec(raw)?.[1] ?? "message";
          const data = /^data: (.*)$/m.exec(raw)?.[1];
          return { event, data: data ? JSON.parse(data) : null };
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no event in time");
        const chunk = await Promise.race([reader.read(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no event in time")), left))]);
        if (chunk.done) return null;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

async function open(cookie?: string, signal?: AbortSignal) {
  const request = new Request("http://localhost:3109/resources/live", { headers: cookie ? { Cookie: cookie } : {}, signal });
  return (await live.loader({ request, params: {}, context: {} })) as Response;
}

async function waitFor(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("/resources/live", () => {
  it("answers 401 to anonymous visitors and to a session of a deleted user", async () => {
    expect((await open()).status).toBe(401);
    const { prisma } = await import("~/utils/db.server");
    const gone = await newUser();
    await prisma.user.delete({ where: { id: gone.id } });
    expect((await open(gone.cookie)).status).toBe(401);
  });

  it("streams the user's own events and not another user's", async () => {
    const me = await newUser();
    const other = await newUser();
    const controller = new AbortController();
    const res = await open(me.cookie, controller.signal);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    const stream = frames(res.body!);
    expect(await stream.next()).toEqual({ event: "ready", data: { type: "ready" } });
    expect(localSubscriberCount(me.id)).toBe(1);

    await publish(other.id, { type: "notification.created", notificationId: "n-other", title: "not yours" });
    const s = await story(me.id);
    await markStoryProcessing(TEST_SYSTEM, s.id, "Writing the script");
    const event = await stream.next();
    expect(event).toEqual({
      event: "story.updated",
      data: { type: "story.updated", storyId: s.id, status: "processing", progressStep: "Writing the script" } satisfies LiveEvent,
    });

    controller.abort();
    await waitFor(() => localSubscriberCount(me.id) === 0);
    expect(await stream.next()).toBeNull();
  });

  it("tells the owner and every admin, and no one else, that a project changed (ADR 156)", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const admin = await newUser();
    await prisma.adminUser.create({ data: { userId: admin.id } });
    const controller = new AbortController();
    const [ownerStream, strangerStream, adminStream] = await Promise.all(
      [owner, stranger, admin].map(async (u) => frames((await open(u.cookie, controller.signal)).body!)),
    );
    try {
      for (const stream of [ownerStream, strangerStream, adminStream]) expect((await stream.next())?.event).toBe("ready");
      const actor = actorFromUser({ id: owner.id, isAdmin: false }, "web");
      const project = await createProject(actor, { title: "Live project" });
      const scene = await addScene(actor, project.id, { title: "One" });
      const expected = { event: "project.updated", data: { type: "project.updated", projectId: project.id } satisfies LiveEvent };
      expect(await ownerStream.next()).toEqual(expected);
      expect(await adminStream.next()).toEqual(expected);
      // A workflow's step on the scene is heard too.
      await markSceneStep(actor, project.id, scene.id, "image");
      expect(await ownerStream.next()).toEqual(expected);
      expect(await adminStream.next()).toEqual(expected);
      await publish(stranger.id, { type: "notification.created", notificationId: "n1", title: "only this" });
      expect((await strangerStream.next())?.event).toBe("notification.created");
    } finally {
      controller.abort();
    }
  });

  it("ends an admin's stream at the next heartbeat once they are no longer an admin", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const admin = await newUser();
      await prisma.adminUser.create({ data: { userId: admin.id } });
      const stream = frames((await open(admin.cookie)).body!);
      await stream.next(); // ready
      vi.advanceTimersByTime(live.HEARTBEAT_MS);
      expect((await stream.next(3000, true))?.event).toBe("comment");
      await prisma.adminUser.delete({ where: { userId: admin.id } });
      vi.advanceTimersByTime(live.HEARTBEAT_MS);
      expect(await stream.next()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends a heartbeat every 30 s and ends the stream when the session is gone", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const me = await newUser();
      const res = await open(me.cookie);
      const stream = frames(res.body!);
      await stream.next(); // ready
      vi.advanceTimersByTime(live.HEARTBEAT_MS);
      const ping = await stream.next(3000, true);
      expect(ping?.event).toBe("comment");
      expect(String(ping?.data)).toMatch(/^ping \d+$/);
      await destroyCurrentSession(get("/", me.cookie));
      vi.advanceTimersByTime(live.HEARTBEAT_MS);
      expect(await stream.next()).toBeNull();
      expect(localSubscriberCount(me.id)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("delivers events immediately over HTTP through the compression middleware", async () => {
    const app = express();
    app.use(compression());
    app.get("/resources/live", async (req, res) => {
      const request = createRemixRequest(req, res);
      await sendResponse(res, (await live.loader({ request, params: {}, context: {} })) as Response);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const me = await newUser();
    const controller = new AbortController();
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/resources/live`;
      const res = await fetch(url, { headers: { Cookie: me.cookie, "Accept-Encoding": "gzip" }, signal: controller.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Encoding")).toBeNull();
      const stream = frames(res.body!);
      expect((await stream.next())?.event).toBe("ready");
      await publish(me.id, { type: "job.updated", kind: "image", jobId: "j1", status: "completed" });
      expect(await stream.next(2000)).toEqual({ event: "job.updated", data: { type: "job.updated", kind: "image", jobId: "j1", status: "completed" } });
      controller.abort();
      await waitFor(() => localSubscriberCount(me.id) === 0);
    } finally {
      controller.abort();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
