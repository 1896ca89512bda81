// The ad's shots in a square and a landscape frame (issue 14 §5, docs/decisions/
// 214-aspect-ratio-at-creation.md): text stays inside its panel and the end card's name is not
// covered by its button. Checked on the composed pixels.
import sharp, { type OutputInfo } from "sharp";
import { describe, expect, it } from "vitest";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import type { AspectRatio, Size } from "~/providers/media/types";
import { productPhoto } from "../providers/fixtures";

const images = new LocalProductImageProvider();

async function shot(aspectRatio: AspectRatio, size: Size, shot: "split" | "end-card", headline: string, productName?: string) {
  const out = await images.generate({
    productImage: await productPhoto(),
    prompt: headline,
    aspectRatio,
    version: "v1",
    size,
    shot,
    headline,
    productName,
    tone: "light",
  });
  return sharp(out.image).raw().toBuffer({ resolveWithObject: true });
}

/** Pixels of a band that differ (any channel by more than 24) between two images of the same size. */
function changedIn(a: { data: Buffer; info: OutputInfo }, b: { data: Buffer }, x0: number, x1: number, y0: number, y1: number): number {
  const { width, channels } = a.info;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * channels;
      if ([0, 1, 2].some((c) => Math.abs(a.data[i + c] - b.data[i + c]) > 24)) n++;
    }
  }
  return n;
}

describe("shot layouts in square and landscape frames", () => {
  it.each([
    ["1:1", { width: 540, height: 540 }],
    ["16:9", { width: 960, height: 540 }],
  ] as const)("a split shot's long words stay inside the colour panel (%s)", async (ratio, size) => {
    const img = await shot(ratio, size, "split", "Thousands of happy customers already love lunchtime");
    const blank = await shot(ratio, size, "split", "");
    // The strip just right of the half-width panel, left of the product: the same with and without text.
    const x = Math.round(size.width * 0.5) + 3;
    expect(changedIn(img, blank, x, x + 12, Math.round(size.height * 0.05), Math.round(size.height * 0.68))).toBe(0);
  });

  it("the end card's product name is not covered by the call-to-action button (1:1)", async () => {
    const size = { width: 540, height: 540 };
    const withName = await shot("1:1", size, "end-card", "Order yours today at a special price", "CrispBox");
    const without = await shot("1:1", size, "end-card", "Order yours today at a special price");
    // The name adds white text: some pixels differ strongly between the two cards, outside the button.
    const { data, info } = withName;
    let whiteOnlyWithName = 0;
    for (let i = 0; i < info.width * info.height; i++) {
      const a = data[i * 3] + data[i * 3 + 1] + data[i * 3 + 2];
      const b = without.data[i * 3] + without.data[i * 3 + 1] + without.data[i * 3 + 2];
      if (a > 690 && b < 300) whiteOnlyWithName++;
    }
    expect(whiteOnlyWithName).toBeGreaterThan(500);
  });
});
