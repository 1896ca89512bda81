// The visual check of `npm run bench` (issue 14 §1-4, §7): the fixed 3-scene and 6-scene scripts
// with a product photo and music in every Style, made as Create Video makes them
// (tests/providers/ad-inputs.ts) and rendered at 720x1280, then measured: shot changes
// (select='gt(scene,0.25)'), layouts of consecutive scenes, hook text read by tesseract within
// 2 s and the call to action in the last 3 s, caption contrast, silence gaps between the first
// and the last word (on the voice-only render, segments from the cache), integrated loudness,
// the poster's luma against the video's range, and render speed (wall and CPU time).
// Optionally writes a contact sheet of frames of the 3-scene ad in each Style
// (scripts/contact-sheet.ts uses it).
import path from "node:path";
import { AD_STYLES } from "~/providers/llm/planner/ad-structure";
import type { Size } from "~/providers/media/types";
import { inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { makePoster } from "~/providers/render/poster.server";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { captionContrast, captionStyleFor } from "~/providers/render/captions.server";
import { cpuSeconds, cpuSince } from "./cpu";
import { AD_SCRIPTS, adInputs, adVoices, type AdScriptName } from "../tests/providers/ad-inputs";
import { deadAir, lumaRange, MAX_GAP_SEC, meanLuma, measureLoudness } from "../tests/providers/media-checks";
import { hasTesseract, shotChanges, textOnScreen, wordsFound } from "../tests/providers/visual-checks";

export type AdVisualResult = {
  script: AdScriptName;
  style: string;
  shots: string[];
  videoSec: number;
  shotChanges: number;
  shotsDetected: number;
  consecutiveSameLayout: number;
  hook: { text: string; ocr: string | null; onScreenBySec: number; found: boolean | null };
  callToAction: { text: string; ocr: string | null; checkedAtSec: number; found: boolean | null };
  captionContrast: number;
  gaps: { over03Sec: number; longestSec: number };
  loudness: { integratedLufs: number; truePeakDbtp: number; withinTarget: boolean };
  poster: { meanLuma: number; videoLumaP10: number; videoLumaP90: number; withinRange: boolean };
  renderWallSec: number;
  renderCpuSec: number | null;
  speedXRealtime: number;
  speedXRealtimeOn2CoresByCpu: number | null;
  pass: boolean;
};

const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Renders and measures the fixed ads (`scripts`, default both) in every Style; `sheet`: also a
 * contact sheet PNG (frames of the 3-scene ad per Style).
 */
export async function adVisualsCheck(
  dir: string,
  options: { size?: Size; sheet?: string; scripts?: AdScriptName[] } = {},
): Promise<{ ocr: boolean; styles: AdVisualResult[]; pass: boolean }> {
  const size = options.size ?? { width: 720, height: 1280 };
  const ocr = await hasTesseract();
  const styles: AdVisualResult[] = [];
  const rows: string[] = [];
  for (const script of options.scripts ?? (Object.keys(AD_SCRIPTS) as AdScriptName[])) {
    const voices = await adVoices(path.join(dir, `voices-${script.replace(/\W+/g, "-")}`), [...AD_SCRIPTS[script]]);
    for (const style of AD_STYLES) {
      styles.push(await checkOne(dir, script, style, size, voices, ocr, options.sheet && script === "3 scenes" ? rows : null));
    }
  }
  if (options.sheet && rows.length) {
    await runFfmpeg(
      [
        ...rows.flatMap((r) => inputArgs(r, "png_pipe")),
        "-filter_complex",
        `${rows.map((_, i) => `[${i}:v]`).join("")}vstack=inputs=${rows.length}[v]`,
        "-map",
        "[v]",
        "-frames:v",
        "1",
        options.sheet,
      ],
      { limiter: null },
    );
  }
  return { ocr, styles, pass: styles.every((s) => s.pass) };
}

async function checkOne(
  dir: string,
  script: AdScriptName,
  style: string,
  size: Size,
  voices: Awaited<ReturnType<typeof adVoices>>,
  ocr: boolean,
  rows: string[] | null,
): Promise<AdVisualResult> {
  const { plan, request } = await adInputs(path.join(dir, `${script}-${style}`.replace(/\W+/g, "-")), style, size, voices);
  const renderer = new LocalRenderProvider({ workDir: path.join(dir, "render") });
  const t = performance.now();
  const cpu = cpuSeconds();
  const video = await renderer.render(request);
  const wall = (performance.now() - t) / 1000;
  const cpuSec = cpuSince(cpu);
  // Pauses are audible on the voice-only mix (same segments, from the cache).
  const voiceOnly = await renderer.render({ ...request, music: undefined });
  const air = await deadAir(voiceOnly.path, voiceOnly.durationSec);
  const loud = await measureLoudness(video.path);
  const poster = await makePoster(video.path, { firstSceneSec: video.scenes[0].durationSec, videoSec: video.durationSec, root: dir });
  const posterLuma = await meanLuma(poster.path);
  const range = await lumaRange(video.path, video.durationSec, 1);
  const loudOk = Math.abs(loud.integratedLufs + 14) <= 1 && loud.truePeakDb <= -1;
  const posterOk = posterLuma >= range.p10 - 5 && posterLuma <= range.p90 + 5 && posterLuma > 40;
  const changes = await shotChanges(video.path);
  const same = plan.shots.filter((s, i) => i > 0 && s.shot === plan.shots[i - 1].shot).length;
  const hookAt = 1.5;
  const ctaAt = video.durationSec - 1.5;
  const hookOcr = ocr ? await textOnScreen(video.path, hookAt, size) : null;
  const ctaOcr = ocr ? await textOnScreen(video.path, ctaAt, size) : null;
  const hookFound = hookOcr === null ? null : wordsFound(hookOcr, plan.shots[0].headline) >= 2;
  const ctaFound = ctaOcr === null ? null : wordsFound(ctaOcr, plan.callToAction) >= 2;
  const contrast = captionContrast(captionStyleFor(style));
  const result: AdVisualResult = {
    script,
    style,
    shots: plan.shots.map((s) => `${s.shot} (${s.motion})`),
    videoSec: r2(video.durationSec),
    shotChanges: changes.length,
    shotsDetected: changes.length + 1,
    consecutiveSameLayout: same,
    hook: { text: plan.shots[0].headline, ocr: hookOcr, onScreenBySec: hookAt, found: hookFound },
    callToAction: { text: plan.callToAction, ocr: ctaOcr, checkedAtSec: r2(ctaAt), found: ctaFound },
    captionContrast: contrast,
    gaps: { over03Sec: air.gaps.length, longestSec: air.longestSec },
    loudness: { integratedLufs: loud.integratedLufs, truePeakDbtp: loud.truePeakDb, withinTarget: loudOk },
    poster: { meanLuma: r2(posterLuma), videoLumaP10: r2(range.p10), videoLumaP90: r2(range.p90), withinRange: posterOk },
    renderWallSec: r2(wall),
    renderCpuSec: cpuSec,
    speedXRealtime: r2(video.durationSec / wall),
    speedXRealtimeOn2CoresByCpu: cpuSec ? r2(video.durationSec / (cpuSec / 2)) : null,
    pass:
      changes.length + 1 >= plan.shots.length &&
      same === 0 &&
      hookFound !== false &&
      ctaFound !== false &&
      contrast >= 4.5 &&
      air.gaps.length === 0 &&
      air.longestSec <= MAX_GAP_SEC &&
      loudOk &&
      posterOk,
  };
  if (rows) {
    // Six frames: the hook, a word later, scene 2, its middle, the end card, its last words.
    const starts = video.scenes.reduce<number[]>((a, s, i) => [...a, (a[i - 1] ?? 0) + (i ? video.scenes[i - 1].durationSec : 0)], []);
    const times = [
      0.8,
      Math.min(2.2, starts[1] - 0.3),
      starts[1] + 0.6,
      starts[1] + video.scenes[1].durationSec * 0.6,
      starts[2] + 0.8,
      video.durationSec - 1.2,
    ];
    const row = path.join(dir, `row-${rows.length + 1}.png`);
    const inputs = times.flatMap((s) => inputArgs(video.path, "mov", ["-ss", s.toFixed(2)]));
    const scaled = times.map((_, i) => `[${i}:v]scale=240:-2,setsar=1[f${i}]`).join(";");
    await runFfmpeg(
      [
        ...inputs,
        "-filter_complex",
        `${scaled};${times.map((_, i) => `[f${i}]`).join("")}hstack=inputs=${times.length}[v]`,
        "-map",
        "[v]",
        "-frames:v",
        "1",
        row,
      ],
      { limiter: null },
    );
    rows.push(row);
  }
  return result;
}
