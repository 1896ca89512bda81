// Every hosted adapter against a local HTTP server that speaks its API: success, error
// answers and time-outs.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FalProductImageProvider } from "~/providers/image/fal.server";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { ProviderError } from "~/providers/media/types";
import { FalMotionProvider } from "~/providers/motion/fal.server";
import { FalMusicProvider } from "~/providers/music/fal.server";
import { providerStatus, renderProvider, voiceProvider, productImageProvider, motionProvider, musicProvider } from "~/providers/registry.server";
import { Json2VideoRenderProvider, movieJson } from "~/providers/render/json2video.server";
import type { RenderRequest, RenderStatus } from "~/providers/render/types";
import { OpenAiVoiceProvider, parseVoiceMap } from "~/providers/voice/openai.server";
import { productPhoto } from "../providers/fixtures";
import { json, startServer, tinyClip, tmpWorkDir, toneWav, type TestServer } from "../providers/helpers";

vi.setConfig({ testTimeout: 60_000 });

let work: ReturnType<typeof tmpWorkDir>;
let clip: Buffer;
let photo: Buffer;
beforeAll(async () => {
  work = tmpWorkDir("hosted");
  clip = readFileSync(await tinyClip(path.join(work.dir, "clip.mp4"), 1));
  photo = await productPhoto({ width: 300, height: 400 });
});
afterAll(() => work.cleanup());

async function expectProviderError(p: Promise<unknown>, code: ProviderError["code"], message: RegExp): Promise<ProviderError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).code).toBe(code);
  expect((error as ProviderError).message).toMatch(message);
  return error as ProviderError;
}

describe("OpenAI-compatible TTS adapter", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((req, res) => {
      if (req.method !== "POST" || req.url !== "/v1/audio/speech") return json(res, 404, { error: { message: "not found" } });
      if (req.headers.authorization !== "Bearer sk-test") return json(res, 401, { error: { message: "Incorrect API key provided" } });
      const body = JSON.parse(req.body.toString()) as { input: string; voice: string; model: string; response_format: string };
      if (body.input === "bad") return json(res, 400, { error: { message: "Input is invalid", type: "invalid_request_error" } });
      if (body.input === "boom") return json(res, 503, { error: { message: "Overloaded" } });
      if (body.input === "hang") return; // never answers
      if (body.input === "json") return json(res, 200, { ok: true });
      res.writeHead(200, { "Content-Type": "audio/wav" });
      res.end(toneWav(1.5, 200));
    });
  });
  afterAll(() => server.close());

  const provider = (apiKey = "sk-test", timeoutMs = 5000) =>
    new OpenAiVoiceProvider({
      baseUrl: server.url,
      apiKey,
      model: "tts-test",
      voiceMap: parseVoiceMap("kal=sage"),
      format: "wav",
      timeoutMs,
      workDir: work.dir,
    });

  it("posts text and voice, stores the audio and measures its duration", async () => {
    const r = await provider().synthesize({ text: "Hello there", voice: "slt", speed: 1.1 });
    const sent = JSON.parse(server.requests[server.requests.length - 1].body.toString());
    expect(sent).toEqual({ model: "tts-test", input: "Hello there", voice: "nova", response_format: "wav", speed: 1.1 });
    expect(r).toMatchObject({ provider: "openai-tts", mime: "audio/wav", voice: "nova" });
    expect(r.durationSec).toBeCloseTo(1.5, 2);
    expect((await probeMedia(r.path)).streams[0].type).toBe("audio");
    await provider().synthesize({ text: "Hi", voice: "kal" });
    expect(JSON.parse(server.requests[server.requests.length - 1].body.toString()).voice).toBe("sage");
  });

  it("reports error answers with the server's message", async () => {
    await expectProviderError(provider("wrong").synthesize({ text: "Hello", voice: "slt" }), "upstream", /401.*Incorrect API key/);
    await expectProviderError(provider().synthesize({ text: "bad", voice: "slt" }), "bad_input", /400.*Input is invalid/);
    await expectProviderError(provider().synthesize({ text: "boom", voice: "slt" }), "upstream", /503.*Overloaded/);
    await expectProviderError(provider().synthesize({ text: "json", voice: "slt" }), "upstream", /instead of audio/);
  });

  it("times out", async () => {
    const started = Date.now();
    await expectProviderError(provider("sk-test", 300).synthesize({ text: "hang", voice: "slt" }), "timeout", /did not answer within/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("says so when the server cannot be reached", async () => {
    const dead = new OpenAiVoiceProvider({ baseUrl: "http://127.0.0.1:9", model: "m", voiceMap: {}, format: "wav", timeoutMs: 2000, workDir: work.dir });
    await expectProviderError(dead.synthesize({ text: "Hello", voice: "slt" }), "unavailable", /could not be reached/);
  });
});

/** A model queue speaking fal's protocol. The model path picks the scenario. */
async function queueServer(files: Record<string, { type: string; body: Buffer }>): Promise<TestServer & { cancels: string[] }> {
  const polls = new Map<string, number>();
  const cancels: string[] = [];
  let next = 0;
  const server = await startServer((req, res, { url }) => {
    const u = new URL(req.url, url);
    // Results live on a public CDN: no key needed (and none must be sent there).
    if (u.pathname.startsWith("/files/")) {
      const f = files[u.pathname.slice(7)];
      if (!f) return json(res, 404, { detail: "gone" });
      res.writeHead(200, { "Content-Type": f.type });
      return res.end(f.body);
    }
    if (req.headers.authorization !== "Key fal-test") return json(res, 401, { detail: "Unauthorized" });
    const m = /^\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(u.pathname);
    if (m) {
      const [, id, op] = m;
      const scenario = id.split("~")[0];
      if (op === "/cancel") {
        cancels.push(id);
        return json(res, 200, { status: "CANCELLATION_REQUESTED" });
      }
      if (op === "/status") {
        const n = (polls.get(id) ?? 0) + 1;
        polls.set(id, n);
        if (scenario === "stuck") return json(res, 202, { status: "IN_QUEUE", queue_position: 3 });
        if (scenario === "failstatus" && n >= 2) return json(res, 200, { status: "COMPLETED", error: "NSFW content detected" });
        if (n === 1) return json(res, 202, { status: "IN_QUEUE", queue_position: 1 });
        if (n === 2) return json(res, 202, { status: "IN_PROGRESS", logs: [] });
        return json(res, 200, { status: "COMPLETED", response_url: `${url}/requests/${id}` });
      }
      if (scenario === "failresult") return json(res, 422, { detail: [{ loc: ["body", "image_url"], msg: "Image could not be downloaded" }] });
      if (scenario === "nourl") return json(res, 200, { images: [] });
      if (scenario === "image") return json(res, 200, { images: [{ url: `${url}/files/out.png`, width: 640, height: 480 }] });
      if (scenario === "video") return json(res, 200, { video: { url: `${url}/files/out.mp4` } });
      if (scenario === "audio") return json(res, 200, { audio_file: { url: `${url}/files/out.wav` } });
      if (scenario === "notimage") return json(res, 200, { images: [{ url: `${url}/files/out.wav` }] });
      return json(res, 404, { detail: "unknown request" });
    }
    if (req.method === "POST") {
      const scenario = u.pathname.split("/").pop()!;
      if (scenario === "submit500") return json(res, 500, { detail: "Internal error" });
      const id = `${scenario}~${++next}`;
      return json(res, 200, {
        request_id: id,
        status_url: `${url}/requests/${id}/status`,
        response_url: `${url}/requests/${id}`,
        cancel_url: `${url}/requests/${id}/cancel`,
      });
    }
    json(res, 404, { detail: "not found" });
  });
  return Object.assign(server, { cancels });
}

describe("model queue adapters (image, video, music)", () => {
  let server: Awaited<ReturnType<typeof queueServer>>;
  beforeAll(async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();
    server = await queueServer({
      "out.png": { type: "image/png", body: png },
      "out.mp4": { type: "video/mp4", body: clip },
      "out.wav": { type: "audio/wav", body: toneWav(2, 330) },
    });
  });
  afterAll(() => server.close());

  const queue = (overrides: Partial<{ timeoutMs: number; apiKey: string }> = {}) => ({
    baseUrl: server.url,
    apiKey: overrides.apiKey ?? "fal-test",
    pollIntervalMs: 20,
    timeoutMs: overrides.timeoutMs ?? 10_000,
    requestTimeoutMs: 5_000,
    workDir: work.dir,
  });
  const image = (model: string, overrides = {}) =>
    new FalProductImageProvider({ ...queue(overrides), provider: "fal-image", modelV1: `fal-ai/test/${model}`, modelV2: `fal-ai/test/${model}` });

  it("image: submits the photo, polls to COMPLETED, downloads and fits the result", async () => {
    const r = await image("image").generate({
      productImage: photo,
      prompt: "on a beach",
      style: "summer",
      aspectRatio: "9:16",
      version: "v2",
      headline: "Cold for 24h",
      size: { width: 270, height: 480 },
    });
    const submit = server.requests.find((q) => q.method === "POST" && q.url === "/fal-ai/test/image")!;
    const input = JSON.parse(submit.body.toString());
    expect(input.image_url).toMatch(/^data:image\/jpeg;base64,/);
    expect(input.scene_description).toBe("on a beach, style: summer");
    expect(input.shot_size).toEqual([270, 480]);
    const statusPolls = server.requests.filter((q) => q.url.startsWith(`/requests/${r.requestId}/status`)).length;
    expect(statusPolls).toBe(3);
    const meta = await sharp(r.image).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([270, 480, "jpeg"]);
    expect(r).toMatchObject({ provider: "fal-image", width: 270, height: 480 });
    const downloads = server.requests.filter((q) => q.url.startsWith("/files/"));
    expect(downloads.length).toBeGreaterThan(0);
    expect(downloads.every((q) => q.headers.authorization === undefined)).toBe(true);
  });

  it("image: reports failures from the status, the result, the submit and the download", async () => {
    const req = { productImage: photo, prompt: "", aspectRatio: "1:1" as const, version: "v1" as const, size: { width: 100, height: 100 } };
    await expectProviderError(image("failstatus").generate(req), "failed", /NSFW content detected/);
    await expectProviderError(image("failresult").generate(req), "bad_input", /422.*Image could not be downloaded/);
    await expectProviderError(image("submit500").generate(req), "upstream", /500.*Internal error/);
    await expectProviderError(image("nourl").generate(req), "upstream", /no image/);
    await expectProviderError(image("notimage").generate(req), "upstream", /not an image/);
    await expectProviderError(image("image", { apiKey: "wrong" }).generate(req), "upstream", /401.*Unauthorized/);
  });

  it("image: gives up after its time-out and cancels the request", async () => {
    const started = Date.now();
    await expectProviderError(
      image("stuck", { timeoutMs: 200 }).generate({ productImage: photo, prompt: "", aspectRatio: "1:1", version: "v1", size: { width: 100, height: 100 } }),
      "timeout",
      /did not finish within/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    await vi.waitFor(() => expect(server.cancels.some((id) => id.startsWith("stuck~"))).toBe(true));
  });

  it("video: returns the downloaded clip with its real duration", async () => {
    const motion = new FalMotionProvider({ ...queue(), provider: "fal-video", model: "fal-ai/test/video" });
    const r = await motion.animate({ image: photo, durationSec: 4, aspectRatio: "9:16", prompt: "slow push in" });
    const input = JSON.parse(
      server.requests
        .filter((q) => q.url === "/fal-ai/test/video")
        .pop()!
        .body.toString(),
    );
    expect(input).toMatchObject({ duration: "5", aspect_ratio: "9:16", prompt: "slow push in" });
    expect(r.durationSec).toBeCloseTo(1, 0);
    expect(r).toMatchObject({ provider: "fal-video", width: 160, height: 284 });
    const stuck = new FalMotionProvider({ ...queue({ timeoutMs: 150 }), provider: "fal-video", model: "fal-ai/test/stuck" });
    await expectProviderError(stuck.animate({ image: photo, durationSec: 4, aspectRatio: "9:16" }), "timeout", /did not finish/);
    const notVideo = new FalMotionProvider({ ...queue(), provider: "fal-video", model: "fal-ai/test/audio" });
    await expectProviderError(notVideo.animate({ image: photo, durationSec: 2, aspectRatio: "1:1" }), "upstream", /no video/);
  });

  it("music: returns the downloaded audio with its duration", async () => {
    const music = new FalMusicProvider({ ...queue(), provider: "fal-music", model: "fal-ai/test/audio" });
    const r = await music.generate({ mood: "warm", durationSec: 12 });
    const input = JSON.parse(
      server.requests
        .filter((q) => q.url === "/fal-ai/test/audio")
        .pop()!
        .body.toString(),
    );
    expect(input).toMatchObject({ seconds_total: 12 });
    expect(input.prompt).toContain("warm");
    expect(r.path.endsWith(".wav")).toBe(true);
    expect(r.durationSec).toBeCloseTo(2, 1);
    const failing = new FalMusicProvider({ ...queue(), provider: "fal-music", model: "fal-ai/test/failresult" });
    await expectProviderError(failing.generate({ durationSec: 5 }), "bad_input", /422/);
  });
});

describe("json2video render adapter", () => {
  let server: TestServer;
  let scenario: "ok" | "error" | "slow" | "reject" = "ok";
  let polls = 0;
  let created: Record<string, unknown> | null = null;
  beforeAll(async () => {
    server = await startServer((req, res, { url }) => {
      const u = new URL(req.url, url);
      if (u.pathname === "/files/movie.mp4") {
        res.writeHead(200, { "Content-Type": "video/mp4" });
        return res.end(clip);
      }
      if (req.headers["x-api-key"] !== "j2v-test") return json(res, 401, { success: false, message: "Invalid API key" });
      if (req.method === "POST" && u.pathname === "/v2/movies") {
        created = JSON.parse(req.body.toString());
        polls = 0;
        if (scenario === "reject") return json(res, 400, { success: false, message: "Scene 1: src is not a valid URL" });
        return json(res, 200, { success: true, project: "Pj2v0000000001", timestamp: new Date().toISOString() });
      }
      if (req.method === "GET" && u.pathname === "/v2/movies" && !u.searchParams.get("project")) {
        return json(res, 200, { success: true, movies: [] });
      }
      if (req.method === "GET" && u.pathname === "/v2/movies") {
        expect(u.searchParams.get("project")).toBe("Pj2v0000000001");
        polls++;
        if (scenario === "slow" || polls < 3)
          return json(res, 200, { success: true, movie: { project: "Pj2v0000000001", status: polls === 1 ? "pending" : "running", progress: polls * 30 } });
        if (scenario === "error")
          return json(res, 200, { success: true, movie: { project: "Pj2v0000000001", status: "error", message: "Source file could not be downloaded" } });
        return json(res, 200, { success: true, movie: { project: "Pj2v0000000001", status: "done", url: `${url}/files/movie.mp4`, duration: 1 } });
      }
      json(res, 404, { success: false, message: "not found" });
    });
  });
  afterAll(() => server.close());

  const request = (format: "mp4" | "webm" = "mp4"): RenderRequest => ({
    format,
    aspectRatio: "9:16",
    scenes: [
      {
        id: "s1",
        visual: { kind: "image", path: "/unused.jpg", url: "https://cdn.example/s1.jpg" },
        voiceOver: { path: "/unused.wav", url: "https://cdn.example/s1.wav" },
        captionText: "Meet Aurora",
      },
      { id: "s2", visual: { kind: "clip", path: "/unused.mp4", url: "https://cdn.example/s2.mp4" }, durationSec: 4 },
    ],
    music: { path: "/unused-music.wav", url: "https://cdn.example/bed.mp3" },
  });
  const provider = (apiKey = "j2v-test") => new Json2VideoRenderProvider({ baseUrl: `${server.url}/v2`, apiKey, requestTimeoutMs: 5000, workDir: work.dir });

  /** The compile workflow's part: ask for the status until the render ends (each call is one request). */
  async function untilEnd(p: Json2VideoRenderProvider, renderId: string, format: "mp4" | "webm" = "mp4") {
    const seen: RenderStatus[] = [];
    for (let i = 0; i < 10; i++) {
      const status = await p.status(renderId, { format });
      seen.push(status);
      if (status.state !== "running") return seen;
    }
    throw new Error("the render did not end");
  }

  it("builds the movie JSON from the scenes", () => {
    const movie = movieJson(request());
    expect(movie).toMatchObject({ resolution: "custom", width: 720, height: 1280 });
    const scenes = movie.scenes as Array<{ duration: number; elements: Array<{ type: string; src?: string; text?: string }> }>;
    expect(scenes[0].duration).toBe(-1);
    expect(scenes[0].elements.map((e) => e.type)).toEqual(["image", "audio", "text"]);
    expect(scenes[1]).toMatchObject({ duration: 4 });
    expect((movie.elements as Array<{ src: string; loop: number }>)[0]).toMatchObject({ src: "https://cdn.example/bed.mp3", loop: -1 });
    const noUrl = request();
    delete noUrl.scenes[0].visual.url;
    expect(() => movieJson(noUrl)).toThrow(/needs a public URL/);
  });

  it("start creates the movie; status reports the service's progress, then downloads the video", async () => {
    scenario = "ok";
    const p = provider();
    const { renderId } = await p.start(request());
    expect(renderId).toBe("Pj2v0000000001");
    expect(created).toMatchObject({ resolution: "custom" });
    expect(polls).toBe(0); // start does not poll
    const seen = await untilEnd(p, renderId);
    expect(polls).toBe(3);
    // The service's own 30% and 60%, scaled to the part before the download.
    expect(seen.slice(0, 2)).toEqual([
      { state: "running", percent: 27 },
      { state: "running", percent: 54 },
    ]);
    const done = seen[2];
    if (done.state !== "done") throw new Error(`not done: ${JSON.stringify(done)}`);
    expect(done.percent).toBe(100);
    expect(done.result).toMatchObject({
      provider: "json2video",
      requestId: "Pj2v0000000001",
      format: "mp4",
      mime: "video/mp4",
      url: `${server.url}/files/movie.mp4`,
    });
    expect((await probeMedia(done.result.path)).streams.some((s) => s.type === "video")).toBe(true);
  });

  it("transcodes the service's MP4 when webm is asked for", async () => {
    scenario = "ok";
    const p = provider();
    const { renderId } = await p.start(request("webm"));
    const done = (await untilEnd(p, renderId, "webm")).at(-1)!;
    if (done.state !== "done") throw new Error("not done");
    const info = await probeMedia(done.result.path);
    expect(info.streams.find((s) => s.type === "video")?.codec).toBe("vp9");
    expect(done.result.mime).toBe("video/webm");
  });

  it("reports a failed render with the product's message", async () => {
    scenario = "error";
    const p = provider();
    const { renderId } = await p.start(request());
    expect((await untilEnd(p, renderId)).at(-1)).toEqual({
      state: "failed",
      error: "Video compilation failed in json2video service: Source file could not be downloaded",
    });
  });

  it("asks once per status call: the poll loop and its limits are the compile workflow's", async () => {
    scenario = "slow";
    const p = provider();
    const { renderId } = await p.start(request());
    for (let i = 1; i <= 4; i++) {
      expect((await p.status(renderId, { format: "mp4" })).state).toBe("running");
      expect(polls).toBe(i);
    }
  });

  it("checks the API key before a compile", async () => {
    expect(await provider().checkReady()).toEqual({ ok: true, message: "JSON2Video API key is valid" });
    expect(await provider("nope").checkReady()).toEqual({ ok: false, message: "JSON2Video API key error: Invalid API key" });
  });

  it("reports rejected movies and bad keys", async () => {
    scenario = "reject";
    await expectProviderError(provider().start(request()), "bad_input", /400.*src is not a valid URL/);
    scenario = "ok";
    await expectProviderError(provider("nope").start(request()), "upstream", /401.*Invalid API key/);
    await expectProviderError(provider("nope").status("Pj2v0000000001", { format: "mp4" }), "upstream", /401.*Invalid API key/);
  });
});

describe("provider registry", () => {
  const saved = { ...process.env };
  afterAll(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  });
  const clear = () => {
    for (const k of Object.keys(process.env)) if (/^(VOICE_|IMAGE_|MOTION_|MUSIC_|RENDER_PROVIDER|JSON2VIDEO_|FAL_KEY)/.test(k)) delete process.env[k];
  };

  it("uses the local providers by default, with no keys", () => {
    clear();
    expect(providerStatus().map((s) => [s.capability, s.provider, s.local])).toEqual([
      ["voice", "local-tts", true],
      ["image", "local-compositor", true],
      ["motion", "local-motion", true],
      ["music", "local-music", true],
      ["render", "local-ffmpeg", true],
    ]);
    expect(voiceProvider().name).toBe("local-tts");
    expect(renderProvider().name).toBe("local-ffmpeg");
  });

  it("switches to hosted providers when selected and configured", () => {
    clear();
    Object.assign(process.env, {
      VOICE_PROVIDER: "openai",
      VOICE_API_URL: "http://127.0.0.1:8000",
      IMAGE_PROVIDER: "fal",
      MOTION_PROVIDER: "fal",
      MUSIC_PROVIDER: "fal",
      FAL_KEY: "k",
      RENDER_PROVIDER: "json2video",
      JSON2VIDEO_API_KEY: "j",
    });
    expect(voiceProvider().name).toBe("openai-tts");
    expect(productImageProvider().name).toBe("fal-image");
    expect(motionProvider().name).toBe("fal-video");
    expect(musicProvider().name).toBe("fal-music");
    expect(renderProvider().name).toBe("json2video");
    expect(providerStatus().every((s) => !s.local && !s.problem)).toBe(true);
  });

  it("falls back to local, and says why, when a hosted provider lacks its key or a setting is invalid", () => {
    clear();
    Object.assign(process.env, {
      RENDER_PROVIDER: "json2video",
      IMAGE_PROVIDER: "fal",
      VOICE_PROVIDER: "openai",
      VOICE_API_URL: "https://api.openai.com",
      MOTION_PROVIDER: "sora",
    });
    delete process.env.OPENAI_API_KEY;
    const byCap = Object.fromEntries(providerStatus().map((s) => [s.capability, s]));
    expect(byCap.render).toMatchObject({ provider: "local-ffmpeg", requested: "json2video", problem: expect.stringMatching(/JSON2VIDEO_API_KEY/) });
    expect(byCap.image).toMatchObject({ provider: "local-compositor", problem: expect.stringMatching(/FAL_KEY/) });
    expect(byCap.voice).toMatchObject({ provider: "local-tts", problem: expect.stringMatching(/VOICE_API_KEY/) });
    expect(byCap.motion).toMatchObject({ provider: "local-motion", problem: expect.stringMatching(/Invalid setting MOTION_PROVIDER/) });
  });
});

describe("provider health for /healthz", () => {
  it("lists every capability and the media tools, without file paths", async () => {
    const { providersHealth } = await import("~/providers/registry.server");
    const health = await providersHealth();
    expect(Object.keys(health).sort()).toEqual(["image", "media", "motion", "music", "render", "voice"]);
    // The ffmpeg bound follows the cores (ADR 360): both of a 2-core machine, one left to the web process beyond.
    const { defaultRenderConcurrency } = await import("~/providers/media/limiter.server");
    expect(health.media).toMatchObject({ ok: true, ffmpeg: { source: "npm" }, renderConcurrency: defaultRenderConcurrency() });
    expect(JSON.stringify(health)).not.toMatch(/node_modules|\/work\//);
    for (const part of Object.values(health)) expect(part.ok).toBe(true);
  });
});
