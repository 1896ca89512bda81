// Shared set-up for the video pipeline tests (not a test file itself): tiny media, temporary
// storage, the app's real workflow functions served by the inngest/remix handler and driven by
// the embedded executor.
import type { InngestFunction } from "inngest";
import { randomUUID } from "node:crypto";
import { vi } from "vitest";
import { actorFromUser, type Actor } from "~/models/access";
import { applyCreditChange } from "~/models/billing/credits.server";
import { createProject, type NewScene } from "~/models/projects/project.server";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { LocalMusicProvider } from "~/providers/music/local.server";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { LocalVoiceProvider } from "~/providers/voice/local.server";
import { localFilePath, storeFile } from "~/models/files/stored-files.server";
import { parseFileUrl } from "~/utils/storage/buckets";
import { prisma } from "~/utils/db.server";
import { functions } from "../../inngest/functions/index.ts";
import type { EmbeddedExecutor, ExecutorOptions } from "../../inngest/executor/index.ts";
import { seedReferenceData } from "../../prisma/seed";
import { productPhoto } from "../providers/fixtures";
import { useTempStorage } from "./storage-helpers";
import { fastExecutor, startServeHost, waitFor, type ServeHost } from "./workflows-helpers";
import * as store from "../../inngest/executor/run-store.ts";

export type PipelineEnv = {
  host: ServeHost;
  executor: EmbeddedExecutor;
  restartExecutor(overrides?: Partial<ExecutorOptions>): Promise<EmbeddedExecutor>;
  close(): Promise<void>;
};

/** Tiny renders (RENDER_LONG_SIDE=256), temp storage, reference data, the app's functions served and executed. */
export async function startPipeline(opts: { timeScale?: number; fns?: InngestFunction.Any[]; executor?: Partial<ExecutorOptions> } = {}): Promise<PipelineEnv> {
  process.env.RENDER_LONG_SIDE = "256";
  const storage = await useTempStorage();
  await seedReferenceData();
  const host = await startServeHost(opts.fns ?? functions);
  const make = (overrides: Partial<ExecutorOptions> = {}) =>
    fastExecutor(host.url, { timeScale: opts.timeScale ?? 0.01, leaseMs: 15_000, ...opts.executor, ...overrides });
  const env: PipelineEnv = {
    host,
    executor: make(),
    async restartExecutor(overrides) {
      await env.executor.stop();
      env.executor = make(overrides);
      await env.executor.start();
      return env.executor;
    },
    async close() {
      vi.restoreAllMocks();
      await env.executor.stop();
      await host.close();
      await storage.cleanup();
    },
  };
  await env.executor.start();
  return env;
}

/**
 * The story's Create Video run once it ended. After Ready it still makes the scene clips (ADR 380):
 * a test waits for this before it ends, so no run of its own is left for another test file's
 * executor on the shared database to take.
 */
export async function videoRunEnded(storyId: number, timeoutMs = 150_000) {
  return waitFor(
    async () =>
      (await store.runsOf("reelforge-video-request", 200)).find(
        (r) => (r.event as { data: { storyId: number } }).data.storyId === storyId && (r.status === "completed" || r.status === "failed"),
      ),
    `the video run of story ${storyId} to end`,
    timeoutMs,
  );
}

/** The user acting through the web door (not an admin). */
export function actorOf(userId: string): Actor {
  return actorFromUser({ id: userId, isAdmin: false }, "web");
}

/** A new admin (admin_users row) and their actor (admin door). */
export async function newAdmin(): Promise<{ user: { id: string }; actor: Actor }> {
  const user = await prisma.user.create({ data: { email: `admin-${randomUUID()}@test.local`, admin: { create: {} } } });
  return { user, actor: actorFromUser({ id: user.id, isAdmin: true }, "admin") };
}

export async function newCustomer(credits = 0) {
  const user = await prisma.user.create({ data: { email: `pipeline-${randomUUID()}@test.local` } });
  if (credits > 0) await applyCreditChange({ userId: user.id, delta: credits, reason: "admin_grant", reference: `pipeline-test-${user.id}` });
  return user;
}

/** A product photo (drawn by the test fixtures) stored as the user's upload; its URL. */
export async function storeProductPhoto(userId: string): Promise<string> {
  return (await uploadProductPhoto(userId)).url;
}

export async function uploadProductPhoto(userId: string) {
  const bytes = await productPhoto({ width: 300, height: 400 });
  return storeFile({ bucket: "product-photos", ownerId: userId, body: bytes, originalName: "product.jpg" });
}

/** A 2-second 44.1 kHz stereo tone (a real music upload). */
export function toneWav(seconds = 2, hz = 220): Buffer {
  const rate = 44_100;
  const n = Math.round(seconds * rate);
  const data = Buffer.alloc(n * 4);
  for (let i = 0; i < n; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 8000);
    data.writeInt16LE(v, i * 4);
    data.writeInt16LE(v, i * 4 + 2);
  }
  const h = Buffer.alloc(44);
  h.write("RIFF", 0, "ascii");
  h.writeUInt32LE(36 + data.length, 4);
  h.write("WAVE", 8, "ascii");
  h.write("fmt ", 12, "ascii");
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(2, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 4, 28);
  h.writeUInt16LE(4, 32);
  h.writeUInt16LE(16, 34);
  h.write("data", 36, "ascii");
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

export async function uploadMusic(userId: string) {
  return storeFile({ bucket: "background-music", ownerId: userId, body: toneWav(), originalName: "tone.wav" });
}

export const TWO_SCENES: NewScene[] = [
  { title: "Morning", script: "Meet Aurora, the serum for a morning glow.", voiceOverText: "Meet Aurora, the serum for a morning glow." },
  { title: "Result", script: "Bright skin in seven days.", voiceOverText: "Bright skin in seven days." },
];

export async function projectWithScenes(userId: string, opts: { productImage?: string | null; scenes?: NewScene[]; style?: string } = {}) {
  return createProject(actorOf(userId), {
    title: "Aurora test project",
    fullScript: (opts.scenes ?? TWO_SCENES).map((s) => s.script).join("\n\n"),
    mainProductImageUrl: opts.productImage ?? null,
    style: opts.style ?? "Product Showcase",
    voiceId: 1,
    scenes: opts.scenes ?? TWO_SCENES,
  });
}

/** The local file behind a /resources/files URL (local storage driver in tests). */
export function fileOf(url: string | null | undefined): string {
  const ref = parseFileUrl(url);
  if (!ref) throw new Error(`not a stored file URL: ${url}`);
  const file = localFilePath(ref.bucket, ref.key);
  if (!file) throw new Error("no local path");
  return file;
}

export type Counts = { voice: number; image: number; motion: number; music: number; render: number };

/**
 * Counts the calls of the real offline providers (to prove a step did not run twice): spies on
 * their classes, which the registry's providers are instances of. Undone by vi.restoreAllMocks().
 */
export function countProviderCalls(): () => Counts {
  const spies = {
    voice: vi.spyOn(LocalVoiceProvider.prototype, "synthesize"),
    image: vi.spyOn(LocalProductImageProvider.prototype, "generate"),
    motion: vi.spyOn(LocalMotionProvider.prototype, "animate"),
    music: vi.spyOn(LocalMusicProvider.prototype, "generate"),
    render: vi.spyOn(LocalRenderProvider.prototype, "render"),
  };
  return () => ({
    voice: spies.voice.mock.calls.length,
    image: spies.image.mock.calls.length,
    motion: spies.motion.mock.calls.length,
    music: spies.music.mock.calls.length,
    render: spies.render.mock.calls.length,
  });
}
