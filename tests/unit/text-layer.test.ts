// The text layer held still (issue 24 §4, docs/decisions/381-text-layer-held-still.md): a shot's
// headlines, call-outs, buttons and logo come as a layer of their own, and the local motion and the
// local renderer lay it over the moving picture unmoved, so a close framing never pushes text out
// of the platform-safe area. The composite still shows the same picture.
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import type { Beat } from "~/providers/motion/beats";
import { beatFilters, pictureInputs, preparePicture, type PreparedPicture } from "~/providers/motion/zoompan.server";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { productPhoto } from "../providers/fixtures";
import { tmpWorkDir } from "../providers/helpers";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const SIZE = { width: 180, height: 320 };
let work: ReturnType<typeof tmpWorkDir>;
const file = (name: string) => path.join(work.dir, name);

beforeAll(async () => {
  work = tmpWorkDir("text-layer");
  // A plate with a black square near the top edge, a text layer with a blue square near the top
  // edge (transparent elsewhere), and the flat picture of the two.
  const square = (background: string) =>
    sharp({ create: { width: 24, height: 24, channels: 4, background } })
      .png()
      .toBuffer();
  await sharp({ create: { ...SIZE, channels: 3, background: "#ffffff" } })
    .composite([{ input: await square("#000000"), left: 20, top: 40 }])
    .jpeg({ quality: 95 })
    .toFile(file("plate.jpg"));
  await sharp({ create: { ...SIZE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: await square("#0000ff"), left: 130, top: 40 }])
    .png()
    .toFile(file("text.png"));
  await sharp(file("plate.jpg"))
    .composite([{ input: file("text.png") }])
    .jpeg({ quality: 95 })
    .toFile(file("flat.jpg"));
});
afterAll(() => work.cleanup());

type Box = { x: number; y: number; n: number };

/** Centre and pixel count of the black and the blue square in frame `n`. */
async function squares(video: string, n: number): Promise<{ black: Box; blue: Box }> {
  const png = file(`frame-${path.basename(video)}-${n}.png`);
  await runFfmpeg([...inputArgs(video, "mov"), "-vf", `select=eq(n\\,${n})`, "-frames:v", "1", "-y", png], { limiter: null });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = { black: { x: 0, y: 0, n: 0 }, blue: { x: 0, y: 0, n: 0 } };
  for (let i = 0; i < info.width * info.height; i++) {
    const [r, g, b] = [data[i * 3], data[i * 3 + 1], data[i * 3 + 2]];
    const kind = r < 60 && g < 60 && b < 60 ? "black" : b > 170 && r < 90 && g < 90 ? "blue" : null;
    if (!kind) continue;
    sum[kind].x += i % info.width;
    sum[kind].y += Math.floor(i / info.width);
    sum[kind].n++;
  }
  const centre = (s: Box) => ({ x: s.x / Math.max(1, s.n), y: s.y / Math.max(1, s.n), n: s.n });
  return { black: centre(sum.black), blue: centre(sum.blue) };
}

// A pan, a push in and a pull back, from three framings.
const MOVES: Beat[] = [
  { start: 0, durationSec: 1, framing: "wide", move: "pan-left" },
  { start: 1, durationSec: 1, framing: "close", move: "zoom-in" },
  { start: 2, durationSec: 1, framing: "medium", move: "pan-right" },
];

// A wide beat, then a close one (1.3x): the picture's square grows and moves, the text's does not.
const BEATS: Beat[] = [
  { start: 0, durationSec: 1, framing: "wide", move: "zoom-in" },
  { start: 1, durationSec: 1, framing: "close", move: "zoom-out" },
];

describe("the text layer", () => {
  it("stays where it was drawn while a close framing moves the picture (motion clip and renderer)", async () => {
    const clip = await new LocalMotionProvider({ workDir: work.dir }).animate({
      image: file("flat.jpg"),
      layers: { background: file("plate.jpg"), text: file("text.png") },
      durationSec: 2,
      aspectRatio: "9:16",
      sceneIndex: 1,
      size: SIZE,
    });
    const video = await new LocalRenderProvider({ workDir: work.dir }).render({
      scenes: [
        {
          visual: {
            kind: "image",
            path: file("flat.jpg"),
            layers: { background: file("plate.jpg"), text: file("text.png") },
            beats: { list: BEATS, transition: { kind: "cut" } },
          },
          durationSec: 2,
        },
      ],
      format: "mp4",
      size: SIZE,
      captions: false,
    });
    // The clip's own beats, and the renderer's (past its fade-in, before its fade-out).
    for (const [video_, a, b] of [
      [clip.path, 0, 50],
      [video.path, 14, 44],
    ] as const) {
      const [one, two] = [await squares(video_, a), await squares(video_, b)];
      expect(two.blue.n, "the text square is whole").toBeGreaterThan(24 * 24 * 0.7);
      expect(Math.abs(two.blue.x - one.blue.x) + Math.abs(two.blue.y - one.blue.y), "the text square did not move").toBeLessThan(1.5);
      expect(Math.abs(two.black.x - one.black.x) + Math.abs(two.black.y - one.black.y), "the picture moved").toBeGreaterThan(3);
    }
  });

  it("is drawn by the compositor as the shot's text and nothing else: plate + text layer = the shot", async () => {
    const photo = await productPhoto({ width: 360, height: 640 });
    const r = await new LocalProductImageProvider().generate({
      productImage: photo,
      prompt: "x",
      aspectRatio: "9:16",
      version: "v1",
      size: SIZE,
      shot: "kinetic",
      headline: "Crisp all day",
      tone: "light",
      layers: true,
    });
    const together = await sharp(r.layers!.background)
      .composite([{ input: r.layers!.text! }])
      .removeAlpha()
      .greyscale()
      .raw()
      .toBuffer();
    const [shot, plate] = await Promise.all([r.image, r.layers!.background].map((b) => sharp(b).greyscale().raw().toBuffer()));
    const off = (a: Buffer, b: Buffer) => a.reduce((n, v, i) => n + (Math.abs(v - b[i]) > 40 ? 1 : 0), 0);
    // The plate lacks the headline; plate and text together are the shot (JPEG noise aside).
    expect(off(shot, plate)).toBeGreaterThan(SIZE.width * SIZE.height * 0.01);
    expect(off(shot, together)).toBeLessThan(SIZE.width * SIZE.height * 0.002);
  });

  it("is laid cut to its drawn part, at even coordinates, and gives the same pixels as the whole layer", async () => {
    // Over a product layer (a red square, transparent elsewhere) moved against the plate.
    await sharp({ create: { ...SIZE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: await sharp({ create: { width: 30, height: 40, channels: 4, background: "#ff0000" } })
            .png()
            .toBuffer(),
          left: 70,
          top: 150,
        },
      ])
      .png()
      .toFile(file("product.png"));
    const files = { background: file("cut-bg.jpg"), foreground: file("cut-fg.png"), text: file("cut-tx.png") };
    const layers = { background: file("plate.jpg"), foreground: file("product.png"), text: file("text.png") };
    const cut = await preparePicture({ image: file("flat.jpg"), layers }, SIZE, files);
    // The blue square (24 px at 130,40) and a margin, not the whole frame.
    expect(cut.textAt).toBeDefined();
    const at = cut.textAt!;
    expect([at.x % 2, at.y % 2]).toEqual([0, 0]);
    expect(at.x).toBeGreaterThan(90);
    expect(at.x).toBeLessThanOrEqual(130);
    expect(at.y).toBeLessThanOrEqual(40);
    const part = await sharp(cut.text!).metadata();
    expect(part.width! * part.height!).toBeLessThan((SIZE.width * SIZE.height) / 4);
    // The same move with the whole layer laid at 0,0: frame for frame the same bytes.
    const whole: PreparedPicture = { ...cut, text: file("whole-tx.png") };
    delete whole.textAt;
    await sharp(file("text.png")).png().toFile(whole.text!);
    const frames = 18;
    const drawn = async (prepared: PreparedPicture, name: string) => {
      const inputs = pictureInputs(prepared);
      const graph = beatFilters(inputs.labels, MOVES, [6, 6, 6], SIZE, 6, { kind: "dip", seconds: 0.3 }, "v").join(";");
      const out = file(name);
      await runFfmpeg([...inputs.args, "-filter_complex", graph, "-map", "[v]", "-frames:v", String(frames), "-f", "rawvideo", "-pix_fmt", "yuv420p", out], {
        limiter: null,
      });
      return readFile(out);
    };
    const [a, b] = await Promise.all([drawn(whole, "whole.yuv"), drawn(cut, "cut.yuv")]);
    expect(a.length).toBe(frames * SIZE.width * SIZE.height * 1.5);
    expect(b.equals(a)).toBe(true);
  });

  it("is left out when nothing of it is drawn", async () => {
    await sharp({ create: { ...SIZE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toFile(file("empty-text.png"));
    const files = { background: file("e-bg.jpg"), foreground: file("e-fg.png"), text: file("e-tx.png") };
    const prepared = await preparePicture({ image: file("flat.jpg"), layers: { background: file("plate.jpg"), text: file("empty-text.png") } }, SIZE, files);
    expect(prepared).toEqual({ background: files.background });
  });
});
