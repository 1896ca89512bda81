// Hosted image-to-video through a model queue (fal's protocol; by default a Kling
// image-to-video model): submit the scene image and a prompt, poll, download the clip.
import { rm } from "node:fs/promises";
import { downloadToFile, firstUrlIn, ModelQueueClient, type QueueConfig } from "~/providers/media/http.server";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { ProviderError, type CallOptions } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { toDataUri } from "~/providers/image/fal.server";
import type { MotionProvider, MotionRequest, MotionResult } from "./types";

export type FalMotionConfig = QueueConfig & { model: string; workDir?: string };

/** Clip lengths hosted video models offer; the shortest one that covers the scene is asked for. */
export const HOSTED_CLIP_SECONDS = [5, 10];

export class FalMotionProvider implements MotionProvider {
  readonly name = "fal-video";
  readonly label: string;
  private readonly queue: ModelQueueClient;
  private readonly root: string;

  constructor(private readonly config: FalMotionConfig) {
    this.queue = new ModelQueueClient(config);
    this.root = workRoot(config.workDir);
    this.label = `Hosted video model (${config.model})`;
  }

  async animate(request: MotionRequest, options: CallOptions = {}): Promise<MotionResult> {
    if (!(request.durationSec > 0)) throw new ProviderError(this.name, "bad_input", "Duration must be positive");
    let imageUrl: string;
    try {
      imageUrl = await toDataUri(request.image);
    } catch (error) {
      throw new ProviderError(this.name, "bad_input", `The scene image cannot be read: ${(error as Error).message}`, { cause: error });
    }
    const seconds = HOSTED_CLIP_SECONDS.find((s) => s >= request.durationSec) ?? HOSTED_CLIP_SECONDS[HOSTED_CLIP_SECONDS.length - 1];
    const input = {
      prompt: request.prompt?.trim() || "slow cinematic camera move around the product, soft studio light",
      image_url: imageUrl,
      duration: String(seconds),
      aspect_ratio: request.aspectRatio,
    };
    const { requestId, output } = await this.queue.run<unknown>(this.config.model, input, { signal: options.signal });
    const url = firstUrlIn(output, ["video", "videos", "output"]);
    if (!url) throw new ProviderError(this.name, "upstream", "The video model returned no video");
    const file = await newWorkFile(this.root, "motion", "mp4");
    try {
      await downloadToFile(url, file, { provider: this.name, timeoutMs: this.config.requestTimeoutMs, signal: options.signal, maxBytes: 500 * 1024 * 1024 });
      const info = await probeMedia(file).catch(() => null);
      const video = info?.streams.find((s) => s.type === "video");
      if (!info || !video) throw new ProviderError(this.name, "upstream", "The video model returned a file that is not a video");
      return {
        path: file,
        mime: "video/mp4",
        durationSec: info.durationSec,
        width: video.width ?? 0,
        height: video.height ?? 0,
        provider: this.name,
        requestId,
      };
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }
}
