// Shared set-up for the video pipeline tests (not a test file itself): tiny media, temporary
// storage, the app's real workflow functions served by the inngest/remix handler and driven by
// the embedded executor.
import type { InngestFunction } from "inngest";
import { randomUUID } from "node:crypto";
import { actorFromUser, type Actor } from "~/models/actor.server";
import { applyCreditChange } from "~/models/credits.server";
import { createProject, type NewScene } from "~/models/project.server";
import { overridePipelineProvidersForTests, type MediaProviders } from "~/models/scene-assets.server";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { LocalMusicProvider } from "~/providers/music/local.server";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { LocalVoiceProvider } from "~/providers/voice/local.server";
import { localFilePath, storeFile } from "~/models/stored-files.server";
import { parseFileUrl } from "~/utils/storage/buckets";
import { prisma } from "~/utils/db.server";
import { functions } from "../../inngest/functions/index.ts";
import type { EmbeddedExecutor, ExecutorOptions } from "../../inngest/executor/index.ts";
import { seedReferenceData } from "../../prisma/seed";
import { productPhoto } from "../providers/fixtures";
import { useTempStorage } from "./storage-helpers";
import { fastExecutor, startServeHost, type ServeHost } from "./workflows-helpers";

export type PipelineEnv = {
  host: ServeHost;
  executor: EmbeddedExecutor;
  restartExecutor(overrides?: Partial<ExecutorOptions>): Promise<EmbeddedExecutor>;
  close(): Promise<void>;
};

/** Tiny renders (RENDER_LONG_SIDE=256), temp storage, reference data, the app's functions served and executed. */
export async function startPipeline(opts: { timeScale?: number; fns?: InngestFunction.Any[] } = {}): Promise<PipelineEnv> {
  process.env.RENDER_LONG_SIDE = "256";
  const storage = await useTempStorage();
  await seedReferenceData();
  const host = await startServeHost(opts.fns ?? functions);
  const make = (overrides: Partial<ExecutorOptions> = {}) =>
    fastExecutor(host.url, { timeScale: opts.timeScale ?? 0.01, leaseMs: 15_000, ...overrides });
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
      overridePipelineProvidersForTests({});
      await env.executor.stop();
      await host.close();
      await storage.cleanup();
    },
  };
  await env.executor.start();
  return env;
}

export function useProviders(overrides: Partial<MediaProviders>): void {
  overridePipelineProvidersForTests(overrides);
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

/** The real offline providers, counting their calls (to prove a step did not run twice). */
export function countingProviders(overrides: Partial<MediaProviders> = {}): { providers: MediaProviders; counts: Counts } {
  const real = { voice: new LocalVoiceProvider(), image: new LocalProductImageProvider(), motion: new LocalMotionProvider(), music: new LocalMusicProvider(), render: new LocalRenderProvider() };
  const counts: Counts = { voice: 0, image: 0, motion: 0, music: 0, render: 0 };
  const base = { ...real, ...overrides };
  const providers: MediaProviders = {
    voice: { name: base.voice.name, label: base.voice.label, voices: () => base.voice.voices(), synthesize: (...a) => (counts.voice++, base.voice.synthesize(...a)) },
    image: { name: base.image.name, label: base.image.label, generate: (...a) => (counts.image++, base.image.generate(...a)) },
    motion: { name: base.motion.name, label: base.motion.label, animate: (...a) => (counts.motion++, base.motion.animate(...a)) },
    music: { name: base.music.name, label: base.music.label, generate: (...a) => (counts.music++, base.music.generate(...a)) },
    render: { name: base.render.name, label: base.render.label, checkReady: (...a) => base.render.checkReady(...a), render: (...a) => (counts.render++, base.render.render(...a)) },
  };
  return { providers, counts };
}
