// Public copy says only what the active providers do (docs/product.md#landing-page, ADR 135):
// with the offline defaults no page claims that AI models make the voice or the video; with
// hosted models configured the same pages may say so. Checked over HTTP on the real server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startLiveServer, type LiveServer } from "../support/live-server";

const PROVIDER_ENV = [
  "VOICE_PROVIDER",
  "VOICE_API_KEY",
  "VOICE_API_URL",
  "IMAGE_PROVIDER",
  "IMAGE_API_KEY",
  "MOTION_PROVIDER",
  "MOTION_API_KEY",
  "MUSIC_PROVIDER",
  "MUSIC_API_KEY",
  "RENDER_PROVIDER",
  "JSON2VIDEO_API_KEY",
  "FAL_KEY",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "LLM_PROVIDER",
  "LLAMA_MODEL_PATH",
];

const HOSTED = {
  VOICE_PROVIDER: "openai",
  VOICE_API_KEY: "test-voice-key",
  IMAGE_PROVIDER: "fal",
  MOTION_PROVIDER: "fal",
  MUSIC_PROVIDER: "fal",
  FAL_KEY: "test-fal-key",
  OPENAI_API_KEY: "test-openai-key",
};

let live: LiveServer;
const saved = new Map<string, string | undefined>();

function useProviders(env: Record<string, string>) {
  for (const key of PROVIDER_ENV) delete process.env[key];
  Object.assign(process.env, env);
}

/** What a reader sees: no scripts, no tags, no React's text-joining comments. */
async function visibleText(path: string): Promise<string> {
  const res = await fetch(`${live.url}${path}`);
  expect(res.headers.get("content-type")).toContain("text/html");
  const html = await res.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** A claim that a model does a step ("A voice model", "AI models do ..."); "no AI model is involved" is not one. */
const MODEL_CLAIM = /\b(a|an) (chat|voice|image generation|video generation|music generation) model\b|\bAI models? (do|does|work|serve)\b|kinds of AI model/i;

beforeAll(async () => {
  for (const key of PROVIDER_ENV) saved.set(key, process.env[key]);
  live = await startLiveServer();
});
afterEach(() => useProviders({}));
afterAll(async () => {
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await live.close();
});

describe("public copy with the offline defaults", () => {
  it("the landing page names the built-in tools, not AI models, and promises minutes", async () => {
    useProviders({});
    const text = await visibleText("/");
    expect(text).not.toMatch(MODEL_CLAIM);
    expect(text).not.toMatch(/\bAI UGC\b/);
    expect(text).not.toMatch(/30 minutes/);
    expect(text).toContain("Reelforge — video ads from a script");
    expect(text).toContain("Delivery in minutes");
    expect(text).toContain("Speech synthesis");
    expect(text).toContain("Camera moves");
    expect(text).toContain("A built-in planner");
    expect(text).toContain("no AI model is involved");
  });

  it("the privacy, about, terms and status pages claim no AI model either", async () => {
    useProviders({});
    const privacy = await visibleText("/privacy");
    expect(privacy).not.toMatch(/\bAI (chat|voice|image generation|video generation|music generation) model/);
    expect(privacy).not.toContain("run AI models for us");
    expect(privacy).toContain("Reading your script aloud: an offline speech synthesizer.");
    expect(privacy).toContain("Animating scene images: zoom and pan camera moves.");
    expect(privacy).toContain("use no AI model");
    for (const path of ["/about", "/terms"]) {
      const text = await visibleText(path);
      expect(text).not.toMatch(/30 minutes/);
      expect(text).not.toMatch(/\bAI output\b/);
    }
    const status = await visibleText("/status");
    expect(status).toContain("No AI model is in use");
    expect(status).not.toMatch(/AI and media providers/);
  });
});

describe("public copy with hosted models configured", () => {
  it("the landing, privacy and status pages may say that AI models make the voice and the video", async () => {
    useProviders(HOSTED);
    const landing = await visibleText("/");
    expect(landing).toContain("Reelforge — AI video ads from a script");
    expect(landing).toContain("AI UGC video ads for brands and creators");
    expect(landing).toContain("A voice model");
    expect(landing).toContain("A video generation model");
    expect(landing).toContain("A chat model");
    expect(landing).toContain("AI models do every step of your video.");
    expect(landing).not.toMatch(/30 minutes/);

    const privacy = await visibleText("/privacy");
    expect(privacy).toContain("Reading your script aloud: an AI voice model.");
    expect(privacy).toContain("Animating scene images: an AI video generation model.");
    expect(privacy).toContain("run AI models for us");

    const status = await visibleText("/status");
    expect(status).toContain("AI models serve: planning, voice-over, product images, image to video, background music.");
  });

  it("names a model only for the steps one serves", async () => {
    useProviders({ VOICE_PROVIDER: "openai", VOICE_API_KEY: "test-voice-key" });
    const landing = await visibleText("/");
    expect(landing).toContain("A voice model");
    expect(landing).toContain("Camera moves");
    expect(landing).not.toContain("A video generation model");
    // The video itself is not made by a model, so it is not called an AI video.
    expect(landing).not.toMatch(/\bAI UGC\b/);
    expect(landing).toContain("AI models do 1 of these 5 steps");
  });

  it("a hosted provider selected without its key is not claimed (the local one serves)", async () => {
    useProviders({ MOTION_PROVIDER: "fal" });
    const landing = await visibleText("/");
    expect(landing).not.toMatch(MODEL_CLAIM);
    expect(landing).toContain("Camera moves");
  });
});
