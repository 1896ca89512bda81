// Parallax between the product and its background (issue 14 §2, docs/decisions/220-parallax-layers.md):
// the hero and close-up shots come as two layers, and the local motion and the local renderer
// move the product layer faster than the background plate; without layers, one flat move.
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { LocalMotionProvider } from "~/providers/motion/local.server";
import { LocalRenderProvider } from "~/providers/render/local.server";
import { productPhoto } from "../providers/fixtures";
import { tmpWorkDir } from "../providers/helpers";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const SIZE = { width: 180, height: 320 };
let work: ReturnType<typeof tmpWorkDir>;
const file = (name: string) => path.join(work.dir, name);

beforeAll(async () => {
  work = tmpWorkDir("parallax");
  // A background plate with a black square near the middle, a product layer with a red square
  // (transparent elsewhere), and the flat picture of the two.
  const black = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#000000" } })
    .png()
    .toBuffer();
  const red = await sharp({ create: { width: 30, height: 30, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
  await sharp({ create: { ...SIZE, channels: 3, background: "#ffffff" } })
    .composite([{ input: black, left: 75, top: 60 }])
    .jpeg({ quality: 95 })
    .toFile(file("plate.jpg"));
  await sharp({ create: { ...SIZE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: red, left: 75, top: 200 }])
    .png()
    .toFile(file("product.png"));
  await sharp(file("plate.jpg"))
    .composite([{ input: file("product.png") }])
    .jpeg({ quality: 95 })
    .toFile(file("flat.jpg"));
});
afterAll(() => work.cleanup());

/** Centres (x) of the black and the red square in the frame at `n`. */
async function centres(video: string, n: number): Promise<{ black: number; red: number }> {
  const png = file(`frame-${path.basename(video)}-${n}.png`);
  await runFfmpeg([...inputArgs(video, "mov"), "-vf", `select=eq(n\\,${n})`, "-frames:v", "1", "-y", png], { limiter: null });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = { black: [0, 0], red: [0, 0] };
  for (let i = 0; i < info.width * info.height; i++) {
    const [r, g, b] = [data[i * 3], data[i * 3 + 1], data[i * 3 + 2]];
    const x = i % info.width;
    const kind = r < 60 && g < 60 && b < 60 ? "black" : r > 180 && g < 80 && b < 80 ? "red" : null;
    if (kind) {
      sum[kind][0] += x;
      sum[kind][1]++;
    }
  }
  expect(sum.black[1]).toBeGreaterThan(100);
  expect(sum.red[1]).toBeGreaterThan(100);
  return { black: sum.black[0] / sum.black[1], red: sum.red[0] / sum.red[1] };
}

async function travel(video: string, from: number, to: number): Promise<{ background: number; product: number }> {
  const a = await centres(video, from);
  const b = await centres(video, to);
  return { background: Math.abs(b.black - a.black), product: Math.abs(b.red - a.red) };
}

describe("parallax", () => {
  it("moves the product layer at least twice as far as the background in a pan (motion clip and renderer)", async () => {
    const clip = await new LocalMotionProvider({ workDir: work.dir }).animate({
      image: file("flat.jpg"),
      layers: { background: file("plate.jpg"), foreground: file("product.png") },
      durationSec: 1,
      aspectRatio: "9:16",
      variant: "pan-right",
      size: SIZE,
    });
    const moved = await travel(clip.path, 0, 29);
    expect(moved.background).toBeGreaterThan(2);
    expect(moved.product).toBeGreaterThan(moved.background * 2);

    const video = await new LocalRenderProvider({ workDir: work.dir }).render({
      scenes: [
        {
          visual: { kind: "image", path: file("flat.jpg"), motion: "pan-left", layers: { background: file("plate.jpg"), foreground: file("product.png") } },
          durationSec: 2,
        },
      ],
      format: "mp4",
      size: SIZE,
      captions: false,
    });
    // The render fades the scene in (0.35 s) and out (the last 0.5 s): measure between.
    const rendered = await travel(video.path, 12, 44);
    expect(rendered.background).toBeGreaterThan(1);
    expect(rendered.product).toBeGreaterThan(rendered.background * 2);
  });

  it("moves a flat picture as one (both squares travel alike)", async () => {
    const clip = await new LocalMotionProvider({ workDir: work.dir }).animate({
      image: file("flat.jpg"),
      durationSec: 1,
      aspectRatio: "9:16",
      variant: "pan-right",
      size: SIZE,
    });
    const moved = await travel(clip.path, 0, 29);
    expect(Math.abs(moved.product - moved.background)).toBeLessThan(1.5);
  });

  it("draws the hero and the close-up as a plate and a product layer, the other shots' pictures flat, and every text in a layer", async () => {
    const images = new LocalProductImageProvider();
    const photo = await productPhoto({ width: 360, height: 640 });
    for (const shot of ["hero", "close-up", "feature", "kinetic"] as const) {
      const r = await images.generate({
        productImage: photo,
        prompt: "x",
        aspectRatio: "9:16",
        version: "v1",
        size: SIZE,
        shot,
        headline: "Crisp all day",
        tone: "light",
        layers: true,
      });
      expect(r.layers, shot).toBeDefined();
      // The text layer (ADR 381): every shot with text has it; the close-up shows no headline.
      if (shot === "close-up") expect(r.layers!.text, shot).toBeUndefined();
      else expect((await sharp(r.layers!.text).metadata()).hasAlpha, shot).toBe(true);
      if (shot === "hero" || shot === "close-up") {
        const fg = await sharp(r.layers!.foreground).metadata();
        expect([fg.width, fg.height, fg.hasAlpha]).toEqual([SIZE.width, SIZE.height, true]);
        // The plate is the picture without the product: the two differ where the product is.
        const [flat, plate] = await Promise.all([r.image, r.layers!.background].map((b) => sharp(b).greyscale().raw().toBuffer()));
        const differing = flat.reduce((n, v, i) => n + (Math.abs(v - plate[i]) > 40 ? 1 : 0), 0);
        expect(differing).toBeGreaterThan(SIZE.width * SIZE.height * 0.02);
      } else expect(r.layers!.foreground, shot).toBeUndefined();
      const flat = await images.generate({
        productImage: photo,
        prompt: "x",
        aspectRatio: "9:16",
        version: "v1",
        size: SIZE,
        shot,
        headline: "Crisp all day",
        tone: "light",
      });
      expect(flat.layers).toBeUndefined();
    }
  });
});
