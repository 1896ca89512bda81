// An ad's shot is drawn once with its layers: the motion plan's request for them takes the layers
// the image step drew (docs/decisions/397-a-shots-layers-drawn-once.md).
import { describe, expect, it, vi } from "vitest";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import type { ProductImageRequest } from "~/providers/image/types";
import { productPhoto } from "../providers/fixtures";

const draws = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/providers/image/shots.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/providers/image/shots.server")>();
  return {
    ...real,
    composeShot: (...args: Parameters<typeof real.composeShot>) => {
      draws.count++;
      return real.composeShot(...args);
    },
  };
});

const size = { width: 360, height: 640 };

describe("a shot's layers", () => {
  it("come from the image step's drawing when the motion asks with the same inputs, in any key order", async () => {
    const provider = new LocalProductImageProvider();
    const productImage = await productPhoto({ width: 300, height: 400, label: "KEPT" });
    const request: ProductImageRequest = {
      productImage,
      prompt: "on marble",
      aspectRatio: "9:16",
      version: "v1",
      size,
      shot: "hero",
      headline: "Cold all day",
    };
    draws.count = 0;
    const image = await provider.generate(request);
    expect(draws.count).toBe(1);
    expect(image.layers).toBeUndefined();
    // The motion plan builds its request in another order, from a copy of the same bytes.
    const { headline, ...rest } = request;
    const layers = await provider.shotLayers({ headline, ...rest, productImage: Buffer.from(productImage) });
    expect(draws.count).toBe(1);
    expect(layers?.background.length).toBeGreaterThan(0);
    expect(layers?.text?.length).toBeGreaterThan(0);
    // The same picture whether or not its layers were asked for.
    const again = await provider.generate({ ...request, layers: true });
    expect(again.image.equals(image.image)).toBe(true);
    expect(again.layers?.background.equals(layers!.background)).toBe(true);
  });

  it("are drawn again when anything the shot is drawn from differs", async () => {
    const provider = new LocalProductImageProvider();
    const productImage = await productPhoto({ width: 300, height: 400, label: "NEW" });
    const request: ProductImageRequest = { productImage, prompt: "on marble", aspectRatio: "9:16", version: "v1", size, shot: "hero", headline: "First line" };
    await provider.generate(request);
    draws.count = 0;
    await provider.shotLayers({ ...request, headline: "Second line" });
    expect(draws.count).toBe(1);
    await provider.shotLayers({ ...request, productImage: await productPhoto({ width: 300, height: 400, label: "OTHER" }) });
    expect(draws.count).toBe(2);
    // Not a shot: drawn as before, nothing kept.
    await provider.generate({ productImage, prompt: "on marble", aspectRatio: "9:16", version: "v1", size });
    expect(await provider.shotLayers({ productImage, prompt: "on marble", aspectRatio: "9:16", version: "v1", size })).toBeNull();
  });
});
