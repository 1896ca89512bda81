import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ffmpegPath,
  ffprobePath,
  inputArgs,
  lavfiInputArgs,
  probeMedia,
  progressSeconds,
  runFfmpeg,
  runProcess,
  wasKilled,
  watchingKills,
} from "~/providers/media/ffmpeg.server";
import { boldFontFor, fonts } from "~/providers/media/fonts.server";
import { Semaphore } from "~/providers/media/limiter.server";
import { renderTextImage } from "~/providers/media/text.server";
import { hashFile } from "~/providers/media/workdir.server";
import sharp from "sharp";
import { tmpWorkDir } from "../providers/helpers";

vi.setConfig({ testTimeout: 60_000 });

let work: ReturnType<typeof tmpWorkDir>;
beforeAll(() => {
  work = tmpWorkDir("media");
});
afterAll(() => work.cleanup());

describe("ffmpeg from npm", () => {
  it("resolves the packaged ffmpeg 4.1 and an ffprobe, both runnable", async () => {
    expect(ffmpegPath()).toMatch(/@ffmpeg-installer/);
    expect(ffprobePath()).toMatch(/@ffprobe-installer/);
    const { stdout } = await runProcess(ffmpegPath(), ["-hide_banner", "-filters"]);
    const filters = stdout.toString();
    for (const f of ["zoompan", "overlay", "sidechaincompress", "amix", "alimiter", "tpad", "adelay", "apad", "atrim"]) expect(filters).toContain(` ${f} `);
  });

  it("honours FFMPEG_PATH / FFPROBE_PATH overrides", () => {
    const before = { a: process.env.FFMPEG_PATH, b: process.env.FFPROBE_PATH };
    process.env.FFMPEG_PATH = "/opt/custom/ffmpeg";
    process.env.FFPROBE_PATH = "/opt/custom/ffprobe";
    expect(ffmpegPath()).toBe("/opt/custom/ffmpeg");
    expect(ffprobePath()).toBe("/opt/custom/ffprobe");
    if (before.a === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = before.a;
    if (before.b === undefined) delete process.env.FFPROBE_PATH;
    else process.env.FFPROBE_PATH = before.b;
  });

  it("parses ffmpeg's -progress keys", () => {
    expect(progressSeconds("out_time_ms", "1500000")).toBe(1.5);
    expect(progressSeconds("out_time_us", "250000")).toBe(0.25);
    expect(progressSeconds("out_time", "00:01:02.500000")).toBe(62.5);
    expect(progressSeconds("out_time", "N/A")).toBeNull();
    expect(progressSeconds("frame", "12")).toBeNull();
  });

  it("reports real progress while encoding and probes the result", async () => {
    const out = path.join(work.dir, "bars.mp4");
    const seen: number[] = [];
    await runFfmpeg([...lavfiInputArgs("testsrc2=s=160x90:r=25:d=2"), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", out], {
      durationSec: 2,
      onProgress: (f) => seen.push(f),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[seen.length - 1]).toBe(1);
    for (const f of seen) expect(f).toBeGreaterThanOrEqual(0);
    const info = await probeMedia(out);
    expect(info.streams[0]).toMatchObject({ type: "video", codec: "h264", width: 160, height: 90 });
    expect(info.durationSec).toBeCloseTo(2, 1);
  });

  it("turns a failing ffmpeg into an error with its message", async () => {
    await expect(runFfmpeg([...inputArgs(path.join(work.dir, "missing.wav"), "wav"), path.join(work.dir, "x.wav")])).rejects.toThrow(/No such file/);
  });

  it("kills ffmpeg when aborted", async () => {
    const ac = new AbortController();
    const started = Date.now();
    const p = runFfmpeg([...lavfiInputArgs("sine=d=30", ["-re"]), "-f", "null", "-"], { signal: ac.signal, limiter: null });
    setTimeout(() => ac.abort(new Error("stop")), 300);
    await expect(p).rejects.toThrow("stop");
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("watchingKills", () => {
  // A process that dies by a signal from outside, as the OOM killer's SIGKILL.
  const killedFromOutside = () => runProcess("sh", ["-c", "kill -9 $$"]).catch(() => undefined);

  it("fails with the kill of one of its processes, whatever error surfaced first", async () => {
    const failed = await watchingKills(async () => {
      await killedFromOutside();
      throw new Error("ENOENT: no such file or directory, open 'seg.mp4'");
    }).catch((e: unknown) => e);
    expect(wasKilled(failed)).toBe(true);
    expect((failed as Error).message).toMatch(/was killed \(SIGKILL\)/);
  });

  it("keeps the error when no process was killed, or only by its own abort", async () => {
    await expect(watchingKills(async () => Promise.reject(new Error("bad input")))).rejects.toThrow("bad input");
    const ac = new AbortController();
    const aborted = watchingKills(async () => {
      const p = runProcess("sleep", ["5"], { signal: ac.signal }).catch(() => undefined);
      setTimeout(() => ac.abort(new Error("stop")), 50);
      await p;
      // Our own SIGKILL has ended it: give its close event time to arrive.
      await new Promise((r) => setTimeout(r, 100));
      throw new Error("bad input");
    });
    await expect(aborted).rejects.toThrow("bad input");
    // A kill outside the watched work is not this work's.
    await killedFromOutside();
    await expect(watchingKills(async () => Promise.reject(new Error("bad input")))).rejects.toThrow("bad input");
  });
});

describe("Semaphore", () => {
  it("never runs more than its limit at once, and runs everything", async () => {
    const sem = new Semaphore(2);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        sem.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 10));
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(sem.running).toBe(0);
  });

  it("drops a queued task whose signal aborts", async () => {
    const sem = new Semaphore(1);
    let release!: () => void;
    const first = sem.run(() => new Promise<void>((r) => (release = r)));
    const ac = new AbortController();
    const second = sem.run(async () => "ran", ac.signal);
    ac.abort(new Error("cancelled"));
    await expect(second).rejects.toThrow("cancelled");
    release();
    await first;
    expect(sem.queued).toBe(0);
  });
});

describe("shipped fonts and text", () => {
  it("ships DejaVu and Noto Sans Devanagari files", () => {
    const f = fonts();
    for (const face of [f.sansBold, f.sans, f.devanagariBold]) expect(existsSync(face.file)).toBe(true);
    expect(boldFontFor("Hello").family).toBe("DejaVu Sans Bold");
    expect(boldFontFor("नमस्ते").family).toContain("Devanagari");
  });

  it("draws wrapped text, Hindi included, as a transparent PNG", async () => {
    const en = await renderTextImage({ text: "Ice-cold for twenty-four hours, every single day", sizePx: 30, color: "#ffffff", maxWidth: 300 });
    const meta = await sharp(en.png).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(en.width).toBeLessThanOrEqual(300 + 10);
    expect(en.height).toBeGreaterThan(60); // wrapped to more than one line
    const hi = await renderTextImage({ text: "नमस्ते दुनिया", sizePx: 30, color: "#ffffff", maxWidth: 300 });
    const stats = await sharp(hi.png).stats();
    expect(stats.channels[3].max).toBe(255);
    expect(hi.height).toBeLessThan(60); // one line
  });
});

describe("hashFile", () => {
  it("changes with the content and is stable otherwise", async () => {
    const f = path.join(work.dir, "h.txt");
    writeFileSync(f, "one");
    const a = await hashFile(f);
    expect(await hashFile(f)).toBe(a);
    await new Promise((r) => setTimeout(r, 5));
    writeFileSync(f, "two");
    expect(await hashFile(f)).not.toBe(a);
  });
});
