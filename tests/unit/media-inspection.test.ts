// Files are identified by their whole structure, ffmpeg is always told the input format and the
// file protocol only, and failures reach people in their words (issue 21 §3-4, issue 20
// finding 10; docs/decisions/270-media-identified-by-structure.md, 271-render-failures-in-users-words.md).
import sharp from "sharp";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENERIC_FAILURE_MESSAGE, presentableFailure } from "~/models/generation/failure-messages";
import { reasonOf, SceneAssetError } from "~/models/generation/pipeline-errors.server";
import { assertSafeInputs, concatListLine, inputArgs, MediaProcessError, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { inspectMediaFile, MediaRejectedError } from "~/providers/media/inspect.server";
import { RenderInputError } from "~/providers/render/types";
import { mp4, png, wav } from "../fixtures/storage-media";
import { bombPng, disguisedPlaylist, ffconcatList, mp3WithBigTag, noisePng, polyglotPng, realMp3, truncatedPng } from "../fixtures/hostile-media";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "inspect-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
async function fileOf(bytes: Buffer, ext: string): Promise<string> {
  const file = path.join(dir, `f${n++}.${ext}`);
  await writeFile(file, bytes);
  return file;
}

async function refusal(bytes: Buffer, ext: string, mime: string): Promise<MediaRejectedError> {
  const error = await inspectMediaFile(await fileOf(bytes, ext), mime).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaRejectedError);
  return error as MediaRejectedError;
}

describe("whole-file inspection", () => {
  it("refuses an MP3-looking ID3 tag of more than 64 KiB hiding a playlist or an ffconcat list", async () => {
    const victim = "/srv/reelforge/.data/storage/background-music/victim.mp3";
    expect((await refusal(disguisedPlaylist(victim), "mp3", "audio/mpeg")).reason).toMatch(/no audio frames|no MPEG audio frame/);
    expect((await refusal(disguisedPlaylist(victim, ffconcatList(victim)), "mp3", "audio/mpeg")).kind).toBe("unreadable");
  });

  it("accepts a real MP3 behind a large ID3 tag, and real WAV and MP4 files", async () => {
    await expect(inspectMediaFile(await fileOf(mp3WithBigTag(path.join(dir, "tagged-src.mp3")), "mp3"), "audio/mpeg")).resolves.toBeUndefined();
    await expect(inspectMediaFile(await fileOf(realMp3(path.join(dir, "plain.mp3")), "mp3"), "audio/mpeg")).resolves.toBeUndefined();
    await expect(inspectMediaFile(await fileOf(wav(8000), "wav"), "audio/wav")).resolves.toBeUndefined();
    await expect(inspectMediaFile(await fileOf(mp4(), "mp4"), "video/mp4")).resolves.toBeUndefined();
    await expect(inspectMediaFile(await fileOf(png(4, 4), "png"), "image/png")).resolves.toBeUndefined();
  });

  it("refuses an MP4 that only has the right first bytes (no moov, no stream)", async () => {
    const box = (type: string, payload: Buffer) => {
      const size = Buffer.alloc(4);
      size.writeUInt32BE(8 + payload.length);
      return Buffer.concat([size, Buffer.from(type, "latin1"), payload]);
    };
    const fake = Buffer.concat([box("ftyp", Buffer.from("isom\0\0\x02\0isomiso2avc1mp41", "latin1")), box("mdat", Buffer.alloc(512, 7))]);
    expect((await refusal(fake, "mp4", "video/mp4")).kind).toBe("unreadable");
  });

  it("refuses a truncated PNG at once (issue 20 finding 10), decoding the whole picture", async () => {
    await expect(inspectMediaFile(await fileOf(noisePng(), "png"), "image/png")).resolves.toBeUndefined();
    expect((await refusal(truncatedPng(), "png", "image/png")).kind).toBe("unreadable");
  });

  it("refuses a truncated JPEG by decoding it, small (in memory) or large (streamed)", async () => {
    for (const [width, height] of [
      [1080, 1920],
      [2400, 2000],
    ]) {
      const whole = await sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
        .jpeg()
        .toBuffer();
      await expect(inspectMediaFile(await fileOf(whole, "jpg"), "image/jpeg")).resolves.toBeUndefined();
      const refused = await refusal(whole.subarray(0, Math.floor(whole.length * 0.95)), "jpg", "image/jpeg");
      expect(refused.kind, `${width} x ${height}`).toBe("unreadable");
    }
  });

  it("refuses a 30,000 x 30,000 PNG from its header, before decoding a pixel", async () => {
    const error = await refusal(bombPng(), "png", "image/png");
    expect(error.kind).toBe("too_big");
    expect(error.reason).toMatch(/30000 x 30000/);
  });

  it("refuses a polyglot: anything riding behind a PNG's IEND", async () => {
    expect((await refusal(polyglotPng(png(4, 4)), "png", "image/png")).reason).toMatch(/follow the PNG's IEND/);
  });
});

describe("ffmpeg inputs", () => {
  it("always forces the format and the file protocol, and refuses formats that reference other files", () => {
    expect(inputArgs("/w/job/in-0.mp3", "mp3", ["-stream_loop", "-1"])).toEqual([
      "-stream_loop",
      "-1",
      "-f",
      "mp3",
      "-protocol_whitelist",
      "file",
      "-i",
      "/w/job/in-0.mp3",
    ]);
    expect(inputArgs("/w/job/in-1.mp4", "mov")).toEqual(["-f", "mov", "-enable_drefs", "0", "-protocol_whitelist", "file", "-i", "/w/job/in-1.mp4"]);
    for (const format of ["hls", "concat", "image2", "applehttp", "", "data"]) expect(() => inputArgs("/x", format)).toThrow(MediaProcessError);
  });

  it("refuses an ffmpeg run with an input that has no forced format or whitelist", async () => {
    expect(() => assertSafeInputs(["-i", "/etc/passwd", "out.wav"])).toThrow(/no forced format/);
    expect(() => assertSafeInputs(["-f", "mp3", "-i", "a.mp3", "out.wav"])).toThrow(/no forced format/);
    expect(() => assertSafeInputs([...inputArgs("a.mp3", "mp3"), "-i", "b.m3u8", "out.wav"])).toThrow(/b\.m3u8/);
    expect(() => assertSafeInputs([...inputArgs("a.mp3", "mp3"), ...inputArgs("b.wav", "wav"), "out.wav"])).not.toThrow();
    await expect(runFfmpeg(["-i", "/etc/passwd", path.join(dir, "x.wav")], { limiter: null })).rejects.toThrow(/no forced format/);
  });

  it("writes concat lists that name only files beside them", () => {
    expect(concatListLine("join-0.mp4")).toBe("file 'join-0.mp4'");
    for (const bad of ["/etc/passwd", "../x.mp4", "a/b.mp4", "x'.mp4", ".hidden"]) expect(() => concatListLine(bad)).toThrow(MediaProcessError);
  });
});

describe("failures in users' words", () => {
  it("names the input to replace, never stderr or a path", () => {
    expect(reasonOf(new RenderInputError("music", null, "[mp3 @ 0x1fe2] Failed to read frame size: /srv/.data/storage/background-music/a.mp3"))).toBe(
      "The background music file could not be read. Please upload another one.",
    );
    expect(reasonOf(new RenderInputError("voice-over", 2, "x"))).toBe("The voice-over file of scene 2 could not be read. Please upload another one.");
    expect(reasonOf(new RenderInputError("clip", 3, "x"))).toBe("The video clip of scene 3 could not be read. Please upload another one.");
    expect(reasonOf(new RenderInputError("image", 1, "x"))).toBe("The image of scene 1 could not be read. Please upload another one.");
    expect(reasonOf(new RenderInputError("asset", null, "x"))).toBe("A file of this project could not be read. Please upload another one.");
    expect(reasonOf(new MediaProcessError("ffmpeg failed (exit 1): /srv/.data/work/render/x: Invalid data found when processing input", 1, ""))).toBe(
      GENERIC_FAILURE_MESSAGE,
    );
    expect(reasonOf(new Error("ffmpeg failed (exit 1): /srv/.data/storage/background-music/9f.mp3: Invalid data found when processing input"))).toBe(
      "The background music file could not be read. Please upload another one.",
    );
    const step = reasonOf(new SceneAssetError("video", "vipspng: libpng read error", false));
    expect(step).toBe("The image of a scene could not be read. Please upload another one.");
  });

  it("keeps messages already written for people, and rewords old rows with stderr", () => {
    for (const ok of [
      "Scene 1 has no image or video file",
      "The renderer stopped before the video was finished (its ffmpeg process was killed)",
      "Failed while generating voice-over: The voice service is busy",
      "Insufficient credits",
    ]) {
      expect(presentableFailure(ok)).toBe(ok);
    }
    expect(presentableFailure("Scene 2: the image cannot be read (vipspng: libpng read error)")).toBe(
      "The image of scene 2 could not be read. Please upload another one.",
    );
    expect(presentableFailure("Failed while compiling: ENOENT: no such file or directory, open '/srv/.data/work/render/x.txt'")).toBe(
      `Failed while compiling: ${GENERIC_FAILURE_MESSAGE}`,
    );
    expect(presentableFailure(null)).toBeNull();
  });
});
