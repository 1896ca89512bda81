// Hosted compile through a json2video-style API. start: POST {base}/movies with a movie JSON
// (x-api-key header) -> {success, project}. status: GET {base}/movies?project=ID ->
// {movie: {status: pending|running|done|error, url, message, progress}}; once done, the MP4 is
// downloaded (and transcoded when webm was asked for: the service renders MP4 only). The
// compile workflow asks for the status every 3 s; this adapter does not poll
// (docs/decisions/140-renders-as-durable-jobs.md).
import { rm } from "node:fs/promises";
import { inputArgs, probeMedia, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { downloadToFile, errorMessageOf, expectOk, fetchWithTimeout, readJson } from "~/providers/media/http.server";
import { ProviderError, VIDEO_SIZES, type CallOptions } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { DEFAULT_MUSIC_VOLUME } from "./local.server";
import type { HostedRenderer, RenderFormat, RenderRequest, RenderResult, RenderStatus } from "./types";

export type Json2VideoConfig = {
  baseUrl: string;
  apiKey: string;
  requestTimeoutMs: number;
  workDir?: string;
};

export const JSON2VIDEO_MESSAGES = {
  failed: "Video compilation failed in json2video service",
  noData: "No data received from JSON2Video proxy",
} as const;

type CreateAnswer = { success?: boolean; project?: string; message?: string };
type StatusAnswer = { success?: boolean; message?: string; movie?: { status?: string; url?: string; message?: string; progress?: number } };

/** The movie JSON for a render request (public URLs of every asset are required). */
export function movieJson(request: RenderRequest): Record<string, unknown> {
  const size = request.size ?? VIDEO_SIZES[request.aspectRatio ?? "9:16"];
  const captions = request.captions ?? true;
  const scenes = request.scenes.map((scene, i) => {
    const n = i + 1;
    if (!scene.visual.url) throw new ProviderError("json2video", "bad_input", `Scene ${n}: the hosted renderer needs a public URL for the image or video`);
    if (scene.voiceOver && !scene.voiceOver.url)
      throw new ProviderError("json2video", "bad_input", `Scene ${n}: the hosted renderer needs a public URL for the voice-over`);
    const elements: Record<string, unknown>[] = [
      scene.visual.kind === "image"
        ? { type: "image", src: scene.visual.url, resize: "cover", zoom: i % 2 ? -2 : 2 }
        : { type: "video", src: scene.visual.url, resize: "cover", muted: true },
    ];
    if (scene.voiceOver) elements.push({ type: "audio", src: scene.voiceOver.url });
    const text = captions ? scene.captionText?.trim() : "";
    if (text) elements.push({ type: "text", text, style: "001", position: "bottom-center" });
    return { comment: scene.id ?? `Scene ${n}`, duration: scene.voiceOver ? -1 : (scene.durationSec ?? 3), elements };
  });
  const movie: Record<string, unknown> = { resolution: "custom", width: size.width, height: size.height, quality: "high", scenes };
  if (request.music) {
    if (!request.music.url) throw new ProviderError("json2video", "bad_input", "The hosted renderer needs a public URL for the music");
    movie.elements = [
      { type: "audio", src: request.music.url, loop: -1, duration: -2, volume: Math.round((request.music.volume ?? DEFAULT_MUSIC_VOLUME) * 10 * 10) / 10 },
    ];
  }
  return movie;
}

export class Json2VideoRenderProvider implements HostedRenderer {
  readonly kind = "hosted";
  readonly name = "json2video";
  readonly label: string;
  private readonly root: string;

  constructor(private readonly config: Json2VideoConfig) {
    this.root = workRoot(config.workDir);
    this.label = `json2video API (${new URL(config.baseUrl).host})`;
  }

  private get base(): string {
    return this.config.baseUrl.replace(/\/$/, "");
  }

  private http(options: CallOptions) {
    return { provider: this.name, timeoutMs: this.config.requestTimeoutMs, signal: options.signal };
  }

  /** The API key check: lists one movie with the key. */
  async checkReady(options: CallOptions = {}): Promise<{ ok: boolean; message: string }> {
    try {
      const res = await fetchWithTimeout(
        `${this.base}/movies?limit=1`,
        { headers: { "x-api-key": this.config.apiKey, Accept: "application/json" } },
        this.http(options),
      );
      if (res.ok) return { ok: true, message: "JSON2Video API key is valid" };
      return { ok: false, message: `JSON2Video API key error: ${await errorMessageOf(res)}` };
    } catch (error) {
      return { ok: false, message: `JSON2Video API key error: ${(error as Error).message}` };
    }
  }

  /** Creates the movie; its project id is the render's id. */
  async start(request: RenderRequest, options: CallOptions = {}): Promise<{ renderId: string }> {
    if (!request.scenes.length) throw new ProviderError(this.name, "bad_input", "There are no scenes to compile");
    const movie = movieJson(request);
    const headers = { "x-api-key": this.config.apiKey, "Content-Type": "application/json", Accept: "application/json" };
    const created = await readJson<CreateAnswer>(
      await expectOk(
        await fetchWithTimeout(`${this.base}/movies`, { method: "POST", headers, body: JSON.stringify(movie) }, this.http(options)),
        this.name,
        "Creating the video",
      ),
      this.name,
      "Creating the video",
    );
    if (!created.success || !created.project) {
      throw new ProviderError(this.name, "upstream", `Creating the video failed: ${created.message ?? JSON2VIDEO_MESSAGES.noData}`);
    }
    return { renderId: created.project };
  }

  /** One look at the movie; when it is done, the video is downloaded into the work dir. */
  async status(renderId: string, options: CallOptions & { format: RenderFormat }): Promise<RenderStatus> {
    const headers = { "x-api-key": this.config.apiKey, Accept: "application/json" };
    const answer = await readJson<StatusAnswer>(
      await expectOk(
        await fetchWithTimeout(`${this.base}/movies?project=${encodeURIComponent(renderId)}`, { headers }, this.http(options)),
        this.name,
        "Checking the video status",
      ),
      this.name,
      "Checking the video status",
    );
    const m = answer.movie;
    if (!m) throw new ProviderError(this.name, "upstream", answer.message ?? JSON2VIDEO_MESSAGES.noData);
    const status = String(m.status ?? "").toLowerCase();
    if (status === "error" || status === "failed") return { state: "failed", error: `${JSON2VIDEO_MESSAGES.failed}${m.message ? `: ${m.message}` : ""}` };
    if (status !== "done") {
      // The service's own progress, scaled to the part before the download.
      return { state: "running", percent: typeof m.progress === "number" ? Math.floor(Math.max(0, Math.min(90, m.progress * 0.9))) : 0 };
    }
    if (!m.url) throw new ProviderError(this.name, "upstream", "The video is done but has no URL");
    return { state: "done", percent: 100, result: await this.download(renderId, m.url, options.format, options) };
  }

  private async download(renderId: string, url: string, format: RenderFormat, options: CallOptions): Promise<RenderResult> {
    const mp4 = await newWorkFile(this.root, "render", "mp4");
    let out = mp4;
    try {
      await downloadToFile(url, mp4, {
        provider: this.name,
        timeoutMs: Math.max(this.config.requestTimeoutMs, 120_000),
        signal: options.signal,
        maxBytes: 2 * 1024 * 1024 * 1024,
      });
      const info = await probeMedia(mp4, { format: "mov" }).catch(() => null);
      if (!info || !info.streams.some((s) => s.type === "video")) throw new ProviderError(this.name, "upstream", "The rendered file is not a video");
      if (format === "webm") {
        out = await newWorkFile(this.root, "render", "webm");
        await runFfmpeg(
          [
            ...inputArgs(mp4, "mov"),
            "-c:v",
            "libvpx-vp9",
            "-deadline",
            "realtime",
            "-cpu-used",
            "8",
            "-row-mt",
            "1",
            "-crf",
            "33",
            "-b:v",
            "0",
            "-c:a",
            "libopus",
            "-b:a",
            "128k",
            out,
          ],
          { signal: options.signal, durationSec: info.durationSec },
        );
        await rm(mp4, { force: true });
      }
      const final = out === mp4 ? info : await probeMedia(out, { format: "matroska" });
      const video = final.streams.find((s) => s.type === "video");
      return {
        path: out,
        mime: format === "webm" ? "video/webm" : "video/mp4",
        format,
        durationSec: final.durationSec,
        width: video?.width ?? 0,
        height: video?.height ?? 0,
        sizeBytes: final.sizeBytes,
        provider: this.name,
        scenes: [],
        requestId: renderId,
        url,
      };
    } catch (error) {
      await rm(mp4, { force: true });
      if (out !== mp4) await rm(out, { force: true });
      throw error;
    }
  }
}
