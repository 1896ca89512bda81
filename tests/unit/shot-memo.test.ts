// The image step of Create Video draws a shot with its layers; the motion plan asks for the same
// shot's layers a moment later and takes them from the memo instead of drawing again (ADR 385).
import { describe, expect, it } from "vitest";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { shotKey } from "~/providers/image/shot-memo.server";
import type { ProductImageRequest } from "~/providers/image/types";
import { productPhoto } from "../providers/fixtures";

describe("shot layers drawn once", () => {
  it("keys a request by what is drawn: bytes by content, not the layers flag nor the order of fields", async () => {
    const photo = await productPhoto({ colour: "#0f766e" });
    const base: ProductImageRequest = { productImage: photo, prompt: "on a desk", aspectRatio: "9:16", version: "v1", shot: "hero", headline: "Meet it" };
    expect(shotKey({ ...base, layers: true })).toBe(shotKey(base));
    expect(shotKey({ headline: "Meet it", ...base, productImage: Buffer.from(photo) })).toBe(shotKey(base));
    expect(shotKey({ ...base, headline: "Meet it now" })).not.toBe(shotKey(base));
    expect(shotKey({ ...base, productImage: await productPhoto({ colour: "#be123c" }) })).not.toBe(shotKey(base));
  });

  it("gives the layers drawn with the picture, and draws layers the same as the memo gives", async () => {
    const provider = new LocalProductImageProvider();
    const request: ProductImageRequest = {
      productImage: await productPhoto({ colour: "#1d4ed8", label: "M" }),
      prompt: "on a marble counter",
      aspectRatio: "9:16",
      version: "v1",
      shot: "hero",
      headline: "Light as air",
      size: { width: 360, height: 640 },
    };
    const drawn = await provider.generate({ ...request, layers: true });
    expect(drawn.layers?.background).toBeInstanceOf(Buffer);
    // The same objects: not drawn again.
    const kept = await provider.shotLayers(request);
    expect(kept).toBe(drawn.layers);
    // Another headline is another shot: drawn, and equal to what a fresh draw gives.
    const other = { ...request, headline: "Heavy duty" };
    const first = await provider.shotLayers(other);
    expect(first).not.toBe(drawn.layers);
    const fresh = (await provider.generate({ ...other, layers: true })).layers!;
    expect(fresh.background.equals(first!.background)).toBe(true);
    expect(Boolean(fresh.text && first?.text && fresh.text.equals(first.text))).toBe(true);
  });
});
