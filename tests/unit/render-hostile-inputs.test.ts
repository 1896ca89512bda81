// The renderer never opens a path outside its own work folder, whatever its inputs are
// (issue 21 §3 and §8; docs/decisions/270-media-identified-by-structure.md). Every ffmpeg and
// ffprobe process runs under strace (FFMPEG_PATH / FFPROBE_PATH point at wrappers), and every
// path they try to open is checked; a canary file (another user's private track) is named by a
// playlist disguised as music and must never be opened.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reasonOf } from "~/models/generation/pipeline-errors.server";
import { ffmpegPath, ffprobePath, probeMedia } from "~/providers/media/ffmpeg.server";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { RenderInputError, type RenderRequest } from "~/providers/render/types";
import { productPhoto } from "../providers/fixtures";
import { tmpWorkDir, writeTone } from "../providers/helpers";
import { concatList, disguisedPlaylist, ffconcatList, manyFramesMp4, realMp3 } from "../fixtures/hostile-media";

vi.setConfig({ testTimeout: 180_000 });

const STRACE = "/usr/bin/strace";
const SIZE = { width: 180, height: 320 };

let work: ReturnType<typeof tmpWorkDir>;
let traces: string;
let renderRoot: string;
let canary: string;
let files: { image: string; voice: string; music: string; longClip: string };
const saved = { ffmpeg: process.env.FFMPEG_PATH, ffprobe: process.env.FFPROBE_PATH };

function wrapper(name: string, real: string): string {
  const file = path.join(work.dir, `${name}-traced.sh`);
  writeFileSync(file, `#!/bin/sh\nexec ${STRACE} -f -qq -e trace=open,openat,creat -o "${traces}/${name}.$$.txt" "${real}" "$@"\n`);
  chmodSync(file, 0o755);
  return file;
}

/** Every path an ffmpeg or ffprobe process tried to open since the last reset (failed tries included). */
function openedPaths(): string[] {
  const paths: string[] = [];
  for (const name of readdirSync(traces)) {
    for (const line of readFileSync(path.join(traces, name), "utf8").split("\n")) {
      const m = /\b(?:open|openat|creat)\((?:AT_FDCWD, |\d+, )?"([^"]*)"/.exec(line);
      if (m) paths.push(m[1]);
    }
  }
  return paths;
}

/** System files a dynamically or statically linked binary may read at start (libraries, locale, /proc). */
const SYSTEM = /^\/(etc|lib|lib32|lib64|usr|proc|sys|dev)\//;

function outsideJobFolder(paths: string[]): string[] {
  const jobs = path.join(renderRoot, "render") + path.sep;
  return paths.filter((p) => !SYSTEM.test(p) && !(p.startsWith(jobs) && /^job-[0-9a-f-]{36}\//.test(p.slice(jobs.length))));
}

beforeAll(async () => {
  expect(spawnSync(STRACE, ["-V"]).status).toBe(0);
  work = tmpWorkDir("hostile-render");
  traces = path.join(work.dir, "traces");
  renderRoot = path.join(work.dir, "work");
  const media = path.join(work.dir, "storage");
  mkdirSync(traces, { recursive: true });
  mkdirSync(path.join(media, "private"), { recursive: true });
  canary = path.join(media, "private", "victim-track.mp3");
  realMp3(canary, 2, 880);
  const image = path.join(media, "scene.jpg");
  writeFileSync(image, await productPhoto({ width: 300, height: 400 }));
  const longClip = path.join(media, "long.mp4");
  manyFramesMp4(longClip, path.join(work.dir, "small.mp4"));
  const music = path.join(media, "music.mp3");
  realMp3(music, 1, 110);
  files = { image, voice: writeTone(path.join(media, "voice.wav"), 1, 220), music, longClip };
  process.env.FFMPEG_PATH = wrapper("ffmpeg", ffmpegPath());
  process.env.FFPROBE_PATH = wrapper("ffprobe", ffprobePath());
});

afterAll(() => {
  for (const [k, v] of [
    ["FFMPEG_PATH", saved.ffmpeg],
    ["FFPROBE_PATH", saved.ffprobe],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  work?.cleanup();
});

beforeEach(() => {
  for (const name of readdirSync(traces)) rmSync(path.join(traces, name));
});

function request(extra: Partial<RenderRequest> = {}): RenderRequest {
  return {
    scenes: [
      { id: "clip", visual: { kind: "clip", path: files.longClip }, durationSec: 1.5, captionText: "A very long clip" },
      { id: "still", visual: { kind: "image", path: files.image }, voiceOver: { path: files.voice }, captionText: "Order yours today." },
    ],
    format: "mp4",
    size: SIZE,
    captions: true,
    ...extra,
  };
}

describe("the local renderer under strace", () => {
  it("renders a 100,000-frame clip harmlessly, opening nothing outside its job folder", async () => {
    const long = await probeMedia(files.longClip, { format: "mov" });
    expect(long.durationSec).toBeGreaterThan(99); // 100,000 frames at 1,000 fps
    for (const name of readdirSync(traces)) rmSync(path.join(traces, name));

    const renderer = new LocalRenderProvider({ workDir: renderRoot });
    const result = await renderer.render(request({ music: { path: files.music } }));
    expect(result.durationSec).toBeGreaterThan(2);
    expect(result.durationSec).toBeLessThan(5);
    const opened = openedPaths();
    expect(opened.some((p) => p.includes(`${path.sep}job-`))).toBe(true);
    expect(outsideJobFolder(opened)).toEqual([]);
    // The sources themselves were never given to ffmpeg: only their links in the job folder.
    for (const source of Object.values(files)) expect(opened).not.toContain(source);
    rmSync(result.path, { force: true });
  });

  it("a playlist disguised as music cannot pull another user's track in: the render names the music and opens nothing outside", async () => {
    const disguised = path.join(work.dir, "storage", "evil-music.mp3");
    writeFileSync(disguised, disguisedPlaylist(canary));
    const renderer = new LocalRenderProvider({ workDir: renderRoot });
    const error = await renderer.render(request({ music: { path: disguised } })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RenderInputError);
    expect((error as RenderInputError).input).toBe("music");
    expect(reasonOf(error)).toBe("The background music file could not be read. Please upload another one.");
    const opened = openedPaths();
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.filter((p) => p.includes("victim-track"))).toEqual([]);
    expect(outsideJobFolder(opened)).toEqual([]);
  });

  it("concat and ffconcat lists given as a voice-over or a clip are refused before ffmpeg opens anything", async () => {
    const renderer = new LocalRenderProvider({ workDir: renderRoot });
    const list = path.join(work.dir, "storage", "voice.wav");
    writeFileSync(list, concatList(canary));
    const voice = await renderer.render(request({ scenes: [{ visual: { kind: "image", path: files.image }, voiceOver: { path: list } }] })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(voice).toMatchObject({ name: "RenderInputError", input: "voice-over", scene: 1 });
    const ffconcat = path.join(work.dir, "storage", "clip.mp4");
    writeFileSync(ffconcat, ffconcatList(canary));
    const clip = await renderer.render(request({ scenes: [{ visual: { kind: "clip", path: ffconcat }, durationSec: 1 }] })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(clip).toMatchObject({ name: "RenderInputError", input: "clip", scene: 1 });
    expect(openedPaths().filter((p) => p.includes("victim-track"))).toEqual([]);
    expect(outsideJobFolder(openedPaths())).toEqual([]);
  });
});
