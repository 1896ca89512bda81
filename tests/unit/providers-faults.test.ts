// Fault injection for tests (PROVIDER_FAULTS, ADR 141): the registry wraps every provider when
// it is set, outside production only; a named capability fails for an input whose text
// contains its trigger word, and passes everything else on to the real provider unchanged.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { parseProviderFaults } from "~/providers/faults.server";
import { ProviderError } from "~/providers/media/types";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { localRenderProvider, motionProvider, providerStatus, renderProvider, voiceProvider } from "~/providers/registry.server";
import { LocalRenderProvider } from "~/providers/render/local.server";
import type { RenderRequest, RenderResult } from "~/providers/render/types";
import { LocalVoiceProvider } from "~/providers/voice/local.server";
import type { VoiceResult } from "~/providers/voice/types";

const saved = { ...process.env };
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.PROVIDER_FAULTS;
  process.env.NODE_ENV = saved.NODE_ENV;
  for (const key of ["HOST", "APP_URL", "REELFORGE_DEPLOYMENT"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});
afterAll(() => Object.assign(process.env, saved));

const spoken: VoiceResult = { path: "/tmp/x.wav", mime: "audio/wav", durationSec: 1, voice: "slt", provider: "local-tts" };
const rendered: RenderResult = {
  path: "/tmp/x.mp4",
  mime: "video/mp4",
  format: "mp4",
  durationSec: 1,
  width: 2,
  height: 2,
  sizeBytes: 1,
  provider: "local-ffmpeg",
  scenes: [],
};

describe("PROVIDER_FAULTS", () => {
  it("reads capability=trigger entries (a bare capability fails every call) and names invalid ones", () => {
    expect([...parseProviderFaults("voice=Faultline, render").plan]).toEqual([
      ["voice", "faultline"],
      ["render", ""],
    ]);
    expect(parseProviderFaults("sound=x,voice=y")).toMatchObject({ invalid: ["sound=x"] });
    expect(parseProviderFaults(undefined).plan.size).toBe(0);
  });

  it("is off by default: the providers are the real ones", () => {
    expect(voiceProvider()).toBeInstanceOf(LocalVoiceProvider);
    expect(renderProvider()).toBeInstanceOf(LocalRenderProvider);
    expect(providerStatus().every((s) => !/injected faults/.test(s.label))).toBe(true);
  });

  it("fails a named capability for an input containing its trigger, and passes other inputs on unchanged", async () => {
    process.env.NODE_ENV = "test";
    process.env.PROVIDER_FAULTS = "voice=Faultline,render=stallion";
    const synthesize = vi.spyOn(LocalVoiceProvider.prototype, "synthesize").mockResolvedValue(spoken);
    const render = vi.spyOn(LocalRenderProvider.prototype, "render").mockResolvedValue(rendered);

    const voice = voiceProvider();
    expect(voice.name).toBe("local-tts");
    const failure = await voice.synthesize({ text: "Glow all day with faultline serum.", voice: "slt" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ code: "failed", message: "The voice provider failed (a fault injected by PROVIDER_FAULTS)" });
    expect(synthesize).not.toHaveBeenCalled();
    await voice.synthesize({ text: "Meet Aurora.", voice: "slt" });
    expect(synthesize.mock.calls[0][0]).toEqual({ text: "Meet Aurora.", voice: "slt" });

    const request = (caption: string): RenderRequest => ({ format: "mp4", scenes: [{ visual: { kind: "image", path: "/x.jpg" }, captionText: caption }] });
    expect(renderProvider()).toBe(localRenderProvider());
    await expect(localRenderProvider().render(request("Ride the Stallion"))).rejects.toMatchObject({
      code: "failed",
      message: "The render provider failed (a fault injected by PROVIDER_FAULTS)",
    });
    expect(render).not.toHaveBeenCalled();
    expect(await localRenderProvider().render(request("Meet Aurora."))).toBe(rendered);

    // A capability that is not named never fails.
    const animate = vi
      .spyOn(LocalMotionProvider.prototype, "animate")
      .mockResolvedValue({ path: "/x.mp4", mime: "video/mp4", durationSec: 1, width: 2, height: 2, provider: "local-motion" });
    await motionProvider().animate({ image: "/x.jpg", durationSec: 1, aspectRatio: "9:16", prompt: "faultline stallion" });
    expect(animate).toHaveBeenCalledOnce();
    expect(providerStatus().every((s) => /with injected faults$/.test(s.label))).toBe(true);
  });

  it("is refused on a deployment, and /healthz says so", () => {
    // A deployment is decided by HOST, APP_URL and REELFORGE_DEPLOYMENT, not NODE_ENV (ADR 325).
    for (const deployment of [{ REELFORGE_DEPLOYMENT: "production" }, { HOST: "0.0.0.0" }, { APP_URL: "https://reelforge.example" }]) {
      process.env.NODE_ENV = "production";
      delete process.env.REELFORGE_DEPLOYMENT;
      delete process.env.HOST;
      delete process.env.APP_URL;
      Object.assign(process.env, deployment, { PROVIDER_FAULTS: "voice" });
      expect(voiceProvider(), JSON.stringify(deployment)).toBeInstanceOf(LocalVoiceProvider);
      expect(renderProvider()).toBeInstanceOf(LocalRenderProvider);
      expect(providerStatus().every((s) => s.problem === "PROVIDER_FAULTS is ignored in production")).toBe(true);
    }
  });

  it("applies under `npm start` on a developer's own machine (NODE_ENV=production on loopback)", () => {
    process.env.NODE_ENV = "production";
    process.env.HOST = "127.0.0.1";
    delete process.env.REELFORGE_DEPLOYMENT;
    delete process.env.APP_URL;
    process.env.PROVIDER_FAULTS = "voice";
    expect(voiceProvider()).not.toBeInstanceOf(LocalVoiceProvider);
    expect(providerStatus().every((s) => /with injected faults$/.test(s.label))).toBe(true);
  });

  it("reports an entry that names no capability", () => {
    process.env.NODE_ENV = "test";
    process.env.PROVIDER_FAULTS = "sound=x";
    expect(providerStatus()[0].problem).toBe("Invalid setting PROVIDER_FAULTS: sound=x names no capability");
  });
});
