// Caption styles (issue 24 items 4-5, docs/decisions/350-caption-styles.md): five looks, three
// sizes, three positions; every drawn pixel of a caption inside the platform-safe area in each
// ratio, and the words at 4.5:1 or more over any picture.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MIN_TEXT_CONTRAST } from "~/providers/image/color";
import { insideSafeArea, safeArea, safeAreaOverflow } from "~/providers/media/safe-zones";
import type { Size } from "~/providers/media/types";
import {
  CAPTION_LOOKS,
  CAPTION_POSITIONS,
  CAPTION_SIZES,
  STYLE_CAPTION_DEFAULTS,
  defaultCaptionChoice,
  type CaptionChoice,
} from "~/providers/render/caption-looks";
import { brandCaptionStyle, captionBand, captionContrast, captionStyleFor, wordCaptionFontPx, wordCaptionPng } from "~/providers/render/captions.server";
import { captionInputFromFields, captionPickOf, chosenParts } from "~/models/captions/caption-rules";

const SIZES: Record<string, Size> = { "9:16": { width: 720, height: 1280 }, "1:1": { width: 720, height: 720 }, "16:9": { width: 1280, height: 720 } };
// A long group (one line of three long words), the middle word spoken.
const GROUP = ["Unbelievably", "comfortable", "everywhere."];

/** The box of the pixels a caption image draws (alpha above 8), in frame coordinates. */
async function drawnBox(png: Buffer, top: number): Promise<{ left: number; top: number; width: number; height: number } | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[(y * info.width + x) * 4 + 3] > 8) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return x1 < 0 ? null : { left: x0, top: top + y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

describe("caption looks", () => {
  it("each Style has its own caption look: five Styles, five looks", () => {
    const looks = Object.values(STYLE_CAPTION_DEFAULTS).map((c) => c.style);
    expect(new Set(looks).size).toBe(5);
    expect([...looks].sort()).toEqual([...CAPTION_LOOKS].sort());
    expect(defaultCaptionChoice("UGC Testimonial").style).toBe("boxed");
    expect(captionStyleFor("Lifestyle").look).toBe("minimal");
    // A choice overrides the Style's look, size and position, keeping its colours.
    const chosen = captionStyleFor("Unboxing", { style: "bold-pop", size: "small", position: "upper" });
    expect([chosen.look, chosen.size, chosen.position]).toEqual(["bold-pop", "small", "upper"]);
    expect(chosen.highlight).toBe(captionStyleFor("Unboxing").highlight);
  });

  it.each(CAPTION_LOOKS)("%s: words and the spoken word read at 4.5:1 over white and black, in every Style and with a brand kit", (look) => {
    for (const styleName of Object.keys(STYLE_CAPTION_DEFAULTS)) {
      expect(captionContrast(captionStyleFor(styleName, { style: look })), `${look} ${styleName}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    for (const colors of [
      ["#0b3d91", "#ffd60a"],
      ["#f5f5f4", "#ef4444"],
      ["#3399cc", "#ffffff"],
    ]) {
      const branded = brandCaptionStyle(captionStyleFor(null, { style: look }), { colors, fontId: "inter" });
      expect(captionContrast(branded), `${look} ${colors.join(",")}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it("sizes grow small < medium < large; positions go upper < middle < lower", () => {
    const size = SIZES["9:16"];
    for (const look of CAPTION_LOOKS) {
      const px = CAPTION_SIZES.map((s) => wordCaptionFontPx(size, captionStyleFor(null, { style: look, size: s })));
      expect(px[0]).toBeLessThan(px[1]);
      expect(px[1]).toBeLessThan(px[2]);
      const tops = CAPTION_POSITIONS.map((p) => captionBand(size, captionStyleFor(null, { style: look, position: p })).top);
      expect(tops[0]).toBeLessThan(tops[1]);
      expect(tops[1]).toBeLessThan(tops[2]);
    }
  });

  it("every drawn pixel of every look x size x position x ratio is inside the safe area", async () => {
    const outside: string[] = [];
    for (const [ratio, size] of Object.entries(SIZES)) {
      for (const look of CAPTION_LOOKS) {
        for (const s of CAPTION_SIZES) {
          for (const position of CAPTION_POSITIONS) {
            const choice: CaptionChoice = { style: look, size: s, position };
            const style = captionStyleFor("Product Showcase", choice);
            const band = captionBand(size, style);
            const box = await drawnBox(await wordCaptionPng(GROUP, 1, size, style), band.top);
            if (!box) {
              outside.push(`${ratio} ${look} ${s} ${position}: nothing drawn`);
              continue;
            }
            // The block is a real line of text: at least a quarter of the safe width.
            if (box.width < safeArea(size).width * 0.25) outside.push(`${ratio} ${look} ${s} ${position}: ${box.width}px wide`);
            if (!insideSafeArea(box, size)) outside.push(`${ratio} ${look} ${s} ${position}: ${JSON.stringify(safeAreaOverflow(box, size))}`);
          }
        }
      }
    }
    expect(outside).toEqual([]);
  }, 120_000);

  it("karaoke fills the words said so far; bold-pop colours only the spoken word; minimal none", async () => {
    const size = SIZES["9:16"];
    const lit = async (look: CaptionChoice["style"], active: number) => {
      const style = captionStyleFor("Product Showcase", { style: look });
      const { data } = await sharp(await wordCaptionPng(["one", "two", "three"], active, size, style))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(style.highlight.slice(i, i + 2), 16));
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200 && Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 30) n++;
      return n;
    };
    expect(await lit("karaoke", 2)).toBeGreaterThan((await lit("karaoke", 0)) * 2);
    const pop0 = await lit("bold-pop", 0);
    expect(pop0).toBeGreaterThan(30);
    expect(await lit("bold-pop", 2)).toBeLessThan(pop0 * 3);
  });

  it("boxed marks the spoken word with the Style's colour behind near-black words", async () => {
    const size = SIZES["9:16"];
    const style = captionStyleFor("Product Showcase", { style: "boxed" });
    expect(style.marker).toBe("#fde047");
    const { data } = await sharp(await wordCaptionPng(["one", "two", "three"], 1, size, style))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let marker = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 250 && data[i] > 240 && data[i + 1] > 210 && data[i + 2] < 100) marker++;
    expect(marker).toBeGreaterThan(200);
  });
});

describe("caption choices at the doors", () => {
  it("read a form: absent is not said, empty is the Style's own", () => {
    expect(captionInputFromFields({})).toEqual({});
    expect(captionInputFromFields({ captionStyle: "boxed", captionSize: "", captionPosition: "upper" })).toEqual({
      style: "boxed",
      size: null,
      position: "upper",
    });
  });

  it("read a stored pick back, dropping anything unknown", () => {
    expect(captionPickOf({ style: "karaoke", size: "huge", position: "lower" })).toEqual({ style: "karaoke", size: null, position: "lower" });
    expect(captionPickOf(null)).toBeNull();
    expect(chosenParts({ style: "karaoke", size: null, position: "lower" })).toEqual({ style: "karaoke", position: "lower" });
  });
});
