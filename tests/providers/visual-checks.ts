// Measurements of a finished ad's pictures, shared by the tests and `npm run bench` (issue 14
// §7): shot changes (ffmpeg scene detection), and the text on screen at a time (tesseract OCR of
// the frame above the caption band, so captions are not mistaken for the picture's own text).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { captionSafeTop } from "~/providers/image/shot-design";
import { demuxerOf, inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import type { Size } from "~/providers/media/types";

const run = promisify(execFile);

/** Times of the frames whose scene score exceeds `threshold` (select='gt(scene,0.25)'). */
export async function shotChanges(file: string, threshold = 0.25): Promise<number[]> {
  const { stderr } = await runFfmpeg(
    ["-loglevel", "info", ...inputArgs(file, await demuxerOf(file)), "-an", "-vf", `select='gt(scene,${threshold})',showinfo`, "-f", "null", "-"],
    { limiter: null },
  );
  return [...stderr.matchAll(/pts_time:([\d.]+)/g)].map((m) => Number(m[1]));
}

/** ffmpeg's scene score (0-1: how much each frame differs from the one before) of every frame after the first. */
export async function sceneScores(file: string): Promise<{ t: number; score: number }[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "scene-"));
  try {
    const out = path.join(dir, "scores.txt");
    await runFfmpeg(
      [
        ...inputArgs(file, await demuxerOf(file)),
        "-an",
        "-vf",
        `select='gte(scene,0)',metadata=print:key=lavfi.scene_score:file=${out.replace(/[\\:']/g, "\\$&")}`,
        "-f",
        "null",
        "-",
      ],
      { limiter: null },
    );
    const scores: { t: number; score: number }[] = [];
    let t: number | null = null;
    for (const line of readFileSync(out, "utf8").split("\n")) {
      const time = /pts_time:([\d.]+)/.exec(line);
      if (time) t = Number(time[1]);
      const score = /lavfi\.scene_score=([\d.]+)/.exec(line);
      if (score && t !== null && t > 0) scores.push({ t, score: Number(score[1]) });
    }
    return scores;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether tesseract can be run here. */
export async function hasTesseract(): Promise<boolean> {
  try {
    await run("tesseract", ["--version"]);
    return true;
  } catch {
    return false;
  }
}

/** The words tesseract reads in the frame at `timeSec`, above the caption band (lower case). */
export async function textOnScreen(file: string, timeSec: number, size: Size): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ocr-"));
  try {
    const png = path.join(dir, "frame.png");
    const stretched = path.join(dir, "stretched.png");
    const top = captionSafeTop(size);
    // Three times the size and grey: tesseract reads large dark-on-light or light-on-dark text well.
    // The same grey with its contrast stretched too: dark type on a mid-tone panel (a magenta
    // button, a saturated card) is read there and missed in the plain grey.
    await runFfmpeg(
      [
        ...inputArgs(file, await demuxerOf(file), ["-ss", timeSec.toFixed(3)]),
        "-filter_complex",
        `[0:v]crop=iw:${top}:0:0,scale=iw*3:-2,format=gray,split[g][s];[s]eq=contrast=2.5[c]`,
        "-map",
        "[g]",
        "-frames:v",
        "1",
        png,
        "-map",
        "[c]",
        "-frames:v",
        "1",
        stretched,
      ],
      { limiter: null },
    );
    // Automatic page layout reads blocks (headlines, buttons); sparse mode finds scattered words.
    const texts: string[] = [];
    for (const image of [png, stretched])
      for (const psm of ["3", "11"]) texts.push((await run("tesseract", [image, "-", "--psm", psm], { timeout: 30_000 })).stdout);
    return texts.join(" ").toLowerCase().replace(/\s+/g, " ").trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many of `words` (case-insensitive, punctuation ignored) the text contains. */
export function wordsFound(text: string, words: string): number {
  const seen = new Set(text.replace(/[^\p{L}\p{N} ]/gu, " ").split(" "));
  return words
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .split(" ")
    .filter((w) => w && seen.has(w)).length;
}
