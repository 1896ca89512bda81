// An uploaded music track used as the bed: looped (when shorter) or trimmed to the video's
// length, with a short fade in and a fade out, as AAC.
import { rm } from "node:fs/promises";
import { demuxerOf, inputArgs, probeMedia, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { ProviderError, type CallOptions } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import type { MusicResult } from "./types";

export async function fitMusicTrack(
  input: string,
  durationSec: number,
  options: CallOptions & { workDir?: string; fadeOutSec?: number } = {},
): Promise<MusicResult> {
  if (!(durationSec > 0 && durationSec <= 3600)) throw new ProviderError("music-fit", "bad_input", "Duration must be between 0 and 3600 seconds");
  const format = await demuxerOf(input).catch(() => null);
  const info = format ? await probeMedia(input, { format }).catch(() => null) : null;
  if (!info || !info.streams.some((s) => s.type === "audio") || !(info.durationSec > 0)) {
    throw new ProviderError("music-fit", "bad_input", "The music file has no readable audio");
  }
  const fade = Math.min(options.fadeOutSec ?? 1.5, durationSec / 3);
  const out = await newWorkFile(workRoot(options.workDir), "music", "m4a");
  try {
    await runFfmpeg(
      [
        ...inputArgs(input, format!, ["-stream_loop", "-1"]),
        "-vn",
        "-t",
        durationSec.toFixed(3),
        "-af",
        `aresample=48000,afade=t=in:d=0.05,afade=t=out:st=${(durationSec - fade).toFixed(3)}:d=${fade.toFixed(3)}`,
        "-ac",
        "2",
        "-c:a",
        "aac",
        "-b:a",
        "192k",
        "-movflags",
        "+faststart",
        out,
      ],
      { signal: options.signal, durationSec },
    );
    const result = await probeMedia(out, { format: "mov" });
    return {
      path: out,
      mime: "audio/mp4",
      durationSec: result.durationSec,
      provider: "uploaded-track",
      description: info.durationSec < durationSec ? "uploaded track, looped" : "uploaded track, trimmed",
    };
  } catch (error) {
    await rm(out, { force: true });
    throw error;
  }
}
