// Cut-off and aborted multipart bodies, sent over raw sockets to the real server, on every route
// that takes uploads: the process must stay up (no unhandled stream error), a body that ends
// early answers 400, a multipart body without a boundary answers 400 at once, and nothing the
// request stored (stored_objects rows, files, temp files) is left behind.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCreditChange } from "~/models/billing/credits.server";
import { prisma } from "~/utils/db.server";
import { BUCKET_NAMES } from "~/utils/storage/buckets";
import { seedReferenceData } from "../../prisma/seed";
import { png, wav } from "../fixtures/storage-media";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { filesUnder, newUser, useTempStorage } from "./storage-helpers";

const INTERRUPTED = "The upload was interrupted. Please try again.";
const BOUNDARY = "----reelforge-cut-off-0123456789";

let live: LiveServer;
let store: Awaited<ReturnType<typeof useTempStorage>>;
let admin: Awaited<ReturnType<typeof newUser>>;
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => void unhandled.push(error);

beforeAll(async () => {
  store = await useTempStorage();
  await seedReferenceData();
  live = await startLiveServer();
  // An admin may upload into every bucket that takes uploads, so every route parses the body.
  admin = await newUser({ admin: true });
  await applyCreditChange({ userId: admin.user.id, delta: 100, reason: "admin_grant", reference: "grant" });
  // Without the fix these end the process in production; here vitest's worker would only report
  // them at the end, so they are collected and asserted per request.
  process.on("uncaughtException", onUnhandled);
  process.on("unhandledRejection", onUnhandled);
});
afterAll(async () => {
  process.off("uncaughtException", onUnhandled);
  process.off("unhandledRejection", onUnhandled);
  await live?.close();
  await store?.cleanup();
});

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

function multipartBody(parts: Part[]): Buffer {
  const pieces: Buffer[] = [];
  for (const p of parts) {
    const disposition = "filename" in p ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    const type = "filename" in p ? `\r\nContent-Type: ${p.type}` : "";
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    pieces.push("filename" in p ? p.bytes : Buffer.from(p.value));
    pieces.push(Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

/** A PNG header followed by zeros: sniffed as an image, big enough to be mid-write when cut. */
function bigPng(bytes = 2 * 1024 * 1024): Buffer {
  const out = Buffer.alloc(bytes, 0);
  png().copy(out, 0);
  return out;
}

/** An MP4's first box (ftyp isom) and zeros: sniffed as a video, then cut off. */
function bigMp4(bytes = 2 * 1024 * 1024): Buffer {
  const out = Buffer.alloc(bytes, 0);
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "ascii"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2", "ascii")]).copy(out, 0);
  return out;
}

function bigWav(bytes = 2 * 1024 * 1024): Buffer {
  return wav(Math.floor(bytes / 2));
}

type Ending =
  /** Content-Length promises the whole body; the client sends part of it and closes its side. */
  | "half-close"
  /** The client sends part of the body and resets the connection (a closed tab). */
  | "destroy"
  /** The HTTP body is complete, but the multipart body stops mid-file (no closing boundary). */
  | "short-form";

type Answer = { status: number | null; text: string; timedOut: boolean };

/** One POST over a raw socket; resolves with what came back (status null when nothing did). */
function rawPost(path: string, opts: { contentType: string; body: Buffer; ending: Ending | "complete"; cut?: number }): Promise<Answer> {
  const cut = opts.cut ?? Math.floor(opts.body.length / 2);
  const sent = opts.ending === "complete" ? opts.body : opts.body.subarray(0, cut);
  const declared = opts.ending === "half-close" || opts.ending === "destroy" ? opts.body.length : sent.length;
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${live.port}\r\nCookie: ${admin.cookie}\r\n` +
    `Content-Type: ${opts.contentType}\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = net.connect(live.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (timedOut = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: status ? Number(status[1]) : null, text, timedOut });
    };
    const timer = setTimeout(() => finish(true), 10_000);
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", () => finish());
    socket.on("close", () => finish());
    socket.on("connect", () => {
      socket.write(head);
      // Written in pieces so the server is busy storing the file when the body stops.
      for (let at = 0; at < sent.length; at += 64 * 1024) socket.write(sent.subarray(at, at + 64 * 1024));
      if (opts.ending === "half-close") socket.end();
      // Give the server time to start writing the file, then reset the connection.
      if (opts.ending === "destroy") setTimeout(() => finish(), 150);
    });
  });
}

async function rowsOf(userId: string): Promise<number> {
  return prisma.storedObject.count({ where: { ownerId: userId } });
}

/** Waits until storage and stored_objects are back to `before` (the server may still be cleaning up). */
async function settled(before: { files: string[]; rows: number }): Promise<{ files: string[]; rows: number }> {
  let now = { files: await filesUnder(store.root), rows: await rowsOf(admin.user.id) };
  for (let i = 0; i < 50 && (now.rows !== before.rows || now.files.join() !== before.files.join()); i++) {
    await new Promise((r) => setTimeout(r, 100));
    now = { files: await filesUnder(store.root), rows: await rowsOf(admin.user.id) };
  }
  return now;
}

type Route = { path: string; wanted: Part; others?: Part[] };

const text = (name: string, value: string): Part => ({ name, value });
const image = (name: string): Part => ({ name, filename: "photo.png", type: "image/png", bytes: bigPng() });
const audio = (name: string): Part => ({ name, filename: "bed.wav", type: "audio/wav", bytes: bigWav() });
const video = (name: string): Part => ({ name, filename: "clip.mp4", type: "video/mp4", bytes: bigMp4() });

const QUERY: Partial<Record<(typeof BUCKET_NAMES)[number], string>> = {
  "canvas-assets": "?sceneId=sc1&kind=image",
  "project-images": "?projectId=p1&purpose=main",
  "custom-order-media": "?orderId=o1",
};

const ROUTES: Route[] = [
  {
    path: "/create-video",
    wanted: image("productImage"),
    others: [text("script", "A cut-off upload"), audio("backgroundMusic")],
  },
  { path: "/create-video", wanted: audio("backgroundMusic"), others: [text("script", "Music first"), image("productImage")] },
  { path: "/settings", wanted: image("avatar"), others: [text("intent", "avatar")] },
  ...BUCKET_NAMES.map((bucket) => ({
    path: `/resources/upload/${bucket}${QUERY[bucket] ?? ""}`,
    wanted: bucket === "background-music" ? audio("file") : bucket === "product-clips" ? video("file") : image("file"),
  })),
];

describe("multipart bodies that stop early", () => {
  for (const route of ROUTES) {
    it(`${route.path} (${route.wanted.name}) survives cut-off and aborted uploads and keeps nothing of them`, async () => {
      const before = { files: await filesUnder(store.root), rows: await rowsOf(admin.user.id) };
      const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
      const stray = { ...image("unexpected"), filename: "stray.png" };
      const texts = (route.others ?? []).filter((p) => !("filename" in p));
      const bodies = [
        // The wanted file is cut off ...
        multipartBody([...texts, route.wanted]),
        // ... or a file under a name the route does not take ...
        multipartBody([...texts, stray]),
        // ... or the wanted file arrived whole and the next file is cut off.
        multipartBody([route.wanted, ...(route.others?.filter((p) => "filename" in p) ?? [stray])]),
      ];
      for (const body of bodies) {
        for (const ending of ["half-close", "destroy", "short-form"] as const) {
          // Cut inside the last file part, well after its first bytes.
          const answer = await rawPost(route.path, { contentType, body, ending, cut: body.length - 512 * 1024 });
          expect(answer.timedOut, `${ending}: no answer`).toBe(false);
          if (ending === "short-form" && !route.path.includes("/showcase-videos") && !route.path.includes("/renders")) {
            expect(answer.status, `${ending}: ${answer.text.slice(0, 300)}`).toBe(400);
            if (route.path.startsWith("/resources/upload/")) expect(answer.text).toContain(INTERRUPTED);
          }
          // Errors an unhandled stream 'error' raised while the server handled this request.
          await new Promise((r) => setTimeout(r, 50));
          expect(unhandled.splice(0), `${ending}: unhandled errors`).toEqual([]);
        }
      }

      const after = await settled(before);
      expect(after.rows, "stored_objects rows left behind").toBe(before.rows);
      expect(after.files, "files or temp files left behind").toEqual(before.files);
      expect(unhandled.splice(0)).toEqual([]);
      const page = await fetch(`${live.url}/auth/login`);
      expect(page.status).toBe(200);
      await page.text();
    });
  }

  for (const route of ROUTES) {
    it(`${route.path} (${route.wanted.name}) answers a multipart body without a boundary at once`, async () => {
      const before = { files: await filesUnder(store.root), rows: await rowsOf(admin.user.id) };
      const body = multipartBody([text("script", "No boundary"), route.wanted]);
      const answer = await rawPost(route.path, { contentType: "multipart/form-data", body, ending: "complete" });
      expect(answer.timedOut, "no answer").toBe(false);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      const after = await settled(before);
      expect(after).toEqual(before);
      expect(unhandled.splice(0)).toEqual([]);
    });
  }
});
