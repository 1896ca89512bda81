import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cutOutProduct } from "~/providers/image/cutout.server";
import { contrastRatio } from "~/providers/image/color";
import { layoutFor, namedColourIn, paletteFor, sceneKindFor } from "~/providers/image/design";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import type { ProductImageRequest } from "~/providers/image/types";
import { busyPhoto, productPhoto } from "../providers/fixtures";

vi.setConfig({ testTimeout: 60_000 });

let photo: Buffer;
const compositor = new LocalProductImageProvider();
beforeAll(async () => {
  photo = await productPhoto({ width: 450, height: 600 });
});

/** Mean absolute difference of two same-sized images, 0..255. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const ra = await sharp(a).removeAlpha().raw().toBuffer();
  const rb = await sharp(b).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i] - rb[i]);
  return sum / ra.length;
}

const small = { "9:16": { width: 270, height: 480 }, "16:9": { width: 480, height: 270 }, "1:1": { width: 360, height: 360 } } as const;

describe("background removal", () => {
  it("cuts the product out of a plain studio background, keeping its light label", async () => {
    const cut = await cutOutProduct(photo);
    expect(cut.backgroundRemoved).toBe(true);
    // Trimmed to the bottle (about a third of the photo's width).
    expect(cut.width).toBeLessThan(450 * 0.5);
    const { data, info } = await sharp(cut.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    // Corners (shoulders of the bottle) are background; the middle of the white label is product.
    expect(alphaAt(0, Math.round(info.height * 0.1))).toBeLessThan(30);
    expect(alphaAt(Math.round(info.width / 2), Math.round(info.height * 0.45))).toBe(255);
    expect(alphaAt(Math.round(info.width / 2), Math.round(info.height * 0.9))).toBe(255);
  });

  it("keeps a photo without a plain background whole", async () => {
    const cut = await cutOutProduct(await busyPhoto(300, 300));
    expect(cut.backgroundRemoved).toBe(false);
    expect(cut.width).toBe(300);
  });
});

describe("art direction", () => {
  it("reads the scene from the prompt first, then the style", () => {
    expect(sceneKindFor("on a sunny beach", "Product Showcase")).toBe("beach");
    expect(sceneKindFor("", "luxury gold")).toBe("luxury");
    expect(sceneKindFor("on a wooden kitchen table")).toBe("kitchen");
    expect(sceneKindFor("a photo")).toBe("studio");
  });

  it("tints the palette with a colour named in the prompt, or uses an explicit palette", () => {
    expect(namedColourIn("on a pink background")).toBe("#ec4899");
    const pink = paletteFor("studio", "pink background", "");
    expect(pink.accent).toBe("#ec4899");
    const story = paletteFor("studio", "", "", ["#1e1b4b", "#7c3aed", "#f5f3ff"]);
    expect(story.accent).toBe("#7c3aed");
    expect(story.bgTop).toBe("#f5f3ff");
    for (const p of [pink, story, paletteFor("tech", "", "")]) expect(contrastRatio(p.text, p.bgTop)).toBeGreaterThan(4.5);
  });

  it("lays v1 out centred and upright, v2 offset and tilted", () => {
    const v1 = layoutFor("v1", 1080, 1920, true);
    const v2 = layoutFor("v2", 1080, 1920, true);
    expect(v1.productBox.x + v1.productBox.width / 2).toBeCloseTo(540, 0);
    expect(v1.rotate).toBe(0);
    expect(v2.productBox.x + v2.productBox.width / 2).toBeGreaterThan(580);
    expect(v2.rotate).not.toBe(0);
    expect(v2.headline.panel).toBe(true);
  });
});

describe("local product shots", () => {
  it.each(["9:16", "16:9", "1:1"] as const)("makes %s images at the requested size in v1 and v2, visibly different", async (aspectRatio) => {
    const base: ProductImageRequest = {
      productImage: photo,
      prompt: "on a sunny beach",
      style: "playful",
      aspectRatio,
      version: "v1",
      headline: "Ice-cold for 24 hours",
      size: small[aspectRatio],
    };
    const v1 = await compositor.generate(base);
    const v2 = await compositor.generate({ ...base, version: "v2" });
    for (const r of [v1, v2]) {
      const meta = await sharp(r.image).metadata();
      expect(meta.format).toBe("jpeg");
      expect({ w: meta.width, h: meta.height }).toEqual({ w: small[aspectRatio].width, h: small[aspectRatio].height });
      expect(r).toMatchObject({ mime: "image/jpeg", width: small[aspectRatio].width, height: small[aspectRatio].height, backgroundRemoved: true });
    }
    expect(await difference(v1.image, v2.image)).toBeGreaterThan(20);
  });

  it("uses the full default sizes per aspect ratio", async () => {
    const r = await compositor.generate({ productImage: photo, prompt: "", aspectRatio: "9:16", version: "v1" });
    const meta = await sharp(r.image).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1920]);
  });

  it("draws the headline, and changes the scene with the prompt", async () => {
    const req: ProductImageRequest = { productImage: photo, prompt: "in a cozy kitchen", aspectRatio: "1:1", version: "v1", size: small["1:1"] };
    const plain = await compositor.generate(req);
    const withHeadline = await compositor.generate({ ...req, headline: "Stay cold" });
    const neon = await compositor.generate({ ...req, prompt: "neon tech" });
    expect(await difference(plain.image, withHeadline.image)).toBeGreaterThan(1);
    expect(await difference(plain.image, neon.image)).toBeGreaterThan(40);
    // The same request gives the same picture.
    expect(await difference(plain.image, (await compositor.generate(req)).image)).toBeLessThan(0.5);
  });

  it("frames a photo whose background cannot be removed", async () => {
    const r = await compositor.generate({ productImage: await busyPhoto(), prompt: "", aspectRatio: "1:1", version: "v2", size: small["1:1"] });
    expect(r.backgroundRemoved).toBe(false);
  });

  it("rejects unreadable images and bad options", async () => {
    await expect(compositor.generate({ productImage: Buffer.from("not an image"), prompt: "", aspectRatio: "1:1", version: "v1" })).rejects.toThrow(
      /cannot be read/,
    );
    await expect(compositor.generate({ productImage: photo, prompt: "", aspectRatio: "4:3" as never, version: "v1" })).rejects.toThrow(/Aspect ratio/);
    await expect(compositor.generate({ productImage: photo, prompt: "", aspectRatio: "1:1", version: "v3" as never })).rejects.toThrow(/v1 or v2/);
  });
});
