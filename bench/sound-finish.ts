// The sound and finish check of `npm run bench` (issue 14 §4, §5, §7): a fixed 3-scene script
// with a product photo and music, rendered by the local renderer with the offline voices, then
// measured: silence gaps between the first and the last word (on the voice-only mix, where a
// pause is audible as silence), integrated loudness and true peak of the final mix, the poster's
// mean luma against the video's normal range, and render speed.
import path from "node:path";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { makePoster } from "~/providers/render/poster.server";
import type { Size } from "~/providers/media/types";
import { cpuSeconds, cpuSince } from "./cpu";
import { soundFinishInputs } from "../tests/providers/sound-inputs";
import { deadAir, lumaRange, MAX_GAP_SEC, meanLuma, measureLoudness } from "../tests/providers/media-checks";

export type SoundFinishResult = {
  scenes: number;
  size: Size;
  videoSec: number;
  renderWallSec: number;
  speedXRealtime: number;
  renderCpuSec: number | null;
  speedXRealtimeOn2CoresByCpu: number | null;
  gaps: { over03Sec: number; longestSec: number; max: number };
  loudness: { integratedLufs: number; truePeakDbtp: number; target: string; withinTarget: boolean };
  poster: { timeSec: number; meanLuma: number; videoLumaP10: number; videoLumaP90: number; withinRange: boolean };
  pass: boolean;
};

export async function soundFinishCheck(dir: string, size: Size = { width: 720, height: 1280 }): Promise<SoundFinishResult> {
  const inputs = await soundFinishInputs(path.join(dir, "inputs"), size);
  const renderer = new LocalRenderProvider({ workDir: path.join(dir, "render") });
  const t = performance.now();
  const cpu = cpuSeconds();
  const video = await renderer.render({ scenes: inputs.scenes, music: inputs.music, format: "mp4", size });
  const wall = (performance.now() - t) / 1000;
  const renderCpuSec = cpuSince(cpu);
  // The same scenes without music (segments come from the cache): pauses are audible there.
  const voiceOnly = await renderer.render({ scenes: inputs.scenes, format: "mp4", size });
  const air = await deadAir(voiceOnly.path, voiceOnly.durationSec);
  const loud = await measureLoudness(video.path);
  const poster = await makePoster(video.path, { firstSceneSec: video.scenes[0].durationSec, videoSec: video.durationSec, root: dir });
  const posterLuma = await meanLuma(poster.path);
  const range = await lumaRange(video.path, video.durationSec, 1);
  const withinTarget = Math.abs(loud.integratedLufs + 14) <= 1 && loud.truePeakDb <= -1;
  const withinRange = posterLuma >= range.p10 - 5 && posterLuma <= range.p90 + 5 && posterLuma > 40;
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return {
    scenes: inputs.scenes.length,
    size,
    videoSec: r2(video.durationSec),
    renderWallSec: r2(wall),
    speedXRealtime: r2(video.durationSec / wall),
    renderCpuSec,
    // On 2 cores the render can use at most 2 CPU-seconds per second of wall time.
    speedXRealtimeOn2CoresByCpu: renderCpuSec ? r2(video.durationSec / (renderCpuSec / 2)) : null,
    gaps: { over03Sec: air.gaps.length, longestSec: air.longestSec, max: MAX_GAP_SEC },
    loudness: { integratedLufs: loud.integratedLufs, truePeakDbtp: loud.truePeakDb, target: "-14 ± 1 LUFS, true peak ≤ -1 dBTP", withinTarget },
    poster: { timeSec: poster.timeSec, meanLuma: r2(posterLuma), videoLumaP10: r2(range.p10), videoLumaP90: r2(range.p90), withinRange },
    pass: air.gaps.length === 0 && withinTarget && withinRange,
  };
}
