// Hosted background music through a model queue (fal's protocol; by default Stable Audio):
// submit a prompt built from the mood and the length, poll, download the audio.
import { rename, rm } from "node:fs/promises";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { downloadToFile, firstUrlIn, ModelQueueClient, type QueueConfig } from "~/providers/media/http.server";
import { ProviderError, type CallOptions } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { moodFor } from "./composer";
import type { MusicProvider, MusicRequest, MusicResult } from "./types";

export type FalMusicConfig = QueueConfig & { model: string; workDir?: string };

export class FalMusicProvider implements MusicProvider {
  readonly name = "fal-music";
  readonly label: string;
  private readonly queue: ModelQueueClient;
  private readonly root: string;

  constructor(private readonly config: FalMusicConfig) {
    this.queue = new ModelQueueClient(config);
    this.root = workRoot(config.workDir);
    this.label = `Hosted music model (${config.model})`;
  }

  async generate(request: MusicRequest, options: CallOptions = {}): Promise<MusicResult> {
    if (!(request.durationSec > 0 && request.durationSec <= 190)) throw new ProviderError(this.name, "bad_input", "Duration must be between 0 and 190 seconds");
    const mood = moodFor(request.mood);
    const prompt = `${request.mood?.trim() || mood} instrumental background music for a short product video, ${mood} mood, no vocals`;
    const { requestId, output } = await this.queue.run<unknown>(
      this.config.model,
      { prompt, seconds_total: Math.ceil(request.durationSec), steps: 100 },
      { signal: options.signal },
    );
    const url = firstUrlIn(output, ["audio_file", "audio", "output"]);
    if (!url) throw new ProviderError(this.name, "upstream", "The music model returned no audio");
    const file = await newWorkFile(this.root, "music", "audio");
    try {
      const { contentType } = await downloadToFile(url, file, {
        provider: this.name,
        timeoutMs: this.config.requestTimeoutMs,
        signal: options.signal,
        maxBytes: 200 * 1024 * 1024,
      });
      const info = await probeMedia(file).catch(() => null);
      if (!info || !info.streams.some((s) => s.type === "audio"))
        throw new ProviderError(this.name, "upstream", "The music model returned a file that is not audio");
      const [ext, mime] = audioTypeOf(info.formatName, contentType);
      const named = file.replace(/\.audio$/, `.${ext}`);
      await rename(file, named);
      return { path: named, mime, durationSec: info.durationSec, provider: this.name, description: prompt, requestId };
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }
}

/** File extension and MIME type from ffprobe's container name. */
export function audioTypeOf(formatName: string, contentType: string): [string, string] {
  if (formatName.includes("wav")) return ["wav", "audio/wav"];
  if (formatName.includes("mp3")) return ["mp3", "audio/mpeg"];
  if (formatName.includes("ogg")) return ["ogg", "audio/ogg"];
  if (formatName.includes("flac")) return ["flac", "audio/flac"];
  if (formatName.includes("mp4") || formatName.includes("m4a")) return ["m4a", "audio/mp4"];
  return ["bin", contentType.startsWith("audio/") ? contentType : "application/octet-stream"];
}
